"""Prefill rules that depend on how an engine runs the prompt (estimator/prefill.py): MLX's fused attention only
for some head sizes (DeepSeek's latent attention computed unfused, over every query head), the attention width
from the query heads, and llama.cpp's micro-batch pipeline over a layer split. Figures by independent arithmetic
from the data file and public rows."""

from __future__ import annotations

import json

import pytest

from estimator.model import FfnShape, InvalidInput, LayerGroup, Layout, ModelSize
from estimator.prefill import PrefillConstants, attention_width, fused, pipelined_seconds, prefill
from estimator.quants import BY_NAME
from tests.conftest import ROOT, FakeCard

RAW = json.loads((ROOT / "estimator" / "data" / "prefill_constants.json").read_text("utf-8"))
C = PrefillConstants.from_dict(RAW)
PIPE = C.pipeline
# DeepSeek R1's published config: 61 MLA layers, hidden 7,168, 128 query heads, values 128 wide, rope 64.
R1 = ModelSize(671.0, 37.0, layout=Layout((LayerGroup("mla", 61, 128, 128, latent_dim=512, rope_dim=64),),
                                          hidden_size=7168, ffn=FfnShape(moe_intermediate=2048, experts=256,
                                                                         attention_heads=128)))
# Qwen3-30B-A3B's: 48 layers, hidden 2,048 but 32 query heads of 128 (a query width of 4,096).
QWEN3_30B = ModelSize(30.5, 3.3, layout=Layout((LayerGroup("full", 48, 4, 128),), hidden_size=2048,
                                               ffn=FfnShape(moe_intermediate=768, experts=128, attention_heads=32)))
LLAMA_70B = ModelSize(70.6, layout=Layout((LayerGroup("full", 80, 8, 128),), hidden_size=8192,
                                          ffn=FfnShape(intermediate=28672, attention_heads=64)))
M3_ULTRA = FakeCard(name="Apple M3 Ultra 512 GB", vendor="Apple", memory_gb=512.0, bandwidth_gbps=819.0,
                    architecture="Apple M3", memory_type="LPDDR5", unified_memory=True)


def test_attention_width_is_query_heads_times_head_size() -> None:
    """The public rows the fall with length is fitted on give L·w as query heads × head size (Qwen3-30B-A3B:
    48 × 4,096), so a layout's hidden size (2,048) must not stand in for it."""
    assert attention_width(QWEN3_30B, C) == 48 * 32 * 128
    # Latent attention over every query head: keys of 128 + 64, values of 128.
    assert attention_width(R1, C) == 61 * 128 * (128 + 64 + 128) / 2


def test_mlx_fuses_only_some_head_sizes() -> None:
    dims = C.fused_head_dims["mlx"]
    assert fused(LLAMA_70B, dims)
    assert not fused(R1, dims)  # keys 192 wide, values 128: never the fused kernel
    wide = ModelSize(27.0, layout=Layout((LayerGroup("full", 16, 4, 256), LayerGroup("linear", 48)), hidden_size=5120))
    assert not fused(wide, dims)  # head size 256
    assert fused(ModelSize(8.0), dims)  # shape unknown: nothing to say otherwise


def test_mlx_reads_deepseek_r1_at_its_public_pace() -> None:
    """Public MLX run (DeepSeek R1 4-bit, M3 Ultra 512 GB): 13,140 prompt tokens at 59.6 tokens/s, where
    llama.cpp's Metal rows of the same model read pp4096 at 160. The MLX figure must be the slower one, near
    the public row, and inside its own range; a dense Llama with 128-wide heads is not touched."""
    q4 = BY_NAME["Q4_K_M"]
    mlx = prefill(R1, M3_ULTRA, q4, 13140, C, engine="mlx")
    cpp = prefill(R1, M3_ULTRA, q4, 13140, C)
    assert not mlx.flash_attention and cpp.flash_attention
    assert mlx.tok_s < cpp.tok_s / 2
    assert 59.6 / 1.3 <= mlx.tok_s <= 59.6 * 1.3
    assert mlx.tok_s_low <= 59.6 <= mlx.tok_s_high
    dense = prefill(LLAMA_70B, M3_ULTRA, q4, 32768, C, engine="mlx")
    assert dense.tok_s == pytest.approx(prefill(LLAMA_70B, M3_ULTRA, q4, 32768, C).tok_s)


