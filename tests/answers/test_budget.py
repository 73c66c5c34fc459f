"""Budget questions ("best gpu under 400 bucks for X"): the amount is read in six languages and never
taken for a name, a memory size, a context length or a parameter count; answers keep to the budget under
both profiles; other currencies are converted with the ECB rates of one stated day, said to be approximate.

Golden figures come from the sources: launch prices from the makers' announcements (NVIDIA, AMD, Intel),
exchange rates from the ECB reference rates of 13 June 2024 (USD 1.0784, GBP 0.84468, BRL 5.8261 per euro).
"""

from __future__ import annotations

import json
import math

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from catalog.currency import RatesError, read_rates
from estimator.quants import quant
from tests.answers.test_answers import assert_no_english
from tests.catalog.test_resolve import gpu_resolver, model_resolver
from tests.conftest import ROOT

PROFILES = ("reference", "measured")
# ECB euro foreign exchange reference rates, 13 June 2024: units per euro.
USD_PER_EUR, GBP_PER_EUR, BRL_PER_EUR = 1.0784, 0.84468, 5.8261
# Launch prices from the makers' announcements (US dollars).
LAUNCH = {"GeForce RTX 3060 12 GB": 329, "GeForce RTX 5060 Ti 16 GB": 429, "Radeon RX 7800 XT": 499,
          "GeForce RTX 4060 Ti 16 GB": 499, "Arc A770": 349, "Radeon RX 7600 XT": 329, "Radeon RX 9060 XT 16 GB": 349,
          "Radeon RX 7900 XT": 899, "Arc B570": 219, "GeForce RTX 3090": 1499, "Radeon RX 6800 XT": 649}


@pytest.fixture(scope="module")
def resolvers():
    return model_resolver(), gpu_resolver()


def parsed(q, resolvers):
    from answers.reading.parse import parse

    return parse(q, *resolvers)


def prices() -> dict[str, float]:
    data = json.loads((ROOT / "catalog/data/hardware/prices.json").read_text(encoding="utf-8"))
    return {p["name"]: p["usd"] for p in data["prices"]}


# --------------------------------------------------------------------------- reading the amount
@pytest.mark.parametrize(("q", "amount", "currency"), [
    ("best gpu under 400 bucks for running 13b models", 400, "USD"),
    ("$400 card for llama 3.1 8b", 400, "USD"),
    ("400 usd gpu for mistral 7b", 400, "USD"),
    ("gpu recs under 1k?", 1000, "USD"),
    ("what gpu for 1.5k", None, None),  # "for" is no ceiling and no currency is said: not read as money
    ("got 1.5k to spend on a gpu", 1500, "USD"),
    ("<500€ per qwen3 14b", 500, "EUR"),
    ("500 euros for a gpu for llms", 500, "EUR"),
    ("£300 gpu for llms", 300, "GBP"),
    ("che scheda prendo sotto i 500 euro", 500, "EUR"),
    ("quelle carte moins de 500 € pour mistral 7b", 500, "EUR"),
    ("welche Grafikkarte unter 500 Euro für KI", 500, "EUR"),
    ("grafikkarte bis 800€ für lokale ki", 800, "EUR"),
    ("que gpu comprar por menos de 500 dólares", 500, "USD"),
    ("tengo 500 pavos para una grafica", 500, "EUR"),
    ("qual placa até 2000 reais para ia", 2000, "BRL"),
    ("placa de R$ 2000 para ia local", 2000, "BRL"),
    ("my budget is 600, what gpu for llms", 600, "USD"),
    ("max 700 for a gpu to run qwen3 14b", 700, "USD"),
    ("best gpu for $1,500", 1500, "USD"),
    ("scheda sotto i 1.500 €", 1500, "EUR"),
    # a bare amount is read in the language's usual currency
    ("gpu per llm con budget di 600", 600, "EUR"),
    ("placa de vídeo até 1500 pra rodar llama", 1500, "BRL"),
])
def test_the_amount_and_its_currency_are_read(resolvers, q, amount, currency):
    p = parsed(q, resolvers)
    if amount is None:
        assert p.budget is None
        return
    assert p.budget is not None and (p.budget.amount, p.budget.currency) == (amount, currency)


