"""A Hailo accelerator on a Raspberry Pi asked about: the AI HAT+ (Hailo-8/8L) runs vision networks only; the
AI HAT+ 2 (Hailo-10H, 8 GB of its own) runs a few small LLMs Hailo compiled, often no faster than the Pi's CPU
(raspberrypi.com AI HAT+ documentation and AI HAT+ 2 product brief; public tests at about 2-8 tok/s)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("raspberry pi 5 16gb + hailo 8l ai kit, can that npu do llama 3.2 1b or is it vision-only?", "en", "vision"),
    ("mi raspberry pi 5 con el ai hat+ de 26 tops, ¿sirve para un llm o solo para visión?", "es", "visión"),
    ("raspberry pi 5 avec le hailo-8 : un llm tourne dessus, ou seulement la vision ?", "fr", "vision"),
])
def test_the_hailo_hat_is_said_vision_only_with_the_hat_2_route(engine, question, lang, word) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    kinds = [n["kind"] for n in (answer.facts.get("also") or {}).get("notes", [])]
    assert "hailo" in kinds, answer.text
    assert "Hailo-10H" in answer.text and word in answer.text, answer.text


def test_a_pi_question_without_hailo_has_no_hailo_line(engine) -> None:
    answer = engine.ask("raspberry pi 5 8gb, which llm runs at a usable speed?")
    assert "Hailo" not in answer.text
