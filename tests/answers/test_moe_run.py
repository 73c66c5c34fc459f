"""A mixture of experts with its experts in RAM gets the `--n-cpu-moe` value that fits the card, the command,
the threads, ik_llama.cpp for the big ones, and a plain word on a speed the asker gets (issue 31)."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine

# gpt-oss-120b (openai/gpt-oss-120b config.json): 36 layers, every one MoE; the MXFP4 GGUF is 63.4 GB
# (ggml-org/gpt-oss-120b-GGUF), of which about 3 GB are attention, embeddings and router in 8-16 bits: one
# layer's experts are about (63.4 - 3) / 36 = 1.7 GB. A 16 GB card keeps about 1 GB for its compute buffer and
# the attention part plus a small cache, leaving room for 6 to 9 layers' experts: N between 27 and 30.
N_16GB = range(26, 31)


@pytest.mark.parametrize("question", [
    "running gpt-oss-120b on a 4060 ti 16gb + 128gb ddr5 5600, how many moe layers do I put on cpu?",
    "gpt-oss-120b su una 4060 Ti 16GB con 128 GB di DDR5 5600: quanti layer MoE lascio sulla cpu?",
    "gpt-oss-120b auf einer 4060 Ti 16 GB mit 128 GB DDR5-5600, wie viele MoE-Layer auf die CPU?",
    "gpt-oss-120b sur une 4060 Ti 16 Go avec 128 Go de DDR5 5600, combien de couches moe sur le cpu ?",
    "gpt-oss-120b en una 4060 Ti de 16GB con 128GB de DDR5 5600, ¿cuántas capas moe dejo en la cpu?",
    "gpt-oss-120b numa 4060 Ti 16GB com 128GB DDR5 5600, quantas camadas moe deixo na cpu?",
])
def test_the_n_cpu_moe_value_fits_the_card(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    run = a.facts["moe_run"]
    assert run["n_cpu_moe"] in N_16GB and run["layers"] == 36
    assert f"--n-cpu-moe {run['n_cpu_moe']}" in a.text and "-ngl 99" in a.text
    assert a.facts["row"]["quant"] == "MXFP4"  # gpt-oss runs its own file, not a Q4 GGUF


def test_more_card_memory_keeps_more_experts_on_the_card(engine: Engine) -> None:
    small = engine.ask("gpt-oss-120b on an rtx 4060 ti 16gb with 128gb ddr5, --n-cpu-moe?").facts["moe_run"]
    big = engine.ask("gpt-oss-120b on an rtx 3090 with 128gb ddr5, --n-cpu-moe?").facts["moe_run"]
    assert big["n_cpu_moe"] < small["n_cpu_moe"]
    # 8 GB more room is about 8 / 1.7 ≈ 4-5 more layers' experts
    assert 3 <= small["n_cpu_moe"] - big["n_cpu_moe"] <= 6


def test_a_longer_context_moves_experts_off_the_card(engine: Engine) -> None:
    short = engine.ask("GLM-4.5-Air Q4_K_M on an RTX 4070 Ti Super with 96GB DDR5, 8k context").facts["moe_run"]
    long = engine.ask("GLM-4.5-Air Q4_K_M on an RTX 4070 Ti Super with 96GB DDR5, 64k context").facts["moe_run"]
    assert long["n_cpu_moe"] > short["n_cpu_moe"] and long["context"] == 65536


def test_threads_are_the_named_processors_cores(engine: Engine) -> None:
    a = engine.ask("Qwen3-235B-A22B Q3_K_M on a 3090 with a Ryzen 9 7950X and 192GB DDR5, experts in RAM")
    assert a.facts["moe_run"]["threads"] == 16 and "-t 16" in a.text


def test_a_big_mixture_gets_ik_llama(engine: Engine) -> None:
    big = engine.ask("DeepSeek-V3.1 UD-Q2_K_XL on 2x 3090 with 256GB DDR4 on an EPYC 7532, experts on cpu")
    assert big.facts["moe_run"]["ik_llama"] and "ik_llama.cpp" in big.text and "-fmoe" in big.text
    small = engine.ask("Qwen3-30B-A3B Q4_K_M on an RTX 4060 8GB with 32GB DDR5")
    assert not small.facts["moe_run"]["ik_llama"] and "ik_llama" not in small.text


@pytest.mark.parametrize(("question", "lead"), [
    ("gpt-oss-120b on a 4060 ti 16gb + 128gb ddr5 5600, I get 11 t/s, is that the max?", "below the"),
    ("gpt-oss-120b su 4060 Ti 16GB e 128GB DDR5 5600, faccio 11 t/s, è il massimo?", "sotto i"),
    ("gpt-oss-120b en 4060 Ti 16GB y 128GB DDR5 5600, saco 11 t/s, ¿es lo máximo?", "por debajo"),
])
def test_a_speed_well_below_the_estimate_is_called_improvable_first(engine: Engine, question: str,
                                                                    lead: str) -> None:
    a = engine.ask(question)
    assert a.facts["observed"]["verdict"] == "short"
    first = a.text.splitlines()[0]
    assert lead in first and re.search(r"1[5-9]|2\d", first)  # the setup's own estimate, ~18


def test_a_speed_near_the_estimate_is_normal(engine: Engine) -> None:
    a = engine.ask("gpt-oss-120b on a 4060 ti 16gb + 128gb ddr5 5600, I get 17 t/s, is that the max?")
    assert a.facts["observed"]["verdict"] == "within"


def test_a_dense_offload_gets_no_expert_flags(engine: Engine) -> None:
    a = engine.ask("Llama 3.3 70B Q4_K_M on an RTX 4090 with 64GB DDR5")
    assert "moe_run" not in a.facts and "--n-cpu-moe" not in a.text


def test_ik_llama_is_said_once_when_the_message_names_it(engine: Engine) -> None:
    a = engine.ask("Kimi K2 on a 3090 with 512GB DDR4 on an EPYC 7003, experts in RAM with ik_llama.cpp, tok/s?")
    assert a.facts["moe_run"]["ik_llama"]
    assert sum("ik_llama" in line for line in a.text.splitlines()) == 1
