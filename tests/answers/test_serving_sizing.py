""""A server for 30 people with model X, which GPUs?": with no hardware named, the fewest of each usual serving
card that gives every person reading speed (answers/facts/sizing.py), each figure the one the same setup gets
when the asker names it. Questions written for these tests."""

from __future__ import annotations

import pytest

from answers.facts.sizing import serving_cards
from estimator.profile import READING_SPEED_TOK_S


@pytest.mark.parametrize(("question", "lang", "model", "users"), [
    ("wir sind 25 leute im büro und wollen gemma 3 27b hosten, welche gpus brauchen wir?", "de", "gemma 3 27b", 25),
    ("servidor para 40 personas con qwen3 32b, que gpus necesito?", "es", "qwen3 32b", 40),
])
def test_each_serving_card_comes_with_the_fewest_that_serve_everyone(engine, question, lang, model, users) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "users"
    needed = a.facts["needed"]
    assert needed and {n["card"] for n in needed} <= set(serving_cards())
    for n in needed:
        row = n["row"]
        assert row["users_at_reading_speed"] >= users and row["per_user_tok_s"] >= READING_SPEED_TOK_S
        assert n["label"] in a.text
        if n["count"] > 1:  # one card fewer, asked by name, does not serve them all
            fewer = n["count"] - 1
            setup = f"{fewer}x {n['card']}" if fewer > 1 else n["card"]
            alone = engine.ask(f"{setup} serving {model} to {users} users", locale="en")
            assert alone.facts["row"]["users_at_reading_speed"] < users, setup


def test_too_many_people_for_one_box_is_said(engine) -> None:
    a = engine.ask("deepseek v3 pour 500 utilisateurs en même temps, quel matériel ?", locale="fr")
    assert a.intent == "users" and a.facts["needed"] == []
    assert "plusieurs serveurs" in a.text


def test_a_named_card_keeps_its_own_answer(engine) -> None:
    a = engine.ask("can a 4090 serve qwen3 8b to 10 people?", locale="en")
    assert "needed" not in a.facts and a.facts["row"]["card"] == "GeForce RTX 4090"


@pytest.mark.parametrize(("question", "lang", "card", "users", "words"), [
    ("how many a100 80gb cards would 40 people on qwen3 32b at fp16 take?", "en", "A100 SXM4 80 GB", 40, "take"),
    ("quante rtx 4090 servono per 40 colleghi con gemma 3 27b?", "it", "GeForce RTX 4090", 40, "servono"),
    ("wie viele L40S brauchen wir für 25 Leute mit Llama 3.3 70B?", "de", "L40S", 25, "braucht es"),
])
def test_how_many_of_a_named_card_gives_the_count(engine, question, lang, card, users, words) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "users" and a.facts["row"]["card"].startswith(card.split()[0])
    assert a.facts["row"]["users_at_reading_speed"] < users  # one card alone falls short
    (n,) = a.facts["needed_same"]
    assert n["count"] > 1 and n["row"]["users_at_reading_speed"] >= users and n["label"] in a.text and words in a.text
    fewer = n["count"] - 1  # one card fewer, asked by name, does not serve them all
    setup = f"{fewer}x {n['card']}" if fewer > 1 else n["card"]
    again = engine.ask(f"{setup} serving {a.facts['model']['name']} at {n['row']['quant']} to {users} users")
    assert again.facts["row"]["users_at_reading_speed"] < users


def test_a_named_card_that_serves_everyone_gets_no_count(engine) -> None:
    a = engine.ask("cuántas rtx pro 6000 necesito para 8 usuarios con qwen3 8b?", locale="es")
    assert a.intent == "users" and "needed_same" not in a.facts


def test_a_speed_asked_per_person_sets_the_count(engine) -> None:
    slow = engine.ask("how many gpus for 30 users with qwen3 32b?", locale="en").facts["needed"]
    fast = engine.ask("how many gpus for 30 users at 25 tok/s each with qwen3 32b?", locale="en").facts["needed"]
    for n in fast:
        assert n["row"]["per_user_tok_s"] >= 25 and n["row"]["users_at_target"] >= 30
    counts = {n["card"]: n["count"] for n in slow}
    assert any(n["count"] > counts.get(n["card"], 0) for n in fast) or len(fast) < len(slow)
