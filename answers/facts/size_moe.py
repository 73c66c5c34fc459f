"""A size said without a model ("a 30B at decent speed?") is answered for a generic dense model of that size;
beside it, the catalog's mixture of experts of about the same total size, on the same hardware, because that
is what people run at that size on a Mac or a single card (Qwen3-30B-A3B several times faster than a dense 32B).
"""

from __future__ import annotations

from typing import Any

from answers.facts import advice
from answers.facts.common import Entities, Estimates, EstimateSettings

SIZE_BAND = (0.75, 1.3)  # "a 30B": total sizes from 22.5B to 39B count as that size
FASTEST_SHARE = 0.8  # within 20 % of the fastest of that size counts as "as fast"
SPEED_INTENTS = frozenset({"speed", "can_run"})


def budget_pick_card(est: Estimates, facts: dict[str, Any], s: EstimateSettings) -> Any | None:
    """The card a budget answer for a size picks ("25,000 pesos for 30B models"): the used card when it is the
    pick, else the fastest new one; the mixture of experts of that size is rated on it, since "30B" is also
    Qwen3-30B-A3B, which runs several times faster there."""
    used = facts.get("used_card") or {}
    name = used.get("card") if used.get("is_pick") else (facts.get("budget_pick") or {}).get("card")
    return next((c for c in est.kn.gpus_for(s.profile) if c.name == name), None) if name else None


def moe_of_size(est: Estimates, intent: str, entities: Entities, s: EstimateSettings,
                generic_b: float) -> dict[str, Any] | None:
    """The most capable curated mixture of experts of about `generic_b` total parameters that runs on the
    asked card at reading speed, with its level and speed; None when no such model runs there."""
    card = entities.card if intent in SPEED_INTENTS else None
    if card is None or entities.card2 is not None or entities.sides is not None \
            or (entities.setup is not None and entities.setup.gpu_count > 1):
        return None
    lo, hi = generic_b * SIZE_BAND[0], generic_b * SIZE_BAND[1]
    pairs = [(rec, row) for rec, row in est.card_models_at_speed(card, s, advice.GOOD_LEVEL,
                                                                 advice.READING_SPEED_TOK_S)
             if rec.is_moe and rec.active_params_b and rec.params_b and lo <= rec.params_b <= hi
             and advice.curated(rec)]
    picks = advice.rank_models(pairs)
    if not picks:
        return None
    # The point of a mixture of experts here is speed: among those near the fastest of that size, the most
    # capable (a 9B-active hybrid is not what a person means by "a fast 30B").
    top = max(p.row.tok_s or 0 for p in picks)
    best = next(p for p in picks if (p.row.tok_s or 0) >= FASTEST_SHARE * top)
    return {"model": best.record.name, "params_b": best.record.params_b,
            "active_params_b": best.record.active_params_b,
            "quant": best.row.quant.name if best.row.quant else None, "tok_s": best.row.tok_s}
