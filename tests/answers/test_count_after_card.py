"""A count said after the card ("a used 3090 pair", "ein 3090-Paar") is that many cards, not one."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "card"), [
    ("how fast is a 70b on a second-hand 3090 pair?", "en", "GeForce RTX 3090"),
    ("wie schnell läuft ein 70b auf meinem 3090-Paar?", "de", "GeForce RTX 3090"),
    ("what can my rtx 4090 duo run?", "en", "GeForce RTX 4090"),
])
def test_a_count_after_the_card_makes_that_many_cards(engine: Engine, question: str, lang: str, card: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.entities.get("setup") == f"2× {card}", a.entities
    assert "2×" in a.text


def test_pair_of_before_the_card_is_still_read_and_a_model_pair_is_no_card(engine: Engine) -> None:
    a = engine.ask("a pair of 3090s for a 70b, how fast?")
    assert a.entities.get("setup") == "2× GeForce RTX 3090"
    b = engine.ask("how fast is llama 3 8b on a 3090")
    assert b.entities.get("card") == "GeForce RTX 3090" and "setup" not in b.entities or \
        b.entities.get("setup") in (None, "GeForce RTX 3090")
