"""A voice (text-to-speech) model named is stated in `models` under its catalog name, as image and speech models
are: "kokoro" is Kokoro-82M, "xtts v2" XTTS-v2 (catalog/data/media/tts.json), and the answer accounts for it (no
"not used" line). Phrasings of our own, six languages."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "voice"), [
    ("kokoro on an orange pi 5, faster than real time?", "Kokoro-82M"),
    ("kokoro su un mini pc con n100, va in tempo reale?", "Kokoro-82M"),
    ("piper auf einem raspberry pi 4, schnell genug?", "Piper"),
    ("xtts v2 en una rtx 3060, cuánto tarda una frase?", "XTTS-v2"),
    ("kokoro sur mon macbook air m2, temps réel ?", "Kokoro-82M"),
    ("piper num raspberry pi 5 dá tempo real?", "Piper"),
])
def test_a_voice_named_is_a_model_stated(engine, question: str, voice: str) -> None:
    answer = engine.ask(question)
    assert voice in answer.asked.get("models", []), answer.asked
    assert not any(voice in str(u) for u in answer.unused), answer.unused


def test_the_benchmark_resolves_image_and_voice_names_in_their_own_catalogs(engine) -> None:
    """Resolved mode: "SDXL" is the image catalog's Stable Diffusion XL 1.0, "Kokoro" the voice catalog's
    Kokoro-82M; another record stays a miss (benchmarks/asked_accuracy.py)."""
    from benchmarks.asked_accuracy import judge, right

    same = judge(engine)
    assert right("models", ["SDXL"], ["Stable Diffusion XL 1.0"], "resolved", same)
    assert right("models", ["Kokoro"], ["Kokoro-82M"], "resolved", same)
    assert not right("models", ["SDXL"], ["FLUX.1 [dev]"], "resolved", same)
    assert not right("models", ["Kokoro"], ["Piper"], "resolved", same)
