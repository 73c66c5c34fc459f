"""Several people on cards split by tensor parallelism (vLLM, SGLang, TensorRT-LLM): every card computes its slice
of every layer at once, so the compute ceiling of a batch is all the cards' — a layer split's is one card's at a
time (answers/facts/throughput.py `tensor_prefill`). Before, 405B FP8 on 8× H100 under vLLM served 26 people at
10 tok/s each; public vLLM runs give 25–30 each there and more than a hundred people above reading speed."""

from __future__ import annotations

import pytest


def test_26_people_on_a_tensor_split_keep_most_of_the_single_speed(engine) -> None:
    tensor = engine.ask("llama 3.1 405b fp8 en 8x h100 con vllm para 26 usuarios", locale="es").facts["row"]
    assert tensor["split"] == "tensor"
    # eight cards computing at once: 26 people are still bound by reading the weights, not by compute,
    # and each gets most of the one-person speed
    assert tensor["users_bound"] == "bandwidth"
    single = engine.ask("llama 3.1 405b fp8 en 8x h100 con vllm", locale="es").facts["verdict"]["recommended"]
    assert tensor["per_user_tok_s"] > 0.8 * single["tok_s"]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_405b_on_eight_h100_serves_a_busy_office(engine, lang) -> None:
    q = {"es": "cuantas personas a la vez sirve un servidor de 8 h100 con llama 3.1 405b fp8 en vllm?",
         "fr": "llama 3.1 405b en fp8 sur 8 h100 avec vllm : combien d'utilisateurs en même temps ?"}[lang]
    row = engine.ask(q, locale=lang).facts["row"]
    assert row["users_at_reading_speed"] >= 60


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen2.5 32b bf16 on one 4090 with sglang?", "en"),
    ("qwen 2.5 32b in bf16 su una 4090 con vllm", "it"),
    ("qwen2.5 32b en bf16 sur une RTX 4090 avec sglang", "fr"),
])
def test_several_cards_offered_under_a_tensor_split_gain_speed_and_say_so(engine, question, lang) -> None:
    """A card too small for the model offers several of it; under a tensor-parallel engine they add speed (each
    reads its share of the weights), so the answer must not say they only add memory, as under llama.cpp."""
    a = engine.ask(question, locale=lang)
    several = a.facts["several_cards"]
    assert several["split"] == "tensor" and several["count"] >= 2
    one_card = engine.ask("qwen2.5 32b awq on one 4090 with sglang").facts["verdict"]["recommended"]["tok_s"]
    # a layer split runs at about one card's BF16 pace: the AWQ speed times 4.25/16 bits (bandwidth-bound)
    assert several["tok_s"] > 1.5 * one_card * 4.25 / 16
    ours = a.text.split("\n")
    line = next(x for x in ours if "×" in x and several["card"] in x)
    layer = engine.ask("qwen2.5 32b bf16 on one 4090", locale=lang)
    layer_line = next(x for x in layer.text.split("\n") if "×" in x and "4090" in x)
    assert layer_line.rsplit(". ", 1)[-1] not in line  # its own closing sentence, not llama.cpp's


@pytest.mark.parametrize(("question", "lang", "label"), [
    ("llama 3.1 8b bf16 on one 4090 with sglang for 40 users, how fast each?", "en", "SGLang"),
    ("llama 3.1 8b bf16 su una 4090 con sglang per 40 utenti", "it", "SGLang"),
    ("llama 3.1 8b bf16 auf einer 4090 mit TensorRT-LLM für 40 Nutzer", "de", "TensorRT-LLM"),
])
def test_more_cards_for_everyone_name_the_engine_asked(engine, question, lang, label) -> None:
    """(16-bit weights said: at the 8-bit weights a serving box takes unasked, one 4090 serves them; 40, so that
    even an 8-bit cache leaves some out: 16 fit with one, and then no second card is offered.)
    Cards added so that every user gets reading speed are split by the engine the question named, and the
    answer names that one (before: "vLLM splits the model" under any engine)."""
    a = engine.ask(question, locale=lang)
    assert a.facts["engine_label"] == label
    line = next(x for x in a.text.split("\n") if "2×" in x)
    assert label in line and "vLLM" not in line
