"""A format the engine does not run on the named machine (MLX on a GeForce, ExLlamaV2 on a Mac): the answer says
so, then gives the nearest that works with its need and speed on that machine, never "ask again".
Questions written for these tests."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

ASK_AGAIN = {"en": "Ask again", "fr": "Redemandez", "de": "Frag noch einmal", "es": "Vuelve a preguntar",
             "it": "Chiedi di nuovo", "pt": "Pergunte de novo"}


@pytest.mark.parametrize(("question", "lang"), [
    ("mistral small 3.2 in mlx su una rtx 4080, quanto va?", "it"),
    ("exl2 de gemma 3 12b dans un mac mini m4 pro 48 go ?", "fr"),
    ("qwen3 14b como mlx en una rtx 3090, ¿cuántos tokens por segundo?", "es"),
])
def test_a_refused_format_names_the_nearest_with_its_figures(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    check = a.facts.get("engine_check") or {}
    assert check.get("runs") is False, a.text
    row = check["nearest_row"]
    assert row["quant"] and row["need_gb"] > 0 and row["tok_s"] > 0
    assert ASK_AGAIN[lang] not in a.text
    assert f"`{row['quant']}`" in a.text.splitlines()[1]
    assert re.search(r"\d", a.text.splitlines()[1])


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen2.5 14b fp16 on an arc pro b70 with vllm", "en"),
    ("qwen2.5 14b en fp16 sur une Arc Pro B70 avec vllm", "fr"),
])
def test_the_largest_level_that_fits_is_one_the_engine_runs_there(engine, question, lang) -> None:
    """vLLM runs 16-bit weights on Intel Arc (XPU) but none of its FP8 or 4-bit kernels: a card too small for
    the 16-bit file is offered no FP8 "that fits" (the level must run there, not only fit)."""
    a = engine.ask(question, locale=lang)
    assert a.facts["engine"] == "vllm"
    assert a.facts["row"]["fit"] == "no"
    assert "`FP8`" not in a.text and "`AWQ`" not in a.text
