"""Fixed reference exchange rates (catalog/data/exchange_rates.json), checked at load.

Launch prices are in US dollars; a budget said in euros, pounds or reais is turned into dollars with
the rates of one stated day (ECB euro reference rates). They are approximations, and answers say so.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from pathlib import Path

import msgspec

RATES_FILE = Path(__file__).with_name("data") / "exchange_rates.json"
CURRENCIES = ("USD", "EUR", "GBP", "BRL")  # the currencies a budget can be said in


class RatesError(ValueError):
    """The rates file is malformed; the message names the file and the problem."""


class Rates(msgspec.Struct, frozen=True, kw_only=True):
    """The file's rates (a msgspec Struct: checked by `msgspec.convert`, the rules in `__post_init__`)."""

    date: dt.date
    source: str
    base: str
    per_euro: dict[str, float]

    def __post_init__(self) -> None:
        if not self.source.strip():
            raise ValueError("a source is required")
        missing = sorted(set(CURRENCIES) - {"EUR"} - set(self.per_euro))
        if missing:
            raise ValueError(f"missing rate(s) {', '.join(missing)}")
        bad = sorted(k for k, r in self.per_euro.items() if not (0 < r < 1e6))
        if bad:
            raise ValueError(f"rate(s) not a positive number: {', '.join(bad)}")

    def usd_per_unit(self, currency: str) -> float:
        """US dollars for one unit of `currency` (through the euro, as the ECB quotes)."""
        if currency == "USD":
            return 1.0
        per_euro = 1.0 if currency == "EUR" else self.per_euro[currency]
        return self.per_euro["USD"] / per_euro

    def to_usd(self, amount: float, currency: str) -> float:
        return amount * self.usd_per_unit(currency)


def read_rates(path: Path = RATES_FILE) -> Rates:
    where = f"catalog/data/{path.name}"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RatesError(f"{where}: cannot be read ({exc})") from exc
    if not isinstance(raw, dict):
        raise RatesError(f"{where}: must be an object")
    raw = {k: v for k, v in raw.items() if not k.startswith("_")}
    try:
        rates = msgspec.convert(raw, Rates)
    except msgspec.ValidationError as exc:
        raise RatesError(f"{where}: {exc}") from exc
    if rates.base != "EUR":
        raise RatesError(f"{where}: rates must be quoted per euro (base EUR), not {rates.base!r}")
    return rates


@cache
def rates() -> Rates:
    """The shipped rates, read once on first use (never at import)."""
    return read_rates()