@pytest.mark.parametrize(("q", "expect"), [
    # the amount is never a model, a parameter count, a memory size, a context length or a card
    ("best gpu under 400 bucks for running 13b models", {"model": None, "model_size_b": 13.0, "memory_gb": None,
                                                          "context": None, "card": None}),
    ("$400 gpu with 16 gb for llama 3.1 8b", {"model": "Llama 3.1 8B", "memory_gb": 16.0, "context": None}),
    ("1.5k to spend on a gpu for llama 3 70b", {"model": "Llama 3 70B", "context": None}),
    ("under 1k for qwen3 14b", {"model": "Qwen3 14B", "context": None, "card": None}),
    ("is a 3090 worth it for 700 dollars", {"card": "GeForce RTX 3090", "memory_gb": None}),
    ("welche gpu unter 500 Euro für llama 3 70b", {"model": "Llama 3 70B", "memory_gb": None, "card": None}),
])
def test_an_amount_is_never_a_name_a_size_or_a_context(resolvers, q, expect):
    p = parsed(q, resolvers)
    assert p.budget is not None
    for key, value in expect.items():
        assert getattr(p, key) == value, key


@pytest.mark.parametrize("q", [
    "can llama 3 8b run under 16 gb", "max 32k context for llama 3 8b", "llama 3 70b at 8k",
    "max 4096 tokens for qwen3 8b",
    "what can an rtx 3060 run", "cheapest card for llama 3 8b", "dual 3090 for llama 3 70b",
])
def test_numbers_that_are_not_money_stay_what_they_were(resolvers, q):
    assert parsed(q, resolvers).budget is None


def test_a_budget_with_no_card_asks_which_gpu(resolvers):
    for q in ("best gpu under 400 bucks for running 13b models",
              "which gpu should i buy for local ai under 500 dollars",
              "yo whats the best gpu for phi 4 under 500 bucks"):
        assert parsed(q, resolvers).intent == "what_gpu"


