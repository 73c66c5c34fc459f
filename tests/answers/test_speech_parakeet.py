"""Parakeet questions in several languages: the model answered as itself (never Whisper's table), its languages
said from the model card, and beside Whisper on one CPU both figures and the pick.

Public figures: parakeet-tdt-0.6b-v3 transcribes 25 European languages, German, French, Italian, Spanish and
Portuguese among them (huggingface.co/nvidia/parakeet-tdt-0.6b-v3); v2 is English only. On a T4, a card of a
3060's class, onnx-asr runs v3 at RTFx 227 with TensorRT fp16 on short clips (onnx-asr docs/benchmarks.md):
a desktop card runs it at least a hundred times faster than real time.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "language_name"), [
    ("taugt parakeet tdt 0.6b v3 für deutsche Interviews, und wie schnell auf einer rtx 3060?", "de", "Deutsch"),
    ("parakeet v3 pour transcrire des réunions en français sur une 3060, ça va vite ?", "fr", "français"),
    ("¿parakeet tdt v3 sirve para transcribir en español con una 3060? ¿qué tan rápido?", "es", "español"),
])
def test_parakeet_v3_on_a_card_gives_its_speed_and_languages(engine, question, lang, language_name) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    f = answer.facts
    assert f["media"] == "speech" and f["verdict"] == "yes", answer.text
    assert f["model"]["name"] == "Parakeet TDT 0.6B v3"
    assert f["times_realtime"] >= 100
    assert "Whisper" not in answer.text
    assert language_name in answer.text, answer.text
    assert "models" not in answer.unused_why  # the typed "parakeet v3" is the model answered


@pytest.mark.parametrize(("question", "picked"), [
    ("on a ryzen 7 5800x, parakeet tdt 0.6b v2 or whisper large-v3-turbo, which gets through a 2 hour recording "
     "sooner?", "Parakeet TDT 0.6B v2"),
    # Parakeet v2 is English only (its model card): asked in Italian or Portuguese, speed does not decide
    ("whisper turbo oppure parakeet v2 sulla cpu (i5-12400)? quale trascrive prima?", "Whisper large-v3-turbo"),
    ("parakeet v2 ou whisper large-v3-turbo no processador, qual é mais rápido? tenho um i7-12700",
     "Whisper large-v3-turbo"),
])
def test_whisper_turbo_and_parakeet_on_a_cpu_both_answered_and_picked(engine, question: str, picked: str) -> None:
    answer = engine.ask(question)
    text = answer.text
    assert "Parakeet TDT 0.6B v2" in text and "Whisper large-v3-turbo" in text, text
    pick = answer.facts.get("choice") or {}
    assert pick.get("pick") == picked, (pick, text)
