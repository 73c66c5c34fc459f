"""An Apple chip's name inside a model's name and version ("MiniMax-M2.1", "minimax-m2.5") is the model's, never
a second machine set beside the Mac the asker named; the Mac named with its chip is still read as that Mac."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize("question", [
    "MiniMax-M2.1 at 4 bit on a mac studio m3 ultra 512gb, how fast?",
    "minimax-m2.5 en mlx sur un mac studio m3 ultra 512 go, combien de tok/s ?",
    "quanto fa minimax-m2.1 su un m3 ultra da 512gb?",
])
def test_a_model_version_is_no_apple_chip(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent != "compare"
    assert "Apple M2" not in a.text and "M2 16" not in a.text


def test_a_mac_named_by_its_chip_is_still_that_mac(engine: Engine) -> None:
    a = engine.ask("minimax-m2 on an m2 ultra 192gb?")
    assert "M2 Ultra 192" in a.text and a.intent in ("can_run", "speed")
