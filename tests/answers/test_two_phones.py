"""Two phones named in one message: each answered with its own chip and memory, in the order they were named.
A Pixel 9 Pro has 16 GB and a Google Tensor G4; an iPhone 15 Pro 8 GB and an Apple A17 Pro; a Galaxy S24 an
8 GB Snapdragon 8 Gen 3 (makers' spec pages, as catalog/data/hardware/devices.json cites)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang", "first", "second"), [
    ("qwen3 4b on a pixel 9 pro vs an iphone 15 pro, which one generates faster?", "en",
     "Google Tensor G4", "Apple A17 Pro"),
    ("llama 3.2 3b: meglio sul galaxy s24 o sul pixel 9 pro?", "it", "Snapdragon 8 Gen 3", "Google Tensor G4"),
    ("phi-4-mini im iphone 15 pro oder im galaxy s24, wie viele token pro sekunde?", "de",
     "Apple A17 Pro", "Snapdragon 8 Gen 3"),
])
def test_both_phones_are_answered_in_order(engine, question, lang, first, second) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    text = answer.text
    assert first in text and second in text, text
    assert text.index(first) < text.index(second), text
    parts = answer.facts.get("parts") or []
    assert parts and parts[0]["facts"]["device"]["name"] == second


def test_one_phone_named_twice_is_one_answer(engine) -> None:
    answer = engine.ask("pixel 9 pro, qwen3 4b speed? (the pixel 9 pro has 16 gb)")
    assert "parts" not in answer.facts, answer.text
