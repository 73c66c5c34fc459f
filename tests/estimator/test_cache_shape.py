"""Why a cache is the size it is (estimator.memory.cache_shape): the KiB it grows by per token past the
sliding window is exactly what the layout's cache adds per token, for any layout (hypothesis), and the
published configs give the figures people quote: gpt-oss-120b 36 KiB per token (18 full layers × 8 KV heads
× 64 × 2 × 2 bytes; huggingface.co/openai/gpt-oss-120b config.json), Llama 3 70B 320 KiB (80 × 8 × 128 × 4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from estimator.memory import GIB, cache_shape, layout_cache_gb
from estimator.model import LayerGroup, Layout

full = st.builds(LayerGroup, kind=st.just("full"), layers=st.integers(1, 120), kv_heads=st.integers(1, 64),
                 head_dim=st.sampled_from([64, 80, 96, 128, 256]))
sliding = st.builds(LayerGroup, kind=st.just("sliding"), layers=st.integers(1, 120), kv_heads=st.integers(1, 64),
                    head_dim=st.sampled_from([64, 128, 256]), window=st.sampled_from([128, 512, 1024, 4096]))
mla = st.builds(LayerGroup, kind=st.just("mla"), layers=st.integers(1, 80), latent_dim=st.sampled_from([256, 512]),
                rope_dim=st.sampled_from([0, 64]))


@given(st.lists(st.one_of(full, sliding, mla), min_size=1, max_size=4))
def test_the_growth_per_token_is_what_the_cache_adds_past_the_window(groups: list[LayerGroup]) -> None:
    layout = Layout(groups=tuple(groups))
    shape = cache_shape(layout)
    if shape is None:
        assert all(g.kind == "sliding" for g in groups)
        return
    past = max([g.window or 0 for g in groups] + [4096])
    grown = (layout_cache_gb(layout, past + 1000) - layout_cache_gb(layout, past)) * GIB / 1000 / 1024
    assert shape.kb_per_token == pytest.approx(grown, rel=1e-9)
    assert shape.layers == sum(g.layers for g in groups)
    assert shape.growing_layers + shape.sliding_layers == shape.layers


def test_a_model_of_sliding_layers_only_has_nothing_growing() -> None:
    assert cache_shape(Layout(groups=(LayerGroup("sliding", 10, 8, 64, window=512),))) is None


def test_published_configs_give_the_figures_people_quote() -> None:
    oss = Layout(groups=(LayerGroup("sliding", 18, 8, 64, window=128), LayerGroup("full", 18, 8, 64)))
    llama70 = Layout(groups=(LayerGroup("full", 80, 8, 128),))
    a, b = cache_shape(oss), cache_shape(llama70)
    assert a is not None and b is not None
    assert (a.kb_per_token, a.sliding_layers, a.window, a.kv_heads, a.head_dim) == (36, 18, 128, 8, 64)
    assert b.kb_per_token == 320 and b.sliding_layers == 0
