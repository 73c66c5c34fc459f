"""Sides beyond the second in a comparison ("3090 vs 4060 Ti 16 GB vs 5060 Ti", "a 5090, an M4 Max or a DGX
Spark?"): each rated by the setups rules as a side of two setups is (answers/facts/versus.py: one card, several
cards, a unified-memory machine), listed after the first two, and weighed in the one pick
(answers/facts/choice.py `among_hardware`, `among_sizes`). Facts only: `_versus.md.j2`'s `side_line` writes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts import choice
from answers.facts.machine_price import machine_price_usd
from answers.facts.versus import setup_side, side_brief, size_of
from answers.knowledge.usable import market

if TYPE_CHECKING:
    from answers.facts.common import Entities, Estimates, EstimateSettings
    from catalog.records import ModelRecord
    from estimator.model import ModelSize


def rows(est: Estimates, e: Entities, s: EstimateSettings, size: ModelSize) -> list[dict[str, Any]]:
    """Each side after the second, rated for one model (or one typical size) as that side alone."""
    p = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    return [setup_side(p, size, x, constants, s) for x in e.more_sides]


def second_model(est: Estimates, e: Entities, s: EstimateSettings, model: ModelRecord) -> dict[str, Any]:
    """A second model named beside setups set side by side: its row on every side, rated as the first's are."""
    assert e.sides is not None
    p = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    size = size_of(est, model)
    return {"model": model.name,
            "rows": [setup_side(p, size, x, constants, s) for x in (*e.sides, *e.more_sides)]}


def briefs(e: Entities) -> list[dict[str, Any]]:
    """Each further side described as a card is (its name, memory and bandwidth)."""
    return [side_brief(x) for x in e.more_sides]


def prices(est: Estimates, e: Entities, s: EstimateSettings) -> tuple[float | None, ...]:
    """Each further side's launch price: a side of one card still sold new (answers/facts/compare.py's rule)."""
    newest = max((c.release for c in est.kn.gpus_for(s.profile) if c.release), default=None)
    return tuple(getattr(x.devices[0].card, "launch_price_usd", None)
                 if x.gpu_count == 1 and not x.unified and market(x.devices[0].card, newest) == "new"
                 else machine_price_usd(x.devices[0].card) if x.gpu_count == 1 and x.unified else None
                 for x in e.more_sides)


def names(e: Entities) -> list[str]:
    return [x.label for x in e.more_sides]


def add_to_model(facts: dict[str, Any], est: Estimates, e: Entities, s: EstimateSettings, size: ModelSize,
                 two_names: list[str], prices: tuple[float | None, ...] = ()) -> None:
    """A comparison for one model: the further sides' rows (`more`) and the pick among every side."""
    if not e.more_sides:
        return
    more = rows(est, e, s, size)
    facts["more"] = more
    _flags(facts, e)
    every = [facts["a"], facts["b"], *more]
    facts["choice"] = choice.among_hardware(every, [*two_names, *names(e)], prices)


def add_to_sizes(facts: dict[str, Any], est: Estimates, e: Entities, s: EstimateSettings,
                 sizes: list[ModelSize], two_names: list[str], prices: tuple[float | None, ...] = ()) -> None:
    """A comparison with no model: the further sides at each typical size (`more` of each size), their
    briefs (`more_cards`) and the pick among every side."""
    if not e.more_sides:
        return
    facts["more_cards"] = briefs(e)
    _flags(facts, e)
    by_params = {z.params_b: z for z in sizes}
    for z in facts["sizes"]:
        z["more"] = rows(est, e, s, by_params[z["params_b"]])
        _at_common_level(z, est, e, s, by_params[z["params_b"]])
    memory = [c["memory_gb"] for c in (*facts["cards"], *facts["more_cards"])]
    facts["choice"] = choice.among_sizes(facts["sizes"], [*two_names, *names(e)], prices, memory)


def _common_level(z: dict[str, Any]) -> str | None:
    """The level the first two sides are weighed at for one size: their shared level, or the one both hold."""
    same = z.get("same_level")
    if isinstance(same, dict) and same.get("quant"):
        return str(same["quant"])
    a, b = z.get("a") or {}, z.get("b") or {}
    return str(a["quant"]) if a.get("quant") and a.get("quant") == b.get("quant") else None


def _at_common_level(z: dict[str, Any], est: Estimates, e: Entities, s: EstimateSettings, size: ModelSize) -> None:
    """A further side rated at another level than the first two ("R9700 32 GB: Q6_K" beside "IQ3_M" on two 24 GB
    cards): its figure at their level too (`at_common`), so every side is weighed at one level, and its own level
    says what its memory buys."""
    level = _common_level(z)
    own = {str(q) for q in ((z.get("a") or {}).get("quant"), (z.get("b") or {}).get("quant"), level) if q}
    p = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    for x, r in zip(e.more_sides, z["more"], strict=True):
        if not r.get("quant"):
            continue
        speeds = {}  # its speed at each level the first two run this size at (the pick weighs pairs at one level)
        for q in sorted(own - {r["quant"]}):
            at = setup_side(p, size, x, constants, replace(s, quant=q))
            if at.get("quant") == q and at.get("tok_s"):
                speeds[q] = at["tok_s"]
        if speeds:
            r["at_levels"] = speeds
        if level is not None and level in speeds:
            r["at_common"] = {"quant": level, "tok_s": speeds[level]}


def _flags(facts: dict[str, Any], e: Entities) -> None:
    """A further side that is a unified machine or several cards brings the notes they need (`unified` lists a
    flag per side, `split` says whether any side splits)."""
    if "unified" in facts:
        facts["unified"] = [*facts["unified"], *(x.unified for x in e.more_sides)]
    if "split" in facts:
        facts["split"] = facts["split"] or any(x.gpu_count > 1 for x in e.more_sides)
