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
