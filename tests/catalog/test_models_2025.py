"""Open-weight models of 2025 added to the curated catalog: shapes from their published config.json files.

Every golden number below is typed from the cited source (the config values quoted in each record's
provenance, the model card, or a fact sheet that reads the same config), never from the program.
"""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from catalog.builtin import load_builtin_models
from tests.catalog.test_resolve import model_resolver

BY_NAME = {m.name: m for m in load_builtin_models()}
PROFILES = ("reference", "measured")

# name: (layers, hidden, heads, kv_heads, head_dim, vocab, max_context, experts, experts_per_token)
SHAPES = {
    "MiniMax-M2": (62, 3072, 48, 8, 128, 200064, 196608, 256, 8),
    "NVIDIA Nemotron Nano 9B v2": (56, 4480, 40, 8, 128, 131072, 131072, None, None),
    "Granite-4.0-H-Small": (40, 4096, 32, 8, 128, 100352, 131072, 72, 10),
    "Seed-OSS-36B": (64, 5120, 80, 8, 128, 155136, 524288, None, None),
    "ERNIE-4.5-21B-A3B": (28, 2560, 20, 4, 128, 103424, 131072, 64, 6),
    "Gemma 3 270M": (18, 640, 4, 1, 256, 262144, 32768, None, None),
    "Qwen3-VL 4B": (36, 2560, 32, 8, 128, 151936, 262144, None, None),
    "Qwen3-VL 8B": (36, 4096, 32, 8, 128, 151936, 262144, None, None),
    "Qwen3-VL 32B": (64, 5120, 64, 8, 128, 151936, 262144, None, None),
    "Qwen3-VL-30B-A3B": (48, 2048, 32, 4, 128, 151936, 262144, 128, 8),
    "Qwen3-VL-235B-A22B": (94, 4096, 64, 4, 128, 151936, 262144, 128, 8),
    "Llama-3.3-Nemotron-Super-49B": (80, 8192, 64, 8, 128, 128256, 131072, None, None),
    "Qwen3.6-35B-A3B": (40, 2048, 16, 2, 256, 248320, 262144, 256, 8),
    "Qwen3.6 27B": (64, 5120, 24, 4, 256, 248320, 262144, None, None),
    "Granite-4.0-H-Tiny": (40, 1536, 12, 4, 128, 100352, 131072, 64, 6),
    "Llama-3.1-Nemotron-Nano-8B": (32, 4096, 32, 8, 128, 128256, 131072, None, None),  # Llama 3.1 8B's shape
    "Hermes 4 70B": (80, 8192, 64, 8, 128, 128256, 131072, None, None),  # Llama 3.1 70B's shape
    "Hermes 4 405B": (126, 16384, 128, 8, 128, 128256, 131072, None, None),  # Llama 3.1 405B's shape
    "DeepSeek-V3.2": (61, 7168, 128, 128, 128, 129280, 4096 * 40, 256, 8),  # original_seq_len × rope_factor
    "NVIDIA Nemotron 3 Nano 30B-A3B": (52, 2688, 32, 2, 128, 131072, 262144, 128, 6),
    "ERNIE-4.5-300B-A47B": (54, 8192, 64, 8, 128, None, 131072, 64, 8),  # vocabulary not seen: left out
}

# name: (total B, active B or None) as the model cards (or names) state them
SIZES = {
    "MiniMax-M2": (230.0, 10.0),
    "NVIDIA Nemotron Nano 9B v2": (9.0, None),
    "Granite-4.0-H-Small": (32.2, 8.8),  # 32,188,252,160 / 8,784,035,840 counted from the config
    "Seed-OSS-36B": (36.0, None),
    "ERNIE-4.5-21B-A3B": (21.0, 3.0),
    "Gemma 3 270M": (0.27, None),
    "Qwen3-VL-30B-A3B": (30.0, 3.0),
    "Qwen3-VL-235B-A22B": (235.0, 22.0),
    "Llama-3.3-Nemotron-Super-49B": (49.0, None),
    "Qwen3.6-35B-A3B": (35.0, 3.0),
    "Qwen3.6 27B": (27.0, None),
    "Granite-4.0-H-Tiny": (7.0, 1.0),
    "DeepSeek-V3.2": (671.0, 37.0),
    "NVIDIA Nemotron 3 Nano 30B-A3B": (31.6, 3.2),
    "ERNIE-4.5-300B-A47B": (300.0, 47.0),
}


@pytest.mark.parametrize("name", SHAPES)
def test_the_loader_keeps_the_published_shape(name):
    m = BY_NAME[name]
    a = m.architecture
    layers, hidden, heads, kv, hd, vocab, ctx, experts, per_token = SHAPES[name]
    assert (a.layers, a.hidden_size, a.attention_heads, a.kv_heads, a.head_dim) == (layers, hidden, heads, kv, hd)
    assert (a.vocab_size, a.max_context) == (vocab, ctx)
    assert (a.experts, a.experts_per_token) == (experts, per_token)
    assert a.source.startswith("https://huggingface.co/") and a.source.endswith("/config.json")
    assert m.provenance["architecture"].source == "config"


