"""A named card at an asked price ("is a 3090 worth 700 dollars for llms", "3090 for 600 bucks good
deal?"): facts added to the card's answer. Pure over the estimator.

What the data supports, and no more: the card's launch price (catalog/data/hardware/prices.json), the
biggest model it runs at reading speed (answers/facts/advice.py), the asked price against the launch price,
and the best card whose launch price fits the same amount (answers/facts/budget.py's overview ranking: most
memory, then speed). There are no used or street prices in the catalog, so none are quoted.
"""

from __future__ import annotations

from typing import Any

from answers.facts import advice, budget
from answers.facts.common import Entities, Estimates, EstimateSettings
from catalog.records import GpuRecord

SAME_BAND = 0.05  # within 5% of the launch price reads as "about the launch price"


def _biggest(est: Estimates, card: GpuRecord, s: EstimateSettings) -> dict[str, Any] | None:
    big = advice.biggest(est.card_models(card, s))
    if big is None:
        return None
    return {"model": big[0].name, "quant": big[1].quant.name if big[1].quant else None, "tok_s": big[1].tok_s}


def facts(est: Estimates, card: GpuRecord, s: EstimateSettings, said: dict[str, Any]) -> dict[str, Any]:
    """`said` is budget.budget_facts(...) of the asked price."""
    launch = getattr(card, "launch_price_usd", None)
    usd = said["usd"]
    out: dict[str, Any] = {"card": card.name, "memory_gb": card.memory_gb, "launch_price_usd": launch,
                           "asked": said, "biggest": _biggest(est, card, s)}
    if launch:
        share = usd / launch
        out["share_of_launch"] = share
        out["vs_launch"] = "about" if abs(share - 1) <= SAME_BAND else ("below" if share < 1 else "above")
    best = budget.without_model(est, Entities(), s, said).facts.get("budget_pick")
    out["best_in_budget"] = best
    out["named_is_best"] = best is not None and best["card"] == card.name
    if best is not None and not out["named_is_best"]:
        out["more_memory_than_best"] = card.memory_gb > best["memory_gb"]
        out["less_memory_than_best"] = card.memory_gb < best["memory_gb"]
    return out
