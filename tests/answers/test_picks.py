"""Headline picks lead with cards a person can buy and use (answers/facts/picks.py); the reference profile keeps
the pages' picks and adds one home line; "cheapest" ranks by launch price or says it ranks by memory."""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import dataclass

import pytest

from answers.api import AskOptions
from answers.facts import advice, picks
from answers.facts.reports import EstimateRequest, Reports
from answers.rendering import report_text
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

HOME_SEGMENTS = {"consumer desktop", "workstation"}
NEVER = {"mining", "console/handheld", "vgpu"}
LANGS = ("en", "it", "fr", "de", "es")


def reference_need_gb(params_b: float, bits: float, layers: int) -> float:
    """ESTIMATOR.md §2, written out here: weights at the reference's bits per weight (Q4_K_M 4.5, IQ4_XS 4.0)
    + the runtime allowance + the attention cache of 4,096 tokens (8 KV heads × 128 values, keys and values,
    2 bytes each, on every layer: the layouts of Llama 3 and Qwen3)."""
    cache = layers * 8 * 128 * 2 * 2 * 4096
    return (params_b * 1e9 * bits / 8 + cache) / 2**30 + 0.635


Q4_K_M, IQ4_XS = 4.5, 4.0
LLAMA_70B = (70.6, 80)
LLAMA_405B = (405.0, 126)
QWEN_32B = (32.8, 64)
QWEN3_235B = (235.1, 94)  # parameters (billions) and layers, Qwen3-235B-A22B's config.json


def by_name(knowledge, profile: str) -> dict:
    return {c.name: c for c in knowledge.gpus_for(profile)}


# ------------------------------------------------------------------------------------------ the rules
@dataclass(frozen=True)
class Card:
    name: str
    segment: str
    memory_gb: float = 8.0
    bandwidth_gbps: float = 500.0
    generation: str | None = None
    position: int = 0
    vendor: str = "NVIDIA"
    architecture: str | None = "Ada Lovelace"  # llama.cpp runs it (answers/knowledge/usable_hardware.json)
    memory_type: str | None = None
    release: dt.date | None = dt.date(2024, 1, 1)
    launch_price_usd: float | None = None


def test_home_tiers_and_cards_never_named() -> None:
    assert picks.home_tier(Card("GeForce RTX 4060", "consumer desktop")) == 0
    assert picks.home_tier(Card("RTX A4000", "workstation")) == 1  # only when no gaming card holds it
    assert picks.home_tier(Card("GeForce RTX 4060 Mobile", "laptop")) == 2
    assert picks.home_tier(Card("Apple M4 Max 128 GB", "integrated", vendor="Apple", architecture="Apple M4")) == 3
    # a card llama.cpp no longer runs is never a home pick (CUDA 12 needs compute capability 5.0)
    assert picks.home_tier(Card("GeForce GTX 780 Ti", "consumer desktop", architecture="Kepler")) is None
    assert not picks.is_data_centre(Card("Tesla K80", "data centre", architecture="Kepler 2.0"))
    assert picks.home_tier(Card("Jetson AGX Orin 64 GB", "embedded")) is None  # a module built into devices
    for card in (Card("CMP 170HX 8 GB", "mining"), Card("P102-100", "mining"),
                 Card("Playstation 5 GPU", "console/handheld"),
                 Card("GRID A100-8Q", "vgpu"), Card("H100 SXM5 80 GB", "data centre"),
                 Card("Xeon Phi 7120P", "data centre", generation="Knights Corner(x100)")):
        assert picks.home_tier(card) is None, card.name
    assert picks.is_data_centre(Card("H100 SXM5 80 GB", "data centre"))
    assert not picks.is_data_centre(Card("Xeon Phi 7120P", "data centre", generation="Knights Corner(x100)"))


def test_home_first_takes_the_first_tier_present() -> None:
    laptop, dc = Card("L", "laptop"), Card("D", "data centre")
    mac = Card("M", "integrated", vendor="Apple", architecture="Apple M4")
    assert picks.home_first([dc, mac, laptop]) == [laptop]
    assert picks.home_first([dc, mac]) == [mac]
    assert picks.home_first([dc]) == [dc]  # nothing for home use: every card stays


def test_typical_card_skips_laptop_and_mining_parts() -> None:
    cards = [Card("Mining 16", "mining", 16, 2000, position=1), Card("Laptop 16", "laptop", 16, 900, position=2),
             Card("Desktop 16", "consumer desktop", 16, 300, position=3)]
    assert advice.typical_card(cards, 16).name == "Desktop 16"


