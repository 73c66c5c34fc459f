"""A hosted API set against running the model at home (answers/facts/api_home.py) in words: the API prices with
their dates, then a million generated tokens at home in hours, kWh and money."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown

API_HEAD = N_("Through a hosted API, %(model)s costs, in US dollars per million tokens (input / output; prices move, "
              "so check them):")
API_ROW = N_("%(route)s: %(input)s / %(output)s (listed %(date)s)")
HOME_PRICE = N_("At home on %(machine)s (about %(tok)s tok/s, about %(watts)s W at the wall while generating): a "
                "million generated tokens take about %(hours)s hours and %(kwh)s kWh, about %(cost)s of electricity "
                "at %(price)s per kWh (about %(usd)s), against %(api)s per million output tokens through the "
                "API.")
HOME_NO_PRICE = N_("At home on %(machine)s (about %(tok)s tok/s, about %(watts)s W at the wall while generating): a "
                   "million generated tokens take about %(hours)s hours and %(kwh)s kWh; above about %(even)s per kWh "
                   "the electricity alone costs more than the cheapest API output price (%(low)s per million).")
HOME_NO_WATTS = N_("At home on %(machine)s it writes about %(tok)s tok/s, so a million tokens take about %(hours)s "
                   "hours; I have no power figure for that machine.")
HOME_NOTE = N_("The machine's own price is not in these figures, nor the prompt's reading (an API bills input tokens "
               "too); at home the gain is privacy and no per-token bill, not a cheaper token.")


def _usd(value: float, lang: str) -> str:
    return fmt.unit_price(value, "USD", lang)


def api_home_lines(facts: dict[str, Any], lang: str) -> list[str]:
    a = facts.get("api_home")
    if not a:
        return []
    lines = [i18n.gettext(lang, API_HEAD) % {"model": markdown.escape(a["model"])}]
    lines += ["- " + i18n.gettext(lang, API_ROW) % {"route": markdown.escape(p["route"]),
                                                   "input": _usd(p["input"], lang),
                                                   "output": _usd(p["output"], lang), "date": p["date"]}
              for p in a["prices"]]
    h = a.get("home")
    if not h:
        return lines
    values = {"machine": markdown.escape(h["machine"]), "tok": fmt.decimal(h["tok_s"], 1, lang),
              "hours": fmt.decimal(h["hours_per_million"], 1, lang), "low": _usd(a["output_low"], lang),
              "api": _usd(a["output_low"], lang) if a["output_low"] == a["output_high"]
              else f"{_usd(a['output_low'], lang)}–{_usd(a['output_high'], lang)}"}
    if h.get("kwh_per_million") is None:
        return [*lines, i18n.gettext(lang, HOME_NO_WATTS) % values]
    values.update(watts=fmt.integer(h["watts"], lang), kwh=fmt.decimal(h["kwh_per_million"], 1, lang))
    if h.get("cost_per_million") is not None:
        cur = h["currency"]
        values.update(cost=fmt.unit_price(h["cost_per_million"], cur, lang),
                      price=fmt.unit_price(h["price_kwh"], cur, lang),
                      usd=_usd(h.get("cost_per_million_usd") or h["cost_per_million"], lang))
        lines.append(i18n.gettext(lang, HOME_PRICE) % values)
    else:
        lines.append(i18n.gettext(lang, HOME_NO_PRICE) % {**values, "even": _usd(h["break_even_usd_kwh"], lang)})
    return [*lines, i18n.gettext(lang, HOME_NOTE)]
