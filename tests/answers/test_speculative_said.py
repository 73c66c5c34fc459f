"""Speculative decoding said in a question (MTP, DFlash, EAGLE, n-gram, a draft model): the decode figure carries the
public median gain (estimator/data/speculative.json, fitted on rounds 4-7 rows by benchmarks/heldout_speculative.py)
and the answer says so. Phrasings written for this test."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.speculative import gain
from answers.reading.speculative_words import said


@pytest.mark.parametrize(("question", "yes"), [
    ("qwen3 32b on a 4090 with mtp enabled", True),
    ("2x 3090, vllm, eagle3 draft: wie schnell?", True),
    ("décodage spéculatif avec un modèle de 0.6b sur ma 3090", True),
    ("decodificación especulativa con dflash en una 5090", True),
    ("qwen3 32b on a 4090, how fast?", False),
    ("a draft of my essay with qwen3 8b on a 3060", False),
])
def test_speculative_decoding_is_read(question: str, yes: bool) -> None:
    assert said(question) is yes


def test_the_gain_multiplies_the_figure_and_is_said(engine: Engine) -> None:
    plain = engine.ask("qwen3 32b awq on 2x rtx 3090 with vllm, how fast?")
    spec = engine.ask("qwen3 32b awq on 2x rtx 3090 with vllm and mtp speculative decoding, how fast?")
    factor, low, high = gain()
    assert 1 < low <= factor <= high
    assert spec.facts["row"]["tok_s"] == pytest.approx(plain.facts["row"]["tok_s"] * factor)
    assert spec.facts["row"]["tok_s_high"] == pytest.approx(plain.facts["row"]["tok_s_high"] * high)
    assert spec.facts["speculative"]["factor"] == factor and "Speculative decoding" in spec.text
    assert "speculative" not in plain.facts


def test_not_applied_to_several_users(engine: Engine) -> None:
    a = engine.ask("qwen3 32b awq on 2x rtx 3090 with vllm and mtp, 8 users at once, how fast each?")
    assert "speculative" not in a.facts
