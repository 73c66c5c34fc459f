"""A speed wanted with no hardware named ("what gpu do I need for 100 tok/s on Llama 3.1 8B"): how many
cards reach it and the one to buy, each card at the least compressed level, down to the usual minimum
quality, that it holds and that is that fast (answers/facts/target_speed.py)."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from estimator.quants import quant

PROFILES = ("reference", "measured")


def _speed_at(engine, card: str, model: str, level: str, profile: str) -> float | None:
    """The card's own answer at that level: its speed, or None when it does not hold it."""
    a = engine.ask(f"{model} on {card} at {level} tok/s", options=AskOptions(profile=profile))
    row = a.facts.get("row") or {}
    return row.get("tok_s") if row.get("quant") == level else None


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "wanted"), [
    ("what gpu do i need for 100 tok/s on llama 3.1 8b", 100.0),
    ("which card for 30 tokens per second on qwen3 32b", 30.0),
])
def test_the_card_to_buy_reaches_the_speed_at_its_least_compressed_level_that_does(engine, profile, question, wanted):
    a = engine.ask(question, options=AskOptions(profile=profile))
    t = a.facts["target_speed"]
    assert t["tok_s"] == wanted and 0 < t["cards"] <= t["runs"] and "observed" not in a.facts
    pick = t["pick"]
    assert pick["tok_s"] >= wanted
    model = a.entities["model"]
    # the card's own answer at that level gives the same speed
    assert _speed_at(engine, pick["card"], model, pick["quant"], profile) == pytest.approx(pick["tok_s"])
    # the less compressed levels on that card do not reach it, or do not fit
    rank = quant(pick["quant"]).rank
    for name in ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS"):
        if quant(name).rank < rank:  # less compressed than the pick's level
            seen = _speed_at(engine, pick["card"], model, name, profile)
            assert seen is None or seen < wanted
    line = next(x for x in a.text.splitlines() if x.startswith(f"For {wanted:g} tokens per second"))
    assert pick["card"] in line and f"`{pick['quant']}`" in line


@pytest.mark.parametrize("profile", PROFILES)
def test_a_speed_no_card_reaches_names_the_fastest(engine, profile):
    a = engine.ask("gpu for 1000 tok/s qwen3 32b", options=AskOptions(profile=profile))
    t = a.facts["target_speed"]
    assert t["cards"] == 0 and "pick" not in t
    assert t["fastest"]["card"] == a.facts["fastest"]["card"] and "1,000" in a.text


def test_a_speed_seen_on_a_named_card_is_no_target(engine):
    a = engine.ask("my 3090 gets 20 tok/s on qwen3 32b")
    assert "target_speed" not in a.facts and a.facts["observed"]["tok_s"] == 20


def test_the_line_is_in_the_askers_language(engine):
    a = engine.ask("quelle carte pour 30 tokens par seconde sur qwen3 32b ?")
    assert a.locale == "fr" and "Pour 30 tokens par seconde" in a.text and "For 30" not in a.text
