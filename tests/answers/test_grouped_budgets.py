"""Budgets written with grouped thousands as each language groups them (comma, dot, space, apostrophe) beside any
currency word or sign, or after a budget word, are read whole: "30,000 pesos" is 30,000, never 0 or 30.
Phrasings of our own, six languages."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "amount", "currency"), [
    ("i have about 40,000 rupees, what gpu should i get for llama 3.1 8b?", 40000.0, "INR"),
    ("ho 1.800 euro da spendere, che scheda per qwen3 32b?", 1800.0, "EUR"),
    ("j'ai 1 400 euros, quelle carte pour mistral small 3.2 ?", 1400.0, "EUR"),
    ("ich hab 2.500 franken, welche karte für llama 3.3 70b?", 2500.0, "CHF"),
    ("tengo 30,000 pesos mexicanos, que gpu para qwen3 14b?", 30000.0, "MXN"),
    ("tenho uns R$ 9.000, qual placa pra rodar gemma 3 27b?", 9000.0, "BRL"),
    ("my budget is 1,600, which card for qwen3 32b?", 1600.0, None),
])
def test_a_grouped_amount_is_read_whole(engine, question: str, amount: float, currency: str | None) -> None:
    answer = engine.ask(question)
    budget = answer.asked.get("budget")
    assert budget is not None and budget["amount"] == amount, answer.asked
    if currency is not None:
        assert budget["currency"] == currency


def test_a_grouped_count_of_tokens_is_no_budget(engine) -> None:
    answer = engine.ask("how long does a 3090 take to read 12,000 tokens with qwen3 14b?")
    assert "budget" not in answer.asked
