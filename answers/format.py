"""Numbers and dates for readers, through Babel, with the display rounding of ESTIMATOR.md §6."""

from __future__ import annotations

import datetime as dt

from functools import cache

from babel import Locale
from babel.dates import format_date
from babel.numbers import NumberPattern, parse_pattern

from estimator.display import round_gb, round_range, round_tok_s, tok_s_digits


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


@cache
def _pattern(text: str) -> NumberPattern:
    # Parsed once: babel's format_decimal re-parses its pattern on every call, which dominates tables.
    return parse_pattern(text)


def _fixed(value: float, digits: int, locale: str) -> str:
    return _pattern("#,##0" + ("." + "0" * digits if digits else "")).apply(value, _locale(locale))


def tok_s(value: float, locale: str = "en") -> str:
    """968 · 3,388 · 97.6 · 18.8 (3.388 in it/de/es, 3 388 in fr)."""
    return _fixed(round_tok_s(value), tok_s_digits(value), locale)


def gb(value: float, locale: str = "en") -> str:
    return _fixed(round_gb(value), 1, locale)


def memory(value: float, locale: str = "en") -> str:
    """Card memory as the catalog states it: 12, 80, 0.5 (no forced decimals)."""
    return _pattern("#,##0.##").apply(value, _locale(locale))


def integer(value: float, locale: str = "en") -> str:
    return _fixed(round_range(value), 0, locale)


def tok_range(low: float, high: float, locale: str = "en") -> str:
    return f"{integer(low, locale)}–{integer(high, locale)}"


def month(value: dt.date | None, locale: str = "en") -> str:
    return format_date(value, "MMM y", locale=locale) if value else "—"


def day(value: dt.date | None, locale: str = "en") -> str:
    return format_date(value, "long", locale=locale) if value else "—"


def flop(value: float, locale: str = "en") -> str:
    """1.8 × 10²⁴ — scientific with superscript exponent, mantissa localized."""
    mantissa_text, exponent_text = f"{value:.1e}".split("e")
    mantissa, exponent = float(mantissa_text), int(exponent_text)
    sup = str(exponent).translate(str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"))
    return f"{_fixed(mantissa, 1, locale)} × 10{sup}"