# ------------------------------------------------------------------------------------------ smallest
def test_smallest_card_for_llama_3_70b_at_q4_k_m_reference(engine, knowledge) -> None:
    need = reference_need_gb(LLAMA_70B[0], Q4_K_M, LLAMA_70B[1])
    cards = knowledge.gpus_for("reference")
    smallest_home = min(c.memory_gb for c in cards if c.segment in HOME_SEGMENTS and 0.9 * c.memory_gb >= need)
    a = engine.command("smallest", "en", model="Llama 3 70B", quant="Q4_K_M")
    pick = a.facts["picks"]["smallest"]
    card = by_name(knowledge, "reference")[pick["card"]]
    assert card.segment in HOME_SEGMENTS
    assert 0.9 * card.memory_gb >= need
    assert card.memory_gb == smallest_home == 48
    assert pick["need_gb"] == pytest.approx(need, abs=0.05)


def test_smallest_card_default_levels_reference_keeps_the_page_pick(engine, knowledge) -> None:
    # With IQ4_XS allowed, the page's smallest card is a 40 GB data-centre A100; the answer keeps it and
    # adds the home pick on one line.
    need_iq4 = reference_need_gb(LLAMA_70B[0], IQ4_XS, LLAMA_70B[1])
    a = engine.command("smallest", "en", model="Llama 3 70B")
    page = a.facts["smallest"]["card"]
    assert knowledge.gpus_for("reference") and by_name(knowledge, "reference")[page].segment == "data centre"
    assert 0.9 * 40 >= need_iq4 and a.facts["smallest"]["memory_gb"] == 40
    home = a.facts["picks"]["smallest"]
    assert f"**{page}**" in a.text.splitlines()[0]
    assert f"Among cards you can buy and use at home: **{home['card']}**" in a.text
    assert by_name(knowledge, "reference")[home["card"]].segment in HOME_SEGMENTS


def test_smallest_card_measured_leads_with_a_home_card(engine, knowledge) -> None:
    a = engine.command("what_gpu", "en", model="Llama 3 70B", options=AskOptions(profile="measured"))
    pick = a.facts["picks"]["smallest"]
    card = by_name(knowledge, "measured")[pick["card"]]
    assert card.segment in HOME_SEGMENTS and card.memory_gb >= pick["need_gb"]
    first = a.text.splitlines()[0]
    assert "you can buy and use" in first and f"**{card.name}**" in first
    assert a.facts["smallest"]["card"] != card.name  # the all-card pick (a 40 GB A100) stays in the JSON


def test_only_data_centre_cards_hold_it(engine, knowledge) -> None:
    # Llama 3.1 405B at IQ4_XS: more than any card for home use in the pages' list holds (reference).
    need = reference_need_gb(LLAMA_405B[0], IQ4_XS, LLAMA_405B[1])
    ref = knowledge.gpus_for("reference")
    assert max(0.9 * c.memory_gb for c in ref if picks.home_tier(c) is not None) < need
    a = engine.command("what_gpu", "en", model="Llama 3.1 405B")
    dc = a.facts["picks"]["data_centre_cards"]
    assert a.facts["picks"]["only_data_centre"] and dc
    assert all(by_name(knowledge, "reference")[n].segment == "data centre" for n in dc)
    assert f"Only data-centre cards hold Llama 3.1 405B: {dc[0]}" in a.text


def test_unified_machine_when_no_card_holds_it(engine, knowledge) -> None:
    # Measured catalog: no desktop, workstation or laptop card holds 405B, a 512 GB Mac does.
    a = engine.command("what_gpu", "en", model="Llama 3.1 405B", options=AskOptions(profile="measured"))
    pick = a.facts["picks"]["smallest"]
    cards = knowledge.gpus_for("measured")
    assert max(c.memory_gb for c in cards if c.segment in HOME_SEGMENTS | {"laptop"}) < pick["need_gb"]
    assert by_name(knowledge, "measured")[pick["card"]].segment == "integrated"
    assert not a.facts["picks"]["only_data_centre"]


# ------------------------------------------------------------------------------------------ N GB, fastest
def test_best_8_gb_card_reference_keeps_the_mining_card_and_adds_a_home_card(engine, knowledge) -> None:
    a = engine.ask("can llama 3.1 8b run on 8 GB?")
    assert a.facts["row"]["card"] == "CMP 170HX 8 GB"  # the pages' pick, kept
    assert "**CMP 170HX 8 GB**" in a.text
    home = a.facts["home_row"]["card"]
    eights = [c for c in knowledge.gpus_for("reference") if c.memory_gb == 8 and c.segment in HOME_SEGMENTS]
    # Same level on every 8 GB card, so the reference speed follows bandwidth: the widest home card wins.
    assert by_name(knowledge, "reference")[home].bandwidth_gbps == max(c.bandwidth_gbps for c in eights)
    assert f"Among cards you can buy and use at home: **{home}**" in a.text


