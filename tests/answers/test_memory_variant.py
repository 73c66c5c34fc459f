"""A shared-memory machine named with a memory it is not sold with is the nearest variant of that machine,
never "I do not know a graphics card called …"."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge.memory_variant import split_size


def test_a_trailing_size_is_split_from_the_name() -> None:
    assert split_size("m2 max 31 GB") == ("m2 max", 31.0)
    assert split_size("Strix Halo (31 GiB") == ("Strix Halo", 31.0)
    assert split_size("rtx 3090") is None
    assert split_size("32 GB") is None  # a size alone names no machine


@pytest.mark.parametrize(("question", "lang", "variant"), [
    ("how fast is qwen3 8b q4_k_m on an m1 max 62gb, prompt of 2000 tokens?", "en", "64 GB"),
    ("quanto è veloce llama 3.1 8b su strix halo 31gb?", "it", "32 GB"),
    ("wie schnell läuft gemma 3 12b auf einem strix halo mit 124gb?", "de", "128 GB"),
    ("prompt de 512 tokens avec llama 3.1 8b q8_0 (7,95 Go) sur un m2 max, combien de temps ?", "fr", "M2 Max"),
    ("¿qué velocidad da mistral 7b en un m3 max 126 GB?", "es", "128 GB"),
])
def test_the_nearest_variant_is_taken(engine: Engine, question: str, lang: str, variant: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent not in ("not_found", "ambiguous"), a.text
    assert variant in a.text.split("\n")[0], a.text


def test_a_size_between_two_variants_is_still_asked(engine: Engine) -> None:
    # (a Strix Halo "96 GB" is the 128 GB machine's GPU share, not a size between two: tests/answers/
    # test_machine_read_whole.py)
    a = engine.ask("llama 3 8b on an m4 max 96gb, speed?", locale="en")
    assert a.intent == "not_found", a.text


def test_a_discrete_card_with_a_memory_it_never_had_is_not_resized(engine: Engine) -> None:
    # the reference pages' cards keep their own variants: a 3080 "48 GB" is not silently a 3080 12 GB
    a = engine.ask("llama 3 70b on an rtx 3080 48gb speed?", locale="en")
    assert "RTX 3080 12 GB" not in a.text.split("\n")[0] or a.intent == "not_found"


@pytest.mark.parametrize(("question", "lang"), [
    ("how long does Qwen3-30B-A3B-Instruct Q8_0 take on a 20000 token prompt on a 3090?", "en"),
    ("combien de temps pour un prompt de 8000 tokens avec Qwen3-30B-A3B-Instruct sur une RX 7900 XTX ?", "fr"),
    ("quanto ci mette Qwen3-30B-A3B-Instruct a leggere un prompt di 4000 token su una 4090?", "it"),
])
def test_a_chat_tune_tag_does_not_make_a_name_ambiguous(engine: Engine, question: str, lang: str) -> None:
    # "-Instruct" is written on the VL and Coder models too; without it the name is one model
    a = engine.ask(question, locale=lang)
    assert a.intent != "ambiguous", a.text
    assert "Qwen3-30B-A3B" in a.text.split("\n")[0], a.text
