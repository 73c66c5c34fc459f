"""Two levels weighed with no model, card or size ("q4 or q8?"): the levels on a stand-in model of the size
people run most, said as a stand-in, in the asker's language (answers/reading/parse.py, _read_refinements)."""

from __future__ import annotations

import pytest

from answers.records.limits import LEVELS_STAND_IN_B

ENGLISH_NOTE = "No model was named"


@pytest.mark.parametrize(("question", "lang"), [
    ("q4 or q8?", "en"),
    ("what's the difference between q4 and q8", "en"),
    ("c'est quoi la diff entre q4 et q8", "fr"),
    ("q4 oder q8?", "de"),
    ("meglio q8 o q4?", "it"),
    ("¿q4 o q8, cuál es mejor?", "es"),
    ("q4 ou q8, qual é melhor?", "pt"),
])
def test_two_levels_with_nothing_else_are_shown_on_a_stand_in(engine, question, lang):
    a = engine.ask(question)
    said = engine.ask(f"q8 or q4 for an {LEVELS_STAND_IN_B:g}b model")  # the same size, said
    assert a.locale == lang and a.intent == "why_quant"
    assert a.facts["generic_stand_in"] is True and a.facts["generic_model_b"] == LEVELS_STAND_IN_B
    assert "generic_stand_in" not in said.facts
    named = {lv["quant"]: lv["need_gb"] for lv in a.facts["advice"]["asked"]}
    assert set(named) == {"Q4_K_M", "Q8_0"}
    assert named == {lv["quant"]: lv["need_gb"] for lv in said.facts["advice"]["asked"]}
    last = a.text.strip().splitlines()
    assert any(f"{LEVELS_STAND_IN_B:g}" in line for line in last)
    assert (ENGLISH_NOTE in a.text) == (lang == "en")  # the note is translated


@pytest.mark.parametrize("question", ["q4 o q8 con 12gb?", "q4 or q8 on a 3060?", "q4 or q8 for llama 3 8b"])
def test_a_size_a_card_or_a_model_is_not_replaced_by_the_stand_in(engine, question):
    a = engine.ask(question)
    assert "generic_stand_in" not in a.facts
