"""A hosted API set against running the model at home ("cuanto me sale deepseek por openrouter vs correrlo en casa?
la luz está carísima"): the API prices kept for the model (answers/knowledge/api_prices.json, each with its date and
source), and what a million generated tokens take at home on the machine the answer runs it on: hours at its
speed, kWh at its draw at the wall (a card's board power through the power answer's rule, estimator/power.py; a
whole machine's measured draw from api_prices.json), their cost at the kWh price said, else the price per kWh above
which the electricity alone costs more than the API. The machine's own price is not counted (said so)."""

from __future__ import annotations

from typing import Any

from answers.knowledge.api_prices import machine_watts, prices_for
from answers.knowledge.power import power_constants
from catalog.board_power import board_power_w
from estimator.power import machine_draw

SECONDS_PER_HOUR = 3600.0
MILLION = 1e6


def _watts(name: str, cards: list[tuple[Any, int]]) -> float | None:
    """The machine's draw at the wall while generating: a whole machine's measured figure, else its cards' through
    the power rule; None when a card has no board power on record."""
    kept = machine_watts(name)
    if kept is not None:
        return kept
    powers = [(board_power_w(card), n) for card, n in cards]
    if not powers or any(w is None for w, _ in powers):
        return None
    return machine_draw(((float(w or 0.0), n) for w, n in powers), power_constants()).decode_w


def api_home(model: str, machine: str | None, tok_s: float | None, cards: list[tuple[Any, int]],
             price_kwh: float | None, currency: str | None, usd_per_unit: float | None) -> dict[str, Any] | None:
    """The facts (JSON-ready), or None when no API price is kept for the model. `usd_per_unit`: the kWh price's
    currency in US dollars (the API prices are in dollars)."""
    prices = prices_for(model)
    if not prices:
        return None
    out: dict[str, Any] = {"model": model, "prices": [
        {"route": p.route, "input": p.input, "output": p.output, "date": p.date, "source": p.source} for p in prices]}
    low, high = min(p.output for p in prices), max(p.output for p in prices)
    out.update(output_low=low, output_high=high)
    if machine is None or not tok_s:
        return out
    home: dict[str, Any] = {"machine": machine, "tok_s": tok_s, "hours_per_million": MILLION / tok_s / SECONDS_PER_HOUR}
    watts = _watts(machine, cards)
    if watts is not None:
        kwh = watts / 1000 * home["hours_per_million"]
        home.update(watts=watts, kwh_per_million=kwh, break_even_usd_kwh=low / kwh)
        if price_kwh is not None and currency is not None:
            home.update(price_kwh=price_kwh, currency=currency, cost_per_million=kwh * price_kwh)
            if usd_per_unit:
                home["cost_per_million_usd"] = kwh * price_kwh * usd_per_unit
    out["home"] = home
    return out
