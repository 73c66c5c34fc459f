"""A budget said beside a comparison ("3000 EUR: a 5090 or an M4 Max?", "R$ 8000: 3090 usada ou 5060 ti?"): which
side's price is within it, from the kept launch prices (catalog/data/hardware/prices.json) and the budget as the
budget answers read it (answers/facts/budget.py `budget_facts`: converted to dollars, and where shops charge far
more than the converted launch price, what the budget buys at US prices). A side priced only where every card in
it is still sold new (answers/facts/compare.py `new_price`): an old card's launch price says nothing of what it
costs used; a side without a price says so instead of being left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from answers.facts import build_budget
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
    elif e.setup is not None and e.card2 is None:  # one machine asked about with a budget ("a used 3090 pair")
        out.append(of_setup(e.setup))
    else:
        out.extend((c.name, [(c, 1)], bool(c.unified_memory)) for c in (e.card, e.card2) if c is not None)
    out.extend(of_setup(x) for x in e.more_sides)
    return out


def facts(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any], whole: bool = False,
          mac: bool = False, said: dict[str, float] | None = None) -> dict[str, Any]:
    """Each side's price against the budget; with a model asked or a whole-machine budget, each side as a build
    (answers/facts/build_budget.py: the rest of the PC, a machine's whole price, the model's speed on it), the
    Mac within budget when a Mac was named without its chip, and the verdict among them."""
    usd = budget["usd_compared"]
    rows = []
    for name, cards, unified in _sides(e):
        if whole and not unified and len(cards) == 1 and cards[0][1] == 1 \
                and (n := build_budget.cards_for(est, e, s, cards[0][0], budget, said)) is not None:
            name, cards = f"{n}× {cards[0][0].name}", [(cards[0][0], n)]  # the build the budget pays for
        each = [(new_price(est, card, s), n) for card, n in cards]
        known = [p * n for p, n in each if p]
        price = float(sum(known)) if len(known) == len(each) and not unified else None
        row: dict[str, Any] = {"name": name, "price_usd": price,
                               "within": None if price is None else price <= usd}
        if price is None and not unified:
            row.update(_used(cards, usd))
        if whole or e.model is not None or said:
            build = build_budget.side_build(est, e, s, cards, whole, budget, said)
            if build:
                row["build"] = build
        rows.append(row)
    out: dict[str, Any] = {"budget": budget, "sides": rows, "whole": whole, "model_asked": e.model is not None,
                           "cards_only": not whole and any(r["price_usd"] for r in rows)}
    options = [{"name": r["name"], **r["build"]} for r in rows if r.get("build")]
    rests = [o for o in options if o.get("rest")]
    if rests:
        least = min(rests, key=lambda o: o["rest"])
        out["rest"] = least["rest"]
        out.update({k: least[k] for k in ("rest_year", "rest_site", "rest_own") if k in least})
    if mac:
        found = build_budget.mac_within(est, e, s, budget)
        if found is not None:
            out["mac"] = found
            options.append({"name": found["machine"], "within": True, "tok_s": found["tok_s"]})
    if e.model is not None and options:
        out["verdict"] = build_budget.verdict(options)
    return out


def _used(cards: list[tuple[Any, int]], usd: float) -> dict[str, Any]:
    """A side no longer sold new ("a used 3090 pair"): its used price range when every card has one kept
    (catalog/data/hardware/prices.json `used`), within the budget when its low end is; {} otherwise."""
    # lazy: the checked hardware files only for a budget said beside an old card
    from catalog.hardware import load_hardware_data

    kept = {u.name: u for u in load_hardware_data().used_prices}
    found = [(kept.get(card.name), n) for card, n in cards]
    if not found or any(u is None for u, _ in found):
        return {}
    low = sum(u.usd_low * n for u, n in found if u is not None)
    high = sum(u.usd_high * n for u, n in found if u is not None)
    year = max(u.year for u, _ in found if u is not None)
    return {"used_low_usd": low, "used_high_usd": high, "used_year": year, "within": low <= usd,
            "within_all": high <= usd}
