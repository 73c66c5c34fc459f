"""Power weighed beside a comparison ("a used 3090 or two 5060 Ti? power is 35 ct/kWh here, efficiency counts"):
each side's whole machine at the wall while generating and idle with the model loaded (the power answer's rule:
estimator/power.py and the cards' board power, catalog/board_power.py), the tokens each watt-hour makes at that
side's speed, and, with a kWh price said, what an hour of generating, an idle hour, a month (the hours a day said,
else `ASSUMED_HOURS` generating and idle the rest) and a million generated tokens cost. Facts only, JSON-ready."""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities
from answers.knowledge.power import power_constants
from catalog.board_power import board_power_w
from estimator.power import machine_draw

SECONDS_PER_HOUR = 3600.0
# No hours said: a month of a working day's use, generating this many hours a day and idle (model loaded) the rest;
# the answer says it assumed them. A buyer weighs the bill of the machine as used, not of one left busy all day.
ASSUMED_HOURS = 4.0
HOURS_PER_DAY = 24.0
DAYS_PER_MONTH = 365 / 12


def side_power(e: Entities, facts: dict[str, Any]) -> dict[str, Any] | None:
    """At the speeds the comparison weighs (both sides at one level when their best levels differ).
    {"sides": [{"label", "watts", "idle_watts", "tok_s", "tok_per_wh", "month_kwh", "hour_cost", "idle_hour_cost",
    "month_cost", "million_cost"}], "price_kwh", "currency", "best", "hours_per_day", "hours_said"};
    None when a side has no speed or a card no board power on record (Apple silicon)."""
    groups = _groups(e)
    rows = [facts.get(k) for k in ("a", "b")]
    if len(groups) != 2 or not all(isinstance(r, dict) and _tok(r) for r in rows):
        return None
    c = power_constants()
    said = e.power
    price = said.price_kwh if said is not None else None
    hours = said.hours_per_day if said is not None and said.hours_per_day else ASSUMED_HOURS
    same = facts.get("same_level")  # the sides at one level, when their best levels differ: the pick's figures
    speeds = [same["a_tok_s"], same["b_tok_s"]] if isinstance(same, dict) and same.get("a_tok_s") \
        and same.get("b_tok_s") else [_tok(r) for r in rows]  # type: ignore[arg-type]
    sides = []
    for cards, row, tok in zip(groups, rows, speeds, strict=True):
        watts = [(board_power_w(card), n) for card, n in cards]
        if any(w is None for w, _ in watts):
            return None
        machine = machine_draw(((float(w or 0.0), n) for w, n in watts), c)
        draw, idle = machine.decode_w, machine.idle_w
        tok = float(tok or 0.0)  # every side has a speed: checked above
        side: dict[str, Any] = {"label": row["card"], "watts": draw, "tok_s": tok,  # type: ignore[index]
                                "tok_per_wh": tok * SECONDS_PER_HOUR / draw, "idle_watts": idle,
                                "month_kwh": month_kwh(draw, idle, hours)}
        if price is not None:
            side["hour_cost"] = draw / 1000 * price
            side["idle_hour_cost"] = idle / 1000 * price
            side["month_cost"] = side["month_kwh"] * price
            side["million_cost"] = draw / 1000 * price * 1e6 / (tok * SECONDS_PER_HOUR)
        sides.append(side)
    best = max(range(2), key=lambda i: sides[i]["tok_per_wh"])
    return {"sides": sides, "price_kwh": price, "currency": said.currency if price is not None and said else None,
            "best": best, "ratio": sides[best]["tok_per_wh"] / sides[1 - best]["tok_per_wh"],
            "hours_per_day": hours, "hours_said": bool(said is not None and said.hours_per_day)}


def _tok(row: dict[str, Any]) -> float | None:
    """A side's speed: at the usual level, else at the lower level it holds the model at (a 5090 and a 70B at
    IQ3_M): the speed it would be bought for."""
    if row.get("tok_s"):
        return float(row["tok_s"])
    verdict = row.get("verdict")
    pick = verdict.get("recommended") if isinstance(verdict, dict) else None
    return float(pick["tok_s"]) if isinstance(pick, dict) and pick.get("tok_s") else None


def month_kwh(load_w: float, idle_w: float, hours: float) -> float:
    """A month's energy generating `hours` a day and idle, the model loaded, the rest of the day."""
    return (load_w * hours + idle_w * (HOURS_PER_DAY - hours)) / 1000 * DAYS_PER_MONTH


def _groups(e: Entities) -> list[list[tuple[Any, int]]]:
    """Each side's cards with their counts: two setups, or two cards."""
    if e.sides is not None:
        return [[(d.card, d.count) for d in side.devices] for side in e.sides]
    return [[(c, 1)] for c in (e.card, e.card2) if c is not None]
