"""Setups as people type them: a card size plus RAM, two machines side by side."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.knowledge.i18n import SUPPORTED

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


@pytest.mark.parametrize("profile", PROFILES)
def test_a_model_too_big_for_the_card_gets_an_offload_estimate_with_common_ram(engine: Engine, profile: str) -> None:
    """No RAM said: a "no" for a MoE model that runs well with its experts in RAM also gives that speed,
    on 32 GB of DDR4, and says it is an assumption."""
    from answers.facts.common import GUESS_RAM_GB

    a = engine.command("can_run", "en", model="gpt-oss-20b", card="RX 7600", options=AskOptions(profile=profile))
    assert a.facts["row"]["quant"] is None  # 8 GB cannot hold it whole
    guess = a.facts["offload_guess"]
    assert guess["fit"] == "offload" and guess["ram_gb"] == GUESS_RAM_GB == 32.0 and guess["ram_type"] == "DDR4"
    assert guess["tok_s"] >= a.facts.get("offload_min_tok_s", 3.0)
    assert "32 GB of DDR4" in a.text
    too_slow = engine.command("can_run", "en", model="Llama 3.3 70B", card="RTX 4090",
                              options=AskOptions(profile=profile))
    assert too_slow.facts["offload_guess"] is None  # a dense 70B crawls from DDR4: no promise made
    for lang in SUPPORTED:
        assert "32" in engine.command("can_run", lang, model="gpt-oss-20b", card="RX 7600").text


def test_unified_memory_answer_states_one_usable_figure(engine: Engine) -> None:
    a = engine.ask("qwen3 coder 30b on my m1 max 64gb how fast")
    row = a.facts["row"]
    # The usable memory quoted twice is the same figure (the GPU share less the runtime's margin).
    usable = f"{row['usable_gb']:.1f} GB"
    assert a.text.count(usable) == 2 and row["usable_gb"] < row["memory_gb"] < row["total_memory_gb"] == 64


def test_vram_answer_names_the_cache_type(engine: Engine) -> None:
    a = engine.ask("how much vram does phi 4 need at 128k context with q8 kv cache")
    assert a.intent == "vram" and "cache stored as `q8_0`" in a.text
    plain = engine.ask("how much vram does phi 4 need at 128k context")
    assert "cache stored as" not in plain.text and plain.facts["cache_gb"] > a.facts["cache_gb"]


def test_home_pick_prefers_a_card_sold_everywhere(engine: Engine) -> None:
    """The smallest home card for a 24 GB need is a priced, mainstream 24 GB card, not a regional variant."""
    a = engine.ask("how much vram does phi 4 need at 128k context with q8 kv cache")
    assert a.facts["picks"]["smallest"] is not None
    home = a.facts["picks"]["smallest"]
    card = next(g for g in engine.knowledge.gpus_for("reference") if g.name == home["card"])
    assert card.launch_price_usd is not None and card.memory_gb == 24


def test_a_mac_compared_with_a_card_is_not_a_model(engine: Engine) -> None:
    """"mac mini m4 pro 64gb vs rtx 5090": "mini m4" belongs to the Mac, never to MiniMax-M1."""
    a = engine.ask("mac mini m4 pro 64gb vs rtx 5090 for llms")
    assert a.intent == "compare" and "model" not in a.entities
    assert (a.entities["card"], a.entities["card2"]) == ("Apple M4 Pro 64 GB", "GeForce RTX 5090")


@pytest.mark.parametrize("question", [
    "which gpu should i buy for local ai under 500 dollars",
    "quale scheda comprare con 800 euro?",
])
def test_a_budget_is_never_taken_for_a_model_name(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent != "not_found" and "model" not in a.entities


def test_the_fastest_model_for_a_card_is_the_cards_list(engine: Engine) -> None:
    a = engine.ask("what's the fastest model i can run on a 4080")
    assert a.intent == "card_models" and a.entities["card"] == "GeForce RTX 4080" and a.facts["rows"]
