"""Laptop graphics as people name them: "<card> laptop", "laptop <card>", "<card> mobile", or a card with a memory
size only its laptop chip has (NVIDIA's spec pages: the laptop RTX 4070 has 8 GB, the desktop 12 GB; the laptop
RTX 4090 is an AD103 with 16 GB at 576 GB/s, the desktop 4090 24 GB). A laptop's chip named beside a desktop card
is a comparison of the two, never one machine with both pooled."""

from __future__ import annotations

import pytest

LAPTOP_SIZED = [
    ("gaming laptop with an rtx 4070 8gb and 32gb ram, which coding model runs well?", "en"),
    ("mein notebook hat eine rtx 4070 mit 8gb und 32gb ram, welches modell zum programmieren?", "de"),
    ("tengo un portátil con rtx 4070 8gb y 32gb de ram, ¿qué modelo para programar?", "es"),
]


@pytest.mark.parametrize(("question", "lang"), LAPTOP_SIZED)
def test_a_card_with_its_laptop_size_is_the_laptop_chip(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    assert a.asked["cards"] == [{"name": "GeForce RTX 4070 Mobile", "count": 1}]
    assert "12 GB" not in a.text.split("\n")[0]


BESIDE_DESKTOP = [
    ("notebook con una 4090 laptop da 16gb: va come una 4080 desktop?", "it"),
    ("my laptop has an rtx 4090 mobile, is it basically a desktop 4080 for local llms?", "en"),
    ("mon pc portable a une rtx 4090 laptop, est-ce l'équivalent d'une 4080 de bureau ?", "fr"),
    ("o meu portátil tem uma laptop rtx 4090, é parecido com uma 4080 de desktop?", "pt"),
]


@pytest.mark.parametrize(("question", "lang"), BESIDE_DESKTOP)
def test_a_laptop_chip_beside_a_desktop_card_is_compared_not_pooled(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    names = [c["name"] for c in a.asked["cards"]]
    assert names == ["GeForce RTX 4090 Mobile", "GeForce RTX 4080"]
    assert "32 GB" not in a.text and "+" not in a.text.split("\n")[0]  # never one 32 GB machine
    assert "576" in a.text and "717" in a.text  # each chip's own bandwidth, side by side
