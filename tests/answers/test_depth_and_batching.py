"""Figures that move with what the question states: decode at a long context (the cache read and the attention's
arithmetic, calibrated on public llama-bench runs at depth) and several users on a mixture of experts (only the
streaming part of a step grows with the experts a batch reads). Public rows and new phrasings, several languages."""

from __future__ import annotations

import math
import statistics

import pytest

from answers.engine import Engine
from benchmarks.depth_accuracy import fit, load_rows, predicted


def test_the_fall_with_depth_matches_public_llama_bench_rows() -> None:
    """ggml-org/llama.cpp benches/dgx-spark.md: five models, tg at 4k–32k against tg at depth 0 (e.g.
    Qwen3-Coder-30B-A3B Q8_0 60.92 → 30.80 at 32,768: ×0.506)."""
    rows = load_rows()
    share = fit(rows)
    errors = [math.exp(abs(math.log(r["ratio"] / predicted(r, share)))) for r in rows]
    assert max(errors) < 1.12 and statistics.median(errors) < 1.05
    # counting the attention's arithmetic beats the cache read alone
    alone = [math.exp(abs(math.log(r["ratio"] / predicted(r, None)))) for r in rows]
    assert statistics.median(errors) < statistics.median(alone)


@pytest.mark.parametrize(("question", "lang"), [
    ("DeepSeek V3 Q4_K_M auf einem Mac Studio M3 Ultra 512GB mit 32k Kontext, wie schnell?", "de"),
    ("deepseek v3 q4_k_m en un mac studio m3 ultra de 512gb con 32k de contexto, qué velocidad?", "es"),
    ("deepseek v3 at q4_k_m, mac studio m3 ultra 512 gb, 32k tokens of context: generation speed?", "en"),
])
def test_latent_attention_on_apple_silicon_slows_with_depth(engine: Engine, question: str, lang: str) -> None:
    """DeepSeek-V3's latent cache at 32k is ~2 GB beside ~22 GB of weights read a token (reads alone: ~10 %
    slower), but its 128 heads spend 557 GFLOPs a token on attention: on an M3 Ultra that is most of the token."""
    a = engine.ask(question)
    assert a.locale == lang
    d = a.facts["decode_at_context"]
    head = a.facts["row"]["tok_s"]
    assert d["context"] == 32768 and 2.0 < head / d["tok_s"] < 6.0
    assert d["tok_s_low"] < d["tok_s"] < d["tok_s_high"]


@pytest.mark.parametrize(("question", "lang"), [
    ("Qwen3 Coder 30B-A3B AWQ sur une RTX 5090 avec vLLM, 4 personnes en même temps, combien de tok/s chacun ?",
     "fr"),
    ("qwen3 coder 30b a3b awq su una rtx 5090 con vllm per 4 utenti, quanti token al secondo a testa?", "it"),
    ("qwen3 coder 30b a3b awq numa rtx 5090 com vllm para 4 usuários, quantos tok/s cada um?", "pt"),
])
def test_a_small_moe_serves_several_users_near_the_public_row(engine: Engine, question: str, lang: str) -> None:
    """vllm bench serve on one RTX 5090, Qwen3-Coder-30B-A3B-Instruct-AWQ, low concurrency: median TPOT 7.06 ms
    (141.6 tok/s each; r/LocalLLaMA, Qwen3 Coder on RTX 5090 and PRO 6000, 2026-03). The experts four tokens pick
    add little to a step that is mostly fixed time, so the total grows nearly four-fold."""
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "users"
    row = a.facts["row"]
    assert 141.6 / 1.35 < row["per_user_tok_s"] < 141.6 * 1.35
    assert row["total_tok_s"] > 2.2 * row["tok_s"]  # the total grows with the users, before the compute bound


@pytest.mark.parametrize(("question", "plain", "lang"), [
    ("zwei RTX 5060 Ti 16GB mit vLLM und Tensor-Parallel oder eine gebrauchte 3090, was ist besser?",
     "zwei RTX 5060 Ti 16GB oder eine gebrauchte 3090, was ist besser?", "de"),
    ("2 rtx 5060 ti 16gb em tensor parallel no vllm ou uma 3090 usada, qual vale mais?",
     "2 rtx 5060 ti 16gb ou uma 3090 usada, qual vale mais?", "pt"),
])
def test_tensor_parallel_asked_in_a_comparison_rates_the_cards_together(engine: Engine, question: str, plain: str,
                                                                        lang: str) -> None:
    """Under vLLM the two cards split every layer: each streams half the weights, so one request runs faster than
    on one card (trial 6's grader: ~1.5–1.7× on two 5060 Ti); llama.cpp's layer split runs at one card's pace."""
    a, b = engine.ask(question), engine.ask(plain)
    assert a.locale == lang and a.facts["mode"] == "setups" and b.facts["mode"] == "setups"
    assert a.facts["split_kind"] == "tensor" and a.facts["split_cards"] == 2
    assert b.facts["split_kind"] == "layer"
    tp = next(sz["a"] for sz in a.facts["sizes"] if sz["params_b"] == 8)
    layer = next(sz["a"] for sz in b.facts["sizes"] if sz["params_b"] == 8)
    assert tp["split"] == "tensor" and layer["split"] == "layer"
    # per byte of weights read a token: tensor parallel beats one card's pace by at least 1.3×
    from estimator.quants import quant
    assert tp["tok_s"] * quant(tp["quant"]).bpw > 1.3 * layer["tok_s"] * quant(layer["quant"]).bpw


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 8b q4_k_m solo cpu con 64gb di ddr5 e 32k di contesto, quanti token al secondo?", "it"),
    ("qwen3 8b q4_k_m sans carte graphique, 64 Go de DDR5, contexte de 32k : combien de tokens par seconde ?", "fr"),
])
def test_cpu_only_decode_also_slows_at_a_long_context(engine: Engine, question: str, lang: str) -> None:
    """Qwen3 8B's cache: 2 × 36 layers × 8 KV heads × 128 × 2 bytes = 144 KiB a token, 4.5 GiB at 32k, beside
    ~5 GB of Q4_K_M weights read a token from the same RAM: about half the speed once the context is full."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts["mode"] == "cpu"
    d = a.facts["decode_at_context"]
    head = a.facts["cpu"]["pick"]["tok_s"]
    assert d["context"] == 32768 and 1.6 < head / d["tok_s"] < 2.4
