"""Three engines or formats weighed in one message ("exl3, gguf or awq?", "vllm, sglang or tensorrt-llm?"): every
side named gets its own line and figure, and the verdict sets the pick against the best of the rest."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.engine_versus import among
from answers.reading.engine_versus_words import further, sides


@pytest.mark.parametrize(("text", "third"), [
    ("gptq vs awq vs fp8 for a 14b on an l40s", ((None, "FP8"),)),
    # a list before the comparison word: its last item is the first side, the items before it are further sides
    ("exl2, gguf ou awq pour un 27b sur ma 3090 ?", ((None, "EXL2"),)),
    ("sglang oder vllm oder tensorrt-llm für llama 3.1 8b auf einer h100", (("tensorrt-llm", None),)),
    # an engine said once for formats is the third format's too
    ("nvfp4, fp8 o awq con vllm su una 5090 per qwen3 32b", (("vllm", "NVFP4"),)),
])
def test_the_sides_beyond_two_are_read(text: str, third: tuple) -> None:
    assert further(text, sides(text)) == third


@pytest.mark.parametrize("text", [
    "vllm or llama.cpp for qwen3 32b on 2x3090",  # two sides only
    "exl3 4bpw or q4_k_m, and is the exl3 one better?",  # a side named twice is one side
    "q8 or q4 for llama 3 8b",  # no pair at all
])
def test_no_third_side_where_two_are_named(text: str) -> None:
    assert further(text, sides(text)) == ()


@pytest.mark.parametrize(("question", "lang", "word", "verdict"), [
    ("gptq vs awq vs fp8 in vllm for qwen3 14b on an rtx 4090, which should I use?", "en", "ways", "Verdict:"),
    ("gptq, awq o fp8 con vllm en una rtx 4090 para qwen3 14b, ¿cuál me conviene?", "es", "maneras", "Veredicto:"),
    ("gptq, awq ou fp8 avec vllm sur une rtx 4090 pour qwen3 14b, lequel choisir ?", "fr", "façons", "Verdict :"),
    ("gptq, awq oder fp8 mit vllm auf einer rtx 4090 für qwen3 14b, was nehme ich?", "de", "Arten", "Fazit:"),
    ("gptq, awq o fp8 con vllm su una rtx 4090 per qwen3 14b, quale conviene?", "it", "modi", "Verdetto:"),
    ("gptq, awq ou fp8 no vllm numa rtx 4090 pra qwen3 14b, qual compensa mais?", "pt", "maneiras", "Veredicto:"),
])
def test_every_format_named_gets_its_figure(engine: Engine, question: str, lang: str, word: str,
                                           verdict: str) -> None:
    a = engine.ask(question)
    v = a.facts["engine_versus"]
    assert a.locale == lang
    assert {s["quant"] for s in v["sides"]} == {"GPTQ", "AWQ", "FP8"}, a.text
    assert v["among"] == 3
    lines = a.text.split("\n")
    assert word in lines[0], a.text  # "…, 3 ways:" in the asker's language
    for s in v["sides"]:
        assert sum(f"`{s['quant']}`" in ln for ln in lines[1:4]) == 1, a.text
    assert all(s["runs"] for s in v["sides"])  # a 14B fits a 24 GB card in each of the three
    assert lines[4].startswith(verdict), a.text  # the verdict, in the asker's language


def test_a_format_that_does_not_fit_is_said_and_the_pick_runs(engine: Engine) -> None:
    a = engine.ask("awq vs gptq vs fp8 on vllm for a 32b on a single 4090?")
    v = a.facts["engine_versus"]
    fp8 = next(s for s in v["sides"] if s["quant"] == "FP8")
    assert not fp8["runs"] and fp8["reason"] == "fit"  # 32 GB of FP8 weights on a 24 GB card
    assert v["sides"][v["best"]]["runs"] and v["sides"][v["best"]]["quant"] != "FP8"
    assert "FP8" in a.text and "32" in next(ln for ln in a.text.split("\n") if "`FP8`" in ln)


def _side(tok: float | None) -> dict:
    return {"runs": tok is not None, "tok_s": tok, "engine": "vllm", "quant": "X"}


@pytest.mark.parametrize(("toks", "best", "runner", "kind"), [
    ((20.0, 40.0, 10.0), 1, 0, "faster"),  # the pick against the best of the rest, not the first named
    ((20.0, None, 41.0), 2, 0, "faster"),
    ((None, 30.0, None), 1, 0, "only"),
    ((None, None, None), 0, 1, "neither"),
    ((40.0, 10.0, 41.0), 2, 0, "same"),  # within the estimates' spread of each other
])
def test_the_verdict_among_three(toks: tuple, best: int, runner: int, kind: str) -> None:
    v = among([_side(t) for t in toks])
    assert (v["best"], v["runner"], v["verdict"], v["among"]) == (best, runner, kind, 3)
    assert v["winner"] == (best if kind in ("faster", "only") else None)
