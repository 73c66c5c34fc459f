"""A level the asker named that the card cannot hold whole: the answer's first speed is that level's, with part
of it in system RAM (or its crawl), and the more compressed level that fits comes after it. A cache type or a
shorter context that holds the same level whole still comes first (tests/answers/test_near_miss_first.py)."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from answers.engine import Engine


def _first_line_with(lines: list[str], figure: str) -> int:
    return next(i for i, line in enumerate(lines) if figure in line)


@pytest.mark.parametrize("question", [
    "mistral nemo 12b at q8_0 on a geforce rtx 4060 8gb: tokens per second?",
    "mistral nemo 12b in q8_0 su una rtx 4060 8gb, quanti token al secondo?",
    "mistral nemo 12b en q8_0 sur une rtx 4060 8 go, combien de tokens par seconde ?",
    "mistral nemo 12b mit q8_0 auf einer rtx 4060 8gb, wie viele tokens pro sekunde?",
])
def test_the_level_named_comes_first_with_offload(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    f = a.facts
    off, smaller = f.get("offload_assumed"), f.get("smaller_level")
    assert off and off["outcome"] == "runs" and off["row"]["quant"] == "Q8_0"
    assert smaller and smaller["quant"] != "Q8_0" and smaller["tok_s"] > off["row"]["tok_s"]
    assert not f.get("cache_hint") and not f.get("shorter_context")
    lines = a.text.splitlines()
    at_level = _first_line_with(lines, format_decimal(round(off["row"]["tok_s"], 1), locale=a.locale))
    fits = _first_line_with(lines, format_decimal(round(smaller["tok_s"], 1), locale=a.locale))
    assert at_level < fits  # the figure for what was asked, then what fits whole


def test_no_level_named_keeps_what_fits_first(engine: Engine) -> None:
    a = engine.ask("mistral nemo 12b on a geforce rtx 4060 8gb: tokens per second?")
    assert a.facts["row"].get("tok_s")  # a level that fits is chosen: no offload lead at all


@pytest.mark.parametrize("question", [
    "qwen3.6 35b a3b at iq3_xxs on an rtx 3060 12gb, how fast?",
    "qwen3.6 35b a3b en iq3_xxs sur une rtx 3060 12 go, quelle vitesse ?",
])
def test_a_level_named_below_the_floor_is_not_said_to_be_forced_by_the_ram(engine: Engine, question: str) -> None:
    """IQ3_XXS is below the usual minimum quality, but the asker chose it: the offload line gives its speed
    without claiming only such a level leaves little enough for the RAM."""
    off = engine.ask(question).facts["offload_assumed"]
    assert off["outcome"] == "runs" and off["row"]["quant"] == "IQ3_XXS" and off["floor_quant"] is None
