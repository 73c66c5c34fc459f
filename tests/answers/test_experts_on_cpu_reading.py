""""Experts on the CPU" names an expert offload, never a machine without its card (issue 31): the card said
beside it is kept and the figure is the card + RAM one, in every language."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize("question", [
    "qwen3 235b a22b q3_k_m on a ryzen 9 7950x with 192gb ddr5 and a 4090, experts on cpu, how fast?",
    "qwen3 235b a22b q3_k_m su un ryzen 9 7950x con 192 GB di DDR5 e una 4090, esperti su cpu, che velocità?",
    "Qwen3 235B A22B Q3_K_M auf einem Ryzen 9 7950X mit 192 GB DDR5 und einer 4090, Experten auf CPU, wie schnell?",
    "qwen3 235b a22b q3_k_m sur un ryzen 9 7950x avec 192 Go de DDR5 et une 4090, experts sur cpu, quelle vitesse ?",
    "qwen3 235b a22b q3_k_m en un ryzen 9 7950x con 192 GB de DDR5 y una 4090, expertos en cpu, ¿qué velocidad?",
    "qwen3 235b a22b q3_k_m num ryzen 9 7950x com 192 GB de DDR5 e uma 4090, experts em cpu, qual velocidade?",
])
def test_experts_on_the_cpu_keep_the_card(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert not answer.entities.get("cpu_only")
    assert answer.entities.get("card") == "GeForce RTX 4090"
    assert answer.facts["row"]["fit"] == "offload"


@pytest.mark.parametrize("question", [
    "qwen3 30b a3b q4_k_m on the cpu, no gpu, 32gb ddr5, tok/s?",
    "qwen3 30b a3b q4_k_m sulla cpu con 32 GB di ram, quanti token al secondo?",
])
def test_a_model_on_the_cpu_without_experts_said_stays_cpu_only(engine: Engine, question: str) -> None:
    assert engine.ask(question).entities.get("cpu_only") is True
