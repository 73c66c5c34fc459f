"""Decode speed at a filled context (estimator/long_context.py): it only falls as the cache grows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from estimator.long_context import slowdown, tok_s_at_depth


@settings(max_examples=60, deadline=None)
@given(tok=st.floats(1, 500), a=st.floats(0, 200), b=st.floats(0, 200), read=st.floats(0.1, 400))
def test_decode_speed_only_falls_as_the_cache_grows(tok: float, a: float, b: float, read: float) -> None:
    small, big = sorted((a, b))
    assert tok_s_at_depth(tok, big, read) <= tok_s_at_depth(tok, small, read) <= tok
    assert slowdown(0, read) == 1.0
