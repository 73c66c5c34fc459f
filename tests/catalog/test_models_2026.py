"""Open-weight models of 2026 added to the curated catalog: what people type resolves, and the facts match the
sources cited in each record's provenance (model cards and fact sheets), never the program's own output.
"""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from catalog.builtin import load_builtin_models
from tests.catalog.test_resolve import model_resolver

BY_NAME = {m.name: m for m in load_builtin_models()}

# name: (total B, active B or None, context, licence, release) as the cited pages state them
FACTS = {
    "Gemma 4 31B": (30.7, None, 262144, "Apache-2.0", "2026-04-02"),
    "Gemma 4 26B-A4B": (25.2, 3.8, 262144, "Apache-2.0", "2026-04-02"),
    "GLM-5": (744.0, 40.0, 204800, "MIT", "2026-02-11"),
    "DeepSeek-V4-Flash": (284.0, 13.0, 1048576, "MIT", "2026-04-24"),
    "DeepSeek-V4-Pro": (1600.0, 49.0, None, "MIT", "2026-04-24"),
    "GLM-4.7-Flash": (31.0, 3.0, 202752, "MIT", "2026-01-19"),
    "Qwen3.5-35B-A3B": (35.0, 3.0, 262144, "Apache-2.0", "2026-02-24"),
    "Qwen3.5 27B": (27.0, None, 262144, "Apache-2.0", "2026-02-24"),
    "Qwen3-Coder-Next": (80.0, 3.0, 262144, "Apache-2.0", "2026-02-03"),
    "Kimi K2.5": (1040.0, 32.0, 262144, "Modified MIT", "2026-01-27"),
    "NVIDIA Nemotron 3 Super 120B-A12B": (120.0, 12.0, None, "NVIDIA Open Model License", "2026-03-11"),
    "Mistral Small 4": (119.0, 6.5, None, "Apache-2.0", "2026-03-16"),
    "Mistral Medium 3.5": (128.0, None, 262144, "Modified MIT", "2026-04-29"),
    "Devstral 2": (123.0, None, 262144, "Modified MIT", "2025-12-09"),
    "Devstral Small 2": (24.0, None, 262144, "Apache-2.0", "2025-12-09"),
    "Qwen3.5-122B-A10B": (122.0, 10.0, 262144, "Apache-2.0", "2026-02-24"),
    "Qwen3.5-397B-A17B": (397.0, 17.0, 262144, "Apache-2.0", "2026-02-16"),
    "GLM-5.1": (754.0, 40.0, 204800, "MIT", "2026-04-08"),
    "Qwen3.8 27B": (27.0, None, 262144, "Apache-2.0", "2026-08-14"),
    "Qwen3.8-Flash-Next": (176.0, 6.0, None, "Qwen Community License 1.0", "2026-08-26"),
}


@pytest.mark.parametrize("name", FACTS)
def test_the_facts_match_the_sources(name):
    total, active, context, licence, date = FACTS[name]
    m = BY_NAME[name]
    assert (m.params_b, m.active_params_b, m.license) == (total, active, licence)
    assert str(m.publication_date) == date
    assert (m.architecture.max_context if m.architecture else None) == context
    assert m.provenance["facts"].detail.count("https://") >= 1  # every record carries where it comes from


