"""Card counts said loosely then made exact ("a few 3090s, let's say three"), and a noun for cards between a count
and its card ("due schede 3090 e una 3060"), in several languages."""

from __future__ import annotations

import pytest

G3090, G3060, G4090, G5090 = "GeForce RTX 3090", "GeForce RTX 3060 12 GB", "GeForce RTX 4090", "GeForce RTX 5090"


@pytest.mark.parametrize(("question", "cards"), [
    ("a few 5090s, let's say three, for qwen3 235b at q4?", [(G5090, 3)]),
    ("ein paar 4090er, sagen wir drei, reicht das für llama 3.3 70b in q8?", [(G4090, 3)]),
    ("qualche 3090 usata, diciamo cinque, per deepseek v3?", [(G3090, 5)]),
    ("unas cuantas 4090, digamos cuatro, para qwen3 235b", [(G4090, 4)]),
    ("quelques 3090, disons six, pour deepseek v3 en q2 ?", [(G3090, 6)]),
    ("umas 5090, tipo duas, pra rodar llama 3.3 70b", [(G5090, 2)]),
])
def test_a_vague_count_made_exact(engine, question: str, cards) -> None:
    asked = engine.ask(question).asked
    assert [(c["name"], c["count"]) for c in asked["cards"]] == cards


@pytest.mark.parametrize(("question", "cards"), [
    ("tre schede 3090 e una 4090, ci sta qwen3 235b?", [(G3090, 3), (G4090, 1)]),
    ("zwei Karten 3060 und eine 3090, was läuft?", [(G3060, 2), (G3090, 1)]),
    ("tengo tres placas 3090 y una 3060 para llama 3.3 70b", [(G3090, 3), (G3060, 1)]),
])
def test_a_card_noun_between_count_and_card(engine, question: str, cards) -> None:
    asked = engine.ask(question).asked
    assert [(c["name"], c["count"]) for c in asked["cards"]] == cards
