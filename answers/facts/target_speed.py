"""A speed wanted with no hardware named ("what gpu do I need for 100 tok/s on Llama 3.1 8B"): how many
cards reach it and the one to buy. A card reaches it at its least compressed level, down to the usual
minimum quality, that it holds and that is that fast (someone who wants speed takes Q4_K_M over Q8_0).
The pick: the cheapest home card with a launch price that reaches it, else the smallest home card that
does; when only data-centre cards do, the smallest of those; when none does, the fastest card there is.
Shared-memory machines are rated as machines, at their own answer's level, as in every pick
(answers/facts/shared_memory.py)."""

from __future__ import annotations

from typing import Any

from answers.facts import picks
from answers.facts import verdict as vd
from answers.facts.common import Entities, Estimates, EstimateSettings, model_of
from answers.facts.describe import row_facts
from answers.facts.shared_memory import as_machines
from estimator.quants import quant
from estimator.ranking import Query
from estimator.rows import Row

# The answers about a model on no named hardware, where a wanted speed is about which card to get.
TARGET_INTENTS = frozenset({"speed", "fastest", "smallest", "can_run", "what_gpu"})


def target_speed(est: Estimates, e: Entities, s: EstimateSettings, wanted: float) -> dict[str, Any]:
    rated = est.rated(model_of(e), s)
    rows = [r for r in as_machines(rated.query, rated.rows, est.profiles.setup_constants()) if r.runs]
    reach = [hit for r in rows for hit in [_reaching(rated.query, r, wanted)] if hit is not None]
    facts: dict[str, Any] = {"tok_s": wanted, "cards": len(reach), "runs": len(rows)}
    priced = picks.cheapest(reach)
    home = picks.home_runners(reach)
    if priced:
        facts.update(pick=_pick(priced[0]), pick_by="price")
    elif home:
        facts.update(pick=_pick(picks.smallest(home)), pick_by="memory")
    elif reach:
        centre = picks.data_centre_runners(reach)  # not a mining or vGPU part
        facts.update(pick=_pick(picks.smallest(centre or reach)), pick_by="data_centre")
    else:
        facts["fastest"] = _pick(rated.ordered[0]) if rated.ordered else None  # the answer's own fastest
    return facts


def _pick(r: Any) -> dict[str, Any]:
    return {**row_facts(r), "launch_price_usd": getattr(r.card, "launch_price_usd", None)}


def _reaching(q: Query, r: Row, wanted: float) -> Row | None:
    """`r`'s card at its least compressed level, down to the usual minimum quality, that it holds and that
    reaches `wanted` (each level rated by the one verdict's `card_levels`); None when none does. A
    shared-memory machine keeps its own answer's row."""
    if getattr(r.card, "unified_memory", False):
        return r if (r.tok_s or 0.0) >= wanted else None
    hit = next((lv for lv in vd.card_levels(q, r.card)
                if lv.fits and not lv.below_floor and (lv.tok_s or 0.0) >= wanted), None)
    if hit is None:
        return None
    level, tok, fit = quant(hit.quant), hit.tok_s, hit.fit
    assert tok is not None and fit is not None  # a level held whole, on a card with a speed
    confidence = q.profile.tok_range(q.model, r.card, level, tok)[2]
    return Row(r.card, level, hit.need_gb, fit, tok, hit.tok_s_low, hit.tok_s_high, confidence)
