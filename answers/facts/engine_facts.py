"""The engine an estimate assumed, as facts: its name, the formats it tried, how several cards share a
token, and — when a level was asked for and one card is named — whether that engine runs it there
(estimator.engines.check), with the nearest that works. Additive keys only (`engine`, `engine_label`,
`engine_levels`, `split`, `link`, `engine_check`); the command line and the answers build them here, so
both say the same."""

from __future__ import annotations

from typing import Any

from answers.knowledge.profiles import Profiles
from estimator.card import Card
from estimator.engines import Refusal, check
from estimator.model import ModelSize
from estimator.quants import Quant, ladder, quant


def engine_keys(profiles: Profiles, profile: str, engine: str | None, split: str | None = None,
                link: str | None = None, model: ModelSize | None = None, min_quality: str | None = None,
                forced: str | None = None) -> dict[str, Any]:
    """`engine` (llama.cpp when none was asked), its label, the levels it tries for this model, least
    compressed first (gpt-oss: its MXFP4 file), how several cards share a token and the link asked."""
    c = profiles.engine_constants()
    e = c.engine(engine)
    p = profiles.get(profile, e.name, split, link)
    levels: tuple[Quant, ...]
    if forced:
        levels = (quant(forced),)
    else:
        levels_for = getattr(p, "levels_for", None)
        own = levels_for(model) if levels_for is not None and model is not None else p.levels
        levels = ladder(own, min_quality, p.default_min_quality)
    return {"engine": e.name, "engine_label": e.label, "engine_levels": [q.name for q in levels],
            "split": getattr(p, "split", "layer"), "link": link}


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
