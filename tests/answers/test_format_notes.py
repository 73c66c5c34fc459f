"""Questions about weight formats and engines themselves are answered about them (answers/rendering/format_notes.py):
what each named one is and what runs it, a verdict for two; a format or engine word is never read as a model, and
never turns the question into a card's model list. Phrasings are our own, in several languages."""

from __future__ import annotations

import pytest

from answers.rendering import format_notes

TWO = [
    # question, language, the two named, a word of that language's verdict line
    ("gptq or awq, which one should I grab?", "en", {"AWQ", "GPTQ"}, "Verdict"),
    ("meglio exl3 o exl2 come qualità?", "it", {"EXL2", "EXL3"}, "Verdetto"),
    ("nvfp4 ou mxfp4, lequel choisir ?", "fr", {"NVFP4", "MXFP4"}, "Verdict"),
    ("llama.cpp oder ollama, was läuft flotter?", "de", {"ollama", "llama.cpp"}, "Fazit"),
    ("¿fp8 o nvfp4, cuál me conviene?", "es", {"NVFP4", "FP8"}, "Veredicto"),
    ("lm studio ou ollama, qual roda melhor?", "pt", {"ollama", "lm-studio"}, "Veredito"),
]


@pytest.mark.parametrize(("question", "lang", "named", "verdict"), TWO)
def test_two_formats_are_explained_with_a_verdict(engine, question, lang, named, verdict) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    notes = a.facts.get("format_notes")
    assert notes is not None, a.text  # not "I don't know a model called …", not "I did not understand"
    assert set(notes["named"]) >= named and notes["verdict"]
    assert verdict in a.text
    assert "tok/s" not in a.text  # no card's list of models


@pytest.mark.parametrize(("question", "fmt"), [
    ("what exactly is exl2?", "EXL2"), ("che cos'è awq?", "AWQ"), ("was ist mxfp4 eigentlich?", "MXFP4"),
])
def test_one_format_alone_is_explained_not_taken_for_a_model(engine, question, fmt) -> None:
    a = engine.ask(question)
    assert a.intent not in ("not_found", "fallback")
    assert a.facts["format_notes"]["named"] == [fmt]


def test_blackwell_only_formats_say_so(engine) -> None:
    text = engine.ask("nvfp4 vs fp8 on my card, what's the difference?").text
    assert "Blackwell" in text and "RTX 50" in text


def test_a_card_list_with_one_format_says_what_the_format_is_first(engine) -> None:
    a = engine.ask("vale a pena usar nvfp4 numa rtx 5070 ti?")
    assert a.intent == "card_models"
    first = a.text.splitlines()[0]
    assert "NVFP4" in first and "Blackwell" in first


def test_with_a_model_and_a_card_both_sides_get_figures(engine) -> None:
    """The formats answer never replaces the weighed answer with figures (answers/facts/engine_versus.py)."""
    a = engine.ask("llama.cpp or vllm for qwen3 32b on two 3090s?")
    assert "format_notes" not in a.facts and "engine_versus" in a.facts


def test_plain_card_question_is_untouched(engine) -> None:
    a = engine.ask("what can an rtx 4080 run?")
    assert a.intent == "card_models" and "format_notes" not in a.facts
    assert a.text.startswith("**GeForce RTX 4080**")


@pytest.mark.parametrize(("question", "lang"), [
    ("is q4_k_m or ud-q4_k_xl more accurate?", "en"), ("ud-q4_k_xl oppure q4_k_m, quale conviene?", "it"),
])
def test_unsloth_dynamic_level_is_never_called_less_accurate(engine, question, lang) -> None:
    text = engine.ask(question).text
    assert "Unsloth" in text
    assert "since more bits keep more" not in text and "più bit conservano" not in text


def test_every_note_and_verdict_is_translated() -> None:
    from answers.knowledge import i18n

    ids = [format_notes.TITLE, format_notes.OTHER, *format_notes.WHAT.values(), *format_notes.PAIRS.values()]
    for lang in ("it", "fr", "de", "es", "pt"):
        for msgid in ids:
            assert i18n.gettext(lang, msgid) != msgid, (lang, msgid)


@pytest.mark.parametrize("question", ["how fast is a 4090 with vllm?", "was schafft eine 3090 mit ollama?"])
def test_one_engine_beside_a_card_keeps_the_card_answer(engine, question) -> None:
    assert "format_notes" not in engine.ask(question).facts
