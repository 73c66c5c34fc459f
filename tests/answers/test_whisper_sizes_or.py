"""Two Whisper sizes said with the family once ("whisper tiny ou base", "whisper small or medium") are both
models asked about, in order, and both get their figures."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "models"), [
    ("whisper small or medium on a 3060 for german?", ["Whisper small", "Whisper medium"]),
    ("whisper base oder small auf einem raspberry pi 5, echtzeit?", ["Whisper base", "Whisper small"]),
    ("whisper tiny o base su un raspberry pi 5 da 8 giga?", ["Whisper tiny", "Whisper base"]),
])
def test_two_sizes_of_whisper_are_both_asked(engine, question: str, models: list[str]) -> None:
    answer = engine.ask(question)
    assert answer.asked["models"] == models
    assert all(m in answer.text for m in models)
