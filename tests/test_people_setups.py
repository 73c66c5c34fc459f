"""Setups as people type them: a card size plus RAM, two machines side by side."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.i18n import SUPPORTED

PROFILES = ("reference", "measured")


@pytest.mark.parametrize("profile", PROFILES)
def test_a_card_size_with_ram_gets_an_offload_verdict(engine: Engine, profile: str) -> None:
    """"My 8 GB card with 32 GB of RAM": a MoE model that cannot fit whole runs with its experts in RAM,
    on a typical 8 GB card, and the answer says which card stands in."""
    a = engine.ask("will qwen3 30b a3b fit on my 8gb card with 32gb ram", "en", AskOptions(profile=profile))
    assert a.intent == "can_run" and a.entities["memory_gb"] == 8.0 and a.entities["ram_gb"] == 32.0
    row = a.facts["row"]
    card = next(g for g in engine.knowledge.gpus_for(profile) if g.name == row["card"])
    assert card.memory_gb == 8.0  # a real 8 GB card stands in, never another size
    assert row["fit"] == "offload" and row["ram_gb"] == 32.0 and row["tok_s"] >= 3
    # What is left in RAM is the need beyond what the card can hold, and it fits in the RAM.
    assert 0 < row["offload_gb"] < 32.0
    assert a.facts["typical_for_gb"] == 8.0 and card.name in a.text


def test_a_card_size_with_ram_is_answered_in_every_language(engine: Engine) -> None:
    for lang in SUPPORTED:
        a = engine.command("can_run", lang, model="Qwen3-30B-A3B", memory_gb=8.0)
        assert a.intent == "can_run"  # without RAM: the plain memory answer
    a = engine.ask("posso far girare qwen3 30b a3b su 8gb di vram e 32gb di ram?")
    assert a.locale == "it" and a.facts["row"]["fit"] == "offload" and "8 GB" in a.text


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "first", "second"), [
    ("dgx spark vs m4 max 128gb", "GB10", "Apple M4 Max 128 GB"),
    ("rtx 4090 vs m4 max 128gb", "GeForce RTX 4090", "Apple M4 Max 128 GB"),
])
def test_two_machines_side_by_side_are_compared_not_pooled(engine: Engine, profile: str, question: str, first: str,
                                                           second: str) -> None:
    a = engine.ask(question, "en", AskOptions(profile=profile))
    assert a.intent == "compare" and (a.entities["card"], a.entities["card2"]) == (first, second)
    assert "gpu_count" not in a.entities and "setup" not in a.entities
    by_name = {c["name"]: c for c in a.facts["cards"]}
    # The ratio is the bandwidths' ratio, read from the catalog records.
    cards = {g.name: g for g in engine.knowledge.gpus_for("measured")}
    assert a.facts["bandwidth_ratio"] == pytest.approx(cards[first].bandwidth_gbps / cards[second].bandwidth_gbps)
    assert set(by_name) == {first, second}


def test_joined_cards_still_pool(engine: Engine) -> None:
    a = engine.ask("3090 + 3060 for qwen3 32b")
    assert a.intent == "can_run" and a.entities["gpu_count"] == 2
