"""Unsloth's dynamic levels said in words, Unsloth's first DeepSeek-V3 level Q2_K_XS, and a fine-tuned model
named with the word "fine-tune": each read as the level (or the base model) it stands for, in several languages."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "level"), [
    ("how much memory for GLM-4.6 Dynamic?", "UD-Q2_K_XL"),  # alone, written as Unsloth writes it: the 2-bit one
    ("deepseek r1 dynamic 1-bit, how much ram do I need", "UD-IQ1_S"),
    ("quanta memoria serve per deepseek r1 dinamico a 2 bit?", "UD-Q2_K_XL"),
    ("combien de mémoire pour kimi k2 en unsloth dynamic ?", "UD-Q2_K_XL"),
    ("wie viel Speicher braucht GLM-4.6 als 3-bit dynamic quant?", "UD-Q3_K_XL"),
])
def test_a_dynamic_level_in_words_is_its_ud_file(engine: Engine, question: str, level: str) -> None:
    a = engine.ask(question)
    assert a.asked.get("quant") == level
    assert a.intent not in ("invalid", "not_found")


def test_dynamic_as_a_plain_word_names_no_level(engine: Engine) -> None:
    assert engine.ask("llama 3.1 8b with dynamic batching on a 4090, tok/s?").asked.get("quant") is None


def test_q2_k_xs_is_sized_as_q2_k_with_wider_embeddings(engine: Engine) -> None:
    """unsloth/DeepSeek-V3-GGUF's Q2_K_XS: five shards, 221.3 GB on Hugging Face (206 GiB)."""
    a = engine.ask("¿cuánta memoria necesita DeepSeek-V3 en Q2_K_XS?")
    assert a.intent == "vram"
    rows = a.facts.get("levels") or a.facts.get("rows") or []
    assert rows and rows[0]["quant"] == "Q2_K_XS"
    assert rows[0]["weights_gb"] == pytest.approx(221.3e9 / 2**30, rel=0.05)


@pytest.mark.parametrize("question", [
    "how much VRAM for my Qwen3-4B fine-tune in Q4_K_M?",
    "wie viel VRAM braucht ein Qwen3 8B Finetune in Q8_0?",
    "quanta memoria per un llama 3.1 8b fine-tune q4_k_m?",
])
def test_a_fine_tune_named_with_its_level_is_sized_as_its_base(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent == "vram"
    assert a.asked.get("quant") in ("Q4_K_M", "Q8_0") and a.asked.get("models")


def test_fine_tuning_itself_is_still_said_to_be_out_of_scope(engine: Engine) -> None:
    assert engine.ask("how much VRAM to fine-tune qwen3 8b with qlora?").intent != "vram"
