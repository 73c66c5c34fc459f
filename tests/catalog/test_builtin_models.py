"""The built-in model catalog: complete, self-consistent, with provenance for every fact group."""

from __future__ import annotations

import re

import pytest

from catalog.builtin import load_builtin_models

MODELS = load_builtin_models()
REFERENCE_FIVE = ("GLIDE", "gLM", "GLA Transformer 1.3B", "TiTok-L", "GLM-4.5V")
FAMILIES = ("Llama 2", "Llama 3", "Llama 3.1", "Llama 3.2", "Llama 3.3", "Llama 4", "Qwen2.5", "Qwen3", "Mistral 7B",
            "Mixtral", "Mistral Small", "Mistral Nemo", "Gemma 2", "Gemma 3", "Phi-3", "Phi-4", "DeepSeek-V2",
            "DeepSeek-V3", "DeepSeek-R1", "DeepSeek-R1-Distill", "gpt-oss-20b", "gpt-oss-120b", "GLM-4.5",
            "GLM-4.5-Air", "Kimi K2", "Command R", "Falcon", "Yi", "OLMo", "SmolLM")


def test_at_least_150_popular_models_plus_the_reference_five():
    names = [m.name for m in MODELS]
    assert len(MODELS) >= 155
    for name in REFERENCE_FIVE:
        assert name in names
    for family in FAMILIES:
        assert any(n.startswith(family) for n in names), family


def test_names_and_aliases_are_unique():
    seen: dict[str, str] = {}
    for m in MODELS:
        for label in (m.name, *m.aliases):
            key = label.casefold()
            assert seen.setdefault(key, m.name) == m.name, f"{label!r} names both {seen[key]} and {m.name}"


@pytest.mark.parametrize("m", MODELS, ids=lambda m: m.name)
def test_entry_is_complete_and_consistent(m):
    assert m.params_b and 0.01 <= m.params_b <= 3000, "parameter count in billions"
    assert m.organization and m.publication_date and m.weights and m.provenance
    if m.active_params_b is not None:
        assert m.active_params_b < m.params_b
    if m.name in REFERENCE_FIVE:
        # the reference pages have no attention layout for these: their numbers must stay size-only
        assert m.architecture is None
        return
    a = m.architecture
    if a is None:
        return
    assert sum(g.layers for g in a.attention) == a.layers
    assert a.kv_heads <= a.attention_heads and a.attention_heads % a.kv_heads == 0
    if not any(g.kind in ("linear", "mla") for g in a.attention):  # Mamba/MLA heads are not hidden-sized
        # heads × head_dim is the hidden size in most models; GLM-4.5-Air goes to 3× (96 × 128 on 4,096)
        assert 0.5 <= a.head_dim * a.attention_heads / a.hidden_size <= 3.0
    if m.active_params_b is not None and a.experts:
        assert a.experts_per_token and a.experts_per_token <= a.experts
    assert re.match(r"https://huggingface\.co/", a.source)
    assert "architecture" in m.provenance


def test_known_shapes_from_published_configs():
    # Independent figures from the published config.json files (num_hidden_layers, num_key_value_heads).
    by = {m.name: m for m in MODELS}
    l8 = by["Llama 3.1 8B"].architecture
    assert (l8.layers, l8.hidden_size, l8.attention_heads, l8.kv_heads, l8.head_dim) == (32, 4096, 32, 8, 128)
    q = by["Qwen3-30B-A3B"]
    qa = q.architecture
    assert (qa.layers, qa.kv_heads, qa.experts, qa.experts_per_token) == (48, 4, 128, 8)
    ds = by["DeepSeek-V3"].architecture
    assert ds.layers == 61 and {g.kind for g in ds.attention} == {"mla"} and ds.attention[0].latent_dim == 512
    oss = by["gpt-oss-20b"].architecture
    assert oss.layers == 24 and {(g.kind, g.window) for g in oss.attention} == {("full", None), ("sliding", 128)}
