"""A hosted API set against running the model at home gets the kept API prices (with their dates) and what a million
generated tokens take at home: hours at the answer's own speed, kWh at the machine's draw, and money at the kWh
price said (else the price per kWh above which the electricity alone costs more than the API).

Golden arithmetic by hand: an RTX 3090 draws 350 W × 0.8 + 100 W = 380 W at the wall while generating
(estimator/data/power_constants.json); a Mac Studio M3 Ultra about 200 W (Dave2D's DeepSeek R1 test). Hours for a
million tokens = 1e6 / tok_s / 3600; kWh = W / 1000 × hours."""

from __future__ import annotations

import pytest

from answers.knowledge.api_prices import api_prices, parse


def test_every_price_is_sourced_and_dated() -> None:
    kept = api_prices()
    assert kept.prices and all(p.source and len(p.date) == 10 and 0 < p.input and 0 < p.output for p in kept.prices)
    with pytest.raises(Exception):  # noqa: B017 — a price without a source is refused at load
        parse(b'{"prices": [{"model": "x", "route": "y", "input": 1, "output": 1, "date": "2026-01-01"}], '
              b'"machines": []}')


CARD_CASES = [
    ("is the api cheaper than running qwen3 32b on my 3090? power is 0.30 eur per kwh", "en", 0.30, "EUR"),
    ("conviene más la api de openrouter o correr qwen3 32b en mi 3090? el kwh me sale a 0,25 €", "es", 0.25, "EUR"),
    ("lohnt sich openrouter oder qwen3 32b lokal auf meiner 3090? strom kostet 0,38 €/kWh", "de", 0.38, "EUR"),
    ("vale mais a pena a api ou rodar qwen3 32b em casa na minha 3090? o kwh custa R$ 0,95", "pt", 0.95, "BRL"),
]


@pytest.mark.parametrize(("question", "lang", "price", "currency"), CARD_CASES)
def test_home_cost_on_the_askers_card(engine, question, lang, price, currency) -> None:
    a = engine.ask(question, locale=lang)
    api = a.facts["api_home"]
    assert api["model"] == "Qwen3 32B" and api["prices"][0]["output"] == 0.24 and api["prices"][0]["date"]
    h = api["home"]
    assert h["machine"] == "GeForce RTX 3090" and h["watts"] == pytest.approx(380.0)
    hours = 1e6 / h["tok_s"] / 3600
    assert h["hours_per_million"] == pytest.approx(hours)
    assert h["kwh_per_million"] == pytest.approx(0.380 * hours)
    assert h["currency"] == currency and h["cost_per_million"] == pytest.approx(0.380 * hours * price)
    assert "0.24" in a.text.replace(",", ".")


@pytest.mark.parametrize(("question", "lang"), [
    ("cuánto cuesta deepseek v3 por openrouter contra tenerlo en casa?", "es"),
    ("deepseek v3: api or run it at home, what is cheaper?", "en"),
    ("deepseek v3 via openrouter ou chez moi, qu'est-ce qui coûte moins cher ?", "fr"),
    ("deepseek v3 tramite api o in locale, cosa costa meno?", "it"),
])
def test_no_price_said_gives_the_break_even_tariff(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    api = a.facts["api_home"]
    h = api["home"]
    assert h["machine"] == "Apple M3 Ultra 512 GB" and h["watts"] == 200
    kwh = 0.200 * 1e6 / h["tok_s"] / 3600
    assert h["kwh_per_million"] == pytest.approx(kwh)
    # the cheapest kept output price over the energy of a million tokens: $0.38 / kWh-per-million
    assert h["break_even_usd_kwh"] == pytest.approx(0.38 / kwh)
    assert "cost_per_million" not in h


def test_an_api_question_about_the_engine_is_no_cost_question(engine) -> None:
    a = engine.ask("which api address does ollama expose for qwen3 32b?", locale="en")
    assert "api_home" not in a.facts


@pytest.mark.parametrize(("question", "lang"), [
    ("quanto costa l'api di mistral per milione di token?", "it"),
    ("what does the deepseek api cost per million tokens?", "en"),
])
def test_an_api_price_alone_stays_declined(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)  # no home, running or power word: not a home-against-API question
    assert "api_home" not in a.facts
