"""A single-card speed figure, a "can it run" verdict's figure and each person's figure with several users
carry their range right beside them ("about 135 tokens per second (range 93–193) at Q4_K_M"), in every
language, so the range reads as the figure's and not as the level's."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

NUM = r"\d[\d.,  ]*"
BESIDE = {
    "en": rf"tokens per second \(range {NUM}–{NUM}\)",
    "it": rf"token al secondo \(intervallo {NUM}–{NUM}\)",
    "fr": rf"tokens par seconde \(fourchette {NUM}–{NUM}\)",
    "de": rf"Token pro Sekunde \(Spanne {NUM}–{NUM}\)",
    "es": rf"tokens por segundo \(rango {NUM}–{NUM}\)",
    "pt": rf"tokens por segundo \(faixa {NUM}–{NUM}\)",
}


@pytest.mark.parametrize(("locale", "question"), [
    ("en", "mistral small 24b q4_k_m on a radeon rx 7900 xtx, how fast does it write?"),
    ("en", "llama 3.1 8b exl2 5.0bpw on an rtx 3090 with exllamav2, speed?"),
    ("it", "quanto va veloce gemma 3 12b su una rtx 4070 super?"),
    ("fr", "phi-4 14b sur une rtx 3060 12 go, quelle vitesse ?"),
    ("de", "wie schnell läuft qwen3 14b auf einer rtx 4080?"),
    ("es", "¿a qué velocidad va llama 3.1 8b en una rtx 3060?"),
    ("pt", "qual a velocidade do qwen3 8b numa rtx 4060 ti 16gb?"),
])
def test_a_speed_figure_has_its_range_beside_it(engine: Engine, locale: str, question: str) -> None:
    a = engine.ask(question, locale=locale)
    assert re.search(BESIDE[locale], a.text), a.text


@pytest.mark.parametrize(("locale", "question"), [
    ("en", "qwen2.5 14b on an h100 with vllm for 20 people at once, tokens per second each?"),
    ("de", "llama 3.1 8b auf einer l40s mit vllm für 12 Nutzer gleichzeitig, wie schnell pro Person?"),
])
def test_each_persons_figure_has_its_range_beside_it(engine: Engine, locale: str, question: str) -> None:
    a = engine.ask(question, locale=locale)
    assert re.search(BESIDE[locale], a.text), a.text
