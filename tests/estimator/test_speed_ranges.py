"""The stated range of a setup's figure per kind of setup (setup_constants.json `speed_ranges`, fitted on the
public held-out rows by benchmarks/heldout_setups.py): a card + RAM split of a mixture of experts, the CPU alone,
several cards. The range says how far public runs of that kind fell from the figure, so a wider spread is
stated as a wider range."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from msgspec.structs import replace

from answers.knowledge.profiles import load_profile, load_setup_constants
from benchmarks.heldout_setups import OUTLIER, fit, kind_of
from estimator.cpu_only import cpu_row
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.setup_constants import DEFAULT_RANGE, SetupConstants
from estimator.setups import Device, Setup, rate_setup
from tests.conftest import FakeCard

DATA = Path(__file__).resolve().parents[2] / "estimator" / "data" / "setup_constants.json"
RAW = json.loads(DATA.read_text())
C = load_setup_constants()
RTX3090 = FakeCard("RTX 3090", "NVIDIA", 24.0, 936.0, "Ampere")
BIG_MOE = ModelSize(235.0, 22.0, name="Big MoE")


def test_the_shipped_ranges_are_read_and_hold_the_figure() -> None:
    for kind in ("cpu_only", "offload_moe", "layer", "tensor"):
        low, high = C.speed_range(kind)
        assert (low, high) == (RAW["speed_ranges"][kind]["low"], RAW["speed_ranges"][kind]["high"])
        assert 0 < low < 1 < high
    assert C.speed_range("offload_dense") == DEFAULT_RANGE  # too few public rows: not fitted


@pytest.mark.parametrize("bad", [{"offload_moe": {"low": 1.2, "high": 2.0}},  # does not hold the figure
                                 {"offload_moe": {"low": 0.5, "high": 0.9}},
                                 {"quad_socket": {"low": 0.5, "high": 2.0}}])  # a kind no rule reads
def test_a_range_that_cannot_be_used_is_refused_at_load(bad: dict) -> None:
    with pytest.raises(ValueError, match="speed_ranges"):
        SetupConstants.from_dict({**RAW, "speed_ranges": bad})


def test_expert_offload_states_the_spread_public_runs_show() -> None:
    p = load_profile("measured")
    row = rate_setup(p, BIG_MOE, Setup((Device(RTX3090),), ram_gb=128.0, ram_type="DDR4"), constants=C)
    assert row.fit == "offload" and row.tok_s
    low, high = C.speed_range("offload_moe")
    assert row.tok_s_low == pytest.approx(low * row.tok_s) and row.tok_s_high == pytest.approx(high * row.tok_s)
    # a wider fitted spread widens the stated range, never moves the figure
    wide = replace(C, speed_ranges={**C.speed_ranges, "offload_moe": (0.3, 3.0)})
    again = rate_setup(p, BIG_MOE, Setup((Device(RTX3090),), ram_gb=128.0, ram_type="DDR4"), constants=wide)
    assert again.tok_s == pytest.approx(row.tok_s)
    assert again.tok_s_high == pytest.approx(3.0 * row.tok_s)


def test_the_cpu_alone_states_its_own_spread() -> None:
    p = load_profile("measured")
    row = cpu_row(C, p, ModelSize(30.5, 3.3, name="Small MoE"), quant("Q4_K_M"), ram_gb=64.0, ram_type="DDR5")
    low, high = C.speed_range("cpu_only")
    assert row.tok_s_low == pytest.approx(low * row.tok_s) and row.tok_s_high == pytest.approx(high * row.tok_s)


def test_two_cards_take_the_wider_of_the_cards_and_the_splits_spread() -> None:
    p = load_profile("measured")
    row = rate_setup(p, ModelSize(32.0, name="Dense 32B"), Setup((Device(RTX3090, 2),)), constants=C)
    assert row.why == "split" and row.tok_s
    _, high = C.speed_range("layer")
    assert row.tok_s_high >= high * row.tok_s - 1e-9
    assert row.tok_s_low < row.tok_s < row.tok_s_high


def test_the_fit_is_the_central_spread_holding_the_figure_without_far_misses() -> None:
    ratios = [0.5 + 0.05 * i for i in range(21)]  # 0.5 … 1.5
    low, high = fit(ratios) or (0.0, 0.0)
    assert low == pytest.approx(0.6) and high == pytest.approx(1.4)  # the central 80%
    assert fit(ratios + [1 / (2 * OUTLIER)] * 5) == (low, high)  # a different run, not spread
    assert fit([1.2] * 12) == (1.0, 1.2)  # widened to hold the figure itself
    assert fit([1.0] * 3) is None  # too few rows: not fitted


@pytest.mark.parametrize(("facts", "kind"), [
    ({"cpu_only": True}, "cpu_only"),
    ({"model": {"active_params_b": 22.0}, "row": {"why": "offload"}}, "offload_moe"),
    ({"model": {"active_params_b": None}, "row": {"why": "card", "fit": "no"},
      "offload_assumed": {"outcome": "runs", "row": {"why": "offload"}}}, "offload_dense"),
    ({"model": {}, "row": {"why": "split", "gpu_count": 2, "split": "tensor"}}, "tensor"),
    ({"model": {}, "row": {"why": "split", "gpu_count": 4, "split": "layer"}}, "layer"),
    ({"model": {}, "row": {"why": "card", "gpu_count": 1}}, None),
])
def test_each_answer_is_scored_against_the_range_of_its_kind(facts: dict, kind: str | None) -> None:
    assert kind_of(facts) == kind
