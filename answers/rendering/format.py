"""Numbers and dates for readers: the one number formatter (answers, tables, the CLI).

Numbers get the display rounding of ESTIMATOR.md §6, then the locale's CLDR number pattern
("#,##0" with a fixed count of decimals, or "#,##0.##" for card memory) with the locale's own
group and decimal symbols from Babel. Fixed-decimal patterns are applied with Python's fixed-point
formatting and Babel's symbols — what Babel's pattern would print (tests/answers/test_answers.py checks
thousands of values against Babel itself) at a twentieth of the cost, which matters for tables of
818 rows. Results are memoized: tables repeat the same few values.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from functools import cache, lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from answers.knowledge import cache as disk_cache
from estimator.display import round_gb, round_range, round_tok_s, tok_s_digits

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern


@cache
def _locale(code: str) -> Locale:
    # lazy: Babel loads on first use: a short English answer may need none of it
    from babel import Locale

    return Locale.parse(code)


@cache
def _pattern(text: str) -> NumberPattern:
    # Parsed once: babel's format_decimal re-parses its pattern on every call.
    # lazy: imported on first use: most answers need none
    from babel.numbers import parse_pattern

    return parse_pattern(text)


@cache
def _symbols(locale: str) -> dict[int, str]:
    """str.translate table from Python's "," and "." to the locale's group and decimal symbols.

    The two symbols are Babel's; they are kept in answers.cache, keyed by the installed CLDR data
    file, because loading a locale's whole CLDR data for them costs a short command ~4 MB and
    several ms."""
    # The data file is found without importing Babel; a new Babel installs new files, hence new keys.
    spec = find_spec("babel")
    data = Path(spec.origin).with_name("locale-data") / f"{locale}.dat" if spec and spec.origin else None
    try:
        stat = data.stat() if data else None
    except OSError:
        stat = None
    key = f"babel-{locale}-{stat.st_size}-{stat.st_mtime_ns}-number-symbols.json" if stat else None
    cached = disk_cache.read(key) if key else None
    try:
        group, decimal = json.loads(cached) if cached is not None else (None, None)
        if not (isinstance(group, str) and isinstance(decimal, str)):
            group = decimal = None
    except (ValueError, TypeError):  # an unreadable entry: read the symbols from Babel again
        group = decimal = None
    if group is None or decimal is None:
        loc = _locale(locale)
        symbols = loc.number_symbols.get("latn", loc.number_symbols)
        group, decimal = symbols["group"], symbols["decimal"]
        if key:
            disk_cache.write(key, json.dumps([group, decimal]).encode())
    return str.maketrans({",": group, ".": decimal})


def _fixed(value: float, digits: int, locale: str) -> str:
    """Babel's "#,##0[.0…]" for a value already rounded to `digits` decimals."""
    return f"{value:,.{digits}f}".translate(_symbols(locale))


@lru_cache(maxsize=1 << 15)
def tok_s(value: float, locale: str = "en") -> str:
    """968 · 3,388 · 97.6 · 18.8 (3.388 in it/de/es, 3 388 in fr)."""
    return _fixed(round_tok_s(value), tok_s_digits(value), locale)


def tok_s_below(value: float, limit: float, locale: str = "en") -> str:
    """A speed the sentence says is below `limit` ("crawl at about 2.9 tokens per second (below 3)"):
    rounded as any speed, except that one the rounding would lift to the limit or above keeps its digits
    cut instead, so 2.97 under a limit of 3 reads 2.9, never "3.0 (below 3)"."""
    shown = round_tok_s(value)
    if not (value < limit <= shown):
        return tok_s(value, locale)
    return _fixed(math.floor(value * 10) / 10, 1, locale)


@lru_cache(maxsize=1 << 15)
def gb(value: float, locale: str = "en") -> str:
    return _fixed(round_gb(value), 1, locale)


@lru_cache(maxsize=1 << 12)
def memory(value: float, locale: str = "en") -> str:
    """Card memory as the catalog states it: 12, 80, 0.5 (no forced decimals)."""
    if float(value).is_integer():
        return _fixed(value, 0, locale)
    return _pattern("#,##0.##").apply(value, _locale(locale))


