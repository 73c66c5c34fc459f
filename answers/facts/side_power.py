"""Power weighed beside a comparison ("a used 3090 or two 5060 Ti? power is 35 ct/kWh here, efficiency counts"):
each side's whole machine at the wall while generating (the power answer's rule: estimator/power.py and the
cards' board power, catalog/board_power.py), the tokens each watt-hour makes at that side's speed, and, with a
kWh price said, what an hour of generating and a million generated tokens cost. Facts only, JSON-ready."""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities
from answers.knowledge.power import power_constants
from catalog.board_power import board_power_w
from estimator.power import machine_draw

SECONDS_PER_HOUR = 3600.0


def side_power(e: Entities, facts: dict[str, Any]) -> dict[str, Any] | None:
    """At the speeds the comparison weighs (both sides at one level when their best levels differ).
    {"sides": [{"label", "watts", "tok_s", "tok_per_wh", "hour_cost", "million_cost"}], "price_kwh", "currency",
    "best"}; None when a side has no speed or a card no board power on record (Apple silicon)."""
    groups = _groups(e)
    rows = [facts.get(k) for k in ("a", "b")]
    if len(groups) != 2 or not all(isinstance(r, dict) and r.get("tok_s") for r in rows):
        return None
    c = power_constants()
    said = e.power
    price = said.price_kwh if said is not None else None
    same = facts.get("same_level")  # the sides at one level, when their best levels differ: the pick's figures
    speeds = [same["a_tok_s"], same["b_tok_s"]] if isinstance(same, dict) and same.get("a_tok_s") \
        and same.get("b_tok_s") else [r["tok_s"] for r in rows]  # type: ignore[index]
    sides = []
    for cards, row, tok in zip(groups, rows, speeds, strict=True):
        watts = [(board_power_w(card), n) for card, n in cards]
        if any(w is None for w, _ in watts):
            return None
        draw = machine_draw(((float(w or 0.0), n) for w, n in watts), c).decode_w
        tok = float(tok)
        side: dict[str, Any] = {"label": row["card"], "watts": draw, "tok_s": tok,  # type: ignore[index]
                                "tok_per_wh": tok * SECONDS_PER_HOUR / draw}
        if price is not None:
            side["hour_cost"] = draw / 1000 * price
            side["million_cost"] = draw / 1000 * price * 1e6 / (tok * SECONDS_PER_HOUR)
        sides.append(side)
    best = max(range(2), key=lambda i: sides[i]["tok_per_wh"])
    return {"sides": sides, "price_kwh": price, "currency": said.currency if price is not None and said else None,
            "best": best, "ratio": sides[best]["tok_per_wh"] / sides[1 - best]["tok_per_wh"]}


def _groups(e: Entities) -> list[list[tuple[Any, int]]]:
    """Each side's cards with their counts: two setups, or two cards."""
    if e.sides is not None:
        return [[(d.card, d.count) for d in side.devices] for side in e.sides]
    return [[(c, 1)] for c in (e.card, e.card2) if c is not None]
