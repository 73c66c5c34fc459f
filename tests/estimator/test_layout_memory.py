"""Architecture-aware cache: computed from the attention layout when it is on record."""

from __future__ import annotations

import pytest

from answers.knowledge.catalog_view import model_size
from catalog.builtin import load_builtin_models
from estimator.memory import RUNTIME_ALLOWANCE_GB, weights_gb
from estimator.model import LayerGroup, Layout, ModelSize
from estimator.profile import REFERENCE
from estimator.quants import quant

BY_NAME = {m.name: m for m in load_builtin_models()}
GIB = 2**30


def need(m: ModelSize, level: str, context: int) -> float:
    return REFERENCE.need_gb(m, quant(level), context)


def test_full_attention_cache_at_128k_is_2_layers_kvheads_headdim_context_2_bytes():
    llama = model_size(BY_NAME["Llama 3.1 8B"])
    # 2 (K and V) · 32 layers · 8 KV heads · 128 dims · 131,072 tokens · 2 bytes = 16 GiB
    expected_cache = 2 * 32 * 8 * 128 * 131072 * 2 / GIB
    assert expected_cache == 16.0
    assert need(llama, "Q8_0", 131072) == pytest.approx(weights_gb(8.03, 8.5) + RUNTIME_ALLOWANCE_GB + 16.0)
    assert REFERENCE.cache_kind(llama) == "layout"


def test_sliding_window_layers_stop_growing_at_the_window():
    oss = model_size(BY_NAME["gpt-oss-20b"])
    grow = need(oss, "Q8_0", 131072) - need(oss, "Q8_0", 65536)
    # only the 12 full-attention layers grow: 2 · 12 · 8 · 64 · 65,536 · 2 bytes
    assert grow == pytest.approx(2 * 12 * 8 * 64 * 65536 * 2 / GIB)


def test_latent_attention_caches_latent_plus_rope_per_layer():
    ds = model_size(BY_NAME["DeepSeek-V3"])
    grow = need(ds, "Q4_K_M", 8192) - need(ds, "Q4_K_M", 4096)
    assert grow == pytest.approx(61 * (512 + 64) * 4096 * 2 / GIB)


def test_linear_layers_hold_a_fixed_state():
    layout = Layout((LayerGroup("linear", 4, state_bytes=1_000_000), LayerGroup("full", 2, kv_heads=2, head_dim=64)))
    m = ModelSize(1.0, layout=layout)
    grow = need(m, "Q8_0", 10_000) - need(m, "Q8_0", 5_000)
    assert grow == pytest.approx(2 * 2 * 2 * 64 * 5_000 * 2 / GIB)


def test_models_without_layout_keep_the_reference_size_estimate():
    glm = model_size(BY_NAME["GLM-4.5V"])
    assert glm.layout is None and REFERENCE.cache_kind(glm) == "size"
    assert need(glm, "Q8_0", 4096) == pytest.approx(110.8, abs=0.05)  # the page shows 110.8 GB
