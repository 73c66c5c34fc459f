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
CURRENCIES = ("USD", "EUR", "GBP", "BRL")  # the currencies every rates file must hold (the ECB's table)


class RatesError(ValueError):
    """The rates file is malformed; the message names the file and the problem."""


class ShopGap(msgspec.Struct, frozen=True):
    """How many times a currency's shop prices exceed the converted US launch price, with its source."""

    ratio: float
    source: str


class OtherRates(msgspec.Struct, frozen=True, kw_only=True):
    """Currencies the ECB table does not hold (Mexican, Argentine, Chilean, Colombian pesos, rupees…): units
    for 1 US dollar, from one other dated snapshot with its source."""

    date: dt.date
    source: str
    per_usd: dict[str, float]


class Rates(msgspec.Struct, frozen=True, kw_only=True):
    """The file's rates (a msgspec Struct: checked by `msgspec.convert`, the rules in `__post_init__`)."""

    date: dt.date
    source: str
    base: str
    per_euro: dict[str, float]
    shop_over_launch: dict[str, ShopGap] = msgspec.field(default_factory=dict)
    others: OtherRates | None = None

    def __post_init__(self) -> None:
        if not self.source.strip() or (self.others is not None and not self.others.source.strip()):
            raise ValueError("a source is required")
        codes = [*self.per_euro, *(self.others.per_usd if self.others else ())]
        odd = sorted(c for c in codes if len(c) != 3 or not c.isalpha() or not c.isupper())
        if odd:
            raise ValueError(f"currency code(s) not three capital letters: {', '.join(odd)}")
        missing = sorted(set(CURRENCIES) - {"EUR"} - set(self.per_euro))
        if missing:
            raise ValueError(f"missing rate(s) {', '.join(missing)}")
        gaps = sorted(k for k, g in self.shop_over_launch.items()
                      if k not in self.currencies() or not (1 <= g.ratio < 10) or not g.source.strip())
        if gaps:
            raise ValueError("shop_over_launch needs a known currency, a ratio from 1 to 10 and a source: "
                             + ", ".join(gaps))
        bad = sorted(k for k, r in [*self.per_euro.items(), *(self.others.per_usd.items() if self.others else ())]
                     if not (0 < r < 1e6))
        if bad:
            raise ValueError(f"rate(s) not a positive number: {', '.join(bad)}")

    def currencies(self) -> frozenset[str]:
        """Every currency a budget can be said in: the ECB's, the other snapshot's, the euro and the dollar."""
        return frozenset({"USD", "EUR", *self.per_euro, *(self.others.per_usd if self.others else ())})

    def usd_per_unit(self, currency: str) -> float:
        """US dollars for one unit of `currency` (through the euro, as the ECB quotes; else the other table)."""
        if currency == "USD":
            return 1.0
        if currency == "EUR" or currency in self.per_euro:
            return self.per_euro["USD"] / (1.0 if currency == "EUR" else self.per_euro[currency])
        if self.others is None or currency not in self.others.per_usd:
            raise KeyError(currency)
        return 1.0 / self.others.per_usd[currency]

    def dated(self, currency: str) -> tuple[dt.date, str, bool]:
        """The day and source of `currency`'s rate, and whether it is the ECB's table."""
        if currency in ("USD", "EUR") or currency in self.per_euro or self.others is None:
            return self.date, self.source, True
        return self.others.date, self.others.source, False

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