@pytest.mark.parametrize("name", SIZES)
def test_parameters_match_the_card(name):
    total, active = SIZES[name]
    m = BY_NAME[name]
    assert (m.params_b, m.active_params_b) == (total, active)


def _cache_bytes_per_token(name: str) -> int:
    """K and V at 16-bit for every attention layer, ignoring any window."""
    return sum(g.layers * 2 * (g.kv_heads or BY_NAME[name].architecture.kv_heads)
               * (g.head_dim or BY_NAME[name].architecture.head_dim) * 2
               for g in BY_NAME[name].architecture.attention if g.kind in ("full", "sliding"))


def test_cache_per_token_matches_the_published_fact_sheets():
    # LLM Architecture Gallery: MiniMax M2 "248 KiB", Gemma 3 270M "18 KiB" of KV cache per token;
    # the Granite-4.0-H-Small worked example: 16,384 bytes per token from its 4 attention layers.
    assert _cache_bytes_per_token("MiniMax-M2") == 248 * 1024
    assert _cache_bytes_per_token("Gemma 3 270M") == 18 * 1024
    assert _cache_bytes_per_token("Granite-4.0-H-Small") == 16_384
    # Gallery: Qwen3.6 35B-A3B "20 KiB", Qwen3.6 27B "64 KiB" (their full-attention layers only).
    assert _cache_bytes_per_token("Qwen3.6-35B-A3B") == 20 * 1024
    assert _cache_bytes_per_token("Qwen3.6 27B") == 64 * 1024


def test_hybrid_layer_mixes_follow_the_config_patterns():
    # Nemotron Nano 9B v2: hybrid_override_pattern has 27 "M", 4 "*" and 25 "-" (MLP-only) blocks.
    nano = BY_NAME["NVIDIA Nemotron Nano 9B v2"].architecture
    mamba_state = 128 * 80 * 128 * 2 + (128 * 80 + 2 * 8 * 128) * (4 - 1) * 2  # heads·head_dim·state + conv
    assert sorted((g.kind, g.layers, g.state_bytes) for g in nano.attention) == [
        ("full", 4, None), ("linear", 25, 0), ("linear", 27, mamba_state)]
    # Granite-4.0-H-Small: layer_types count 36 "mamba" and 4 "attention"; d_inner = 2 × 4096.
    granite = BY_NAME["Granite-4.0-H-Small"].architecture
    state = 2 * 4096 * 128 * 2 + (2 * 4096 + 2 * 1 * 128) * (4 - 1) * 2
    assert sorted((g.kind, g.layers, g.state_bytes) for g in granite.attention) == [
        ("full", 4, None), ("linear", 36, state)]
    # Nemotron Super 49B: of 80 block_configs, 49 keep attention and 31 have attention "no_op".
    sup = BY_NAME["Llama-3.3-Nemotron-Super-49B"].architecture
    assert sorted((g.kind, g.layers, g.state_bytes) for g in sup.attention) == [("full", 49, None), ("linear", 31, 0)]
    # Qwen3.6: 3 Gated DeltaNet layers per gated attention layer; value heads 32 (35B-A3B) / 48 (27B), key heads 16.
    for name, v_heads, n in (("Qwen3.6-35B-A3B", 32, 10), ("Qwen3.6 27B", 48, 16)):
        state = v_heads * 128 * 128 * 2 + (2 * 16 * 128 + v_heads * 128) * (4 - 1) * 2
        groups = sorted((g.kind, g.layers, g.state_bytes) for g in BY_NAME[name].architecture.attention)
        assert groups == [("full", n, None), ("linear", 3 * n, state)], name
    # Granite-4.0-H-Tiny: the same 36 + 4 layout with 48 Mamba heads of 64 (d_inner 3072).
    tiny = BY_NAME["Granite-4.0-H-Tiny"].architecture
    state = 48 * 64 * 128 * 2 + (48 * 64 + 2 * 1 * 128) * (4 - 1) * 2
    kinds = sorted((g.kind, g.layers, g.state_bytes) for g in tiny.attention)
    assert kinds == [("full", 4, None), ("linear", 36, state)]
    # Nemotron 3 Nano: pattern MEMEM*EMEMEM*… has 23 "M", 6 "*" and 23 "E" (MoE-only) blocks; 64 Mamba heads of 64.
    n3 = BY_NAME["NVIDIA Nemotron 3 Nano 30B-A3B"].architecture
    state = 64 * 64 * 128 * 2 + (64 * 64 + 2 * 8 * 128) * (4 - 1) * 2
    assert sorted((g.kind, g.layers, g.state_bytes) for g in n3.attention) == [
        ("full", 6, None), ("linear", 23, 0), ("linear", 23, state)]
    assert _cache_bytes_per_token("NVIDIA Nemotron 3 Nano 30B-A3B") == 6 * 1024  # the gallery's "6 KiB"
    # DeepSeek-V3.2: MLA on all 61 layers, latent 512 + RoPE key 64, as in V3 (the indexer key is not counted).
    ds = BY_NAME["DeepSeek-V3.2"].architecture
    assert [(g.kind, g.layers, g.latent_dim, g.rope_dim) for g in ds.attention] == [("mla", 61, 512, 64)]
    # Gemma 3 270M: 5 sliding (512 tokens) per global layer over 18 layers.
    gemma = BY_NAME["Gemma 3 270M"].architecture
    assert sorted((g.kind, g.layers, g.window) for g in gemma.attention) == [("full", 3, None), ("sliding", 15, 512)]


