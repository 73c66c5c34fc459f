"""When a model is short of the card and of the RAM assumed beside it, the answer gives what people do: the
smallest common RAM upgrade that runs it with the experts (or the layers that do not fit) in RAM, with its speed.
A card launched from 2025 is taken with DDR5 beside it; a comparison on a card size gives a model that does not
fit the ways it still runs there."""

from __future__ import annotations

import datetime as dt

import pytest

from answers.engine import Engine
from answers.knowledge.profiles import load_setup_constants
from estimator.setup_ram import setup_ram
from estimator.setups import Device, Setup
from tests.conftest import FakeCard

C = load_setup_constants()


@pytest.mark.parametrize("question", [
    "will gpt-oss 120b fit in my rtx 5090?",
    "gpt-oss-120b passt das auf eine rtx 5090?",
    "posso usare gpt-oss-120b con una 5090 da 32 giga?",
    "gpt-oss 120b cabe numa rtx 5090?",
])
def test_a_big_moe_short_of_the_card_and_the_usual_ram_gets_the_upgrade_that_runs_it(engine: Engine,
                                                                                     question: str) -> None:
    answer = engine.ask(question)
    guess = answer.facts["offload_assumed"]
    assert guess["outcome"] == "no_room" and guess["ram_gb"] == 32  # 32 GB cannot take the ~30 GB of experts
    more = guess["more_ram"]
    assert more is not None and more["moe"]
    assert 32 < more["ram_gb"] <= 128
    # ~27 GB of experts read from dual-channel DDR5: public runs of a 5090 with --n-cpu-moe give 25–35 tok/s
    assert more["ram_type"] == "DDR5"
    assert more["tok_s_low"] <= 30 <= more["tok_s_high"]
    assert "--n-cpu-moe" in answer.text


def test_no_upgrade_is_offered_when_a_desktop_cannot_hold_the_rest(engine: Engine) -> None:
    # DeepSeek-R1 beside one 3090: even 128 GB cannot take the rest at a usual level
    guess = engine.ask("deepseek r1 671b q4_k_m on a 3090, does it fit?").facts["offload_assumed"]
    assert guess["outcome"] == "no_room" and guess["more_ram"] is None


def test_a_card_launched_from_2025_is_taken_with_ddr5_an_older_one_with_ddr4() -> None:
    new = FakeCard("New card", "NVIDIA", 32.0, 1792.0, "Blackwell")
    old = FakeCard("Old card", "NVIDIA", 24.0, 936.0, "Ampere")
    object.__setattr__(new, "release", dt.date(2025, 1, 30))
    object.__setattr__(old, "release", dt.date(2020, 9, 24))
    fresh = setup_ram(C, Setup((Device(new),), ram_gb=64.0))
    assert fresh.kind == "DDR5" and "type" in fresh.assumed  # assumed, and said to be
    assert setup_ram(C, Setup((Device(old),), ram_gb=64.0)).kind == "DDR4"
    assert setup_ram(C, Setup((Device(new),), ram_gb=64.0, ram_type="DDR4")).kind == "DDR4"  # what is said wins


@pytest.mark.parametrize("question", [
    "gpt-oss-20b or qwen3 30b a3b on a 16gb card, which is better?",
    "gpt-oss-20b oder qwen3 30b a3b auf einer 16gb karte?",
    "gpt-oss-20b o qwen3 30b a3b en una gráfica de 16gb?",
])
def test_a_comparison_on_a_card_size_gives_the_ways_a_model_short_of_it_still_runs(engine: Engine,
                                                                                   question: str) -> None:
    facts = engine.ask(question).facts
    side = next(r for r in (facts["a"], facts["b"]) if r["model"] == "Qwen3-30B-A3B")
    assert side["quant"] is None  # not held whole at the usual quality
    assert side["lower"]["tok_s"] > 10  # a 3-bit level held whole
    off = side["offload"]  # the usual level with a few GB of experts in RAM: public runs of 16 GB cards give 30+
    assert off["quant"] == "Q4_K_M" and off["tok_s_low"] <= 30 <= off["tok_s_high"]
