"""The routed experts' share of a mixture of experts' active parameters, from its config (estimator.moe_share):
what expert offload moves to RAM. Golden figures are worked by hand from the published configs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from catalog.builtin import load_builtin_models
from estimator.model import FfnShape, LayerGroup, Layout, ModelSize
from estimator.moe_share import MAX_SHARE, MIN_SHARE, _from_counts, _from_shape, expert_share_active

FALLBACK = 0.55

_SIZES = [s for s in (model_size(r) for r in load_builtin_models()) if s is not None and s.is_moe]


def _deepseek_v3(with_shape: bool) -> ModelSize:
    # huggingface.co/deepseek-ai/DeepSeek-V3 config.json: 61 layers, first_k_dense_replace 3, hidden 7168,
    # moe_intermediate_size 2048, n_routed_experts 256, num_experts_per_tok 8, n_shared_experts 1
    ffn = FfnShape(intermediate=18432, moe_intermediate=2048, experts=256, shared_experts=1, first_dense=3)
    layout = Layout((LayerGroup("mla", 61, 128, 192, latent_dim=512, rope_dim=64),), 129280, 7168,
                    ffn if with_shape else None, routed_experts=256, experts_per_token=8)
    return ModelSize(671.0, 37.0, layout, name="DeepSeek-V3")


def test_from_the_ffn_shape_deepseek_v3() -> None:
    # 58 MoE layers x 8 experts x 3 matrices x 7168 x 2048 = 20.4 B of 37 B active
    assert expert_share_active(_deepseek_v3(True), FALLBACK) == pytest.approx(58 * 8 * 3 * 7168 * 2048 / 37e9)
    assert expert_share_active(_deepseek_v3(True), FALLBACK) == pytest.approx(0.5525, abs=0.001)


def test_from_the_counts_when_no_ffn_shape() -> None:
    # every skipped parameter is a routed expert: (671 - 37) x 8 / 248 = 20.45 B of 37 B
    assert expert_share_active(_deepseek_v3(False), FALLBACK) == pytest.approx(634 * 8 / 248 / 37)


def test_fallback_dense_and_bounds() -> None:
    assert expert_share_active(ModelSize(116.8, 5.1), FALLBACK) == FALLBACK  # no routing on record
    assert expert_share_active(ModelSize(70.0), FALLBACK) == 0.0  # dense: nothing is an expert
    odd = ModelSize(100.0, 1.0, Layout((LayerGroup("full", 10, 8, 128),), routed_experts=64, experts_per_token=8))
    assert expert_share_active(odd, FALLBACK) == MAX_SHARE  # a count that says more than all: capped


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_SIZES))
def test_every_catalog_moe_has_a_share_and_both_ways_agree(model: ModelSize) -> None:
    share = expert_share_active(model, FALLBACK)
    assert MIN_SHARE <= share <= MAX_SHARE
    active = model.active_params_b
    assert active is not None
    shape, counts = _from_shape(model, active), _from_counts(model, active)
    if shape is not None and counts is not None:  # two readings of one config: the same experts
        assert shape == pytest.approx(counts, rel=0.1)


def test_catalog_shares_are_below_the_old_flat_figure_for_most_models() -> None:
    shares = sorted(expert_share_active(m, FALLBACK) for m in _SIZES)
    assert shares[len(shares) // 2] < 0.7  # the old flat 0.7 was above the median model's share
