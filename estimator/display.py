"""Display rounding (ESTIMATOR.md §6): round half up; tok/s integer from 100, one decimal below."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def round_half_up(value: float, digits: int = 0) -> float:
    # Through repr so 0.15 rounds as written (0.2), not as its binary value (0.1499…).
    exp = Decimal(1).scaleb(-digits)
    return float(Decimal(repr(value)).quantize(exp, rounding=ROUND_HALF_UP))


def tok_s_digits(value: float) -> int:
    return 0 if round_half_up(value, 1) >= 100 else 1


def round_tok_s(value: float) -> float:
    return round_half_up(value, tok_s_digits(value))


def round_gb(value: float) -> float:
    return round_half_up(value, 1)


def round_range(value: float) -> int:
    return int(round_half_up(value, 0))
