"""A card's price where the asker lives, said beside a budget ("here a used 3090 is about 4 thousand"), is used
for that card instead of the kept prices: the answer says how many of it the budget buys, with the rest of the
PC set aside for a whole-machine budget, in the budget's currency.

Golden figures by independent arithmetic over the kept data: the rest of a budget PC $600 (prices.json
`rest_of_pc`), reais at 5.8261 per euro and 1.0784 dollars per euro (ECB, 13 June 2024), Brazilian shop prices
1.8 times the converted US price (exchange_rates.json `shop_over_launch`).
"""

from __future__ import annotations

import pytest

from answers.engine import Engine

REST_BRL = 2000.0  # a basic build's parts in Brazilian shops (prices.json `rest_of_pc[].local`, geekpopnews.com.br)


def test_the_askers_price_for_the_card_buys_the_build(engine: Engine):
    a = engine.ask("tenho 12 mil reais pra montar um pc de ia, aqui a 3090 usada sai por uns 3500")
    p = a.facts["local_build"]
    rest = REST_BRL
    assert p["rest"] == pytest.approx(rest, rel=1e-3)
    assert p["card"] == "GeForce RTX 3090" and p["price"] == 3500 and p["currency"] == "BRL"
    assert p["count"] == 2  # 2 × 3,500 + 2,000 fits 12,000; 3 × 3,500 + 2,000 does not
    # three cards need a workstation around them, kept in US dollars only: $1,600 converted at the shops' markup
    workstation = 1600 * 5.8261 / 1.0784 * 1.8
    assert p["next"]["count"] == 3 and p["next"]["amount"] == pytest.approx(3 * 3500 + workstation, rel=1e-3)
    assert "price_check" not in a.facts  # the budget is no asked price for the card
    assert "R$\xa03.500" in a.text and "2× GeForce RTX 3090" in a.text and "geekpopnews.com.br" in a.text


@pytest.mark.parametrize(("q", "count"), [
    ("presupuesto de 60 mil pesos mexicanos para armar la pc completa, aca una 3090 usada anda en 13 mil", 2),
    ("ho 2500 euro in totale per il pc, qui una 3090 usata costa sui 650 euro", 2),
])
def test_the_count_follows_the_askers_price(engine: Engine, q, count):
    p = engine.ask(q).facts["local_build"]
    assert p["count"] == count


def test_a_card_number_after_a_card_is_no_price(engine: Engine):
    """"3090 24gb" or "3090 x2" after a budget are a memory and a count, not the card's price."""
    a = engine.ask("budget 2000 dollars total, is a 3090 24gb a good buy for llms?")
    assert "local_build" not in a.facts


def test_the_askers_price_prices_its_side_of_a_comparison(engine: Engine):
    a = engine.ask("orçamento total 11 mil reais pra montar pc pra qwen3 32b: 3090 usada (aqui sai uns 4500) "
                   "ou 5060 ti 16gb nova?")
    sides = {r["name"]: r["build"] for r in a.facts["budget_sides"]["sides"]}
    rest = REST_BRL
    assert sides["GeForce RTX 3090"]["low"] == pytest.approx(4500 + rest, rel=1e-3)
    assert sides["GeForce RTX 3090"]["within"]
    assert "pelo preço que você diz" in a.text
