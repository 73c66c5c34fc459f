"""The hardware as stated, counted: a bare number after an owning or choosing word is the number of cards
("I own 4 rtx 3090", "tengo 4 rtx 3090", "meglio 2 5060 ti o una 3090": four cards, two cards against one),
and a server's RAM said in terabytes ("1tb of ram", "1,5 TB", "1 To de RAM") is read as RAM, never dropped
for a desktop's. Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.reading.setup_words import read
from answers.reading.sizes import terabytes_as_gb

COUNTED = [  # (question, cards with counts)
    ("i own 4 rtx 3090, will qwen3 235b a22b run?", [("rtx 3090", 4)]),
    ("tengo 3 rtx 3090 en un rack, ¿qué tal llama 3.3 70b?", [("rtx 3090", 3)]),
    ("tenemos 4 rtx 4090, ¿corre deepseek r1?", [("rtx 4090", 4)]),
    ("meglio 2 5060 ti 16gb o una 3090 per qwen3 32b?", [("5060 ti 16gb", 2), ("3090", 1)]),
    ("was ist besser 2 rtx 5060 ti oder eine 3090 für qwen3 32b?", [("rtx 5060 ti", 2), ("3090", 1)]),
    ("qual é melhor 2 rtx 4060 ti ou uma 3090 para llama 3 70b?", [("rtx 4060 ti", 2), ("3090", 1)]),
    ("c'est mieux 2 rtx 3060 ou une 4090 pour qwen3 14b ?", [("rtx 3060", 2), ("4090", 1)]),
]


@pytest.mark.parametrize(("question", "cards"), COUNTED)
def test_a_number_after_owning_or_choosing_words_counts_the_cards(question: str, cards) -> None:
    assert read(question).cards == cards


@pytest.mark.parametrize("question", ["phi 4 rtx 4090 speed?", "gemma 3 rtx 3090, how fast?"])
def test_a_model_version_before_a_card_is_still_no_count(question: str) -> None:
    assert [n for _, n in read(question).cards] == [1]


def test_four_cards_are_answered_as_four(engine) -> None:
    answer = engine.ask("i own 4 rtx 3090, will llama 3.3 70b run at q8?")
    assert answer.asked["cards"] == [{"name": "GeForce RTX 3090", "count": 4}]
    assert "4×" in answer.text.split("\n")[0]


TERABYTES = [  # (question, RAM in GB)
    ("deepseek v3 on a dual epyc box with 1tb of ram, no gpu, how fast?", 1024.0),
    ("deepseek v3 su un server con due epyc e 1,5 tb di ram, senza gpu?", 1536.0),
    ("deepseek v3 sur un serveur bi-epyc avec 1 To de RAM, sans gpu ?", 1024.0),
    ("kimi k2 em servidor com 2 epyc e 2 TB de ram ddr5, quantos tok/s?", 2048.0),
    ("kimi k2 auf zwei epyc mit 1 TiB RAM, wie schnell ohne gpu?", 1024.0),
]


@pytest.mark.parametrize(("question", "gb"), TERABYTES)
def test_ram_in_terabytes_is_read_as_the_servers_ram(engine, question: str, gb: float) -> None:
    assert engine.ask(question).asked["ram_gb"] == gb


@pytest.mark.parametrize("text", ["an H200 streams 4.8 TB/s", "a 4090, 64gb ddr5 and a 2tb nvme",
                                  "2 tb ssd", "llama 3 70b on 1 to 2 rtx 3090"])
def test_terabytes_of_bandwidth_disk_or_a_range_are_no_ram(text: str) -> None:
    assert terabytes_as_gb(text) == text


def test_a_terabyte_server_is_answered_as_a_server_not_a_desktop(engine) -> None:
    answer = engine.ask("deepseek v3 on a dual epyc box with 1tb of ram, no gpu, how fast?")
    assert answer.asked["ram_gb"] == 1024.0
    assert "desktop" not in answer.text and "dual-channel" not in answer.text


@pytest.mark.parametrize("question", [
    "qwen3 235b a22b on a 4070 ti super with 96gb of ram, how fast?",
    "qwen3 235b a22b su una 4070 ti super con 96 giga di ram, quanto va?",
    "qwen3 235b a22b auf einer 4070 ti super mit 192gb ram, wie schnell?",
])
def test_a_96_or_192_gb_desktop_is_taken_as_ddr5_not_ddr4(engine, question: str) -> None:
    text = engine.ask(question, locale="en").text
    assert "DDR5" in text and "DDR4" not in text


WIDTHS = [  # (question, the level asked)
    ("llama 3.3 70b a 3 bpw su una 3090 entra?", "IQ3_XXS"),
    ("llama 3.3 70b mit ~3bpw auf einer 3090?", "IQ3_XXS"),
    ("llama 3.3 70b at 3.5 bpw on a 4090, speed?", "Q3_K_S"),
    ("llama 3.3 70b à 2,7 bpw sur une 3090 ?", "IQ2_M"),
]


@pytest.mark.parametrize(("question", "level"), WIDTHS)
def test_a_width_with_no_format_is_the_llamacpp_level_of_that_width(engine, question: str, level: str) -> None:
    assert engine.ask(question).asked["quant"] == level


@pytest.mark.parametrize("question", [
    "exl3 or gguf for qwen2.5 72b around 3 bpw on one 3090, which is quicker?",
    "exl3 o gguf per qwen2.5 72b a circa 3 bpw su una 3090, quale va più veloce?",
    "exl3 oder gguf für qwen2.5 72b bei etwa 3 bpw auf einer 3090, was ist schneller?",
])
def test_a_width_said_apart_weighs_both_formats_at_it(engine, question: str) -> None:
    sides = engine.ask(question).facts["engine_versus"]["sides"]
    assert [s["quant"] for s in sides] == ["EXL3-3.0bpw", "IQ3_XXS"]
