"""Headline answers lead with cards a person can buy: the VRAM answer's "smallest card" line gets the home
pick under the reference profile, and "a typical N GB card" is a consumer desktop card."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from answers.api import AskOptions
from answers.facts import advice, picks


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

LANGS = ("en", "it", "fr", "de", "es", "pt")
HOME = {"consumer desktop", "workstation"}


@pytest.mark.parametrize("lang", LANGS)
def test_vram_smallest_line_adds_the_home_pick_under_reference(engine, knowledge, lang) -> None:
    a = engine.command("vram", lang, model="gpt-oss-20b", quant="Q8_0")
    need = a.facts["levels"][0]["need_gb"]
    cards = {c.name: c for c in knowledge.gpus_for("reference")}
    page_pick = cards[a.facts["smallest"]["card"]]
    assert picks.never_headline(page_pick)  # the pages' pick (a Xeon Phi) stays, as the reference requires
    assert f"**{page_pick.name}**" in a.text
    # The home pick: the least memory among desktop cards that hold the need (90% rule); workstation
    # cards only when no desktop card does.
    holding = [c for c in cards.values() if c.segment == "consumer desktop" and not picks.never_headline(c)
               and 0.9 * c.memory_gb >= need] or [c for c in cards.values() if c.segment in HOME
                                                 and not picks.never_headline(c) and 0.9 * c.memory_gb >= need]
    least = min(c.memory_gb for c in holding)
    home = a.facts["picks"]["smallest"]["card"]
    assert cards[home].segment in HOME and cards[home].memory_gb == least
    assert f"**{home}**" in a.text
    assert a.text.index(f"**{page_pick.name}**") < a.text.index(f"**{home}**")


def test_vram_no_extra_line_when_the_page_pick_is_a_home_card(engine, knowledge) -> None:
    a = engine.command("vram", "en", model="Llama 2 13B")
    cards = {c.name: c for c in knowledge.gpus_for("reference")}
    assert cards[a.facts["smallest"]["card"]].segment == "consumer desktop"
    assert "Among cards you can buy and use at home" not in a.text


@pytest.mark.parametrize("profile", ("reference", "measured"))
@pytest.mark.parametrize(("model", "page_segment", "home_segment"), [
    ("Llama 3 8B", "workstation", "consumer desktop"), ("Qwen2.5 32B", "workstation", "consumer desktop"),
    # no desktop card holds a 70B at IQ4_XS (~35 GB; the largest, the RTX 5090, has 32 GB): a workstation card
    ("Llama 3.3 70B", "data centre", "workstation")])
def test_a_workstation_or_data_centre_smallest_card_gets_a_home_pick(engine, knowledge, model, page_segment,
                                                                     home_segment, profile) -> None:
    """"Qwen2.5 32B: the smallest card is RTX A4500" is no advice for a home user: a desktop card follows
    (a workstation card only when no desktop card holds it), under either profile."""
    a = engine.command("vram", "en", model=model, options=AskOptions(profile=profile))
    cards = {c.name: c for c in knowledge.gpus_for(profile)}
    home = cards[a.facts["picks"]["smallest"]["card"]]
    assert home.segment == home_segment
    assert f"**{home.name}**" in a.text
    if profile == "reference":
        assert cards[a.facts["smallest"]["card"]].segment == page_segment
        assert "Among cards you can buy and use at home" in a.text


def test_vram_measured_leads_with_the_home_pick(engine) -> None:
    a = engine.command("vram", "en", model="gpt-oss-20b", quant="Q8_0", options=AskOptions(profile="measured"))
    assert "Xeon Phi" not in a.text


@dataclass(frozen=True)
class Card:
    name: str
    segment: str
    memory_gb: float = 24.0
    bandwidth_gbps: float = 500.0
    position: int = 0
    vendor: str = "NVIDIA"
    architecture: str | None = None
    memory_type: str | None = None
    generation: str | None = None
    release: dt.date | None = dt.date(2024, 1, 1)
    launch_price_usd: float | None = None


def test_typical_card_is_a_mainstream_card_not_a_respin() -> None:
    """Regional respins have no launch price on record; the mainstream part (priced) stands in."""
    respins = [Card("Respin A", "consumer desktop", memory_gb=8, bandwidth_gbps=288, position=1),
               Card("Respin B", "consumer desktop", memory_gb=8, bandwidth_gbps=300, position=2)]
    mainstream = Card("Mainstream 8", "consumer desktop", memory_gb=8, bandwidth_gbps=272, position=3,
                      launch_price_usd=299.0)
    assert advice.typical_card([*respins, mainstream], 8).name == "Mainstream 8"
    assert advice.typical_card(respins, 8).name == "Respin A"  # none priced: the median as before


def test_typical_card_prefers_consumer_desktop_then_workstation() -> None:
    ws = [Card("WS low", "workstation", bandwidth_gbps=400, position=1),
          Card("WS mid", "workstation", bandwidth_gbps=700, position=2),
          Card("WS high", "workstation", bandwidth_gbps=800, position=3)]
    desktop = Card("Desktop 24", "consumer desktop", bandwidth_gbps=1000, position=4)
    assert advice.typical_card([*ws, desktop], 24).name == "Desktop 24"  # not the median of all four
    assert advice.typical_card(ws, 24).name == "WS mid"  # no desktop card of that size: a workstation one
    dc = Card("DC 24", "data centre", bandwidth_gbps=900, position=5)
    assert advice.typical_card([dc, *ws], 24).name == "WS mid"


def test_typical_24_gb_card_is_a_consumer_desktop_card(knowledge) -> None:
    for profile in ("reference", "measured"):
        card = advice.typical_card(knowledge.gpus_for(profile), 24)
        source = next(c for c in knowledge.gpus_for(profile) if c.name == card.name)
        assert source.segment == "consumer desktop" and source.memory_gb == 24, card.name
