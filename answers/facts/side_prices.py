"""A budget said beside a comparison ("3000 EUR: a 5090 or an M4 Max?", "R$ 8000: 3090 usada ou 5060 ti?"): which
side's price is within it, from the kept launch prices (catalog/data/hardware/prices.json) and the budget as the
budget answers read it (answers/facts/budget.py `budget_facts`: converted to dollars, and where shops charge far
more than the converted launch price, what the budget buys at US prices). A side priced only where every card in
it is still sold new (answers/facts/compare.py `new_price`): an old card's launch price says nothing of what it
costs used; a side without a price says so instead of being left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from answers.facts.compare import new_price

if TYPE_CHECKING:
    from answers.facts.common import Entities, Estimates, EstimateSettings
    from estimator.setups import Setup


def _sides(e: Entities) -> list[tuple[str, list[tuple[Any, int]], bool]]:
    """Each side: its name, its cards with counts, whether it is a whole machine (a unified one)."""
    out: list[tuple[str, list[tuple[Any, int]], bool]] = []

    def of_setup(x: Setup) -> tuple[str, list[tuple[Any, int]], bool]:
        return x.label, [(d.card, d.count) for d in x.devices], x.unified

    if e.sides is not None:
        out.extend(of_setup(x) for x in e.sides)
    else:
        out.extend((c.name, [(c, 1)], bool(c.unified_memory)) for c in (e.card, e.card2) if c is not None)
    out.extend(of_setup(x) for x in e.more_sides)
    return out


def facts(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any]) -> dict[str, Any]:
    rows = []
    for name, cards, whole in _sides(e):
        each = [(new_price(est, card, s), n) for card, n in cards]
        known = [p * n for p, n in each if p]
        price = float(sum(known)) if len(known) == len(each) and not whole else None
        rows.append({"name": name, "price_usd": price,
                     "within": None if price is None else price <= budget["usd_compared"]})
    return {"budget": budget, "sides": rows, "cards_only": any(r["price_usd"] for r in rows)}
