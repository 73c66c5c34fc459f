""""Best 8 GB card", "miglior scheda 16gb per local ai?": the cards of that memory size a person can buy,
answered with cards — fastest first, each with the model it then runs best — not with a model list.

The rules (the same as the budget answer without a model, answers/budget.py, minus the price limit):
- **Cards**: consumer desktop and workstation cards with a known launch price (`budget.buyable`) that
  have exactly the memory asked (when none does, those of the nearest memory size, said so), released
  in the last `advice.TYPICAL_CARD_YEARS` years of that group: the cards still sold new.
- **Fastest first**: each card's decode speed on a dense 8B at Q4_K_M under the profile asked (the
  budget answer's probe: bandwidth alone would miss the profile's vendor factors), then the lower price.
- **What it runs**: the most capable model that runs well on it (answers/advice.py `rank_models`, the
  "what can I run" pick) and the biggest model it holds at reading speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts import advice
from answers.facts.budget import SPEED_PROBE_B, buyable
from catalog.records import GpuRecord
from estimator.model import ModelSize
from estimator.ranking import rate_all

if TYPE_CHECKING:  # the builder in answers.facts.rating loads this module on first use
    from answers.facts.common import Estimates, EstimateSettings

SHOWN = 5  # cards listed


def _model_line(rec: Any, row: Any) -> dict[str, Any]:
    return {"model": rec.name, "quant": row.quant.name if row.quant else None, "tok_s": row.tok_s}


def _card_facts(est: Estimates, card: GpuRecord, s: EstimateSettings, tok_s: float) -> dict[str, Any]:
    pairs = est.card_models(card, s)
    ranked = advice.rank_models(pairs, s.task)
    big = advice.biggest(pairs, s.task)
    return {"card": card.name, "memory_gb": card.memory_gb, "bandwidth_gbps": card.bandwidth_gbps,
            "price_usd": card.launch_price_usd, "probe_tok_s": tok_s,
            "pick": _model_line(ranked[0].record, ranked[0].row) if ranked else None,
            "biggest": _model_line(*big) if big else None}


def facts(est: Estimates, memory_gb: float, s: EstimateSettings) -> dict[str, Any]:
    cards = [c for c in est.kn.gpus_for(s.profile) if buyable(c)]
    nearest = min((abs(c.memory_gb - memory_gb) for c in cards), default=None)
    out: dict[str, Any] = {"mode": "memory", "memory_gb": memory_gb, "context": s.context,
                           "profile": s.profile, "cards": [], "cards_count": 0, "nearest_gb": None}
    if nearest is None:
        return out
    group: dict[str, GpuRecord] = {}
    for c in cards:  # same-name variants once: the faster
        if abs(c.memory_gb - memory_gb) == nearest and (c.name not in group
                                                          or c.bandwidth_gbps > group[c.name].bandwidth_gbps):
            group[c.name] = c
    dated = [c for c in group.values() if c.release is not None]
    if dated:
        newest = max(c.release.year for c in dated)  # type: ignore[union-attr]
        group = {n: c for n, c in group.items() if c.release and c.release.year > newest - advice.TYPICAL_CARD_YEARS}
    probe = est.query(ModelSize(SPEED_PROBE_B), replace(s, quant="Q4_K_M", min_quality=None))
    speeds = {r.card.name: r.tok_s or 0.0 for r in rate_all(probe, list(group.values()))}
    ranked = sorted(group.values(), key=lambda c: (-speeds[c.name], c.launch_price_usd or 0.0, c.name))
    out["cards"] = [_card_facts(est, c, s, speeds[c.name]) for c in ranked[:SHOWN]]
    out["cards_count"] = len(ranked)
    if nearest:
        out["nearest_gb"] = ranked[0].memory_gb
    return out
