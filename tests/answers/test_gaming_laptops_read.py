"""A gaming laptop or PC is a machine, not a question about games; a word one letter from "help" never turns a
question about hardware into the bot's help text."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "card"), [
    ("gaming laptop with a 4070, which models run well?", "GeForce RTX 4070 Mobile"),
    ("notebook gamer com uma rtx 4060, quais modelos rodam?", "GeForce RTX 4060 Mobile"),
    ("portátil gamer con una rtx 4060, qué modelos puedo usar?", "GeForce RTX 4060 Mobile"),
    ("portatile da gaming con una 4070, che modelli girano?", "GeForce RTX 4070 Mobile"),
])
def test_a_gaming_laptop_is_a_laptop(engine, question: str, card: str) -> None:
    answer = engine.ask(question)
    assert answer.asked["cards"] == [{"name": card, "count": 1}]
    assert answer.intent == "card_models"


def test_games_asked_are_still_declined(engine) -> None:
    answer = engine.ask("is a 4060 good for 1440p gaming in cyberpunk?")
    assert answer.intent != "card_models"


@pytest.mark.parametrize("question", [
    "notebook com rtx 4050 6gb e 32gb de ram, roda algo bom? queria um modelo pra me ajudar a programar",
    "portatil con una rtx 3060 de 6gb, algo que me ayudara con los deberes?",
])
def test_a_mended_help_word_keeps_the_hardware_question(engine, question: str) -> None:
    assert engine.ask(question).intent not in ("help", "fallback")
