"""One cell of an Epoch AI snapshot → a typed value: dates, numbers, lists, links and names.

Split from the record building (catalog.epoch) so the rules for Epoch's spellings (a bare year as a
date, "4327.0" as a whole number, roll-ups that repeat a value per organization, wrapped names) sit
together and can be read and tested on their own. A cell that cannot be read raises
`EpochFormatError` naming its column and line.
"""

from __future__ import annotations

import math
import re
from datetime import date

from .epoch_source import EpochFormatError

_DATE_RE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[ T].*)?$")


def parse_date(value: str, column: str, line: int) -> date | None:
    """ISO date, tolerating a bare year ("2023" → 2023-01-01), a month ("2023-04" → 04-01) and a
    trailing time ("2025-11-28 10:00:00+00:00" → the date part)."""
    if not value:
        return None
    m = _DATE_RE.match(value)
    if not m:
        raise EpochFormatError(line, f"{column} {value!r} is not a date (expected YYYY-MM-DD)")
    year, month, day = int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)
    try:
        return date(year, month, day)
    except ValueError as exc:
        raise EpochFormatError(line, f"{column} {value!r} is not a valid date ({exc})") from None


def parse_float(value: str, column: str, line: int) -> float | None:
    """A non-negative finite number, or None for an empty cell."""
    if not value:
        return None
    try:
        number = float(value)
    except ValueError:
        raise EpochFormatError(line, f"{column} {value!r} is not a number") from None
    if not math.isfinite(number):
        raise EpochFormatError(line, f"{column} {value!r} is not a finite number")
    if number < 0:
        raise EpochFormatError(line, f"{column} {value!r} is negative")
    return number


def parse_number(value: str, column: str, line: int) -> float | None:
    """Like parse_float, but 0 means "none recorded" in Epoch's sheet (a finetune compute of 0,
    a dataset size of 0), and the record fields are strictly positive, so it maps to None."""
    return parse_float(value, column, line) or None


_THOUSANDS_RE = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$")


def parse_data_size(value: str, column: str, line: int) -> float | None:
    """Dataset size. Epoch's "(total)" column is a roll-up that sometimes lists one value per
    linked dataset ("4400000000000,4400000000000"); we take the largest, since the total is at
    least that and repeated entries are the common case."""
    if "," in value and not _THOUSANDS_RE.match(value):
        parts = [parse_number(p.strip(), column, line) for p in value.split(",") if p.strip()]
        known = [p for p in parts if p is not None]
        return max(known) if known else None
    return parse_number(value.replace(",", ""), column, line)


def parse_int(value: str, column: str, line: int) -> int | None:
    """A whole number, tolerating the float spelling Epoch exports ("4327.0")."""
    number = parse_float(value, column, line)
    if number is None:
        return None
    if number != int(number):
        raise EpochFormatError(line, f"{column} {value!r} is not a whole number")
    return int(number)


def parse_list(value: str) -> list[str]:
    """A comma-separated cell as its distinct items, in the order written."""
    out: list[str] = []
    for item in value.split(","):
        item = item.strip()
        if item and item not in out:
            out.append(item)
    return out


def dedupe_joined(value: str | None) -> str | None:
    """Epoch's roll-up columns repeat a value once per linked organization ("China,China")."""
    if not value:
        return None
    return ",".join(parse_list(value)) or None


def first_link(value: str) -> str | None:
    """Epoch sometimes stacks several links in one cell, one per line; the first URL is the primary."""
    for token in value.split():
        if token.startswith(("http://", "https://")):
            return token
    lines = [line.strip() for line in value.splitlines() if line.strip()]
    return lines[0] if lines else None


def clean_name(value: str) -> str:
    """Names carry stray newlines, tabs and NBSPs in the sheet; a line break after a hyphen is a
    wrapped word ("Cosmos-1.0-\\nDiffusion"), so it joins without a space."""
    value = re.sub(r"-[ \t]*\r?\n\s*", "-", value)
    return " ".join(value.split())

