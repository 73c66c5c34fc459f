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


class ShopGap(msgspec.Struct, frozen=True):
    """How many times a currency's shop prices exceed the converted US launch price, with its source."""

    ratio: float
    source: str


class Rates(msgspec.Struct, frozen=True, kw_only=True):
    """The file's rates (a msgspec Struct: checked by `msgspec.convert`, the rules in `__post_init__`)."""

    date: dt.date
    source: str
    base: str
    per_euro: dict[str, float]
    shop_over_launch: dict[str, ShopGap] = msgspec.field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.source.strip():
            raise ValueError("a source is required")
        missing = sorted(set(CURRENCIES) - {"EUR"} - set(self.per_euro))
        if missing:
            raise ValueError(f"missing rate(s) {', '.join(missing)}")
        gaps = sorted(k for k, g in self.shop_over_launch.items()
                      if k not in CURRENCIES or not (1 <= g.ratio < 10) or not g.source.strip())
        if gaps:
            raise ValueError("shop_over_launch needs a known currency, a ratio from 1 to 10 and a source: "
                             + ", ".join(gaps))
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
