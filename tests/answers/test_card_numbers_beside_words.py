"""A card's number beside words that look like units: English "w" for "with" after a card ("rtx 4090 w vllm") is
no wattage that swallows the card, and a count of tokens with a word between ("8000 output tokens") is no Quadro
RTX 8000 beside the card named. Phrasings of our own, six languages."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "card"), [
    ("rtx 4070 w ollama, how fast is qwen3 8b", "GeForce RTX 4070"),
    ("rtx pro 6000 w sglang, qwen3 32b for 10 users?", "RTX PRO 6000 Blackwell"),
])
def test_a_w_after_a_card_is_with(engine, question: str, card: str) -> None:
    cards = engine.ask(question).asked.get("cards")
    assert cards == [{"name": card, "count": 1}], cards


def test_a_wattage_after_a_card_stays_a_wattage(engine) -> None:
    """"rtx 3090 300 w": the 300 is watts, the card one RTX 3090."""
    cards = engine.ask("rtx 3090 capped at 300 w, qwen3 14b speed?").asked.get("cards")
    assert cards == [{"name": "GeForce RTX 3090", "count": 1}], cards


@pytest.mark.parametrize(("question", "card"), [
    ("8000 output tokens from qwen3 14b on a 3060, how long?", "GeForce RTX 3060 12 GB"),
    ("6000 prompt tokens su una 4070 con qwen3 14b, quanto ci mette?", "GeForce RTX 4070"),
    ("4000 ausgabe tokens mit qwen3 14b auf einer 4080, wie lange?", "GeForce RTX 4080"),
    ("8000 output tokens con qwen3 32b en una 3090, cuánto tarda?", "GeForce RTX 3090"),
    ("6000 output tokens avec qwen3 32b sur une 4090, combien de temps ?", "GeForce RTX 4090"),
    ("8000 output tokens com qwen3 32b numa 5090, demora?", "GeForce RTX 5090"),
])
def test_a_count_of_tokens_is_no_card(engine, question: str, card: str) -> None:
    cards = engine.ask(question).asked.get("cards")
    assert cards == [{"name": card, "count": 1}], cards


@pytest.mark.parametrize(("question", "cards"), [
    ("3090 + 3090 for llama 3.3 70b at q4, how fast?", [("GeForce RTX 3090", 2)]),
    ("ho una 3090 e un'altra 3090, llama 3.3 70b quanto fa?", [("GeForce RTX 3090", 2)]),
    ("4090 + 3060 + 4090 con qwen3 32b, qué velocidad?", [("GeForce RTX 4090", 2), ("GeForce RTX 3060 12 GB", 1)]),
    ("une 3090 et encore une 3090, llama 3.3 70b ça tourne ?", [("GeForce RTX 3090", 2)]),
])
def test_the_same_card_said_twice_is_one_card_twice(engine, question: str, cards: list[tuple[str, int]]) -> None:
    stated = engine.ask(question).asked.get("cards")
    assert stated == [{"name": n, "count": c} for n, c in cards], stated


def test_a_side_compared_keeps_its_own_entry(engine) -> None:
    """"2x 3090 vs one 3090": two sides, never one machine of three."""
    stated = engine.ask("2x 3090 vs a single 3090 for llama 3.3 70b?").asked.get("cards")
    assert stated == [{"name": "GeForce RTX 3090", "count": 2}, {"name": "GeForce RTX 3090", "count": 1}], stated


@pytest.mark.parametrize("question", [
    "what does a 4090 output tokens per second on qwen3 32b?",
    "my 4090 prompt tokens per second on qwen3 32b look low",
])
def test_a_cards_number_before_a_speed_stays_the_card(engine, question: str) -> None:
    cards = engine.ask(question).asked.get("cards")
    assert cards == [{"name": "GeForce RTX 4090", "count": 1}], cards


@pytest.mark.parametrize("question", [
    "qwen3 32b en una 4090 cuantos tokens?",
    "qwen3 32b su una 4090 quanti token?",
    "qwen3 32b auf einer 4090 wieviele tokens?",
    "qwen3 32b numa 4090 quantos tokens?",
])
def test_a_question_word_before_tokens_leaves_the_card(engine, question: str) -> None:
    cards = engine.ask(question).asked.get("cards")
    assert cards == [{"name": "GeForce RTX 4090", "count": 1}], cards
