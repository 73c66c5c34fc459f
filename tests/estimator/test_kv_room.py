"""The longest context that fits: bisection over a need that grows with the context (independent arithmetic)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from estimator.kv_room import STEP, longest_context


def test_a_linear_need_gives_its_own_inverse() -> None:
    # 5 GB of weights and 0.125 MiB a token (128 KiB): 10 GB hold (10 - 5) / (128 / 2**20) = 40,960 tokens
    need = lambda c: 5.0 + c * 128 / 2**20  # noqa: E731
    assert longest_context(need, 10.0, 131072) == 40960


def test_nothing_fits_and_everything_fits() -> None:
    assert longest_context(lambda c: 20.0, 10.0, 131072) == 0
    assert longest_context(lambda c: 1.0, 10.0, 131072) == 131072


@given(st.floats(0.0, 30.0), st.floats(1e-6, 1e-3), st.floats(1.0, 80.0))
def test_the_answer_fits_and_one_block_more_does_not(base: float, per_token: float, room: float) -> None:
    need = lambda c: base + per_token * c  # noqa: E731
    got = longest_context(need, room, 262144)
    assert got % STEP == 0
    if got:
        assert need(got) <= room
    if got < 262144:
        assert need(got + STEP) > room
