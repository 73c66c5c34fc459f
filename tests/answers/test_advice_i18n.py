"""The advice answers (what runs, level advice, cache hints, fair comparisons, both halves) render
in every language with no English left over."""

from __future__ import annotations

import json

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from tests.answers.test_answers import LANGS, assert_no_english

CALLS = {
    "memory_models": ("card_models", {"memory_gb": 16}),
    "task_models": ("card_models", {"card": "RTX 4090", "task": "coding"}),
    "tiny_card": ("card_models", {"card": "GeForce GTX 1050 Ti"}),
    "level_advice_card": ("why_quant", {"model": "Qwen3 32B", "card": "RTX 4090"}),
    "level_advice_memory": ("why_quant", {"model": "Mixtral 8x7B", "memory_gb": 24}),
    "lower_quality_fit": ("can_run", {"model": "Mixtral 8x7B", "memory_gb": 24}),
    "cache_hint": ("can_run", {"model": "Llama 3.1 8B", "card": "RTX 4090", "context": 131072}),
    "cache_longest": ("longest_context", {"model": "Llama 3.1 8B", "card": "RTX 4090"}),
    "same_level": ("compare", {"model": "Qwen3 32B", "card": "RTX 5090", "card2": "RTX 4090"}),
    "two_cards": ("compare", {"card": "RTX 5090", "card2": "RTX 4090"}),
    "native": ("vram", {"model": "gpt-oss-20b", "quant": "Q8_0"}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(CALLS))
def test_advice_answers_are_localized(engine: Engine, case: str, lang: str) -> None:
    intent, entities = CALLS[case]
    a = engine.command(intent, lang, **entities)
    assert a.intent == intent, a.text
    assert a.text.strip() and "%(" not in a.text and "{{" not in a.text
    json.dumps(a.facts)
    if lang != "en":
        assert_no_english(a, case)


@pytest.mark.parametrize("lang", LANGS)
def test_cache_type_note_and_both_halves_localized(engine: Engine, lang: str) -> None:
    a = engine.command("can_run", lang, model="Llama 3.1 8B", card="RTX 4090", options=AskOptions(cache_type="q8_0"))
    assert "q8_0" in a.text.replace("\\_", "_")
    questions = {"en": "who released Phi-4 and when?", "it": "chi ha fatto Phi-4 e quando?",
                 "fr": "qui a créé Phi-4 et quand ?", "de": "wer hat Phi-4 gemacht und wann?",
                 "es": "quién creó Phi-4 y cuándo?", "pt": "quem fez o Phi-4 e quando?"}
    both = engine.ask(questions[lang], lang)
    assert both.intent == "maker" and both.facts["parts"][0]["intent"] == "release"
    assert "2024" in both.text
