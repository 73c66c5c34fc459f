"""Budgets in more currencies than dollars, euros, pounds and reais: pesos (Mexican, Argentine, Chilean,
Colombian), rupees, yen, Swiss francs, said with a country's words ("mil pesos", "lucas", "franken") and turned
into dollars at the rate of a stated day (catalog/data/exchange_rates.json), which the answer gives.

Golden figures: the currencyapi.com snapshot of 15 June 2024 (units per US dollar: MXN 18.4775, ARS 903.07,
INR 83.534, CHF 0.8898), independent of the program.
"""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.lexicon import lexicon
from catalog.currency import rates

PER_USD = {"MXN": 18.4775, "ARS": 903.07, "INR": 83.534, "CHF": 0.8898}


@pytest.mark.parametrize(("q", "amount", "currency"), [
    ("me alcanzan 18 mil pesos mexicanos para una tarjeta, cual compro para llms", 18_000, "MXN"),
    ("cuento con $12 mil pesos, que gpu me sirve para ia local", 12_000, "MXN"),
    ("tengo 40 lucas para la placa de video, qué me conviene para modelos locales", 40_000, "ARS"),
    ("con 700 mil pesos argentinos que grafica agarro para llm", 700_000, "ARS"),
    ("I can spend 75000 rupees on a graphics card for local models, which one", 75_000, "INR"),
    ("hab so 900 franken übrig für ne grafikkarte für lokale ki, welche", 900, "CHF"),
    ("j'ai un budget de 1500 francs suisses pour une carte pour des llm", 1500, "CHF"),
])
def test_a_budget_in_another_currency_is_read_and_converted(engine: Engine, q, amount, currency):
    a = engine.ask(q)
    budget = a.entities["budget"]
    assert budget["amount"] == amount and budget["currency"] == currency
    assert budget["usd"] == pytest.approx(amount / PER_USD[currency], rel=1e-3)
    assert a.intent == "what_gpu"
    assert "2024" in a.text  # the rate's day is said


def test_the_rate_line_names_the_snapshot_and_its_day(engine: Engine):
    text = engine.ask("tengo 25 mil pesos mexicanos para una gpu pa correr llms").text
    assert "1 USD = 18,48 MXN" in text and "15 de junio de 2024" in text


def test_every_currency_a_language_names_has_a_rate():
    known = rates().currencies()
    named = {c.upper() for lx in lexicon().languages.values() if lx.budget for c in lx.budget.currencies}
    named |= {c.upper() for c in lexicon().currency_symbols}
    assert named <= known, sorted(named - known)


def test_a_currency_word_after_a_number_of_tokens_is_no_budget(engine: Engine):
    """Pesos are also a model's weights in Spanish: words without a number are not money."""
    a = engine.ask("cuanta memoria ocupan los pesos de qwen3 14b en q4")
    assert "budget" not in a.entities


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("me quedan 32,000 pesos para armar algo de ia", 32_000, "MXN"),
    ("com 9,500 reais dá pra montar o quê", 9_500, "BRL"),
    ("ich hab 1 800 franken für die karte", 1_800, "CHF"),
    ("j'ai 2 300 euros pour la carte graphique", 2_300, "EUR"),
    ("I have 150,000 rupees for a card", 150_000, "INR"),
])
def test_a_thousands_separator_before_any_currency_word_keeps_the_whole_amount(text, amount, currency):
    """"32,000 pesos" is thirty-two thousand pesos, never "000 pesos" (the tokenizer splits at commas): the
    separator is read before every currency word the lexicon knows, in any language."""
    from answers.reading.budget_words import find, normalize
    from answers.reading.tokens import clean, tokenize

    said = find(tokenize(normalize(clean(text))))
    assert said is not None and (said.amount, said.currency) == (amount, currency)


def test_a_thousands_comma_before_tokens_stays_a_context_length():
    from answers.reading.budget_words import normalize

    assert normalize("8,192 tokens de contexto") == "8,192 tokens de contexto"
