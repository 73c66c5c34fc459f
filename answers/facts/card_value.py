"""Cards weighed for what they cost ("which is the best value?", "custo-benefício", "Preis-Leistung", "rapport
qualité-prix", "compensa mais?"): the prices the catalog keeps, each with its kind and date (the maker's launch
price, catalog/data/hardware/prices.json `prices`; a second-hand range with its year, `used`), the speed each side
gives on the comparison's first size, and the speed per 100 dollars. One rule decides the pick (`best`): the most
tokens per second per dollar among the sides with a price, at the used range's middle for a card no longer sold
new that has one kept, else at its launch price (and said to be a launch price of a card now sold used).
Facts only, JSON-ready; answers/templates/_also.md.j2 says them."""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities, Estimates, EstimateSettings
from answers.knowledge.usable import market


def _rows(facts: dict[str, Any]) -> tuple[str | None, list[dict[str, Any]]]:
    """The comparison's first size (or its model) and each side's row there, in the order named."""
    if isinstance(facts.get("sizes"), list) and facts["sizes"]:
        z = facts["sizes"][0]
        return f"{z['params_b']:g}B", [z["a"], z["b"], *z.get("more", [])]
    if isinstance(facts.get("a"), dict) and isinstance(facts.get("b"), dict):
        model = facts.get("model")
        name = model.get("name") if isinstance(model, dict) else None
        return name, [facts["a"], facts["b"], *facts.get("more", [])]
    return None, []


def _sides(e: Entities) -> dict[str, list[tuple[Any, int]]]:
    """Each side's label and its cards with counts: single cards, and setups ("2× RTX 5060 Ti 16 GB") priced as
    their cards together; a shared-memory machine is left to its own price line (answers/facts/machine_price.py)."""
    out: dict[str, list[tuple[Any, int]]] = {}
    for x in (*(e.sides or ()), *e.more_sides):
        if not x.unified:
            out[x.label] = [(d.card, d.count) for d in x.devices]
    for c in (e.card, e.card2):
        if c is not None and not getattr(c, "unified_memory", False):
            out.setdefault(c.name, [(c, 1)])
    return out


def card_value(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """`card_value` for a comparison of cards or card setups, or None (fewer than two, or no row to weigh)."""
    # lazy: the checked hardware files only for a question about value
    from catalog.hardware import load_hardware_data

    size, rows = _rows(facts)
    sides = _sides(e)
    if len(rows) < 2 or len(sides) < 2:
        return None
    used = {u.name: u for u in load_hardware_data().used_prices}
    newest = max((c.release for c in est.kn.gpus_for(s.profile) if c.release), default=None)
    out = [_side(r["card"], sides[r["card"]], r, used, newest) for r in rows if r.get("card") in sides]
    priced = [c for c in out if c["per_100_usd"]]
    best = max(priced, key=lambda c: c["per_100_usd"]) if len(priced) >= 2 else None
    # the answer's own pick, where it is another side: said beside (it holds more, or is faster, for more money)
    pick = facts.get("choice") or {}
    other = pick.get("pick") if best and pick.get("pick") not in (None, best["card"]) else None
    return {"size": size, "cards": out, "best": best["card"] if best else None, "pick": other,
            "pick_why": pick.get("why") if other else None}


def _side(label: str, cards: list[tuple[Any, int]], row: dict[str, Any], used_kept: dict[str, Any],
          newest: Any) -> dict[str, Any]:
    """One side's prices (each card's times its count), the kind of price weighed, and its speed per 100 dollars."""
    old = any(market(c, newest) == "used" for c, _ in cards)
    launches = [(p, n) for c, n in cards if (p := getattr(c, "launch_price_usd", None))]
    launch = sum(p * n for p, n in launches) if len(launches) == len(cards) else None
    used = [(u, n) for c, n in cards if (u := used_kept.get(c.name)) is not None]
    whole = len(used) == len(cards)
    low = sum(u.usd_low * n for u, n in used) if whole else None
    high = sum(u.usd_high * n for u, n in used) if whole else None
    mid = (low + high) / 2 if old and low is not None and high is not None else None
    price, kind = (mid, "used") if mid else (launch, "launch") if launch else (None, None)
    tok = row.get("tok_s") if row.get("fit") not in (None, "no") else None
    release = max((c.release for c, _ in cards if getattr(c, "release", None)), default=None)
    return {"card": label, "launch_usd": launch, "release": release.strftime("%Y-%m") if release else None,
            "old": old, "used_low_usd": low, "used_high_usd": high,
            "used_year": max(u.year for u, _ in used) if whole else None, "price_kind": kind,
            "tok_s": tok, "quant": row.get("quant"),
            "per_100_usd": tok / price * 100 if tok and price else None}