TYPED = [
    ("gemma 4 31b", "Gemma 4 31B"),
    ("gemma-4-31B-it", "Gemma 4 31B"),
    ("gemma4:31b", "Gemma 4 31B"),
    ("gemma 4 26b a4b", "Gemma 4 26B-A4B"),
    ("gemma-4-26B-A4B-it", "Gemma 4 26B-A4B"),
    ("gemma4:26b", "Gemma 4 26B-A4B"),
    ("deepseek v4 flash", "DeepSeek-V4-Flash"),
    ("DeepSeek-V4-Flash", "DeepSeek-V4-Flash"),
    ("deepseek-ai/DeepSeek-V4-Flash", "DeepSeek-V4-Flash"),
    ("deepseek v4 pro", "DeepSeek-V4-Pro"),
    ("deepseek-v4-pro", "DeepSeek-V4-Pro"),
    ("glm 5", "GLM-5"),
    ("glm-5", "GLM-5"),
    ("zai-org/GLM-5", "GLM-5"),
    ("qwen3.6 27b", "Qwen3.6 27B"),
    ("qwen3.5 27b", "Qwen3.5 27B"),
    ("Qwen3.5-27B-FP8", "Qwen3.5 27B"),
    ("qwen3.5 35b a3b", "Qwen3.5-35B-A3B"),
    ("qwen3.5:35b", "Qwen3.5-35B-A3B"),
    ("qwen3 coder next", "Qwen3-Coder-Next"),
    ("Qwen/Qwen3-Coder-Next", "Qwen3-Coder-Next"),
    ("glm 4.7 flash", "GLM-4.7-Flash"),
    ("GLM-4.7-Flash", "GLM-4.7-Flash"),
    ("glm 4.7", "GLM-4.6"),  # the big GLM-4.7 stays GLM-4.6's network; Flash is its own
    ("kimi k2.5", "Kimi K2.5"),
    ("moonshotai/Kimi-K2.5", "Kimi K2.5"),
    ("kimi k2", "Kimi K2"),  # the older release keeps its own name
    ("nemotron 3 super", "NVIDIA Nemotron 3 Super 120B-A12B"),
    ("nvidia/NVIDIA-Nemotron-3-Super-120B-A12B", "NVIDIA Nemotron 3 Super 120B-A12B"),
    ("nemotron super 49b", "Llama-3.3-Nemotron-Super-49B"),
    ("mistral small 4", "Mistral Small 4"),
    ("Mistral-Small-4-119B-2603", "Mistral Small 4"),
    ("mistral medium 3.5", "Mistral Medium 3.5"),
    ("mistralai/Mistral-Medium-3.5-128B", "Mistral Medium 3.5"),
    ("devstral 2", "Devstral 2"),
    ("Devstral-2-123B-Instruct-2512", "Devstral 2"),
    ("devstral small 2", "Devstral Small 2"),
    ("devstral-small-2:24b", "Devstral Small 2"),
    ("qwen3.5 122b", "Qwen3.5-122B-A10B"),
    ("Qwen/Qwen3.5-122B-A10B", "Qwen3.5-122B-A10B"),
    ("qwen3.5 397b", "Qwen3.5-397B-A17B"),
    ("qwen3.5:397b", "Qwen3.5-397B-A17B"),
    ("glm 5.1", "GLM-5.1"),
    ("zai-org/GLM-5.1", "GLM-5.1"),
    ("qwen3.8 27b", "Qwen3.8 27B"),
    ("Qwen/Qwen3.8-27B", "Qwen3.8 27B"),
    ("qwen3.8 flash next", "Qwen3.8-Flash-Next"),
    ("Qwen3.8-Flash-Next", "Qwen3.8-Flash-Next"),
]


@pytest.mark.parametrize(("typed", "name"), TYPED)
def test_the_names_people_type_resolve(typed, name):
    assert model_resolver().resolve(typed).best.name == name


