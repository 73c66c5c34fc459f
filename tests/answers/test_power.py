"""What a machine draws and costs in electricity (trial 7, "other question answered" and "fallback" on power bills):
the cards' board power from their TechPowerUp records, a typical share of it while generating, the rest of the
machine, the hours a day and a price per kWh said in the asker's words, in their language. Phrasings of our own;
golden figures by independent arithmetic on the sourced constants (estimator/data/power_constants.json) and the
cards' published board power (RTX 3090 350 W, RTX 4090 450 W, RTX 3060 12 GB 170 W)."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answers.engine import Engine
from answers.reading.power_words import read
from estimator.power import HOURS_PER_MONTH, PowerConstants, machine_draw, month_kwh

DATA = json.loads((resources.files("estimator") / "data" / "power_constants.json").read_text("utf-8"))
C = PowerConstants.from_dict(DATA)


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("text", "lang", "price", "currency", "said", "hours"), [
    ("three 3090s always on at 0.22/kwh", "en", 0.22, "USD", False, 24.0),
    ("0,27 €/kWh e 6 ore al giorno", "it", 0.27, "EUR", True, 6.0),
    ("à 21 centimes le kWh, 10 heures par jour", "fr", 0.21, "EUR", False, 10.0),
    ("bei 32 ct/kWh rund um die Uhr", "de", 0.32, "EUR", False, 24.0),
    ("a 0,19 euros el kWh", "es", 0.19, "EUR", True, None),
    ("R$ 1,05 o kWh, 12 horas por dia", "pt", 1.05, "BRL", True, 12.0),
    ("£0.26 per kWh", "en", 0.26, "GBP", True, None),
])
def test_a_price_and_hours_are_read_in_every_language(text: str, lang: str, price: float, currency: str, said: bool,
                                                      hours: float | None) -> None:
    got = read(text, lang)
    assert got is not None
    assert got.price_kwh == pytest.approx(price)
    assert got.currency == currency and got.currency_said is said
    assert got.hours_per_day == hours


def test_no_price_or_hours_is_none() -> None:
    assert read("how much does a 4090 draw", "en") is None


def test_every_constant_has_a_source() -> None:
    for key, value in DATA.items():
        if not key.startswith("_"):
            assert value["source"].strip(), key


@given(st.lists(st.tuples(st.floats(50, 700), st.integers(1, 8)), min_size=1, max_size=3))
def test_more_cards_draw_more_and_states_are_ordered(cards: list[tuple[float, int]]) -> None:
    one = machine_draw(cards, C)
    more = machine_draw([(w, n + 1) for w, n in cards], C)
    assert more.decode_w > one.decode_w and more.idle_w > one.idle_w
    assert one.idle_w < one.decode_low_w <= one.decode_w <= one.decode_high_w
    assert one.decode_w <= one.prefill_w


def test_a_month_is_watts_times_hours() -> None:
    assert HOURS_PER_MONTH == pytest.approx(730)
    assert month_kwh(1000, 24) == pytest.approx(730)
    assert month_kwh(500, 12) == pytest.approx(182.5)


@pytest.mark.parametrize(("question", "lang", "words"), [
    # 4 x 350 W x 0.8 + 100 W = 1,220 W; x 730 h = 890.6 kWh; x 0.28 = 249
    ("what will four rtx 3090s cost me in electricity running nonstop at 0.28 per kwh", "en",
     ("1,220 W", "891 kWh", "$249")),
    # 450 x 0.8 + 100 = 460 W; no price: the kWh (336) and the tariff said missing
    ("quanta corrente consuma una rtx 4090 mentre genera? devo fare i conti con la bolletta", "it",
     ("460 W", "336 kWh", "bolletta")),
    # 2 x 450 x 0.8 + 100 = 820 W; 8 h a day: 820 x 8 x 365 / 12 / 1000 = 199.5 kWh; x 0.25 = 50 EUR
    ("ma facture d'électricité avec deux rtx 4090, 8 heures par jour à 0,25 €/kWh ?", "fr",
     ("820 W", "200 kWh", "50 €")),
    # 170 x 0.8 + 100 = 236 W
    ("wie hoch ist die leistungsaufnahme einer rtx 3060 12gb beim generieren, für meine stromrechnung", "de",
     ("236 W",)),
    # 350 x 0.8 + 100 = 380 W; 24 h: 277.4 kWh x 0.15 = 41.6 USD
    ("cuánto gasto de luz con una 3090 encendida 24/7 a 0,15 usd el kWh", "es", ("380 W", "277 kWh", "42")),
    # 3 x 280 + 100 = 940 W; idle 3 x 20 + 50 = 110 W
    ("quanto gasta de energia um servidor com 3 rtx 3090 ligado o dia todo?", "pt", ("940 W", "110 W")),
])
def test_a_power_question_gets_watts_and_a_month(engine: Engine, question: str, lang: str,
                                                 words: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.intent == "power"
    assert a.locale == lang
    text = _plain(a.text)
    for w in words:
        assert w in text, (w, text)


def test_no_card_asks_for_one(engine: Engine) -> None:
    a = engine.ask("how much electricity does running local llms use per month?")
    assert a.intent == "power"
    assert a.facts["power"] is None


def test_memory_consumption_is_no_power_question(engine: Engine) -> None:
    assert engine.ask("qwen3 14b consuma troppa vram sulla mia 3060?").intent != "power"
