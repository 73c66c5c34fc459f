"""The side asks about the hardware itself, answered with figures the answer's own rules give (answers/facts/also.py
calls this): does the slower card drag the faster one down (answers/facts/slower_card.py), how much faster is
tensor parallelism than llama.cpp's layer split or one card (answers/facts/split_ways.py), is a laptop held back by
its power limit (answers/facts/laptop_power.py)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.card_value import card_value
from answers.facts.common import Entities, Estimates, EstimateSettings
from answers.facts.depth_ask import at_depths
from answers.facts.laptop_power import laptop_power
from answers.facts.memory_enough import memory_enough
from answers.facts.slower_card import offload_drag, slower_card
from answers.facts.split_ways import split_ways
from answers.facts.tensor_split import tensor_split
from answers.facts.whole_vram import whole_vram


def hardware_asks(est: Estimates, kinds: list[str], e: Entities, s: EstimateSettings, facts: dict[str, Any],
                  level: str | None) -> dict[str, Any]:
    """The facts of each hardware side ask in `kinds` (`level`: the level the answer rates)."""
    out: dict[str, Any] = {}
    if "slower_card" in kinds:  # "does the 3060 drag my 3090 down?"
        drag = _drag(est, e, s, facts, level)
        if drag is not None:
            out["slower_card"] = drag
    if "tensor_parallel" in kinds:  # "TP vs layer split, how much faster?", "TP on two, or one card with AWQ?"
        ways = split_ways(est, e, s, level)
        if ways is None and e.model is None:  # "2x 3090 on x8/x8: does TP in vLLM help?": the list's pick
            ways = _pick_ways(est, e, s, facts)
        if ways is not None:
            out["split_ways"] = ways
    if "mix_cards" in kinds or "gpu_split" in kinds:  # "how do I split it with --tensor-split?": -ts and -mg
        split = tensor_split(est, e, s)
        if split is not None:
            out["tensor_split"] = split
    if "value" in kinds:  # "which is the best value?": the kept prices, their kind and date, speed per dollar
        value = card_value(est, e, s, facts)
        if value is not None:
            out["card_value"] = value
    if "memory_enough" in kinds:  # "is 16 GB enough?": a verdict on the memory, and what more of it would run
        enough = memory_enough(est, e, s, facts)
        if enough is not None:
            out["memory_enough"] = enough
    if "depth" in kinds:  # "is that only with an empty context?": the speed once the conversation fills
        deep = at_depths(est, e, s, facts)
        if deep is not None:
            out["depth"] = deep
    if "whole_vram" in kinds:  # "can I keep it all in VRAM?": the spill, and the level the card holds whole
        whole = whole_vram(est, e, s, facts)
        if whole is not None:
            out["whole_vram"] = whole
    if "tdp" in kinds:  # "is the laptop 5090 held back by its TDP?": its power against the desktop card's
        laptops = laptop_power(est, e, s.profile)
        if laptops:
            out["laptop_power"] = laptops
    return out


def _drag(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any],
          level: str | None) -> dict[str, Any] | None:
    smaller = facts.get("smaller_level")  # the level asked does not fit: the one that does, as the answer says
    held = smaller.get("quant") if isinstance(smaller, dict) and facts.get("smaller_level_fits") else None
    drag = slower_card(est, e, s, held or level)
    if drag is None and e.model is None:  # "does the 2080 Ti hold my 3090 back?" with no model: the pick's
        drag = _pick_drag(est, e, s, facts)
    row = facts.get("row")
    spill = row if isinstance(row, dict) and row.get("fit") == "offload" else facts.get("offload_guess")
    if spill is None:  # the usual RAM has no room for the rest: the answer's figure with the RAM that does
        spill = _more_ram_spill(facts.get("offload_assumed"))
    if drag is None and isinstance(spill, dict):  # the model spills into RAM: the pair against the fast card
        drag = offload_drag(est, e, s, spill)
    elif drag is not None and drag.get("fast_alone_tok_s") is None and isinstance(spill, dict):
        # "both together, or the 3090 alone with the rest in RAM?": the pair holds a smaller level, the faster card
        # alone would spill the level asked; that baseline is the one asked for, with its figure
        alone = offload_drag(est, e, s, spill)
        if alone is not None and alone.get("fast_alone_tok_s"):
            drag = {**drag, "alone_offload": {"quant": alone["quant"], "tok_s": alone["fast_alone_tok_s"],
                                              "ratio": drag["split_tok_s"] / alone["fast_alone_tok_s"]}}
    return drag


def _more_ram_spill(assumed: Any) -> dict[str, Any] | None:
    """The answer's offload figure with more RAM ("with 48 GB of DDR4 it runs: about 5.9 tok/s") as an offload
    row, so "does the 3060 drag it down?" is weighed at the RAM the answer itself says it needs."""
    more = assumed.get("more_ram") if isinstance(assumed, dict) else None
    base = assumed.get("row") if isinstance(assumed, dict) else None
    if not isinstance(more, dict) or not more.get("tok_s") or not isinstance(base, dict):
        return None
    return {**base, "fit": "offload", "quant": more.get("quant"), "tok_s": more["tok_s"],
            "ram_gb": more.get("ram_gb"), "ram_type": more.get("ram_type") or base.get("ram_type"),
            "offload_gb": more.get("offload_gb")}


def _pick_ways(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """Tensor parallelism against the layer split for the model a list answer picks first, named, so "does TP help
    on my two cards?" gets its figures even when no model was asked about."""
    rows = facts.get("rows")
    first = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else None
    rec = est.kn.model_named(str(first.get("model"))) if first else None
    if rec is None:
        return None
    ways = split_ways(est, replace(e, model=rec), s, None)
    return {**ways, "pick": rec.name} if ways is not None else None


def _pick_drag(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """The slower card's cost for the model a list answer picks first (what runs on "a 3090 and a 2080 Ti"), with
    that model named, so the question is answered with a figure even when no model was asked about."""
    rows = facts.get("rows")
    first = rows[0] if isinstance(rows, list) and rows and isinstance(rows[0], dict) else None
    rec = est.kn.model_named(str(first.get("model"))) if first else None
    if first is None or rec is None:
        return None
    drag = slower_card(est, replace(e, model=rec), s, first.get("quant"))
    return {**drag, "pick": rec.name} if drag is not None else None
