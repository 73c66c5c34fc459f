"""Decode speed at a filled context (estimator/long_context.py): it only falls as the cache grows."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from estimator.long_context import attention_gflops, attention_seconds, slowdown, tok_s_at_depth
from estimator.model import FfnShape, LayerGroup, Layout, ModelSize


@settings(max_examples=60, deadline=None)
@given(tok=st.floats(1, 500), a=st.floats(0, 200), b=st.floats(0, 200), read=st.floats(0.1, 400))
def test_decode_speed_only_falls_as_the_cache_grows(tok: float, a: float, b: float, read: float) -> None:
    small, big = sorted((a, b))
    assert tok_s_at_depth(tok, big, read) <= tok_s_at_depth(tok, small, read) <= tok
    assert slowdown(0, read) == 1.0


# Published configs (config.json on Hugging Face): Qwen3-Coder-30B-A3B 48 layers, 32 query heads, 4 KV heads of
# 128; DeepSeek-V3 61 layers, 128 heads, kv_lora_rank 512, qk_rope_head_dim 64; Gemma 3 4B 29 sliding layers
# (window 1024) and 5 full ones, 8 query heads of 256; Qwen3-Next's linear-attention layers keep no cache.
GQA = ModelSize(30.5, 3.3, layout=Layout((LayerGroup("full", 48, 4, 128),), ffn=FfnShape(attention_heads=32)))
MLA = ModelSize(671, 37, layout=Layout((LayerGroup("mla", 61, 128, 128, latent_dim=512, rope_dim=64),),
                                       ffn=FfnShape(attention_heads=128)))
SWA = ModelSize(4.3, layout=Layout((LayerGroup("sliding", 29, 4, 256, window=1024), LayerGroup("full", 5, 4, 256)),
                                   hidden_size=2560, ffn=FfnShape(attention_heads=8)))
LINEAR = ModelSize(80, 3, layout=Layout((LayerGroup("linear", 36, state_bytes=1000), LayerGroup("full", 12, 2, 256)),
                                        ffn=FfnShape(attention_heads=16)))


def test_attention_arithmetic_per_token_golden() -> None:
    d = 32768
    assert attention_gflops(GQA, d) == pytest.approx(48 * 4 * d * 32 * 128 / 1e9)  # 25.8 GFLOPs
    assert attention_gflops(MLA, d) == pytest.approx(61 * 2 * d * 128 * (2 * 512 + 64) / 1e9)  # 557 GFLOPs
    assert attention_gflops(SWA, d) == pytest.approx((29 * 4 * 1024 * 8 * 256 + 5 * 4 * d * 8 * 256) / 1e9)
    assert attention_gflops(LINEAR, d) == pytest.approx(12 * 4 * d * 16 * 256 / 1e9)  # the linear layers: none
    assert attention_gflops(ModelSize(8.0), d) == 0.0  # no layout: nothing counted
    # latent attention works ~20× harder per token than grouped-query attention for a cache 1/7 the size
    assert attention_gflops(MLA, d) / attention_gflops(GQA, d) > 20


def test_a_latent_attention_model_slows_with_depth_on_few_flops_golden() -> None:
    # DeepSeek-V3 at 16,384 tokens on a chip whose attention runs at 3.4 TFLOPS (28.3 × 0.12, an M3 Ultra):
    # 61 · 2 · 16384 · 128 · 1088 = 278 GFLOPs → 82 ms on top of a 62 ms token (16.2 tok/s): about 6.9 tok/s
    att = attention_seconds(MLA, 16384, 28.3 * 0.12)
    assert att == pytest.approx(278.4e9 / 3.396e12, rel=1e-3)
    assert tok_s_at_depth(16.2, 1.07, 22.0, att) == pytest.approx(1 / (1 / 16.2 * (1 + 1.07 * 1.073741824 / 22.0)
                                                                   + att), rel=1e-6)
    assert 6 < tok_s_at_depth(16.2, 1.07, 22.0, att) < 8
    assert attention_seconds(MLA, 16384, None) == 0.0 and attention_seconds(MLA, 16384, 0.0) == 0.0


@settings(max_examples=40, deadline=None)
@given(i=st.integers(0, 10_000), a=st.integers(0, 262_144), b=st.integers(0, 262_144), tok=st.floats(1, 400),
       tflops=st.floats(0.5, 100))
def test_deeper_context_is_never_faster_over_the_catalog(i: int, a: int, b: int, tok: float, tflops: float) -> None:
    models = _catalog_models()
    model = models[i % len(models)]
    small, big = sorted((a, b))
    assert attention_gflops(model, small) <= attention_gflops(model, big)
    slow = tok_s_at_depth(tok, big / 65536, 4.0, attention_seconds(model, big, tflops))
    fast = tok_s_at_depth(tok, small / 65536, 4.0, attention_seconds(model, small, tflops))
    assert slow <= fast <= tok


@cache
def _catalog_models() -> list[ModelSize]:
    from answers.knowledge.catalog_view import model_size
    from catalog.builtin import load_builtin_models

    return [model_size(m) for m in load_builtin_models()]
