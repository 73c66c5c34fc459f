"""The quality and maturity parts of a format question are answered, not only the speeds: "AWQ, GPTQ or FP8, which
is best in quality?" gets the sourced accuracy line (FP8 practically lossless, the 4-bit files about 98-99 %),
"is NVFP4 still buggy?" the state of NVFP4 on Blackwell with its public issues, and a side an engine cannot hold says
it does not fit with its need, never "cannot run FP8" on a card that runs FP8."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _notes(a) -> set[str]:
    kinds = {n.get("kind") for n in (a.facts.get("also") or {}).get("notes") or ()}
    for part in a.facts.get("parts") or ():
        kinds |= {n.get("kind") for n in ((part.get("facts") or {}).get("also") or {}).get("notes") or ()}
    return kinds


@pytest.mark.parametrize(("question", "lang"), [
    ("for qwen3 8b in vllm on a 4080, gptq or awq or fp8: which one keeps the best quality?", "en"),
    ("qwen3 8b in vllm auf einer 4080: gptq, awq oder fp8, was hat die beste qualität?", "de"),
    ("qwen3 8b con vllm su una 4080: gptq, awq o fp8, quale ha la qualità migliore?", "it"),
    ("qwen3 8b avec vllm sur une 4080 : gptq, awq ou fp8, lequel garde la meilleure qualité ?", "fr"),
    ("qwen3 8b en vllm con una 4080: gptq, awq o fp8, ¿cuál tiene mejor calidad?", "es"),
    ("qwen3 8b no vllm numa 4080: gptq, awq ou fp8, qual tem a melhor qualidade?", "pt"),
])
def test_which_format_keeps_quality_is_answered(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "weight_format_quality" in _notes(a), a.text
    assert "FP8" in a.text and "AWQ" in a.text and "500" in a.text, a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("gemma 3 27b nvfp4 on an rtx 5090 with vllm: is nvfp4 stable now or still buggy?", "en"),
    ("gemma 3 27b in nvfp4 auf einer 5090 mit vllm, ist nvfp4 schon ausgereift?", "de"),
    ("gemma 3 27b in nvfp4 su una 5090 con vllm: nvfp4 funziona bene o ha ancora bug?", "it"),
    ("gemma 3 27b en nvfp4 sur une 5090 avec vllm, le nvfp4 est-il bien supporté ?", "fr"),
    ("gemma 3 27b en nvfp4 en una 5090 con vllm, ¿nvfp4 ya es estable o tiene bugs?", "es"),
    ("gemma 3 27b em nvfp4 numa 5090 com vllm, o nvfp4 já é estável ou ainda tem bugs?", "pt"),
])
def test_nvfp4_maturity_is_answered(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "nvfp4_state" in _notes(a), a.text
    assert "v0.29.0" in a.text and "NVFP4" in a.text, a.text


def test_a_format_too_big_for_the_card_says_it_does_not_fit(engine: Engine) -> None:
    """Qwen3-30B-A3B at FP8 is about 30.5 GB of weights (one byte per parameter): with vLLM's cache room it does not
    fit a 32 GB card; the card itself runs FP8 (Blackwell has FP8 tensor cores)."""
    a = engine.ask("vllm on a 5090 with qwen3 30b a3b: nvfp4 or fp8, which should i use?")
    sides = a.facts["engine_versus"]["sides"]
    fp8 = next(s for s in sides if s["quant"] == "FP8")
    assert not fp8["runs"] and fp8["reason"] == "fit"
    assert fp8["need_gb"] > 28.0
    assert "cannot run" not in a.text, a.text
