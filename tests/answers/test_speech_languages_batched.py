"""Speech to text where the language decides, and the fastest way through long recordings.

Public facts: Distil-Whisper large-v3 is trained for English speech recognition only, and Parakeet TDT 0.6B v2
transcribes English only (their model cards on huggingface.co); Whisper large-v3-turbo is multilingual.
faster-whisper's README times large-v2 on an RTX 3070 Ti over 13 minutes of audio at 63 s one window at a time
and 17 s with BatchedInferencePipeline at batch size 8: 63 / 17 = 3.7.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("distil-whisper oder whisper large-v3-turbo für deutsche Podcasts auf einer rtx 4060?", "de", "Deutsch"),
    ("pour des cours en français, distil whisper ou whisper turbo sur ma 3060 ?", "fr", "français"),
    ("¿distil-whisper o whisper turbo para entrevistas en español con una rtx 3070?", "es", "español"),
    ("whisper turbo ou distil-large-v3 para legendar vídeos em português numa 4060 ti?", "pt", "português"),
])
def test_english_only_distil_whisper_is_not_picked_for_another_language(engine, question, lang, words) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert "Distil-Whisper large-v3" in answer.text and "Whisper large-v3-turbo" in answer.text, answer.text
    pick = answer.facts.get("choice") or {}
    assert pick.get("why") == "medialang" and pick.get("pick") == "Whisper large-v3-turbo", (pick, answer.text)
    assert words in answer.text, answer.text


def test_in_english_the_faster_distil_whisper_may_win(engine) -> None:
    answer = engine.ask("distil-whisper or whisper large-v3-turbo for english podcasts on an rtx 4060?")
    pick = answer.facts.get("choice") or {}
    assert pick.get("why") != "medialang", (pick, answer.text)
    assert "English" in answer.text  # its card's one language is still said


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("quickest way to transcribe 20 hours of lectures with whisper large-v3 on a 4070?", "en",
     "BatchedInferencePipeline"),
    ("wie transkribiere ich 12 Stunden Audio am schnellsten mit whisper large-v3 auf einer 3080?", "de",
     "BatchedInferencePipeline"),
    ("trascrivere 30 ore di registrazioni con whisper large v3 su una 3090, come faccio a fare prima?", "it",
     "BatchedInferencePipeline"),
])
def test_whisper_on_a_card_names_the_batched_pipeline_with_its_public_ratio(engine, question, lang, word) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    batched = answer.facts.get("batched") or {}
    assert batched.get("speedup") == pytest.approx(63 / 17, abs=0.05)
    assert batched["realtime_factor"] < answer.facts["realtime_factor"]
    assert word in answer.text and "3,7" in answer.text.replace("3.7", "3,7"), answer.text


def test_a_cpu_answer_does_not_claim_the_card_pipeline(engine) -> None:
    answer = engine.ask("whisper large-v3 on a ryzen 5 5600 cpu only, how long for an hour of audio?")
    assert "batched" not in answer.facts
    assert "BatchedInferencePipeline" not in answer.text