TYPED = [
    ("minimax m2", "MiniMax-M2"),
    ("qwen3 vl 8b", "Qwen3-VL 8B"),
    ("Qwen3-VL-30B-A3B-Instruct", "Qwen3-VL-30B-A3B"),
    ("granite 4 small", "Granite-4.0-H-Small"),
    ("nemotron nano 9b v2", "NVIDIA Nemotron Nano 9B v2"),
    ("kimi k2 thinking", "Kimi K2"),
    ("gemma 3 270m", "Gemma 3 270M"),
    ("seed oss 36b", "Seed-OSS-36B"),
    ("ERNIE-4.5-21B-A3B-PT", "ERNIE-4.5-21B-A3B"),
    ("Qwen3-235B-A22B-Instruct-2507", "Qwen3-235B-A22B"),
    ("qwen3 4b instruct 2507", "Qwen3 4B"),
    ("magistral small 1.2", "Magistral Small"),
    ("deepseek v3.1 terminus", "DeepSeek-V3.1"),
    ("nemotron super", "Llama-3.3-Nemotron-Super-49B"),
    ("Llama-3_3-Nemotron-Super-49B-v1_5", "Llama-3.3-Nemotron-Super-49B"),
    ("qwen3.6 35b", "Qwen3.6-35B-A3B"),
    ("qwen 3.6 27b", "Qwen3.6 27B"),
    ("granite 4 tiny", "Granite-4.0-H-Tiny"),
    ("nemotron nano 8b", "Llama-3.1-Nemotron-Nano-8B"),
    ("phi-4-reasoning-plus", "Phi-4-reasoning"),  # litgpt's copies of both config.json files are identical
    ("Phi-4-mini-reasoning", "Phi-4-mini"),
    ("hermes 4 70b", "Hermes 4 70B"),
    ("deepseek v3.2 exp", "DeepSeek-V3.2"),
    ("deepseek v3", "DeepSeek-V3"),  # the older release keeps its own name
    ("nemotron 3 nano", "NVIDIA Nemotron 3 Nano 30B-A3B"),
    ("minimax m2.5", "MiniMax-M2"),  # same MiniMaxM2ForCausalLM network
    ("glm 4.7", "GLM-4.6"),  # same 355B / 32B network and context
    ("ernie 4.5 300b", "ERNIE-4.5-300B-A47B"),
]


@pytest.mark.parametrize(("typed", "name"), TYPED)
def test_the_names_people_type_resolve(typed, name):
    assert model_resolver().resolve(typed).best.name == name


# A 3090 has 24 GB: the 9B, 8B, 270M, 21B-A3B and 35B-A3B (about 20 GB at 4-bit) fit it; 230B and 235B do not at any
# level.
FITS = {"NVIDIA Nemotron Nano 9B v2": True, "Qwen3-VL 8B": True, "Gemma 3 270M": True,
        "ERNIE-4.5-21B-A3B": True, "Qwen3.6-35B-A3B": True, "MiniMax-M2": False, "Qwen3-VL-235B-A22B": False}
ASKED = {"NVIDIA Nemotron Nano 9B v2": "nemotron nano 9b v2", "Qwen3-VL 8B": "qwen3 vl 8b",
         "Gemma 3 270M": "gemma 3 270m", "ERNIE-4.5-21B-A3B": "ernie 4.5 21b", "MiniMax-M2": "minimax m2",
         "Qwen3-VL-235B-A22B": "qwen3 vl 235b a22b", "Qwen3.6-35B-A3B": "qwen3.6 35b a3b"}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", FITS)
def test_can_i_run_it_on_a_3090_under_both_profiles(engine: Engine, name: str, profile: str):
    answer = engine.ask(f"can i run {ASKED[name]} on a 3090", "en", AskOptions(profile=profile))
    assert answer.intent == "can_run" and answer.facts["model"]["name"] == name
    assert answer.facts["profile"] == profile
    if FITS[name]:
        row = answer.facts["row"]
        assert row["card"] == "GeForce RTX 3090" and row["need_gb"] <= 24.0 and not answer.facts.get("short_gb")
        assert answer.text.startswith("**Yes**")
    else:
        assert answer.facts["short_gb"] > 0
        assert answer.text.startswith("**No**")