@lru_cache(maxsize=1 << 12)
def share(value: float, locale: str = "en") -> str:
    """A machine's memory share worked out rather than stated (two thirds of a 16 GB Mac): 96, 10.7 — at
    most one decimal, since "about 10.67 GB" claims a precision the share does not have."""
    return memory(round_gb(value), locale)


@lru_cache(maxsize=1 << 15)
def integer(value: float, locale: str = "en") -> str:
    return _fixed(round_range(value), 0, locale)


def decimal(value: float, digits: int = 1, locale: str = "en") -> str:
    """A plain decimal with a fixed count of digits (no display rounding rule of its own)."""
    return _pattern("#,##0." + "0" * digits).apply(value, _locale(locale))


def percent(value: float, locale: str = "en") -> str:
    return _pattern(_locale(locale).percent_formats[None].pattern).apply(value, _locale(locale))


def tok_range(low: float, high: float, locale: str = "en") -> str:
    return f"{integer(low, locale)}–{integer(high, locale)}"


def month(value: dt.date | None, locale: str = "en") -> str:
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.dates import format_date

    return format_date(value, "MMM y", locale=locale) if value else "—"


def day(value: dt.date | None, locale: str = "en") -> str:
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.dates import format_date

    return format_date(value, "long", locale=locale) if value else "—"


@lru_cache(maxsize=1 << 10)
def usd(value: float, locale: str = "en") -> str:
    """A price in whole US dollars in the locale's currency pattern: $1,999 · 1.999 USD · 1 999 $US."""
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.numbers import format_currency

    pattern = _locale(locale).currency_formats["standard"].pattern.replace(".00", "")
    return format_currency(round(value), "USD", pattern, locale=_locale(locale), currency_digits=False)



@lru_cache(maxsize=1 << 10)
def money(value: float, currency: str, locale: str = "en") -> str:
    """An amount in whole units of `currency` in the locale's pattern: €500 · 500 € · R$ 2.000 · £300."""
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.numbers import format_currency

    pattern = _locale(locale).currency_formats["standard"].pattern.replace(".00", "")
    return format_currency(round(value), currency, pattern, locale=_locale(locale), currency_digits=False)


def unit_price(value: float, currency: str, locale: str = "en") -> str:
    """A price per unit with its cents, in the locale's pattern: $0.30 · 0,25 € · R$ 0,90 (a kWh's tariff)."""
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.numbers import format_currency

    return format_currency(value, currency, locale=_locale(locale))


@lru_cache(maxsize=64)
def currency_name(currency: str, locale: str = "en") -> str:
    """"US dollars", "euro", "libras esterlinas": the currency's name in the locale (Babel, plural form)."""
    # lazy: Babel costs ~0.3 s to import and only some answers format dates, currencies or locale names
    from babel.numbers import get_currency_name

    name = get_currency_name(currency, count=2, locale=_locale(locale))
    # CLDR capitalizes some names as a standalone label ("Euros" in pt); inside a sentence they are lower case.
    return name[:1].lower() + name[1:] if locale == "pt" else name


@lru_cache(maxsize=64)
def language_name(code: str, locale: str = "en") -> str:
    """"Spanish", "spagnolo", "espagnol": an ISO 639-1 language's name in the locale (Babel, CLDR), lower case
    inside a sentence where the locale writes it so (every one here but English and German)."""
    name = _locale(locale).languages.get(code, code)
    return name if locale in ("en", "de") else name[:1].lower() + name[1:]


def flop(value: float, locale: str = "en") -> str:
    """1.8 × 10²⁴ — scientific with superscript exponent, mantissa localized."""
    mantissa_text, exponent_text = f"{value:.1e}".split("e")
    mantissa, exponent = float(mantissa_text), int(exponent_text)
    sup = str(exponent).translate(str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻"))
    return f"{_fixed(mantissa, 1, locale)} × 10{sup}"


def language_names(codes: list[str], locale: str = "en") -> str:
    """"German, French and Italian": languages by ISO 639-1 code, named and listed as the locale does (CLDR)."""
    # lazy: Babel on first use (see currency_name)
    from babel.lists import format_list

    return format_list([language_name(c, locale) for c in codes], locale=_locale(locale)) if codes else ""
