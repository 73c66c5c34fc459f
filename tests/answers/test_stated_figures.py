"""Figures the asker states are the figures the answer uses (issue 29, item 2): a format's width in bits
per weight, the people served, a prompt's or a context's length. Phrasings of our own, several languages."""

from __future__ import annotations

import pytest

WIDTHS = [  # (question, the level the answer must rate, as estimator.quants names it)
    ("llama 3 70b exl2 4.65bpw on 2x 3090", "EXL2-4.65bpw"),
    ("exl2 at 4.65 bpw, llama 3 70b, two 3090s: tok/s?", "EXL2-4.65bpw"),
    ("llama 3 70b in exl2 a 4,65 bpw su due 3090", "EXL2-4.65bpw"),
    ("qwen3 32b 6.0bpw exl3 auf einer 5090", "EXL3-6.0bpw"),
    ("qwen3 32b en exl2 5 bpw sur une 4090 ?", "EXL2-5.0bpw"),
]


@pytest.mark.parametrize(("question", "level"), WIDTHS)
def test_a_formats_width_is_the_width_rated(engine, question: str, level: str) -> None:
    answer = engine.ask(question)
    assert answer.asked["quant"] == level
    assert f"`{level}`" in answer.text
    assert answer.unused == []


def test_a_wider_file_needs_more_memory_than_the_formats_usual_one(engine) -> None:
    usual = engine.ask("qwen3 14b exl2 on a 3090").facts
    wide = engine.ask("qwen3 14b exl2 6.0bpw on a 3090").facts
    assert wide["verdict"]["recommended"]["need_gb"] > usual["verdict"]["recommended"]["need_gb"]


PEOPLE = [  # (question, people at once)
    ("siamo in 17 a usare qwen3 14b su una 4090", 17),
    ("we are 17 people, qwen3 14b on a 4090", 17),
    ("we're 12 using llama 3.1 8b on one 3090", 12),
    ("nous sommes 12 à utiliser llama 3.1 8b sur une 3090", 12),
    ("wir sind 12, llama 3.1 8b auf einer 3090", 12),
    ("somos 12 usando llama 3.1 8b en una 3090", 12),
    ("somos 9 usando llama 3.1 8b numa 3090", 9),
    ("17 Nutzer gleichzeitig, qwen3 14b auf einer 4090", 17),
    ("100 clientes simultáneos con llama 3.1 8b en una H100", 100),
]


@pytest.mark.parametrize(("question", "people"), PEOPLE)
def test_the_number_of_people_said_is_the_number_served(engine, question: str, people: int) -> None:
    answer = engine.ask(question)
    assert answer.asked["users"] == people
    assert answer.intent == "users"
    assert not any(u.startswith("users:") for u in answer.unused)


def test_we_are_before_a_card_count_is_no_crowd(engine) -> None:
    answer = engine.ask("there are 2 3090s in my pc, llama 3 70b?")
    assert "users" not in answer.asked
    assert answer.asked["cards"] == [{"name": "GeForce RTX 3090", "count": 2}]


@pytest.mark.parametrize(("question", "cpu", "locale"), [
    ("ryzen 9 7950x, 64gb ddr5-6000, no gpu: qwen3 30b a3b speed?", "Ryzen 9 7950X", "en"),
    ("solo cpu su un EPYC 9654 con 384gb ddr5, deepseek r1?", "EPYC 9654", "it"),
    ("nur CPU, Ryzen 9 7950X mit 96 GB DDR5: wie schnell ist qwen3 30b a3b?", "Ryzen 9 7950X", "de"),
])
def test_a_named_processor_is_not_said_back_as_assumed(engine, question: str, cpu: str, locale: str) -> None:
    answer = engine.ask(question)
    assert answer.asked["cpu"] == cpu
    assert "cpu_cores" not in answer.assumed
    assert cpu in answer.text  # the prompt figure names the processor it is for
    assert "assumed" not in answer.text and "presunto" not in answer.text


@pytest.mark.parametrize(("question", "cpu"), [
    ("whisper large-v3 on a ryzen 9 7950x cpu only, how fast?", "Ryzen 9 7950X"),
    ("whisper large v3 sul mio i7-12700k senza gpu", "i7-12700K"),
    ("bge-m3 embeddings on a ryzen 7 5800x, no gpu", "Ryzen 7 5800X"),
    ("bge-m3 auf einem Ryzen 9 7950X ohne Grafikkarte, wie schnell?", "Ryzen 9 7950X"),
])
def test_a_named_processor_rates_speech_and_embeddings(engine, question: str, cpu: str) -> None:
    answer = engine.ask(question)
    assert answer.facts["cpu"]["name"].endswith(cpu)
    assert cpu in answer.text


def test_the_named_processor_changes_the_embedding_figure(engine) -> None:
    small = engine.ask("bge-m3 embeddings on a ryzen 5 5600x, no gpu").facts
    big = engine.ask("bge-m3 embeddings on a ryzen 9 7950x, no gpu").facts
    assert big["cpu"]["cores"] > small["cpu"]["cores"]
    assert big["tokens_per_second"] > small["tokens_per_second"]
