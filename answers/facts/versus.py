"""Comparisons people ask beyond card vs card: two models on the same hardware, two setups for one model.

- **models** ("llama 3.1 8b vs mistral 7b on a 3060", "qwen3 14b or gemma 3 12b for 16gb"): each model
  on the named card, setup or memory size (a typical card of that size gives the speed); with no
  hardware named, each model's need at the level people download (the profile's `miss_quant`) on the
  smallest typical home card that holds both there.
- **setups** ("2x 3090 or one a6000 for llama 3.3 70b", "dgx spark vs 5090"): each side rated by the
  setups rules (estimator/setups.py: several cards, unified memory, offload), for the model asked or,
  without one, for dense models of 8, 32 and 70 billion parameters.

Facts only (JSON-ready, unrounded): the template `_versus.md.j2` writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts import choice, serving, setups
from answers.facts import verdict as vd
from answers.facts.advice import typical_card
from answers.facts.common import GUESS_RAM_GB, BadInput, Built, base_facts, card_row
from answers.facts.describe import card_brief, row_facts
from answers.facts.machine_price import machine_price_usd
from answers.facts.offload_assumed import assumed_offload
from catalog.records import ModelRecord
from estimator.model import ModelSize
from estimator.quants import Quant, quant
from estimator.ranking import Row, rate_all
from estimator.setup_ram import usual_ram_gb
from estimator.setups import Device, Setup, rate_setup

if TYPE_CHECKING:
    from answers.facts.common import Built, Entities, Estimates, EstimateSettings
    from estimator.profile import Profile
    from estimator.setups import SetupConstants

SETUP_SIZES_B = (8.0, 32.0, 70.0)  # two setups and no model: the sizes people weigh a rig by
# Typical home cards tried, smallest first, when two models are compared with no hardware named.
HOME_MEMORY_GB = (8.0, 12.0, 16.0, 24.0, 32.0, 48.0, 96.0)

RateAt = Callable[[ModelSize, Quant], float | None]  # tok/s of a model at a forced level, None if it cannot hold it


def compare(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.sides is not None:
        return _setups(est, e, s)
    return _models(est, e, s)


# ------------------------------------------------------------------------------------ two models
def size_of(est: Estimates, rec: ModelRecord) -> ModelSize:
    size = est.size_of(rec)
    if size is None:
        raise BadInput("no_params", model=rec.name)
    return size


def _with_model(row: dict[str, Any], rec: ModelRecord, short_gb: float | None) -> dict[str, Any]:
    out = {"model": rec.name, **row}
    if row.get("quant") is None:
        out["short_gb"] = short_gb
    return out


def _models(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    assert e.model is not None and e.model2 is not None
    recs = (e.model, e.model2)
    rated = [est.rated(r, s) for r in recs]
    sizes = [size_of(est, r) for r in recs]
    p = est.profiles.get(s.profile, s.engine, s.split, s.link)  # the engine named rates both models
    facts = base_facts(rated[0])
    facts["model2"] = base_facts(rated[1])["model"]
    rows: list[dict[str, Any]] = []
    rate_at: RateAt
    if e.setup is not None:
        constants = est.profiles.setup_constants()
        setup = e.setup
        for rec, size in zip(recs, sizes, strict=True):
            side = setup_side(p, size, setup, constants, s)
            rows.append(_with_model(side, rec, side["short_gb"]))
        facts["hardware"] = {"kind": "setup", "name": setup.label, "setup": setups.setup_facts(setup)}

        def rate_at(size: ModelSize, q: Quant) -> float | None:
            r = rate_setup(p, size, setup, s.context, forced_quant=q.name, constants=constants)
            return r.tok_s if r.runs and r.fit != "offload" else None
    else:
        if e.card is not None:
            card: Any = e.card
            facts["hardware"] = {"kind": "card", **card_brief(e.card)}
            found: list[Row | None] = [card_row(r, e.card) for r in rated]
        elif e.memory_gb is not None:
            card = typical_card(est.kn.gpus_for(s.profile), e.memory_gb)
            if card is None:
                raise BadInput("memory", memory_gb=e.memory_gb)
            facts["hardware"] = {"kind": "memory", "memory_gb": e.memory_gb, "typical_card": card.name}
            found = [rate_all(r.query, [card])[0] for r in rated]
        else:
            card, found = _typical_home(est, rated, s)
            facts["hardware"] = {"kind": "typical", "usual_quant": p.miss_quant,
                                 "typical_card": card.name if card is not None else None,
                                 "memory_gb": card.memory_gb if card is not None else None,
                                 "needs_gb": [r.query.need_gb(quant(p.miss_quant)) for r in rated]}
        for rec, _rated, row in zip(recs, rated, found, strict=True):
            short = None
            if row is not None and not row.runs:
                short = max(0.0, row.need_gb - p.usable_gb(card))  # the need shown, less what the card can use
            if row is None:
                rows.append({"model": rec.name, "quant": None})
                continue
            facts_row = row_facts(row)
            if e.card is not None:  # the model as "can it run" rates it on that card alone (answers/facts/verdict.py)
                facts_row = vd.on_card(_rated.query, e.card, facts_row)
            if not row.runs:
                facts_row = {**facts_row, **_short_ways(est, p, size_of(est, rec), card, s)}
            rows.append(_with_model(facts_row, rec, short))

        def rate_at(size: ModelSize, q: Quant) -> float | None:
            return p.tok_s(size, card, q) if card is not None else None
    facts["mode"] = "models"
    facts["a"], facts["b"] = rows
    facts["ratio"] = _ratio(rows[0], rows[1])
    facts["same_level"] = _same_level(rows[0], rows[1], sizes, rate_at)
    # No hardware named and no home card holds both: nothing was rated to pick on (the lines say what is needed)
    no_rating = facts["hardware"]["kind"] == "typical" and facts["hardware"]["typical_card"] is None
    facts["choice"] = None if no_rating else choice.between_models(rows[0], rows[1], recs, s.task)
    return Built(facts, sources={"gpus"})


def _typical_home(est: Estimates, rated: list[Any], s: EstimateSettings) -> tuple[Any, list[Row | None]]:
    """No hardware named: the smallest typical home card that holds both models at the usual level
    (else the one holding the smaller), each model rated on it at that level."""
    p = est.profile(s.profile)
    usual = quant(p.miss_quant)
    queries = [replace(r.query, forced_quant=usual.name) for r in rated]
    needs = [q.need_gb(usual) for q in queries]
    cards = est.kn.gpus_for(s.profile)
    pick = None
    for memory in HOME_MEMORY_GB:
        card = typical_card(cards, memory)
        if card is None or card.memory_gb != memory:
            continue
        if all(n <= p.usable_gb(card) for n in needs):
            pick = card
            break
    if pick is None:
        return None, [None, None]
    return pick, [rate_all(q, [pick])[0] for q in queries]


def _ratio(a: dict[str, Any], b: dict[str, Any]) -> float | None:
    """How many times as fast the first is as the second, each at its own level (None unless both run)."""
    ta, tb = a.get("tok_s"), b.get("tok_s")
    return ta / tb if a.get("quant") and b.get("quant") and ta and tb else None


def _same_level(a: dict[str, Any], b: dict[str, Any], sizes: list[ModelSize], rate_at: RateAt) -> dict[str, Any] | None:
    """When the two run at different levels, both at the more compressed of the two: the same file kind."""
    if not a.get("quant") or not b.get("quant") or a["quant"] == b["quant"]:
        return None
    qa, qb = quant(a["quant"]), quant(b["quant"])
    common = qa if qa.rank >= qb.rank else qb
    ta, tb = rate_at(sizes[0], common), rate_at(sizes[1], common)
    if not ta or not tb:
        return None
    return {"quant": common.name, "a_tok_s": ta, "b_tok_s": tb, "ratio": ta / tb}


# ------------------------------------------------------------------------------------ two setups
def side_brief(setup: Setup) -> dict[str, Any]:
    """A side described like one card (card_brief's keys): its label, first device's vendor, the memory
    its GPUs may use together and its slowest bandwidth."""
    first = setup.devices[0].card
    memory = sum(d.card.memory_gb * d.count for d in setup.devices)
    return {"name": setup.label, "vendor": first.vendor, "memory_gb": memory,
            "bandwidth_gbps": min(d.card.bandwidth_gbps for d in setup.devices), "release": None}


def _short_ways(est: Estimates, p: Profile, size: ModelSize, card: Any, s: EstimateSettings) -> dict[str, Any]:
    """A model the card cannot hold at the usual quality, in a comparison: the ways people still run it there,
    as "can it run" gives them — the largest level below the usual minimum that fits (`lower`, with its
    speed) and the usual level with the rest in the common amount of RAM (`offload`, when that runs:
    answers/facts/offload_assumed.py); empty for a shared-memory machine."""
    if getattr(card, "unified_memory", False):
        return {}
    constants = est.profiles.setup_constants()
    setup = Setup((Device(card, unified=False),))  # a typical card of the size asked: a discrete card
    side = setup_side(p, size, setup, constants, s)
    guess = assumed_offload(p, size, setup, constants, s.context, s.min_quality, s.quant,
                            usual_ram_gb(constants, setup, GUESS_RAM_GB))
    out: dict[str, Any] = {}
    if side.get("lower") is not None and side["lower"].get("tok_s"):
        out["lower"] = side["lower"]
    if guess["outcome"] == "runs":
        out["offload"] = {k: guess["row"][k] for k in ("quant", "tok_s", "tok_s_low", "tok_s_high", "offload_gb")}
        out["offload"] |= {"ram_gb": guess["ram_gb"], "ram_type": guess["ram_type"]}
    return out


def setup_side(p: Profile, size: ModelSize, setup: Setup, constants: SetupConstants,
                s: EstimateSettings) -> dict[str, Any]:
    """One setup as "can it run" rates it alone: the setups rules' row at the level the one verdict
    recommends there (answers/facts/verdict.py), `short_gb` when it cannot hold it, `lower` (with its
    speed) when it holds it only below the minimum quality."""
    got = setups.rate(p, size, setup, constants, s.context, s.min_quality, s.quant)
    row = vd.at_verdict({**got["row"], "short_gb": got.get("short_gb")},
                        setups.verdict(p, size, setup, constants, s, got["row"]))
    if row["quant"] is None and got.get("lower") is not None:
        row["lower"] = {**got["lower"], **row.get("lower", {})}
    return row


def _setups(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    assert e.sides is not None
    sides = e.sides
    p = est.profiles.get(s.profile, s.engine, s.split, s.link)  # an engine named (vLLM: tensor parallel) rates both
    constants = est.profiles.setup_constants()
    briefs = [side_brief(x) for x in sides]
    facts: dict[str, Any] = {
        "mode": "setups", "setups": [setups.setup_facts(x) for x in sides], "cards": briefs,
        "bandwidth_ratio": briefs[0]["bandwidth_gbps"] / briefs[1]["bandwidth_gbps"],
        "context": s.context, "profile": p.name, "cache_type": s.cache_type,
    }

    def side_rows(size: ModelSize) -> list[dict[str, Any]]:
        return [setup_side(p, size, x, constants, s) for x in sides]

    def rate_at(size: ModelSize, q: Quant) -> list[float | None]:
        rows = [rate_setup(p, size, x, s.context, forced_quant=q.name, constants=constants) for x in sides]
        return [r.tok_s if r.runs and r.fit != "offload" else None for r in rows]

    def same_level(size: ModelSize, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
        if not a.get("quant") or not b.get("quant") or a["quant"] == b["quant"] or "offload" in (a["fit"], b["fit"]):
            return None
        qa, qb = quant(a["quant"]), quant(b["quant"])
        common = qa if qa.rank >= qb.rank else qb
        ta, tb = rate_at(size, common)
        return {"quant": common.name, "a_tok_s": ta, "b_tok_s": tb, "ratio": ta / tb} if ta and tb else None

    if e.model is not None:
        rated = est.rated(e.model, s)
        size = size_of(est, e.model)
        facts = {**base_facts(rated), **facts}
        a, b = side_rows(size)
        facts.update(a=a, b=b, ratio=_ratio(a, b), same_level=same_level(size, a, b))
        # a Mac, a Strix Halo box or a Spark on a side: its kept price, so "which is better value?" gets per dollar
        prices = [machine_price_usd(x.devices[0].card) if x.gpu_count == 1 and x.unified else None for x in sides]
        facts["choice"] = choice.between_hardware(a, b, [x.label for x in sides], prices,
                                                  same=facts["same_level"])
        if (e.users or 0) >= 2:
            # "L40S or 2x 4090 for 100 people": weighed at that many people, not one stream
            at_n = [serving.side_users(est, e, s, x) for x in sides]
            facts["users_sides"] = {"users": e.users, "sides": at_n}
            picked = serving.users_pick(at_n)
            if picked is not None:
                # the text leads with this pick; `choice` stays the one-request pick (the --json contract only grows)
                facts["users_sides"]["choice"] = picked
    else:
        facts["sizes"] = []
        for params in SETUP_SIZES_B:
            size = ModelSize(params, name=f"{params:g}B")
            a, b = side_rows(size)
            facts["sizes"].append({"params_b": params, "a": a, "b": b, "ratio": _ratio(a, b),
                                   "same_level": same_level(size, a, b)})
        facts["choice"] = choice.between_sizes(facts["sizes"], [x.label for x in sides],
                                               memory=[c["memory_gb"] for c in briefs])
    facts["split"] = any(x.gpu_count > 1 for x in sides)
    facts.update(_split_kind(facts))
    facts["unified"] = [x.unified for x in sides]
    return Built(facts, sources={"gpus"})


def _split_kind(facts: dict[str, Any]) -> dict[str, Any]:
    """How the several-card side runs ("tensor" under an engine that splits every layer, else "layer") and its
    card count, from the rows rated: the answer's sentence on what several cards do follows it."""
    rows = [facts.get("a"), facts.get("b")] + [r for sz in facts.get("sizes", []) for r in (sz["a"], sz["b"])]
    multi = [r for r in rows if isinstance(r, dict) and (r.get("gpu_count") or 1) > 1]
    if not multi:
        return {"split_kind": None, "split_cards": None}
    tensor = any(r.get("split") == "tensor" for r in multi)
    return {"split_kind": "tensor" if tensor else "layer", "split_cards": max(r["gpu_count"] for r in multi)}