# --------------------------------------------------------------------------- rates
def test_conversion_uses_the_ecb_rates_of_the_stated_day():
    r = read_rates()
    assert str(r.date) == "2024-06-13" and "European Central Bank" in r.source
    assert math.isclose(r.to_usd(500, "EUR"), 500 * USD_PER_EUR)
    assert math.isclose(r.to_usd(300, "GBP"), 300 * USD_PER_EUR / GBP_PER_EUR)
    assert math.isclose(r.to_usd(2000, "BRL"), 2000 * USD_PER_EUR / BRL_PER_EUR)
    assert r.to_usd(400, "USD") == 400


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["per_euro"].pop("USD"), "missing rate(s) USD"),
    (lambda d: d["per_euro"].update(GBP=-1), "not a positive number"),
    (lambda d: d.update(source=" "), "a source is required"),
    (lambda d: d.update(base="USD"), "base EUR"),
])
def test_a_broken_rates_file_fails_at_load(tmp_path, edit, message):
    data = json.loads((ROOT / "catalog/data/exchange_rates.json").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "exchange_rates.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RatesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_rates(path)


def test_launch_prices_match_the_announcements():
    listed = prices()
    for name, usd in LAUNCH.items():
        assert listed[name] == usd, name


# --------------------------------------------------------------------------- answers
@pytest.mark.parametrize("profile", PROFILES)
def test_cards_within_budget_run_the_model_fastest_first(engine: Engine, profile):
    a = engine.ask("best gpu for llama 3.1 8b under 400 dollars", "en", AskOptions(profile=profile))
    f = a.facts
    assert a.intent == "what_gpu" and f["budget"]["usd"] == 400 and f["in_budget"]
    listed = prices()
    for r in f["in_budget"]:
        assert r["price_usd"] == listed[r["card"]] <= 400
        assert quant(r["quant"]).rank <= quant("Q4_K_M").rank  # the usual quality or better
    speeds = [r["tok_s"] for r in f["in_budget"]]
    assert speeds == sorted(speeds, reverse=True)
    assert f["budget_pick"]["card"] == f["in_budget"][0]["card"] and f["in_budget"][0]["card"] in a.text
    assert "RTX 3090" in a.text and "used" in a.text  # street and used prices differ, said once


@pytest.mark.parametrize("profile", PROFILES)
def test_over_budget_names_the_cheapest_card_that_runs_it(engine: Engine, profile):
    # At the usual quality (Q4_K_M) Qwen3 32B takes ~18.7 GB under the reference's 4.5 bits a weight plus its
    # cache: the cheapest priced card that holds it has 24 GB, the Radeon RX 7900 XTX ($999). The measured
    # profile sizes the real file (bartowski's Q4_K_M: 19.76 GB, 18.4 GiB) and 1.1 GiB of cache at 4k: 19.7 GiB,
    # tight on the 20 GB Radeon RX 7900 XT ($899).
    a = engine.ask("gpu for qwen3 32b under 300 dollars", "en", AskOptions(profile=profile))
    f = a.facts
    card, price = ("Radeon RX 7900 XT", 899) if profile == "measured" else ("Radeon RX 7900 XTX", 999)
    assert f["in_budget"] == [] and f["budget_cheapest"]["card"] == card
    assert f["over_usd"] == price - 300 and not f["cheapest_lower_quality"]
    assert f"${price}" in a.text and f"${price - 300} over budget" in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_lower_levels_and_two_cards_when_nothing_in_budget_holds_it_well(engine: Engine, profile):
    a = engine.ask("gpu for qwen3 32b, budget 700 dollars", "en", AskOptions(profile=profile))
    f = a.facts
    assert f["lower_quality"] and f["in_budget"]
    # every level shown is below the usual quality (Q4_K_M): more compressed
    assert all(quant(r["quant"]).rank > quant("Q4_K_M").rank for r in f["in_budget"])
    assert "lower level" in a.text
    pair = f["two_cards"]
    assert pair is not None and pair["price_usd"] == 2 * prices()[pair["card"]] <= 700
    assert f"Two **{pair['card']}** cards" in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_without_a_model_the_most_memory_within_budget_comes_first(engine: Engine, profile):
    a = engine.ask("which gpu should i buy for local ai under 500 dollars", "en", AskOptions(profile=profile))
    f = a.facts
    assert a.intent == "what_gpu" and f["budget_mode"] == "overview"
    # The 16 GB cards at $500 or less by their launch prices; nothing with more memory is that cheap.
    sixteen = {"Radeon RX 7800 XT", "GeForce RTX 4060 Ti 16 GB", "GeForce RTX 5060 Ti 16 GB", "Arc A770",
               "Radeon RX 9060 XT 16 GB", "Radeon RX 7600 XT"}
    assert {c["card"] for c in f["cards"]} <= sixteen and len(f["cards"]) == 5
    assert all(c["memory_gb"] == 16 and c["price_usd"] <= 500 for c in f["cards"])
    assert f["budget_pick"]["card"] in sixteen and f"Pick: **{f['budget_pick']['card']}**" in a.text
    assert all(c["biggest"] and c["biggest"]["tok_s"] >= 10 for c in f["cards"])  # reading speed: 10 tok/s


def test_a_budget_with_a_memory_size_keeps_to_it(engine: Engine):
    f = engine.ask("best gpu with 24 gb under 1000 dollars", "en").facts
    assert f["cards"] and all(c["memory_gb"] >= 24 and c["price_usd"] <= 1000 for c in f["cards"])
    assert f["budget_pick"]["card"] == "Radeon RX 7900 XTX"  # 24 GB at $999, the only one within $1,000


@pytest.mark.parametrize(("lang", "q", "rate"), [
    ("de", "welche grafikkarte unter 500 Euro für llama 3.1 8b", "1 EUR = 1,0784 USD"),
    ("it", "che scheda prendo sotto i 500 euro per l'ia in locale", "1 EUR = 1,0784 USD"),
    ("fr", "quelle carte graphique moins de 500 € pour mistral 7b", "1 EUR = 1,0784 USD"),
    ("es", "tengo 500 pavos, que grafica para correr gemma 3 12b", "1 EUR = 1,0784 USD"),
    ("pt", "qual placa de vídeo até 2000 reais pra rodar llama 3.1 8b", "1 BRL = 0,1851 USD"),
    ("en", "£300 gpu for llms", "1 GBP = 1.2767 USD"),
])
def test_other_currencies_are_converted_and_said_to_be_approximate(engine: Engine, lang, q, rate):
    a = engine.ask(q)
    assert a.locale == lang and rate in a.text
    if lang != "en":
        assert_no_english(a)


def test_a_dollar_budget_has_no_conversion_line(engine: Engine):
    a = engine.ask("best gpu for llama 3.1 8b under 400 dollars")
    assert "ECB" not in a.text and "Budget: $400." in a.text


def test_a_bare_amount_says_which_currency_it_was_read_in(engine: Engine):
    assert "read the amount in US dollars" in engine.ask("max 700 for a gpu to run qwen3 14b").text
    assert "$700" not in engine.ask("max 700 € for a gpu to run qwen3 14b").text.split("\n")[0]


def test_json_adds_the_budget_and_keeps_every_other_key(engine: Engine):
    plain = engine.command("what_gpu", "en", model="Llama 3.1 8B")
    a = engine.ask("best gpu for llama 3.1 8b under 500 euros")
    assert a.entities["budget"] == {"amount": 500.0, "currency": "EUR", "usd": pytest.approx(500 * USD_PER_EUR)}
    # every key of "what GPU for X" but the every-kind list of "what do I need" (a budget answer names cards)
    assert set(plain.entities) <= set(a.entities) and set(plain.facts) - {"hardware_kinds"} <= set(a.facts)
    assert "budget" not in plain.entities and "budget" not in engine.ask("can llama 3.1 8b run on 12 gb").entities


def test_the_cheapest_card_question_still_ranks_by_launch_price(engine: Engine):
    a = engine.ask("cheapest card for llama 3 8b")
    assert a.intent == "smallest" and a.facts["lead"] == "cheapest"
    assert a.facts["cheapest"]["pick"]["card"] == "Arc B570"  # $219 (Intel, 2024-12-03), the cheapest priced card


def test_a_typed_budget_is_checked(engine: Engine):
    a = engine.command("what_gpu", "de", model="Llama 3.1 8B", budget="500 €")
    assert a.intent == "what_gpu" and a.entities["budget"]["currency"] == "EUR"
    bad = engine.command("what_gpu", "en", model="Llama 3.1 8B", budget="lots")
    assert bad.intent == "invalid" and "as a budget" in bad.text
    bare = engine.command("what_gpu", "it", model="Llama 3.1 8B", budget="600")
    assert bare.entities["budget"]["currency"] == "EUR"  # an Italian's bare amount is in euros


@pytest.mark.parametrize("q", ["gpu under $0", "gpu under $99999999999", "grafikkarte unter 0 euro"])
def test_an_impossible_budget_gets_one_clear_line(engine: Engine, q):
    a = engine.ask(q)
    assert a.intent == "invalid" and a.facts["reason"] == "budget" and len(a.text.strip().splitlines()) == 1


def test_money_words_without_an_amount_are_not_a_model(resolvers):
    p = parsed("good gpu for a few bucks", resolvers)
    assert p.model is None and p.budget is None


def test_the_budget_words_are_checked_at_load(tmp_path):
    from answers.lexicon import HERE, LexiconError, load

    d = tmp_path / "lexicon"
    d.mkdir()
    for f in HERE.glob("*.toml"):
        (d / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    it = d / "it.toml"
    it.write_text(it.read_text(encoding="utf-8").replace('default = "eur"', 'default = "lira"'), encoding="utf-8")
    with pytest.raises(LexiconError, match=r"it.toml: budget.default must be one of"):
        load(d)
