"""Properties a user relies on, for any model and any card (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from answers.knowledge.profiles import load_profile
from estimator.display import round_half_up
from estimator.model import ModelSize
from estimator.ranking import Query, rate_all
from tests.conftest import FakeCard

params = st.floats(min_value=0.05, max_value=2000, allow_nan=False)
cards = st.builds(
    FakeCard,
    vendor=st.sampled_from(["NVIDIA", "AMD", "Intel", "ATI"]),
    memory_gb=st.floats(min_value=4, max_value=300),
    bandwidth_gbps=st.floats(min_value=50, max_value=10000),
    architecture=st.sampled_from(["Pascal", "Ampere", "Maxwell 2.0", "RDNA 3.0", None]),
)
contexts = st.integers(min_value=1, max_value=1_000_000)
profiles = st.sampled_from(["reference", "measured"])


@cache
def _profile(name: str):  # noqa: ANN202 — one instance per profile for the whole module
    return load_profile(name)


def one(model: ModelSize, card: FakeCard, context: int = 4096, profile: str = "reference"):
    return rate_all(Query(model, context=context, profile=_profile(profile)), [card])[0]


@given(params, params, cards, profiles)
def test_bigger_model_never_needs_less_nor_runs_faster(a, b, card, profile):
    small, big = sorted((a, b))
    rs, rb = one(ModelSize(small), card, profile=profile), one(ModelSize(big), card, profile=profile)
    if rb.runs:
        assert rs.runs
        # at the same level the bigger model needs at least as much and is no faster
        p = _profile(profile)
        assert p.need_gb(ModelSize(big), rb.quant, 4096) >= p.need_gb(ModelSize(small), rb.quant, 4096)
        assert rb.tok_s <= rs.tok_s * (1 + 1e-9) or rb.quant.rank > rs.quant.rank


@given(params, cards, st.floats(min_value=1.0, max_value=10.0), profiles)
def test_more_bandwidth_never_slows_a_card(p, card, factor, profile):
    slow = one(ModelSize(p), card, profile=profile)
    fast = one(ModelSize(p), replace(card, bandwidth_gbps=card.bandwidth_gbps * factor), profile=profile)
    assert slow.runs == fast.runs
    if slow.runs:
        assert fast.tok_s >= slow.tok_s


@given(params, cards, st.floats(min_value=1.0, max_value=10.0), profiles)
def test_more_memory_never_loses_a_fit(p, card, factor, profile):
    small = one(ModelSize(p), card, profile=profile)
    big = one(ModelSize(p), replace(card, memory_gb=card.memory_gb * factor), profile=profile)
    if small.runs:
        assert big.runs
        assert big.quant.rank <= small.quant.rank


@given(params, contexts, contexts, profiles)
def test_longer_context_never_needs_less(p, c1, c2, profile):
    from estimator.quants import quant

    short, long_ = sorted((c1, c2))
    prof = _profile(profile)
    q = quant("Q4_K_M")
    assert prof.need_gb(ModelSize(p), q, long_) >= prof.need_gb(ModelSize(p), q, short)


@given(params, st.one_of(st.none(), st.floats(min_value=0.01, max_value=1.0)), contexts)
def test_reference_fast_path_equals_the_generic_rules(p, active_share, context):
    from catalog.gpus import load_gpu_records
    from estimator.profile import REFERENCE
    from estimator.quants import quant
    from estimator.ranking import rate

    cards = _CARDS or _CARDS.extend(load_gpu_records()) or _CARDS
    model = ModelSize(p, p * active_share if active_share else None)
    query = Query(model, context=context)
    fast = rate_all(query, cards)
    levels = query.levels()
    needs = [REFERENCE.need_gb(model, lv, context) for lv in levels]
    miss = REFERENCE.need_gb(model, quant(REFERENCE.miss_quant), context)
    slow = [rate(REFERENCE, model, c, levels, needs, miss) for c in cards]  # usable_gb, fit, tok_s, tok_range
    assert fast == slow


_CARDS: list = []


@given(st.floats(min_value=-1e14, max_value=1e14, allow_nan=False), st.integers(min_value=0, max_value=3))
def test_display_rounding_rounds_the_written_value_half_up(value, digits):
    """Every figure is rounded as it is written, half up (ESTIMATOR.md §6): 0.15 → 0.2, 2.5 → 3."""
    written = Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    assert round_half_up(value, digits) == float(written)


@given(st.integers(min_value=-10**6, max_value=10**6), st.integers(min_value=0, max_value=3))
def test_display_rounding_on_the_tie(n, digits):
    """Values written exactly on the tie ("x.x5") go up, though most are stored a hair below it."""
    value = float(f"{n}.{'0' * digits}5")
    step = 10.0 ** -digits
    assert abs(round_half_up(value, digits) - (n + (step if n >= 0 else -step))) < step / 1000
