"""Display rounding (ESTIMATOR.md §6): round half up; tok/s integer from 100, one decimal below."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache

# Beyond this magnitude a float has no fractional digits left to round, and Decimal's 28-digit
# context would refuse to quantize it; such values are returned as they are.
_NOTHING_TO_ROUND = 1e15


def round_half_up(value: float, digits: int = 0) -> float:
    # Non-finite or huge values have nothing to round (and Decimal would raise on them).
    if not math.isfinite(value) or abs(value) >= _NOTHING_TO_ROUND:
        return value
    # Rounded as written (its repr), so 0.15 gives 0.2, not 0.1 as its binary value 0.1499… would.
    # The two differ only when the written value ends exactly on the tie (a 5 in the first dropped
    # place and nothing after it): a repr with more digits lies on the same side of the tie as the
    # binary value (else the tie, shorter, would have been the repr). Off the tie, `round`, which
    # rounds the binary value correctly, gives the same figure without building two Decimals: the
    # figures of an answer with its 818-card table are rounded thousands of times.
    written = repr(value)
    point = written.find(".")
    if point < 0 or "e" in written or digits < 0:
        return _decimal_half_up(value, digits)
    dropped = len(written) - point - 1 - digits
    if dropped <= 0:
        return float(value)
    if dropped > 1 or written[-1] != "5":
        return round(value, digits)
    return _decimal_half_up(value, digits)


def _decimal_half_up(value: float, digits: int) -> float:
    try:
        return float(Decimal(repr(value)).quantize(_step(digits), rounding=ROUND_HALF_UP))
    except InvalidOperation:  # pragma: no cover - guarded above; kept so display can never crash
        return value


@cache
def _step(digits: int) -> Decimal:
    return Decimal(1).scaleb(-digits)


def tok_s_digits(value: float) -> int:
    return 0 if round_half_up(value, 1) >= 100 else 1


def round_tok_s(value: float) -> float:
    return round_half_up(value, tok_s_digits(value))


def round_gb(value: float) -> float:
    return round_half_up(value, 1)


def round_range(value: float) -> int:
    rounded = round_half_up(value, 0)
    # int() of inf/nan raises; a display of "no bound" keeps the largest representable figure.
    if math.isfinite(rounded):
        return int(rounded)
    return 0 if math.isnan(rounded) else int(math.copysign(1e308, rounded))
