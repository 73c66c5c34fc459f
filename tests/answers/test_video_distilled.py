"""A Wan 14B clip on a consumer card also gets the time with the step-distilled LoRA people run (lightx2v for
Wan 2.1 14B, Wan2.2-Lightning for Wan 2.2 A14B: 4 steps at cfg 1, their Hugging Face cards).

Independent arithmetic: the usual Wan 2.1 14B clip runs 50 steps with classifier-free guidance (two passes a
step, 100 denoiser passes); the distilled one 4 steps of one pass: 25 times fewer passes. Text encoding, the
VAE decode and the weights streamed per step do not shrink, so the clip is several times quicker, but not more
than 25 times."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "name"), [
    ("wan 2.1 14b on an rtx 4080, minutes per 5 s clip?", "en", "lightx2v"),
    ("wan 2.1 14b auf einer 4090, wie lange für ein 5-Sekunden-Video?", "de", "lightx2v"),
    ("wan 2.2 a14b su una 4070 ti super, quanto ci mette per 5 secondi di video?", "it", "Lightning"),
    ("wan 2.2 14b en una 3090, ¿cuánto tarda un clip de 5 s?", "es", "Lightning"),
])
def test_a_wan_14b_clip_gets_the_distilled_time_beside_the_usual_one(engine, question, lang, name) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    f = answer.facts
    fast = f.get("distilled") or {}
    assert fast.get("steps") == 4 and name in fast.get("name", ""), answer.text
    ratio = f["seconds_per_video"] / fast["seconds"]
    assert 3 < ratio <= 25, ratio
    assert name in answer.text, answer.text


def test_steps_said_keep_the_answer_to_them(engine) -> None:
    answer = engine.ask("wan 2.1 14b on a 4090 with 30 steps, how long per clip?")
    assert answer.facts.get("steps") == 30
    assert "distilled" not in answer.facts


def test_a_model_without_a_distilled_lora_has_no_such_line(engine) -> None:
    answer = engine.ask("ltx-video 2b on a 3060 12gb, seconds per clip?")
    assert "distilled" not in answer.facts
