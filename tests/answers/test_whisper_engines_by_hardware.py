"""Whisper rated with the engine that runs on the hardware asked, and two sizes said bare both answered.

On a Mac faster-whisper (CTranslate2) has no Metal back end and runs on the CPU only, so a Mac is rated with
whisper.cpp on Metal (fitted on ggml-org/whisper.cpp#2439: large-v3-turbo on a base M1 does 204 s of audio in
20.3 s, RTF 0.10, about 6 minutes an hour; medium.en 36.9 s, RTF 0.18, about 11 minutes an hour). "turbo or
medium" names two Whisper sizes: both get their figure, and turbo, faster there, is the pick.
"""

from __future__ import annotations

import pytest

MAC_ASKS = [
    ("whisper turbo or medium on my macbook air m1 16gb for live meeting notes?", "en"),
    ("whisper large-v3-turbo oder medium auf einem MacBook M1 mit 16 GB, was ist schneller?", "de"),
    ("transcrire mes cours avec whisper sur un mac m1 16 go : large-v3-turbo ou medium ?", "fr"),
    ("whisper su mac mini m1 16gb, meglio large-v3-turbo o medium per trascrivere le lezioni?", "it"),
    ("whisper en mi macbook m1 de 16 gb: ¿large-v3-turbo o medium para mis entrevistas?", "es"),
    ("whisper no macbook m1 16gb, large-v3-turbo ou medium pra transcrever aulas?", "pt"),
]


@pytest.mark.parametrize(("question", "lang"), MAC_ASKS)
def test_a_mac_is_rated_with_whisper_cpp_on_metal_and_both_sizes_answered(engine, question: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    f = answer.facts
    text = answer.text
    assert "Whisper large-v3-turbo" in text and "Whisper medium" in text, text
    assert "whisper.cpp (Metal)" in text and "faster-whisper" in text, text  # the engine used, and why not the other
    assert f["mac"]["cpu_only"] == "faster-whisper"
    assert f["engine"] == "whisper.cpp-metal"
    # the public run: 204 s in 20.3 s on a base M1, an hour in about 6 minutes
    assert 0.08 <= f["realtime_factor"] <= 0.12, f["realtime_factor"]
    assert (f.get("choice") or {}).get("pick") == "Whisper large-v3-turbo", f.get("choice")


def test_medium_on_the_m1_matches_its_public_run(engine) -> None:
    f = engine.ask("whisper medium on a mac m1 16gb, how long for one hour of audio?").facts
    assert f["model"]["name"] == "Whisper medium"
    assert 3600 * f["realtime_factor"] / 60 == pytest.approx(36.906 / 204 * 60, rel=0.1)


@pytest.mark.parametrize("question", [
    "whisper large-v3 on a 3060 and a small llm beside it?",  # "small" is the LLM's, no Whisper size
    "whisper large-v3 on my 3060, how long for an hour?",
])
def test_a_size_word_without_a_choice_is_no_second_whisper(engine, question: str) -> None:
    f = engine.ask(question).facts
    assert "choice" not in f and "Whisper small" not in str(f.get("model")), f.get("choice")


def test_a_card_keeps_faster_whisper(engine) -> None:
    f = engine.ask("whisper small or medium on an rtx 3060, how fast?").facts
    assert f["app"] == "faster-whisper" and "mac" not in f


def test_faster_whisper_on_a_processor_is_rated_on_four_threads(engine) -> None:
    """faster-whisper#1073 (rjwilmsi): more than 4 CPU threads made little difference, so a 16-core processor
    transcribes no faster than 4 of its cores; Parakeet's onnx-asr keeps every core."""
    from answers.facts.media_other import speech_on_cpu
    from catalog.media import media_named

    turbo, parakeet = media_named("Whisper large-v3-turbo"), media_named("Parakeet TDT 0.6B v3")
    machine = engine._machine()
    wide, narrow = (speech_on_cpu(turbo, machine, cpu=(n, 4.5, 32.0)) for n in (16, 4))
    assert wide["realtime_factor"] == narrow["realtime_factor"] and wide["cpu"]["threads_used"] == 4
    p_wide, p_narrow = (speech_on_cpu(parakeet, machine, cpu=(n, 4.5, 32.0)) for n in (16, 4))
    assert p_wide["realtime_factor"] < p_narrow["realtime_factor"]


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("whisper large-v3 on an rx 7900 xtx, how fast for an hour of audio?", "en", "Vulkan"),
    ("whisper large-v3-turbo auf einer Radeon RX 7800 XT, wie schnell?", "de", "Vulkan"),
    ("whisper turbo en una intel arc b580, ¿qué tan rápido?", "es", "SYCL"),
])
def test_a_radeon_or_arc_names_whisper_cpp_and_drops_faster_whispers_pipeline(engine, question: str, lang: str,
                                                                              word: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.facts["card_vendor"] in ("AMD", "Intel") and "batched" not in answer.facts
    assert word in answer.text and "whisper.cpp" in answer.text, answer.text


def test_mlx_asked_on_a_mac_is_answered_and_both_sizes_are_stated(engine) -> None:
    """"whisper.cpp or mlx-whisper, turbo or medium": the Mac line answers mlx-whisper, so "mlx" is not said as
    unused; both Whisper sizes are in `asked.models`, and the family word is no third model."""
    a = engine.ask("whisper on my macbook m1 16gb for meetings: whisper.cpp or mlx-whisper, and turbo or medium?")
    assert "engine" not in a.unused_why, a.unused_why
    assert a.asked["models"] == ["Whisper large-v3-turbo", "Whisper medium"], a.asked
    assert "Whisper large-v3 " not in a.text.replace("large-v3-turbo", "")
