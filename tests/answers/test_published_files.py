"""Answers say which published GGUF file the weights are (catalog/data/gguf_files.json), in English and Italian,
and offer big MoE models their Unsloth dynamic files."""

from __future__ import annotations

from answers.engine import Engine


def test_memory_names_the_published_file(engine: Engine) -> None:
    a = engine.ask("GLM-4.5-Air Q4_K_M memory", "en")
    level = next(lv for lv in a.facts["levels"] if lv["quant"] == "Q4_K_M")
    assert level["file"]["repo"] == "unsloth/GLM-4.5-Air-GGUF" and level["file"]["gb"] == 73.0
    assert level["weights_gb"] == 73.0e9 / 2**30  # the file's size is the weights
    assert "73.0 GB" in a.text and "68.0 GiB" in a.text
    it = engine.ask("GLM-4.5-Air Q4_K_M quanta memoria serve?", "it")
    assert "73,0 GB" in it.text and "file pubblicato" in it.text


def test_deepseek_r1_in_256_gb_runs_unsloths_q2_file(engine: Engine) -> None:
    """The issue's question: Unsloth's UD-Q2_K_XL (226.6 GB, the 212 GiB of its blog) with the rest in RAM."""
    a = engine.ask("DeepSeek R1 on 256 GB DDR5 + a 3090", "en")
    assert a.facts["row"]["quant"] == "UD-Q2_K_XL" and a.facts["row"]["fit"] == "offload"
    assert a.facts["file"]["gb"] == 226.6 and "226.6 GB" in a.text
    assert 3 <= a.facts["row"]["tok_s"] <= 6  # people report 3–6 tokens per second


def test_two_3090s_and_128_gb_run_the_one_bit_file(engine: Engine) -> None:
    a = engine.ask("due 3090 e 128gb ram, deepseek r1?", "it")
    assert a.facts["row"]["quant"] == "UD-IQ1_S" and a.facts["row"]["fit"] == "offload"
    assert "140,2 GB" in a.text


def test_a_dynamic_level_asked_is_the_one_answered(engine: Engine) -> None:
    a = engine.ask("qwen3 235b ud-q2_k_xl size", "en")
    assert a.facts["weights_at"]["quant"] == "UD-Q2_K_XL" and a.facts["weights_at"]["file"] is None
    assert a.unused == [] and "UD-Q2_K_XL" in a.text
