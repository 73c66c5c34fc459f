"""A file named by two levels ("F16 (MXFP4 experts)", "UD-Q4_K_XL, labelled Q4_0") is one file asked about, not a
question of which level to pick; a parenthesis offering a choice is still two levels. And the 1-bit Q1_0 level
(PrismML's Bonsai files) is a level the bot knows (1.125 bits per weight: one sign bit, an FP16 scale per 128)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.numbers import file_levels
from estimator.formats import find_format
from estimator.quants import quant


@pytest.mark.parametrize(("question", "lang", "level"), [
    ("prompt speed of gpt-oss-120b F16 (experts in MXFP4) on a Strix Halo 128GB with Vulkan?", "en", "F16"),
    ("quanto ci mette a leggere il prompt gpt-oss-20b F16 (esperti MXFP4) su una RTX 4090?", "it", "F16"),
    ("Wie schnell läuft Qwen3-32B UD-Q4_K_XL (als Q4_0 gemeldet) auf einer RTX 5090?", "de", "UD-Q4_K_XL"),
])
def test_a_file_described_by_a_second_level_is_one_file(engine: Engine, question: str, lang: str,
                                                         level: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent != "why_quant", a.text
    assert str(a.entities.get("quant", "")).replace("BF16", "F16") == level, (a.entities, a.text)


def test_a_parenthesis_that_offers_a_choice_keeps_both_levels() -> None:
    assert file_levels("gemma 3 27b q4 (or q8?) on a 3090", ["Q4_K_M", "Q8_0"]) == ["Q4_K_M", "Q8_0"]
    assert file_levels("gemma 3 27b q4 (oppure q8) su 3090", ["Q4_K_M", "Q8_0"]) == ["Q4_K_M", "Q8_0"]
    assert file_levels("gpt-oss F16 (MXFP4 experts)", ["F16", "MXFP4"]) == ["F16"]
    # the second level also said outside the parenthesis is a second level
    assert file_levels("F16 (MXFP4 experts) or MXFP4?", ["F16", "MXFP4"]) == ["F16", "MXFP4"]


def test_q1_0_is_a_one_bit_level() -> None:
    q = find_format("Q1_0")
    assert q is not None and q.bpw == pytest.approx(1 + 16 / 128)
    assert find_format("Q1_0_g128") == q
    assert q.rank == quant("IQ1_S").rank  # ranked with the smallest llama.cpp level


@pytest.mark.parametrize("question", [
    "Bonsai-8B Q1_0 on a Ryzen AI Max+ 395, how fast does it read a 2000 token prompt?",
    "Bonsai-4B en Q1_0 sur un Mac mini M4, vitesse du prompt ?",
    "¿Bonsai-8B Q1_0 en una RTX 3060, cuánto tarda en leer el prompt?",
])
def test_a_one_bit_model_gets_a_prompt_figure(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert "Q1_0" in a.text and "Q1_0" not in str(a.facts.get("unknown_quant", "")), a.text
    assert a.intent in ("prefill", "can_run", "speed"), (a.intent, a.text)
