"""Two Whisper sizes weighed: the pick says what its speed costs in accuracy, with the word error rates measured in
the language asked when they are kept (catalog/data/media/speech_accuracy.json).

German figures (primeline/whisper-large-v3-turbo-german's model card, Common Voice 19 + Multilingual LibriSpeech
+ Tuda-De together): large-v3 3.305 %, large-v3-turbo 3.676 %, the German fine-tune of turbo 2.637 %.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question", [
    "whisper large-v3 oder turbo für deutsche Podcasts auf einer RTX 4070, wie viel schlechter ist turbo?",
    "Whisper turbo vs large-v3 auf meiner 3090 für Interviews auf Deutsch?",
])
def test_turbo_against_large_v3_in_german_gives_both_error_rates_and_the_fine_tune(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == "de"
    acc = answer.facts["choice"]["accuracy"]
    assert acc["better"] == "Whisper large-v3"
    assert acc["language"]["pick_wer"] == 3.676 and acc["language"]["other_wer"] == 3.305
    assert "3,3" in answer.text and "3,7" in answer.text, answer.text
    assert "primeline/whisper-large-v3-turbo-german" in answer.text and "2,6" in answer.text


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("whisper turbo or large-v3 on my 4070 for english podcasts?", "en", "fewer wrong words"),
    ("whisper turbo o large-v3 su una 4070 per trascrivere interviste in italiano?", "it", "prezzo della velocità"),
    ("¿whisper turbo o large-v3 en una 4070 para entrevistas en español?", "es", "precio de la velocidad"),
])
def test_turbo_against_large_v3_elsewhere_names_the_cost_without_figures(engine, question: str, lang: str,
                                                                          word: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    acc = answer.facts["choice"]["accuracy"]
    assert acc["better"] == "Whisper large-v3" and "language" not in acc
    assert word in answer.text, answer.text


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("whisper medium ou turbo sur une rtx 3060 pour des réunions en français ?", "fr", "plus précis"),
    ("whisper medium ou large-v3-turbo numa rtx 3060 pra reuniões em português?", "pt", "mais preciso"),
])
def test_turbo_against_medium_is_faster_and_more_accurate(engine, question: str, lang: str, word: str) -> None:
    answer = engine.ask(question)
    c = answer.facts["choice"]
    assert c["pick"] == "Whisper large-v3-turbo" and c["accuracy"]["better"] == "Whisper large-v3-turbo"
    assert word in answer.text, answer.text


def test_every_name_in_the_accuracy_file_is_a_speech_record() -> None:
    from catalog.speech_accuracy import speech_accuracy

    data = speech_accuracy()
    assert data.order.models[0] == "Whisper large-v3"
    assert data.more_accurate("Whisper medium", "Whisper large-v3-turbo") == "Whisper large-v3-turbo"
    assert data.more_accurate("Whisper medium", "Parakeet TDT 0.6B v3") is None
