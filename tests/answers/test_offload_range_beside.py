"""An offload or CPU-only figure carries its range right beside it ("about 28 tokens per second (range
13–52) at Q4_K_M"), so the range reads as the figure's, whatever level follows."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

FIGURE_AND_RANGE = re.compile(r"tokens per second \(range \d[\d.,]*–\d[\d.,]*\)")


@pytest.mark.parametrize("question", [
    "llama 4 maverick q4_k_m on a 3090 with 256gb ddr4, how fast?",
    "gpt-oss-120b on an rtx 5090, tok/s?",
    "qwen3 235b a22b q3_k_m cpu only on an epyc 9654 with 384gb, tokens per second?",
    "mixtral 8x7b q4_k_m on an 8gb rtx 4060 with 64gb of ram, speed?",
])
def test_the_range_sits_beside_the_figure(engine: Engine, question: str) -> None:
    a = engine.ask(question, locale="en")
    first = next((s for s in a.text.split("\n") if "tokens per second" in s and "range" in s), None)
    assert first is not None, a.text
    assert FIGURE_AND_RANGE.search(first), first
