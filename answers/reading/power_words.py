"""Reading a power question's conditions: the price of a kilowatt-hour ("0.30/kwh", "0,25 €/kWh", "30 cents per
kWh") and the hours a day the machine runs ("24/7", "8 hours a day"). Pure: the question's text in, a `PowerAsked`
out (None when neither is said). The words live in answers/lexicon/power.toml; the currency signs and words are
the budget's (answers/reading/budget_words.py)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from answers.reading.budget_words import currency_named, default_currency
from answers.records.asked import PowerAsked
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "power.toml"
MAX_PRICE = 100.0  # a price per kWh above this in any currency is no tariff (a year, a card's price)


@cache
def _words() -> dict[str, Any]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    out: dict[str, Any] = {"hundredths": frozenset(data["hundredths"].split()),
                           "pence": frozenset(data["pence"].split())}
    for key in ("price", "hours_per_day", "always", "price_after"):
        if key not in data and key == "price_after":
            continue  # optional: the price said after the kWh
        try:
            out[key] = compile_cached(data[key])
        except re.error as exc:
            raise LexiconError(f"{PATH.name}: {key}: {exc}") from exc
    return out


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _price(text: str, language: str | None) -> tuple[float, str, bool] | None:
    """(price per kWh, currency, currency said) from the folded text, or None."""
    w = _words()
    m = w["price"].search(text) or (w["price_after"].search(text) if "price_after" in w else None)
    if m is None:
        return None
    amount = _number(m["num"])
    word = m["cur"] or m["pre"]
    currency = currency_named(word) if word else None
    if word in w["hundredths"]:
        amount /= 100
        currency = "GBP" if word in w["pence"] else None
    if not 0 < amount <= MAX_PRICE:
        return None
    return amount, currency or default_currency(language), currency is not None


def _hours(text: str) -> float | None:
    w = _words()
    if w["always"].search(text):
        return 24.0
    m = w["hours_per_day"].search(text)
    if m is None:
        return None
    h = _number(m["h"])
    return h if 0 < h <= 24 else None


def read(question: str, language: str | None) -> PowerAsked | None:
    """The price per kWh and the hours a day the question states; None when it states neither."""
    text = fold(question)
    price = _price(text, language)
    hours = _hours(text)
    if price is None and hours is None:
        return None
    amount, currency, said = price if price is not None else (None, None, False)
    return PowerAsked(price_kwh=amount, currency=currency, currency_said=said, hours_per_day=hours)