def test_pipeline_over_a_layer_split() -> None:
    """llama.cpp PR 6017: a 2,048-token batch in four micro-batches of 512 over two equal cards takes
    (2 + 3) half-card steps instead of 4 × 2: 1.6× one card's pace; over four cards 16/7; one micro-batch
    (pp512) gains nothing; a slow card sets the steady pace."""
    assert PIPE is not None and (PIPE.n_batch, PIPE.n_ubatch, PIPE.max_copies) == (2048, 512, 4)
    one = 1 / 1000  # seconds per token on one card
    assert 1 / pipelined_seconds([one / 2, one / 2], 2048, PIPE) == pytest.approx(1600)
    assert 1 / pipelined_seconds([one / 4] * 4, 8192, PIPE) == pytest.approx(1000 * 16 / 7)
    assert 1 / pipelined_seconds([one / 2, one / 2], 512, PIPE) == pytest.approx(1000)
    assert pipelined_seconds([0.2e-3, 0.6e-3], 2048, PIPE) == pytest.approx((0.8e-3 + 3 * 0.6e-3) / 4)
    with pytest.raises(InvalidInput):
        pipelined_seconds([], 2048, PIPE)


M4_MAX = FakeCard(name="Apple M4 Max 64 GB", vendor="Apple", memory_gb=64.0, bandwidth_gbps=546.0,
                  architecture="Apple M4", memory_type="LPDDR5X", unified_memory=True)


def test_mlx_reads_moe_prompts_with_its_own_factor() -> None:
    """mlx-lm's BENCHMARKS.md (M4 Max 64 GB): Qwen3-30B-A3B 4-bit pp2048 1,754 tok/s, where llama.cpp's Metal
    figure is about two thirds of it. MLX's MoE factor replaces Metal's: the estimate moves by their ratio and
    the public row is near it and inside its range; a dense model is not moved."""
    q4 = BY_NAME["Q4_K_M"]
    ratio = RAW["fit"]["moe_by_backend"]["Apple/Metal"] / RAW["moe_by_engine"]["mlx"]["factor"]
    short = prefill(QWEN3_30B, M4_MAX, q4, 1, C, engine="mlx").tok_s / prefill(QWEN3_30B, M4_MAX, q4, 1, C).tok_s
    assert short == pytest.approx(ratio, rel=1e-3)  # a one-token prompt: the MoE factors' ratio alone
    mlx = prefill(QWEN3_30B, M4_MAX, q4, 2048, C, engine="mlx")
    assert 1754 / 1.3 <= mlx.tok_s <= 1754 * 1.3 and mlx.tok_s_low <= 1754 <= mlx.tok_s_high
    dense = ModelSize(4.0)
    assert prefill(dense, M4_MAX, q4, 2048, C, engine="mlx").tok_s == prefill(dense, M4_MAX, q4, 2048, C).tok_s


def test_a_model_with_its_own_prompt_factor() -> None:
    """DeepSeek V4's prompts read slower than its 13B active weights say (hyper-connections, the sparse-attention
    indexer): its factor, fitted on rounds 4-6, multiplies the speed; another model of the same size is not moved."""
    v4 = ModelSize(284.0, 13.0, name="DeepSeek-V4-Flash")
    same = ModelSize(284.0, 13.0, name="Some-MoE-284B")
    q2 = BY_NAME["Q2_K"]
    got = prefill(v4, M4_MAX, q2, 2048, C).tok_s
    assert got == pytest.approx(prefill(same, M4_MAX, q2, 2048, C).tok_s * RAW["model_factor"]["DeepSeek-V4"]["factor"])
    assert got < prefill(same, M4_MAX, q2, 2048, C).tok_s