def test_best_8_gb_card_measured_is_a_home_card(engine, knowledge) -> None:
    a = engine.ask("can llama 3.1 8b run on 8 GB?", options=AskOptions(profile="measured"))
    card = by_name(knowledge, "measured")[a.facts["home_row"]["card"]]
    assert card.segment in HOME_SEGMENTS and card.memory_gb == 8
    assert "CMP" not in a.text and f"**{card.name}**" in a.text


def test_a_size_only_data_centre_cards_have(engine) -> None:
    for profile in ("reference", "measured"):
        a = engine.ask("can llama 3.1 8b run on 80 GB?", options=AskOptions(profile=profile))
        assert a.facts["home_row"]["data_centre"]
        assert "Only data-centre cards have 80 GB." in a.text


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_overview_by_memory(engine, knowledge, profile) -> None:
    a = engine.command("can_run", "en", model="Llama 3.1 8B", options=AskOptions(profile=profile))
    line8 = next(line for line in a.text.splitlines() if line.startswith("- 8 GB"))
    home = a.facts["picks"]["by_memory"]["8"]["card"]
    assert by_name(knowledge, profile)[home].segment in HOME_SEGMENTS
    if profile == "reference":
        assert "**CMP 170HX 8 GB**" in line8 and f"to buy and use at home: **{home}**" in line8
    else:
        assert "CMP" not in line8 and f"**{home}**" in line8


def test_fastest_measured_leads_with_a_home_card_and_the_table_keeps_every_card(engine, knowledge) -> None:
    a = engine.command("fastest", "en", model="Qwen3 32B", options=AskOptions(profile="measured"))
    home, overall = a.facts["picks"]["fastest"], a.facts["fastest"]
    cards = by_name(knowledge, "measured")
    assert cards[home["card"]].segment in HOME_SEGMENTS
    assert cards[overall["card"]].segment == "data centre" and overall["tok_s"] > home["tok_s"]
    assert a.text.splitlines()[0].startswith(
        f"The fastest card you can buy and use for Qwen3 32B is **{home['card']}**")
    assert f"Counting data-centre cards too, the fastest is **{overall['card']}**" in a.text
    assert a.table[0]["card"] == overall["card"]  # the full table still lists every card, fastest first
    assert any(cards[r["card"]].segment == "data centre" for r in a.table[:5])


def test_fastest_reference_keeps_the_page_pick(engine) -> None:
    a = engine.command("fastest", "en", model="Qwen3 32B")
    assert a.text.splitlines()[0].startswith("The fastest card for Qwen3 32B is **B200**")
    assert f"Among cards you can buy and use at home: **{a.facts['picks']['fastest']['card']}**" in a.text


