""""Does the slower card drag it down?": two different cards split by layers answer how much of each token the
slower card's share takes, against the faster card's pace, with the memory verdict of the pair. New phrasings,
several languages; the figures from independent arithmetic over the cards' own speeds."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("my 3090 plus a 3060 12gb in llama.cpp: will the 3060 hold the 3090 back on a 70b q4?", "en"),
    ("3090 e 3060 12gb insieme su llama.cpp, la 3060 rallenta tutto? vorrei un 70b in q4", "it"),
    ("RTX 3090 + RTX 3060 12GB unter llama.cpp, bremst die langsamere Karte alles aus? Ziel: ein 70B in Q4", "de"),
    ("una 3090 y una 3060 de 12gb juntas en llama.cpp, la 3060 frena a la 3090? quiero un 70b en q4", "es"),
])
def test_a_70b_over_a_3090_and_a_3060(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "can_run"
    # 36 GB together: a 70B at Q4_K_M (~42 GB) does not fit, a 3-bit level does
    assert a.facts["row"]["fit"] == "no" and a.facts["smaller_level_fits"]
    d = a.facts["also"]["slower_card"]
    assert d["slow"] == "GeForce RTX 3060 12 GB" and d["fast"] == "GeForce RTX 3090"
    assert d["quant"] == a.facts["smaller_level"]["quant"]
    # the 3060 offers a third of the memory (12 of 36 GB) but, at 360 against 936 GB/s, over half of the time
    assert d["slow_share"] == pytest.approx(1 / 3, abs=0.04)
    assert 0.45 <= d["slow_time_share"] <= 0.62
    # the same split at the 3090's pace: 1 / (2/3 + 1/3 x 936/360) = 0.54 by bandwidth alone; the measured per-card
    # speeds are less lopsided than the bandwidths (fixed costs per token), so between that and 0.8
    assert 0.54 <= d["pace"] <= 0.8
    assert d["split_tok_s"] == pytest.approx(a.facts["smaller_level"]["tok_s"], rel=0.03)
    assert d["fast_alone_tok_s"] is None  # the 3090 alone cannot hold a 70B even at 3 bits
    assert "3060" in a.text and f"{round(d['slow_time_share'] * 100)}" in a.text


def test_a_model_the_faster_card_holds_alone(engine: Engine) -> None:
    a = engine.ask("3090 + 3060 12gb in llama.cpp for qwen3 14b q4_k_m, does the slower card bottleneck it?")
    d = a.facts["also"]["slower_card"]
    assert d["fast_alone_tok_s"] > d["split_tok_s"]  # the 3090 alone is faster: leave the 3060 out


def test_two_of_the_same_card_have_no_slower_card(engine: Engine) -> None:
    a = engine.ask("2x 3090 in llama.cpp for a 70b q4, does one card slow the other down?")
    assert "slower_card" not in (a.facts.get("also") or {})


@pytest.mark.parametrize(("question", "lang"), [
    ("a 4080 super plus an old 3060 12gb: glm-4.5-air q4_k_m on both, or does the 3060 drag everything down?", "en"),
    ("4080 super e una vecchia 3060 12gb: glm-4.5-air q4_k_m su entrambe, la 3060 rallenta tutto?", "it"),
    ("4080 super und eine alte 3060 12gb: glm-4.5-air q4_k_m auf beiden, bremst die 3060 alles aus?", "de"),
])
def test_a_spilling_pair_is_weighed_against_the_fast_card_with_the_ram_it_needs(engine, question, lang) -> None:
    """Neither the pair nor the faster card alone holds the model in the usual 32 GB of RAM: the pair's figure with
    the RAM the answer names, the faster card's with the next usual RAM size that holds its larger rest."""
    a = engine.ask(question, locale=lang)
    d = a.facts["also"]["slower_card"]
    more = d["fast_alone_more_ram"]
    assert d["offload"] and d["fast_alone_fit"] == "no"
    assert more["ram_gb"] in (64, 96, 128, 192, 256)
    # the faster card alone spills more into RAM than the pair, so it is not faster than the pair
    assert more["offload_gb"] > d["split_offload_gb"] and more["tok_s"] <= d["split_tok_s"]
    assert more["ratio"] == pytest.approx(d["split_tok_s"] / more["tok_s"])
