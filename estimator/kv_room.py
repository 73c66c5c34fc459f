"""How long a context fits beside the weights: the memory need grows with the context through the KV cache
(and stops growing for the layers that keep only a sliding window), so the longest context that fits is found
by bisection over the need. Pure: the caller passes the need as a function of the context."""

from __future__ import annotations

from collections.abc import Callable

STEP = 256  # contexts are reported in whole blocks of this many tokens (llama.cpp pads its cache to 256)


def longest_context(need_at: Callable[[int], float], usable_gb: float, ceiling: int, step: int = STEP) -> int:
    """The longest context, a multiple of `step` at most `ceiling`, whose need is within `usable_gb`; 0 when not
    even one block fits. `need_at` must not decrease with the context (a cache only grows)."""
    if ceiling < step or need_at(step) > usable_gb:
        return 0
    lo, hi = 1, ceiling // step  # need_at(lo * step) fits; find the largest block count that does
    if need_at(hi * step) <= usable_gb:
        return hi * step
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if need_at(mid * step) <= usable_gb:
            lo = mid
        else:
            hi = mid
    return lo * step
