"""Display rounding (ESTIMATOR.md §6): round half up; tok/s integer from 100, one decimal below."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

# Beyond this magnitude a float has no fractional digits left to round, and Decimal's 28-digit
# context would refuse to quantize it; such values are returned as they are.
_NOTHING_TO_ROUND = 1e15


def round_half_up(value: float, digits: int = 0) -> float:
    # Non-finite or huge values have nothing to round (and Decimal would raise on them).
    if not math.isfinite(value) or abs(value) >= _NOTHING_TO_ROUND:
        return value
    # Through repr so 0.15 rounds as written (0.2), not as its binary value (0.1499…).
    exp = Decimal(1).scaleb(-digits)
    try:
        return float(Decimal(repr(value)).quantize(exp, rounding=ROUND_HALF_UP))
    except InvalidOperation:  # pragma: no cover - guarded above; kept so display can never crash
        return value


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
