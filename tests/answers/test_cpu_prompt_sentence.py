"""A CPU-only answer keeps its decode figures and its prompt figure in separate sentences: a reader (or a
script) looking for the prompt speed finds the processor's prompt rate, never the wider-channels decode
figures."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

PROMPT = {"en": "prompt", "fr": "prompt", "de": "prompt", "it": "prompt", "es": "prompt", "pt": "prompt"}


@pytest.mark.parametrize(("question", "lang"), [
    ("how fast does llama 3.1 8b q4_k_m read a long prompt on a ryzen 9 7950x with no graphics card?", "en"),
    ("quelle vitesse de prompt pour qwen3 8b en q4_k_m sur un ryzen 7 7700 sans carte graphique ?", "fr"),
    ("wie schnell liest mistral 7b q4_k_m einen prompt nur auf der cpu, ryzen 9 5900x?", "de"),
    ("velocità del prompt di llama 3.1 8b q4_k_m solo cpu su un core i7-12700k?", "it"),
])
def test_the_channels_sentence_carries_no_prompt_words(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts.get("cpu_only"), a.text
    wider = a.facts["cpu"].get("more_channels")
    assert wider, a.text
    sentences = re.split(r"(?<=[.!?])\s+|\n", a.text)
    with_figures = [s for s in sentences if "8 " in s and ("EPYC" in s)]
    assert with_figures, a.text
    assert all(PROMPT[lang] not in s.lower() for s in with_figures), with_figures
