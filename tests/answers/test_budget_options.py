"""A "what do I buy for X" list names what people buy for it beside the list by memory: the card sold used
with more (or as much) memory within the budget, with its kept used range, and the cheapest new card of the
pick's memory when the list hides it."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from catalog.hardware import load_hardware_data


def _used(name: str):  # noqa: ANN202
    return next(u for u in load_hardware_data().used_prices if u.name == name)


@pytest.mark.parametrize(("question", "lang"), [
    ("i have 650 dollars, which graphics card should i get for running llms at home?", "en"),
    ("tengo 600 euros, ¿qué gráfica compro para modelos de ia en local?", "es"),
    ("ich hab 650 euro, welche grafikkarte soll ich für lokale llms kaufen?", "de"),
])
def test_a_small_budget_names_the_used_24gb_card(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("budget_mode") == "overview", a.text
    used = a.facts["used_option"]
    kept = _used(used["card"])
    assert used["used_low_usd"] == kept.usd_low <= a.facts["budget"]["usd_compared"]
    assert used["memory_gb"] >= a.facts["budget_pick"]["memory_gb"]
    assert used["card"] in a.text
    cheap = a.facts.get("cheapest_same_memory")
    if cheap is not None:  # cheaper than every card the list shows, of the same memory
        assert cheap["memory_gb"] == a.facts["budget_pick"]["memory_gb"]
        assert all(cheap["price_usd"] <= c["price_usd"] for c in a.facts["cards"]) and cheap["card"] in a.text


def test_a_budget_below_the_used_low_end_names_no_used_card(engine: Engine) -> None:
    """$350 buys no used 3090 ($500 at the low end); a used card whose low end fits may be named (a Tesla P40,
    $150-300, or an RTX 3060 12 GB, $200-250, in prices.json `used`)."""
    a = engine.ask("budget 350 dollars, what gpu should i buy for local llms?")
    used = a.facts.get("used_option")
    assert used is None or (used["card"] != "GeForce RTX 3090" and used["used_low_usd"] <= 350)
