"""A budget answer for a model names the card people buy second-hand (catalog/data/hardware/prices.json `used`)
when its used price fits: with its speed, its used range, the year and the source of that range; and makes it
the pick when the asker says they would buy used. Golden figures: the kept used range of the RTX 3090 ($500-800,
2026) and its 24 GB, independent of the estimator."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("q", "lang_word"), [
    ("I have about $1,100 for a card, happy to buy used, want to run 32b models", "used"),
    ("ho 1000 euro, anche usata va bene, che scheda prendo per modelli da 32b?", "usata"),
    ("j'ai 1 000 € pour une carte d'occasion, je veux faire tourner des modèles 32b", "occasion"),
    ("hab 1000 € für ne gebrauchte karte, will 32b modelle laufen lassen", "gebraucht"),
    ("tenho uns 5 mil reais, pode ser placa usada, quero rodar modelos de 32b", "usada"),
    ("tengo 20,000 pesos, prefiero una tarjeta usada para correr modelos de 32b", "usada"),
])
def test_a_used_card_is_the_pick_when_the_asker_would_buy_used(engine: Engine, q, lang_word):
    a = engine.ask(q)
    used = a.facts.get("used_card")
    assert a.entities["budget"]["amount"] > 0
    assert used is not None and used["card"] == "GeForce RTX 3090" and used["is_pick"], a.text
    assert (used["used_low_usd"], used["used_high_usd"], used["used_year"]) == (500, 800, 2026)
    assert "RTX 3090" in a.text and "2026" in a.text and "local-llm.net" in a.text


def test_without_the_used_word_the_used_card_is_an_option_beside_the_new_pick(engine: Engine):
    a = engine.ask("best card for qwen3 32b under $1200")
    used = a.facts["used_card"]
    assert used["card"] == "GeForce RTX 3090" and not used["is_pick"]
    assert a.facts["budget_pick"]["card"] != "GeForce RTX 3090"
    assert "Pick: **" in a.text or "Pick: " in a.text
    assert "$500–$800 in 2026" in a.text


def test_used_in_its_other_sense_is_no_wish_to_buy_used(engine: Engine):
    a = engine.ask("best card for qwen3 32b under $1200, it gets used by my kids too")
    assert not a.facts["used_card"]["said"] and not a.facts["used_card"]["is_pick"]


def test_a_used_card_over_the_budget_is_not_offered(engine: Engine):
    a = engine.ask("best card under $450 for qwen3 8b, used is fine")
    used = a.facts.get("used_card")  # $500 is the low end of a used 3090: a cheaper used card may be named
    assert used is None or (used["card"] != "GeForce RTX 3090" and used["used_low_usd"] <= 450)


@pytest.mark.parametrize("q", [
    "I can spend $900 on a card, which one for 30b models?",
    "budget 900 € per una scheda, voglio far girare modelli da 30b",
])
def test_a_budget_for_a_size_names_the_mixture_of_experts_of_that_size_on_the_pick(engine: Engine, q):
    """"30B" is also a mixture of experts (Qwen3-30B-A3B class: about 3B read per token), which runs several times
    faster on the same card than a dense 30B: the budget answer gives it on its pick."""
    a = engine.ask(q)
    moe = a.facts.get("generic_moe")
    assert moe is not None and 22 <= moe["params_b"] <= 39 and moe["active_params_b"] < 10
    pick_speed = (a.facts.get("used_card") or {}).get("tok_s") if (a.facts.get("used_card") or {}).get("is_pick") \
        else a.facts["budget_pick"]["tok_s"]
    assert moe["tok_s"] > 2 * pick_speed  # about 3B read per token against 30B: far faster on the same card
    assert moe["model"] in a.text
