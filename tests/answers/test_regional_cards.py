"""Cards sold in one country's market only (the China "D" cards, catalog/data/hardware/regional.json) are never
a pick: someone asking in English, German or Portuguese cannot buy an RTX 5090 D V2 in a shop. They are still
answered when named."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts import picks
from catalog.hardware import load_hardware_data


def test_every_regional_card_is_in_the_catalog_and_never_a_home_pick(knowledge):
    regional = load_hardware_data().regional
    assert {"GeForce RTX 5090 D V2", "GeForce RTX 4090 D"} <= set(regional)
    by_name = {c.name: c for c in knowledge.gpus}
    assert {"GeForce RTX 5090 D V2", "GeForce RTX 5090 D", "GeForce RTX 4090 D"} <= set(by_name)
    for name in set(regional) & set(by_name):  # every name is a catalog card: checked at load (catalog/hardware.py)
        assert picks.home_tier(by_name[name]) is None and picks.never_headline(by_name[name])


@pytest.mark.parametrize("q", [
    "fastest 24gb card for qwen3 32b",
    "welche 24-GB-Karte ist am schnellsten für Gemma 3 27B?",
    "qual a placa de 24 gb mais rápida pra rodar qwen3 32b?",
    "la carte de 32 go la plus rapide pour qwen3 32b ?",
])
def test_a_regional_card_is_never_the_fastest_pick(engine: Engine, q):
    text = engine.ask(q).text
    assert " D V2" not in text and "5090 D" not in text and "4090 D" not in text


def test_a_regional_card_named_is_still_answered(engine: Engine):
    a = engine.ask("how fast is qwen3 32b on an rtx 5090 d v2")
    assert "5090 D V2" in a.text and "tokens per second" in a.text
