"""A buying message weighing two options ("two used 3090s plus 128 GB of RAM, or one 5090?") sets the options side
by side: the "+" joins the RAM to the first option, and the versus word after it starts the second one. Never one
machine holding all three cards."""

from __future__ import annotations

import pytest

OPTIONS = [
    ("with 2500 dollars: 2x used 3090 + 64gb ddr5 or just one 5090? mostly 30b models for code", "en"),
    ("mit 2800 euro: zwei gebrauchte 3090 + 128 gb ram oder lieber nur eine 5090? für 32b modelle", "de"),
    ("ho 2500 euro, prendo due 3090 usate + 96gb di ram oppure una sola 5090? modelli da 30b", "it"),
    ("j'ai 2700 euros: deux 3090 d'occasion + 128 go de ram ou une seule 5090 ? pour des modèles 30b", "fr"),
    ("con 2600 dólares, 2x 3090 usadas + 128gb ddr5 o una 5090 sola? modelos de 30b", "es"),
]


@pytest.mark.parametrize(("question", "lang"), OPTIONS)
def test_two_options_are_two_sides(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    cards = a.asked["cards"]
    assert {"name": "GeForce RTX 3090", "count": 2} in cards and {"name": "GeForce RTX 5090", "count": 1} in cards
    text = a.text.replace("*", "")
    assert "2× GeForce RTX 3090 + GeForce RTX 5090" not in text, text
    sides = a.facts["budget_sides"]["sides"]
    assert [s["name"] for s in sides] == ["2× GeForce RTX 3090", "GeForce RTX 5090"]


def test_cards_joined_by_plus_stay_one_machine(engine) -> None:
    a = engine.ask("can a 3090 + 3060 run a 30b model at q4?", locale="en")
    assert "3090" in a.text and "3060" in a.text
    assert "setups" not in a.facts or len(a.facts.get("setups") or []) <= 1


@pytest.mark.parametrize(("question", "lang"), OPTIONS)
def test_the_ram_of_the_first_option_is_said_unpriced(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    ram = a.facts["budget_sides"]["ram_unpriced"]
    assert ram["side"] == "2× GeForce RTX 3090" and ram["ram_gb"] in (64, 96, 128)
    verdict = a.facts["budget_sides"].get("verdict")
    if verdict:  # the speed in the budget line carries its level (the lines above may be at another one)
        assert verdict["quant"] and verdict["quant"] in a.text