# ------------------------------------------------------------------------------------------ cheapest
CHEAPEST_QWEN = {
    "en": "cheapest card that runs qwen3 32b",
    "it": "qual è la scheda più economica per qwen3 32b",
    "fr": "quelle est la carte la moins chère pour qwen3 32b",
    "de": "billigste Grafikkarte für Qwen3 32B",
    "es": "la tarjeta más barata para qwen3 32b",
}
PRICE_TEXT = {"en": "$499", "it": "499\xa0USD", "fr": "499\xa0$US", "de": "499\xa0$", "es": "499\xa0US$"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_cheapest_ranks_by_launch_price(engine, knowledge, lang, profile) -> None:
    a = engine.ask(CHEAPEST_QWEN[lang], options=AskOptions(profile=profile))
    assert a.intent == "smallest" and a.locale == lang and a.facts["lead"] == "cheapest"
    c = a.facts["cheapest"]
    assert c["by"] == "price"
    # Independently: the lowest launch price among priced cards that hold Qwen3 32B at IQ4_XS (the lowest
    # default level) under the reference rule, 90% of the memory.
    need = reference_need_gb(QWEN_32B[0], IQ4_XS, QWEN_32B[1])
    priced = [x for x in knowledge.gpus_for("reference") if x.launch_price_usd and 0.9 * x.memory_gb >= need]
    cheapest = min(priced, key=lambda x: x.launch_price_usd)
    # the Arc Pro B60 (24 GB, $499 at launch in 2025, prices.json) under the Radeon RX 7900 XT (20 GB, $899)
    assert (cheapest.name, cheapest.launch_price_usd) == ("Arc Pro B60", 499)
    assert c["pick"]["card"] == cheapest.name
    first = a.text.splitlines()[0]
    assert f"**{cheapest.name}**" in first and PRICE_TEXT[lang] in first
    assert [o["launch_price_usd"] for o in c["others"]] == sorted(o["launch_price_usd"] for o in c["others"])
    if lang != "en":
        assert "cheapest" not in a.text  # translated


@pytest.mark.parametrize("lang", LANGS)
def test_cheapest_without_a_priced_card_says_it_ranks_by_memory(engine, knowledge, lang) -> None:
    # (a 70B is held by one priced card since the RTX PRO 6000 Blackwell's launch price is kept; Qwen3 235B, about
    # 120 GB at IQ4_XS, by none: the card that holds it is a shared-memory machine, which people buy whole)
    q = {"en": "cheapest gpu for qwen3 235b", "it": "scheda più economica per qwen3 235b",
         "fr": "carte la moins chère pour qwen3 235b", "de": "günstigste Karte für Qwen3 235B",
         "es": "tarjeta más barata para qwen3 235b"}[lang]
    a = engine.ask(q)
    need = reference_need_gb(*QWEN3_235B[:1], IQ4_XS, QWEN3_235B[1])
    assert all(0.9 * x.memory_gb < need for x in knowledge.gpus_for("reference") if x.launch_price_usd)
    c = a.facts["cheapest"]
    # Every card of catalog/data/hardware/prices.json is a desktop card the reference list rates.
    priced = len(json.loads((ROOT / "catalog/data/hardware/prices.json").read_text(encoding="utf-8"))["prices"])
    assert c["by"] == "memory" and c["priced_cards"] == priced
    assert by_name(knowledge, "reference")[c["pick"]["card"]].segment in HOME_SEGMENTS | {"integrated"}
    en = "so this ranks by memory instead"
    assert (en in a.text) == (lang == "en")
    assert f"**{c['pick']['card']}**" in a.text and str(priced) in a.text


def test_cheapest_word_does_not_change_other_questions(engine) -> None:
    assert engine.ask("smallest card for qwen3 32b").facts.get("lead") is None
    assert engine.ask("cheapest card that runs qwen3 32b").facts["lead"] == "cheapest"


# ------------------------------------------------------------------------------------------ CLI summary
@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_summary_best_8_gb_card(knowledge, profile) -> None:
    r = Reports(knowledge).summary(EstimateRequest(model="llama 3.1 8b", profile=profile))
    text = report_text.summary(r, "en")
    home = r.data["picks"]["by_memory"]["8"]["card"]
    assert f"Best 8 GB card you can buy and use: {home} ·" in text
    assert ("Best 8 GB card: CMP 170HX 8 GB" in text) == (profile == "reference")
    assert r.data["cheapest"]["by"] == "price" and "Cheapest card by launch price: " in text
    assert math.isclose(r.data["cheapest"]["pick"]["launch_price_usd"],
                        min(c.launch_price_usd for c in knowledge.gpus_for(profile)
                            if c.launch_price_usd and c.memory_gb >= 8))


# ------------------------------------------------------------------------------------------ other headlines
def test_other_mentions_follow_the_profile(engine, knowledge) -> None:
    cards = by_name(knowledge, "measured")
    info = engine.ask("can llama 3 70b run?", options=AskOptions(profile="measured"))
    home = info.facts["picks"]["smallest"]["card"]
    assert cards[home].segment in HOME_SEGMENTS
    assert f"Smallest card you can buy and use: **{home}**" in info.text
    no = engine.ask("can llama 3 70b run on a rtx 4090", options=AskOptions(profile="measured"))
    assert f"The smallest card you can buy and use that runs it is **{home}**" in no.text
    ref = engine.ask("can llama 3 70b run on a rtx 4090")
    assert f"The smallest card that runs it is **{ref.facts['smallest']['card']}**" in ref.text  # the page's


def test_did_you_mean_stays_for_unrelated_names(engine) -> None:
    # Home picks change which card leads an answer, never which card a typed name means: a name that fits
    # no card still gets "did you mean", not a buyable card picked for the asker.
    for profile in ("reference", "measured"):
        a = engine.ask("how fast is llama 3.1 8b on a rtx 9999", options=AskOptions(profile=profile))
        assert a.intent == "not_found" and a.facts["candidates"]
