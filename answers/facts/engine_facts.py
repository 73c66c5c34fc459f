"""The engine an estimate assumed, as facts: its name, the formats it tried, and — when a level was asked
for and one card is named — whether that engine runs it there (estimator.engines.check), with the nearest
that works. Additive keys only (`engine`, `engine_label`, `engine_levels`, `engine_check`)."""

from __future__ import annotations

from typing import Any

from answers.knowledge.profiles import Profiles
from estimator.card import Card
from estimator.engines import Refusal, check
from estimator.model import ModelSize
from estimator.quants import quant


def engine_keys(profiles: Profiles, profile: str, engine: str | None) -> dict[str, Any]:
    """`engine` (llama.cpp when none was asked), its label and the levels it tries, least compressed first."""
    c = profiles.engine_constants()
    e = c.engine(engine)
    p = profiles.get(profile, e.name)
    return {"engine": e.name, "engine_label": e.label, "engine_levels": [q.name for q in p.levels]}


def check_keys(profiles: Profiles, engine: str | None, level: str, card: Card,
               model: ModelSize | None = None) -> dict[str, Any]:
    """`engine_check`: {runs, mode} or {runs: false, reason, nearest_quant, other_engine} for one card."""
    c = profiles.engine_constants()
    r = check(c, engine, quant(level), card, model)
    if isinstance(r, Refusal):
        label = {name: e.label for name, e in c.engines.items()}
        return {"runs": False, "reason": r.reason, "engine": r.engine, "quant": r.quant, "card": r.card,
                "nearest_quant": r.nearest_quant, "nearest_engine": r.nearest_engine,
                "nearest_engine_label": label.get(r.nearest_engine or ""), "other_engine": r.other_engine,
                "other_engine_label": label.get(r.other_engine or "")}
    return {"runs": True, "mode": r.mode, "quant": quant(level).name, "card": card.name}


__all__ = ["check_keys", "engine_keys"]
