"""Figures the asker states are the figures the answer uses (issue 29, item 2): a format's width in bits
per weight, the people served, a prompt's or a context's length. Phrasings of our own, several languages."""

from __future__ import annotations

import pytest

WIDTHS = [  # (question, the level the answer must rate, as estimator.quants names it)
    ("llama 3 70b exl2 4.65bpw on 2x 3090", "EXL2-4.65bpw"),
    ("exl2 at 4.65 bpw, llama 3 70b, two 3090s: tok/s?", "EXL2-4.65bpw"),
    ("llama 3 70b in exl2 a 4,65 bpw su due 3090", "EXL2-4.65bpw"),
    ("qwen3 32b 6.0bpw exl3 auf einer 5090", "EXL3-6.0bpw"),
    ("qwen3 32b en exl2 5 bpw sur une 4090 ?", "EXL2-5.0bpw"),
]


@pytest.mark.parametrize(("question", "level"), WIDTHS)
def test_a_formats_width_is_the_width_rated(engine, question: str, level: str) -> None:
    answer = engine.ask(question)
    assert answer.asked["quant"] == level
    assert f"`{level}`" in answer.text
    assert answer.unused == []


def test_a_wider_file_needs_more_memory_than_the_formats_usual_one(engine) -> None:
    usual = engine.ask("qwen3 14b exl2 on a 3090").facts
    wide = engine.ask("qwen3 14b exl2 6.0bpw on a 3090").facts
    assert wide["verdict"]["recommended"]["need_gb"] > usual["verdict"]["recommended"]["need_gb"]