def test_the_gemma_4_layer_mix_follows_the_5_to_1_pattern():
    # 60 layers (31B) and 30 (26B-A4B), one global layer per five sliding ones of 1,024 tokens; the global layers
    # have 512-wide heads, 4 (31B) or 2 (26B-A4B) KV heads.
    for name, layers, global_kv in (("Gemma 4 31B", 60, 4), ("Gemma 4 26B-A4B", 30, 2)):
        groups = sorted((g.kind, g.layers, g.window, g.kv_heads, g.head_dim)
                        for g in BY_NAME[name].architecture.attention)
        assert groups == [("full", layers // 6, None, global_kv, 512), ("sliding", layers * 5 // 6, 1024, None, None)]


def test_the_gemma_4_26b_cache_matches_the_fact_sheet():
    # colaberry's fact sheet: about 210 KiB per token; keys are values on the global layers (counted once there).
    a = BY_NAME["Gemma 4 26B-A4B"].architecture
    sliding = sum(g.layers * 2 * a.kv_heads * a.head_dim * 2 for g in a.attention if g.kind == "sliding")
    shared = sum(g.layers * (g.kv_heads or 0) * (g.head_dim or 0) * 2 for g in a.attention if g.kind == "full")
    assert sliding + shared == 210 * 1024


def test_glm_4_7_flash_caches_576_values_per_layer():
    # a serving project's cache test: 47 layers x (512 latent + 64 RoPE) x 2 bytes per token
    a = BY_NAME["GLM-4.7-Flash"].architecture
    assert sum(g.layers * ((g.latent_dim or 0) + (g.rope_dim or 0)) * 2 for g in a.attention) == 47 * 576 * 2


def test_the_qwen3_5_records_share_their_3_6_successors_layout():
    for old, new in (("Qwen3.5-35B-A3B", "Qwen3.6-35B-A3B"), ("Qwen3.5 27B", "Qwen3.6 27B")):
        assert BY_NAME[old].architecture.attention == BY_NAME[new].architecture.attention
        assert BY_NAME[old].publication_date < BY_NAME[new].publication_date


def test_the_big_qwen3_5_hybrids_keep_one_attention_layer_in_four():
    # configs: 48 (122B) and 60 (397B) layers, full_attention_interval 4; 64 DeltaNet value heads of 128 and
    # 16 key heads, conv kernel 4: state = 64·128·128·2 + (2·16·128 + 64·128)·3·2 bytes per layer at 16-bit
    state = 64 * 128 * 128 * 2 + (2 * 16 * 128 + 64 * 128) * 3 * 2
    for name, layers in (("Qwen3.5-122B-A10B", 48), ("Qwen3.5-397B-A17B", 60)):
        groups = sorted((g.kind, g.layers, g.state_bytes) for g in BY_NAME[name].architecture.attention)
        assert groups == [("full", layers // 4, None), ("linear", layers * 3 // 4, state)], name


def test_mistrals_128b_and_123b_share_one_dense_backbone():
    # NVIDIA's NeMo page: Medium 3.5 is built on Devstral 2 123B's text decoder, 88 layers of 12,288, 96 / 8 heads
    for name in ("Mistral Medium 3.5", "Devstral 2"):
        a = BY_NAME[name].architecture
        assert (a.layers, a.hidden_size, a.attention_heads, a.kv_heads) == (88, 12288, 96, 8)


def test_deepseek_v4_flash_keeps_about_a_tenth_of_v3_2s_cache():
    # compress_ratios: 21 layers at 4:1 and 20 at 128:1 of a 512-wide entry; DeepSeek: about 10% of V3.2's cache
    def per_token(name: str) -> int:
        return sum(g.layers * ((g.latent_dim or 0) + (g.rope_dim or 0)) * 2
                   for g in BY_NAME[name].architecture.attention if g.kind == "mla")
    flash = per_token("DeepSeek-V4-Flash")
    assert flash == 21 * 128 * 2 + 20 * 4 * 2
    assert 0.05 < flash / per_token("DeepSeek-V3.2") < 0.12


def test_glm_5_is_latent_attention_on_every_layer():
    a = BY_NAME["GLM-5"].architecture
    assert [(g.kind, g.layers, g.latent_dim) for g in a.attention] == [("mla", 78, 512)]
    assert (a.hidden_size, a.experts, a.experts_per_token, a.first_dense_layers) == (6144, 256, 8, 3)


@pytest.mark.parametrize(("question", "name", "fits"), [
    ("can i run gemma 4 31b on a 3090", "Gemma 4 31B", True),  # ~19 GB at 4-bit (a measured Q4_K_M load: 18.7 GB)
    ("gemma 4 26b a4b su una 3090?", "Gemma 4 26B-A4B", True),
    ("läuft deepseek v4 flash auf einer 3090?", "DeepSeek-V4-Flash", False),  # 284B: over 100 GB at any level
    ("¿glm 5 en una 4090?", "GLM-5", False),
])
def test_a_2026_model_gets_a_verdict_not_a_missing_name(engine: Engine, question: str, name: str, fits: bool):
    answer = engine.ask(question, None, AskOptions(profile="reference"))
    assert answer.intent == "can_run", answer.text
    assert answer.facts["model"]["name"] == name
    assert bool(answer.facts.get("short_gb")) is not fits


def test_a_moe_answers_from_its_active_part(engine: Engine):
    # 13B active of 284B: on a machine that holds it, it decodes far faster than a dense model of its size would.
    flash = engine.ask("deepseek v4 flash on 2x rtx pro 6000", "en")
    pro = engine.ask("deepseek v4 pro on 2x rtx pro 6000", "en")
    assert flash.facts["model"]["name"] == "DeepSeek-V4-Flash" and pro.facts["model"]["name"] == "DeepSeek-V4-Pro"
    assert flash.facts["row"]["tok_s"] > 20 and pro.facts.get("short_gb")
