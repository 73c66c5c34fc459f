"""A card asked for games and AI together (trial 7, "fallback" on a 4K gaming plus AI question): the games
declined in one line, the AI part answered — with nothing else named, the cards to buy at 16, 24 and 32 GB each
with the model it runs best; with a card named, that card's list. A machine described as a gaming PC is no games
question. Phrasings of our own."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("what card should i buy for 4k gaming that can also run local llms?", "en", "Game performance"),
    ("scheda video per giocare in 1440p e provare qualche modello di ia in locale, cosa prendo?", "it",
     "prestazioni nei giochi"),
    ("une carte pour jouer en 4k et faire un peu d'ia en local, laquelle ?", "fr", "performances en jeu"),
    ("welche gpu zum zocken in 1440p und nebenbei lokale ki?", "de", "Spieleleistung"),
    ("qué tarjeta compro para jugar en 4k y correr modelos de ia?", "es", "rendimiento en juegos"),
    ("que placa comprar pra jogar em 1440p e rodar modelos de ia em casa?", "pt", "desempenho em jogos"),
])
def test_games_and_ai_with_nothing_named_lists_cards_by_memory(engine: Engine, question: str, lang: str,
                                                               words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "memory_cards"
    assert a.facts["not_answered"] == ["gaming"]
    assert words in a.text.splitlines()[0]
    for card in ("RTX 5080", "RTX 4090", "RTX 5090"):  # one at each of 16, 24 and 32 GB
        assert card in a.text


def test_games_and_ai_with_a_card_answer_that_card(engine: Engine) -> None:
    a = engine.ask("is an rx 9070 xt fine for 4k gaming and running llms?")
    assert a.intent == "card_models"
    assert a.facts["not_answered"] == ["gaming"]
    assert "Radeon RX 9070 XT" in a.text


@pytest.mark.parametrize("question", [
    "my gaming pc has an rtx 3060 12gb, which llm can it run?",
    "quero jogar com modelos de ia na minha rtx 3060, quais rodam?",
])
def test_a_gaming_pc_described_is_no_games_question(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert "not_answered" not in a.facts
    assert a.intent == "card_models"


def test_games_alone_are_still_declined(engine: Engine) -> None:
    a = engine.ask("best gpu for 4k gaming in cyberpunk?")
    assert a.facts.get("out_of_scope") == "gaming"
