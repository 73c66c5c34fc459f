"""Decode speed once the conversation has filled a long context.

Each new token reads the weights (what the one-request speed measures, at an almost empty context) and the
whole conversation cache so far. Both reads go through the same memory at the same effective bandwidth (the
one the profile's speed implies, as estimator/users.py counts a user's cache), so

    tok_s(depth) = tok_s(0) / (1 + cache_bytes(depth) / bytes_read_per_token)

A mixture of experts reads only its active weights per token but the whole cache, so a long context costs it
relatively more. Pure functions.
"""

from __future__ import annotations

from .memory import GIB


def slowdown(cache_gib: float, read_gb: float) -> float:
    """How many times slower a token is with `cache_gib` (GiB) of cache read beside `read_gb` (1e9 bytes) of
    weights; 1 with no cache."""
    if read_gb <= 0 or cache_gib <= 0:
        return 1.0
    return 1.0 + cache_gib * GIB / 1e9 / read_gb


def tok_s_at_depth(tok_s: float, cache_gib: float, read_gb: float) -> float:
    """The one-request decode speed once `cache_gib` of conversation cache is filled."""
    return tok_s / slowdown(cache_gib, read_gb)
