"""What the asker says of the RAM beside a card (channels, speed, a processor) reaches the offload figure even
when the amount is left out; experts in RAM are read at the model's own expert share."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _assumed_row(engine: Engine, question: str) -> dict:
    facts = engine.ask(question).facts
    guess = facts.get("offload_assumed")
    assert isinstance(guess, dict), question
    return guess["row"]


@pytest.mark.parametrize("question", [
    "qwen3 30b a3b q4_k_m on an rtx 2080 and ddr4 with 4 channels, how fast?",
    "qwen3 30b a3b q4_k_m su una rtx 2080 con ddr4 a 4 canali, quanto va?",
    "qwen3 30b a3b q4_k_m auf einer rtx 2080 mit ddr4 und 4 kanälen, wie schnell?",
])
def test_channels_said_without_an_amount_are_used(engine: Engine, question: str) -> None:
    row = _assumed_row(engine, question)
    # 4 channels × 8 bytes × 3200 MT/s = 102.4 GB/s, not a desktop's two channels (51.2 GB/s)
    assert row["ram_channels"] == 4 and row["ram_bandwidth_gbps"] == pytest.approx(102.4)
    assert "channels" not in row["ram_guessed"]


def test_more_channels_said_make_the_assumed_offload_faster(engine: Engine) -> None:
    two = _assumed_row(engine, "qwen3 30b a3b q4_k_m on an rtx 2080 with ddr4, tok/s?")
    four = _assumed_row(engine, "qwen3 30b a3b q4_k_m on an rtx 2080 with ddr4 quad channel, tok/s?")
    assert four["tok_s"] > two["tok_s"]


@pytest.mark.parametrize("question", [
    "qwen3 30b a3b q4_k_m on a rtx 2080 8gb with a threadripper 3970x and 128gb of ram",
    "qwen3 30b a3b q4_k_m sur une rtx 2080 8go avec un threadripper 3970x et 128go de ram",
])
def test_a_named_processor_beside_a_card_fills_the_ram_platform(engine: Engine, question: str) -> None:
    # Threadripper 3000 (TRX40): 4 channels of DDR4-3200 (AMD's product page), not a desktop's two
    row = engine.ask(question).facts["row"]
    assert row["fit"] == "offload"
    assert (row["ram_type"], row["ram_channels"], row["ram_mts"]) == ("DDR4", 4, 3200)


def test_experts_in_ram_follow_the_models_own_share(engine: Engine) -> None:
    # Same card, same RAM, about the same active size: Mixtral's big experts are 87% of what a token reads
    # (2 of 8 experts, 14336 wide), Llama 4 Scout's 36% (1 of 16 plus a shared expert): per GB of experts
    # left in RAM, Scout loses less speed. Both from their published configs (estimator/moe_share.py).
    mixtral = engine.ask("mixtral 8x7b q4_k_m on a rtx 3060 12gb with 64gb ddr5").facts["row"]
    scout = engine.ask("llama 4 scout q4_k_m on a rtx 3060 12gb with 96gb ddr5").facts["row"]
    assert mixtral["fit"] == scout["fit"] == "offload"
    assert scout["offload_gb"] > 2 * mixtral["offload_gb"]
    assert scout["tok_s"] > 0.6 * mixtral["tok_s"]
