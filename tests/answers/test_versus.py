"""Comparisons people ask: two models on the same hardware, two setups side by side (answers/facts/versus.py)."""

from __future__ import annotations

import json

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine

PROFILES = ("reference", "measured")
CONSTANTS = json.loads((ROOT / "estimator" / "data" / "setup_constants.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def resolvers():
    return model_resolver(), gpu_resolver()


def _card(engine: Engine, name: str, profile: str = "reference"):
    return next(g for g in engine.knowledge.gpus_for(profile) if g.name == name)


# ------------------------------------------------------------------------------------ understanding
@pytest.mark.parametrize(("question", "model", "model2"), [
    ("mistral 7b versus qwen3 8b on a 4070", "Mistral 7B", "Qwen3 8B"),
    ("is mistral 7b slower than qwen3 8b on a 4070?", "Mistral 7B", "Qwen3 8B"),
    ("qwen3 8b oppure llama 3.1 8b sulla 4070?", "Qwen3 8B", "Llama 3.1 8B"),
    ("mistral 7b ou bien qwen3 8b sur une 4070", "Mistral 7B", "Qwen3 8B"),
    ("qwen3 8b gegen llama 3.1 8b auf einer 4070", "Qwen3 8B", "Llama 3.1 8B"),
    ("mistral 7b frente a qwen3 8b en una 4070", "Mistral 7B", "Qwen3 8B"),
    ("qwen3 8b em vez de llama 3.1 8b na 4070", "Qwen3 8B", "Llama 3.1 8B"),
    ("vergleiche qwen3 8b und llama 3.1 8b auf einer 4070", "Qwen3 8B", "Llama 3.1 8B"),
])
def test_two_models_are_understood_in_six_languages(resolvers, question: str, model: str, model2: str) -> None:
    p = parse(question, *resolvers)
    assert p.intent == "compare" and (p.model, p.model2) == (model, model2)
    assert p.card == "GeForce RTX 4070" and p.setup is None


@pytest.mark.parametrize("question", [
    "three 3090 versus two 4090",
    "tre 3090 oppure due 4090",
    "trois 3090 ou bien deux 4090",
    "drei 3090 im vergleich zu zwei 4090",
    "tres 3090 frente a dos 4090",
    "três 3090 ou então duas 4090",
])
def test_two_setups_are_two_sides_in_six_languages(resolvers, question: str) -> None:
    p = parse(question, *resolvers)
    assert p.intent == "compare"
    assert [n for _, n in p.setup] == [3] and [n for _, n in p.setup2] == [2]
    assert (p.card, p.card2) == ("GeForce RTX 3090", "GeForce RTX 4090") and p.gpu_count is None


@pytest.mark.parametrize("question", [
    "3090 + 3060 for qwen3 32b",
    "can qwen3 32b run on 3090 and 3060 together",
    "qwen3 32b su 3090 e 3060 insieme?",
    "qwen3 32b sur 3090 et 3060 ensemble ?",
    "qwen3 32b auf 3090 und 3060 zusammen?",
    "qwen3 32b en 3090 y 3060 juntas?",
    "qwen3 32b na 3090 e 3060 juntas?",
])
def test_cards_joined_or_together_stay_one_machine(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent == "can_run" and a.entities["gpu_count"] == 2
    assert a.entities["cards"] == ["GeForce RTX 3090", "GeForce RTX 3060 12 GB"]
    assert "setups" not in a.entities


def test_a_pool_on_one_side_is_still_compared_with_the_other(engine: Engine) -> None:
    a = engine.ask("3090 + 3060 vs 4090 for qwen3 32b")
    assert a.intent == "compare" and a.entities["setups"] == ["GeForce RTX 3090 + GeForce RTX 3060 12 GB",
                                                              "GeForce RTX 4090"]


# ------------------------------------------------------------------------------------ two models
@pytest.mark.parametrize("profile", PROFILES)
def test_two_models_on_a_card_are_each_rated_as_alone(engine: Engine, profile: str) -> None:
    opts = AskOptions(profile=profile)
    a = engine.ask("llama 3.1 8b vs mistral 7b which is faster on a 3060", options=opts)
    assert a.intent == "compare" and a.entities["model"] == "Llama 3.1 8B" and a.entities["model2"] == "Mistral 7B"
    assert a.entities["card"] == "GeForce RTX 3060 12 GB"
    for key, name in (("a", "Llama 3.1 8B"), ("b", "Mistral 7B")):
        alone = engine.command("speed", "en", model=name, card="GeForce RTX 3060 12 GB", options=opts).facts["row"]
        row = a.facts[key]
        assert row["model"] == name and row["tok_s"] == pytest.approx(alone["tok_s"])
        assert (row["quant"], row["fit"], row["need_gb"]) == (alone["quant"], alone["fit"], alone["need_gb"])
        assert name in a.text
    faster = "Mistral 7B" if a.facts["b"]["tok_s"] > a.facts["a"]["tok_s"] else "Llama 3.1 8B"
    assert f"**{faster}** is" in a.text


def test_same_level_speeds_follow_the_parameter_count_in_the_reference(engine: Engine) -> None:
    """Reference rules: at one level on one card, time per token is proportional to the parameters read, so
    the speed ratio of two dense models is the inverse ratio of their sizes (the catalog's records)."""
    a = engine.ask("llama 3.1 8b vs mistral 7b which is faster on a 3060")
    llama, mistral = (engine.knowledge.model_named(n) for n in ("Llama 3.1 8B", "Mistral 7B"))
    assert a.facts["a"]["quant"] == a.facts["b"]["quant"]  # both hold Q8_0 on 12 GB
    assert a.facts["ratio"] == pytest.approx(mistral.params_b / llama.params_b, rel=1e-6)
    times = llama.params_b / mistral.params_b  # about 1.11: said as "1.1×" (a share below 1.095)
    assert times >= 1.095 and f"**Mistral 7B** is about {times:.1f}× as fast." in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_two_models_for_a_memory_size(engine: Engine, profile: str) -> None:
    a = engine.ask("qwen3 14b or gemma 3 12b for 16gb vram?", options=AskOptions(profile=profile))
    assert a.intent == "compare" and a.facts["mode"] == "models"
    hw = a.facts["hardware"]
    assert hw["kind"] == "memory" and hw["memory_gb"] == 16 and hw["typical_card"] in a.text
    assert _card(engine, hw["typical_card"], profile).memory_gb == 16
    for key in ("a", "b"):
        assert a.facts[key]["quant"] and a.facts[key]["need_gb"] < 16


def test_a_model_that_does_not_fit_is_named(engine: Engine) -> None:
    a = engine.ask("llama 3.3 70b or qwen3 32b on my 4090")
    assert a.facts["a"]["quant"] is None and a.facts["b"]["quant"] == "Q4_K_M"
    # The shortfall is the need shown less what the card may use (reference: 90 % of 24 GB).
    assert a.facts["a"]["short_gb"] == pytest.approx(a.facts["a"]["need_gb"] - 0.9 * 24)
    # It fits only below the minimum quality: that level with its speed, as "can a 4090 run it" says
    # (answers/facts/verdict.py), and no "only Qwen3 32B fits" beside it.
    alone = engine.ask("can my 4090 run llama 3.3 70b").facts["verdict"]["recommended"]
    assert a.facts["a"]["lower"]["quant"] == alone["quant"] and f"`{alone['quant']}`" in a.text
    assert "Only **Qwen3 32B** fits" not in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_two_models_without_hardware_give_needs_and_a_typical_card(engine: Engine, profile: str) -> None:
    a = engine.ask("llama 3.3 70b vs qwen2.5 72b vram", options=AskOptions(profile=profile))
    assert a.intent == "compare" and a.entities["model2"] == "Qwen2.5 72B"
    hw = a.facts["hardware"]
    assert hw["kind"] == "typical" and hw["usual_quant"] == "Q4_K_M"
    for name, need in zip(("Llama 3.3 70B", "Qwen2.5 72B"), hw["needs_gb"], strict=True):
        levels = engine.command("vram", "en", model=name, options=AskOptions(profile=profile)).facts["levels"]
        assert need == pytest.approx(next(lv["need_gb"] for lv in levels if lv["quant"] == "Q4_K_M"))
    card = _card(engine, hw["typical_card"], profile)
    assert card.memory_gb == hw["memory_gb"] and card.memory_gb >= max(hw["needs_gb"])
    assert a.facts["a"]["quant"] == a.facts["b"]["quant"] == "Q4_K_M"


def test_two_models_on_a_setup_with_ram(engine: Engine) -> None:
    a = engine.ask("llama 3.3 70b vs qwen2.5 72b on 2x 3090")
    assert a.intent == "compare" and a.facts["hardware"]["kind"] == "setup"
    assert a.facts["hardware"]["name"] == "2× GeForce RTX 3090" and a.facts["a"]["gpu_count"] == 2
    b = engine.ask("llama 3.3 70b or qwen3 32b on my 4090 with 64gb ddr5")
    assert "64 GB of system memory" in b.text and b.facts["b"]["quant"]


# ------------------------------------------------------------------------------------ two setups
@pytest.mark.parametrize("profile", PROFILES)
def test_two_3090s_or_one_a6000_are_two_setups_never_a_pool(engine: Engine, profile: str) -> None:
    a = engine.ask("which is better for llama 3.3 70b: 2x 3090 or one a6000", options=AskOptions(profile=profile))
    assert a.intent == "compare" and a.facts["mode"] == "setups"
    assert a.entities["setups"] == ["2× GeForce RTX 3090", "RTX A6000"]
    assert "+ RTX A6000" not in a.text and "gpu_count" not in a.entities
    usable = CONSTANTS["usable_memory"]
    two, one = a.facts["a"], a.facts["b"]
    assert two["gpu_count"] == 2 and one["gpu_count"] == 1 and two["why"] == "split"
    # several cards: one rule for both profiles (each card less its reserve, less the second card's buffer)
    assert two["usable_gb"] == pytest.approx(2 * (24 - usable["reserve_gb"]) - usable["extra_card_gb"])
    if profile == "reference":  # one card alone: the site's 90 %
        assert one["usable_gb"] == pytest.approx(0.9 * 48)
    # One card on a side rates like the card alone.
    alone = engine.command("speed", "en", model="Llama 3.3 70B", card="RTX A6000",
                           options=AskOptions(profile=profile)).facts["row"]
    assert one["tok_s"] == pytest.approx(alone["tok_s"]) and one["quant"] == alone["quant"]
    if two["quant"] == one["quant"]:
        faster = "2× GeForce RTX 3090" if two["tok_s"] > one["tok_s"] else "RTX A6000"
        assert f"**{faster}** is" in a.text
    else:  # their best levels differ: compared at the best level both hold
        assert "the best level both hold" in a.text
    assert "one card's pace" in a.text  # a split does not add speed


def test_the_split_speed_is_the_arithmetic_of_two_cards_in_turn(engine: Engine) -> None:
    """Reference: the same level on the same architecture, so one 3090 runs at the A6000's speed × their
    bandwidth ratio; two of them in turn take half the model each, plus one hop."""
    # Qwen2.5 72B: Q4_K_M on both sides (Q5_K_M, 72.7e9 × 5.5 / 8 / 2^30 = 46.6 GB + runtime and cache, is
    # more than the pair's 47.2 GB)
    a = engine.ask("2x 3090 or one a6000 for qwen2.5 72b")
    two, one = a.facts["a"], a.facts["b"]
    assert two["quant"] == one["quant"] == "Q4_K_M"
    r3090, a6000 = _card(engine, "GeForce RTX 3090"), _card(engine, "RTX A6000")
    assert r3090.architecture == a6000.architecture
    t3090 = one["tok_s"] * r3090.bandwidth_gbps / a6000.bandwidth_gbps
    hop = CONSTANTS["profiles"]["reference"]["hop_ms"] / 1000
    assert two["tok_s"] == pytest.approx(1 / (1 / t3090 + hop), rel=1e-6)
    assert a.facts["ratio"] == pytest.approx(two["tok_s"] / one["tok_s"])


@pytest.mark.parametrize("profile", PROFILES)
def test_a_unified_machine_is_rated_with_its_gpu_share(engine: Engine, profile: str) -> None:
    a = engine.ask("dgx spark or 5090 for gpt-oss-120b", options=AskOptions(profile=profile))
    assert a.intent == "compare" and a.entities["setups"] == ["GB10", "GeForce RTX 5090"]
    spark, rtx = a.facts["a"], a.facts["b"]
    share = CONSTANTS["unified_gpu_share"]["nvidia"]
    assert spark["why"] == "unified" and spark["memory_gb"] == pytest.approx(128 * share)
    # one rule for a unified machine under both profiles: its GPU share less the 0.2 GB reserve
    assert spark["usable_gb"] == pytest.approx(128 * share - CONSTANTS["usable_memory"]["reserve_gb"])
    assert spark["quant"] and rtx["quant"] is None and rtx["short_gb"] > 0
    assert "Only **GB10** runs it; **GeForce RTX 5090** does not." in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_two_setups_without_a_model_at_three_sizes(engine: Engine, profile: str) -> None:
    a = engine.ask("4x 3060 or 2x 3090", options=AskOptions(profile=profile))
    assert a.intent == "compare" and a.facts["mode"] == "setups"
    assert [s["params_b"] for s in a.facts["sizes"]] == [8, 32, 70]
    assert [c["memory_gb"] for c in a.facts["cards"]] == [48, 48]  # 4 × 12 and 2 × 24
    for s in a.facts["sizes"]:
        assert s["a"]["quant"] and s["b"]["quant"]
        assert s["b"]["tok_s"] > s["a"]["tok_s"]  # 936 GB/s cards against 360 GB/s ones
    assert "70 billion parameters" in a.text


def test_the_json_adds_the_second_model(built_db, monkeypatch, capsys) -> None:
    from bot.cli.parser import main

    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    assert main(["ask", "gpt-oss-20b vs qwen3 30b a3b speed on 4090", "--json"]) == 0
    d = json.loads(capsys.readouterr().out.splitlines()[0])
    assert d["intent"] == "compare" and d["entities"]["model"] == "gpt-oss-20b"
    assert d["entities"]["model2"] == "Qwen3-30B-A3B" and d["entities"]["card"] == "GeForce RTX 4090"


@pytest.mark.parametrize("lang", ["it", "fr", "de", "es", "pt"])
def test_comparisons_are_answered_in_the_askers_language(engine: Engine, lang: str) -> None:
    for question in ("llama 3.1 8b vs mistral 7b on a 3060", "2x 3090 vs a6000 for llama 3.3 70b", "4x 3060 vs 2x 3090",
                     "llama 3.3 70b vs qwen2.5 72b"):
        a = engine.ask(question, lang)
        assert a.locale == lang and a.intent == "compare"
        for english in ("side by side", "as fast", "usable", "needs", "tok/s at", "a little faster"):
            assert english not in a.text, (lang, question, english)


@pytest.mark.parametrize("profile", PROFILES)
def test_two_setups_at_a_size_are_compared_at_one_level(engine: Engine, profile: str) -> None:
    """A 32B model at Q8_0 on a 64 GB Mac but Q6_K on a 32 GB card: the speeds compared are both at Q6_K."""
    from estimator.quants import quant

    a = engine.ask("mac mini m4 pro 64gb vs rtx 5090 for llms", options=AskOptions(profile=profile))
    size = next(s for s in a.facts["sizes"] if s["params_b"] == 32)
    levels = [quant(size["a"]["quant"]), quant(size["b"]["quant"])]
    assert levels[0] != levels[1] and size["same_level"]["quant"] == max(levels, key=lambda q: q.rank).name
    assert f"32 billion parameters at `{size['same_level']['quant']}`" in a.text
    assert size["same_level"]["ratio"] == pytest.approx(size["same_level"]["a_tok_s"] / size["same_level"]["b_tok_s"])


@pytest.mark.parametrize(("question", "card"), [
    ("two p40s or one 3090 for mixtral 8x7b", "Tesla P40"),  # a plural, as people type it
    ("can llama 3 8b run on a tesla k40s", "Tesla K40s"),  # a name that ends in "s"
    ("l40s for llama 3 70b", "L40S"),
])
def test_plural_card_names_are_the_card(resolvers, question: str, card: str) -> None:
    assert parse(question, *resolvers).card == card
