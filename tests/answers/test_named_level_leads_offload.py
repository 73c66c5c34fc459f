"""A level the asker named that runs only with part of it in RAM is the answer's first figure; the lower level
the card holds whole follows it (people naming Q4_K_M read the first figure as Q4_K_M's)."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("mistral small 24b q4_k_m on an rtx 2080 8gb with 64gb ddr4, how many tok/s?", "en"),
    ("mistral small 24b en q4_k_m sur une rtx 2080 8 go avec 64 go de ddr4, combien de tokens/s ?", "fr"),
    ("mistral small 24b q4_k_m auf einer rtx 2080 8gb mit 64gb ddr4, wie viele tokens/s?", "de"),
    ("mistral small 24b q4_k_m en una rtx 2080 de 8gb con 64gb ddr4, ¿cuántos tokens/s?", "es"),
])
def test_the_named_level_comes_first(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts.get("held_instead"), a.text
    lines = [ln for ln in a.text.split("\n") if ln.strip()]
    assert "Q4_K_M" in lines[0], a.text
    held = a.facts["held_instead"]["quant"]
    assert held not in lines[0], a.text
    assert any(held in ln for ln in lines[1:]), a.text
