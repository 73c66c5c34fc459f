"""A Mac named with neither chip nor memory ("or should I get a Mac Studio?", "o prendo un mac"): no single
figure can stand for it (16 GB to 512 GB, 120 to 819 GB/s), so instead of leaving it out the answer names
the current Mac configurations that hold the asked model at the usual level: the smallest that holds it and
the fastest, each a typical chip of that memory (catalog/data/hardware/apple.json, `typical_by_memory`).
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities, Estimates, EstimateSettings
from answers.facts.stated import spelled
from answers.reading import apple_typical
from estimator.quants import quant
from estimator.setup_hardware import Device, Setup
from estimator.setups import rate_setup

GOOD_LEVEL = "Q4_K_M"  # the usual level (answers/facts/advice.py GOOD_LEVEL)
CURRENT_SIZES_GB = (16.0, 24.0, 32.0, 36.0, 48.0, 64.0, 96.0, 128.0, 256.0, 512.0)  # sold new in 2025


def mac_configs(est: Estimates, said: str, entities: Entities, s: EstimateSettings) -> dict[str, Any]:
    """{"said": the Mac as typed, "smallest"/"fastest": {"chip", "memory_gb", "quant", "tok_s"} of the current
    Macs that hold the asked model at `GOOD_LEVEL` or better, both absent when no model was asked or none
    holds it}."""
    size = est.size_of(entities.model) if entities.model is not None else None
    out: dict[str, Any] = {"said": spelled(said), "model_asked": size is not None}
    if size is None:
        return out
    profile = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    held: list[dict[str, Any]] = []
    for mem in CURRENT_SIZES_GB:
        name = apple_typical.chip_for(apple_typical.stand_in_name(mem))
        card = est.kn.added_card(name) if name else None
        if card is None:
            continue
        row = rate_setup(profile, size, Setup((Device(card, 1),)), s.context, s.min_quality, GOOD_LEVEL,
                         constants=constants)
        if row.fit in ("comfortable", "tight") and row.quant is not None \
                and row.quant.rank <= quant(GOOD_LEVEL).rank and row.tok_s:
            held.append({"chip": card.name, "memory_gb": mem, "quant": row.quant.name, "tok_s": row.tok_s})
    if held:
        out["smallest"] = held[0]
        fastest = max(held, key=lambda h: h["tok_s"])
        if fastest["chip"] != held[0]["chip"]:
            out["fastest"] = fastest
    return out
