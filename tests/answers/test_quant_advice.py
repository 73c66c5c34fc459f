"""Quantization advice and the KV-cache type: every level that fits (lower-quality ones marked), the
recommended one and the trade-off; the cache type as an option, in questions, and as advice."""

from __future__ import annotations

import json

import pytest
from msgspec.structs import replace

from answers.api import AskOptions
from answers.engine import Engine
from estimator.memory import GIB, UnknownCacheType, cache_bytes, cache_gb, cache_type, size_cache_gb
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.ranking import Query


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine


def test_cache_types_as_in_llama_cpp() -> None:
    assert cache_type("q8") == "q8_0" and cache_type("Q4_0") == "q4_0" and cache_type(None) == "f16"
    assert cache_type("q8_0/f16") == "q8_0/f16" and cache_type("q8_0/q8_0") == "q8_0"
    assert cache_bytes("q8_0") == (34 / 32, 34 / 32)  # 32 values in a 34-byte block
    assert cache_bytes("q4_0/f16") == (18 / 32, 2.0)
    with pytest.raises(UnknownCacheType):
        cache_type("q7")
    with pytest.raises(UnknownCacheType):
        Query(ModelSize(8.0), cache_type="int3")


def test_layout_cache_shrinks_with_the_cache_type(engine: Engine) -> None:
    rec = next(m for m in engine.knowledge.models if m.name == "Llama 3.1 8B")
    size = engine.estimates.size_of(rec)
    # Llama 3.1 8B: 32 layers, 8 KV heads of dim 128; keys and values per token per layer.
    per_value = 32 * 8 * 128 * 131072
    assert cache_gb(size, 131072)[0] == pytest.approx(per_value * 2 * 2 / GIB)  # 16.0 GiB at f16
    assert cache_gb(size, 131072, "q8_0")[0] == pytest.approx(per_value * 2 * 34 / 32 / GIB)
    assert cache_gb(size, 131072, "q8_0/f16")[0] == pytest.approx(per_value * (34 / 32 + 2) / GIB)
    assert size_cache_gb(7.0, 4096, "q4_0") == pytest.approx(0.14443 * 7 ** (2 / 3) * (18 / 32) / 2)


def test_default_cache_keeps_every_figure() -> None:
    q = Query(ModelSize(7.0))
    assert q.cache_type == "f16"
    assert q.need_gb(quant("Q8_0")) == q.profile.need_gb(q.model, quant("Q8_0"), 4096)


def test_floor_never_turns_a_lower_fit_into_no(engine: Engine) -> None:
    a = engine.command("can_run", "en", model="Mixtral 8x7B", memory_gb=24)
    assert a.facts["virtual"]["fits"] is False  # nothing at IQ4_XS or better
    lower = a.facts["lower"]
    assert lower and quant(lower["quant"]).rank > quant("IQ4_XS").rank
    assert lower["need_gb"] <= 0.9 * 24
    assert not a.text.startswith("**No**") and lower["quant"] in a.text


def test_which_quant_fits_lists_every_level(engine: Engine) -> None:
    a = engine.ask("which quant of Mixtral 8x7B fits 24 GB?")
    assert a.intent == "why_quant"
    adv = a.facts["advice"]
    levels = {r["quant"]: r for r in adv["levels"]}
    assert levels["Q8_0"]["fits"] is False
    fitting = [r for r in adv["levels"] if r["fits"]]
    assert fitting and all(r["lower_quality"] for r in fitting)  # below IQ4_XS, marked
    assert adv["recommended_quant"] == fitting[0]["quant"] and adv["recommended_lower"] is True
    assert "lower quality" in a.text


def test_what_level_for_a_card_recommends_and_weighs(engine: Engine) -> None:
    a = engine.ask("which quant of Qwen3 32B for an RTX 4090?")
    adv = a.facts["advice"]
    assert adv["target"]["card"] == "GeForce RTX 4090"
    rec = adv["recommended_quant"]
    fitting = [r for r in adv["levels"] if r["fits"] and not r["lower_quality"]]
    assert rec == next(r["quant"] for r in fitting if r["tok_s"] >= 10)
    t = adv["trade_off"]
    assert t["from_quant"] == rec and t["saves_gb"] > 0 and t["speedup"] > 0
    assert "Trade-off" in a.text


def test_q8_or_q4_answers_both(engine: Engine) -> None:
    a = engine.ask("q8 or q4 for llama 3.1 8b?")
    assert a.intent == "why_quant"
    asked = [r["quant"] for r in a.facts["advice"]["asked"]]
    assert asked == ["Q8_0", "Q4_K_M"]
    assert "`Q8_0`" in a.text and "`Q4_K_M`" in a.text
    on_card = engine.ask("q8 or q4 for llama 3.1 8b on an rtx 3060?")
    assert on_card.facts["advice"]["recommended_quant"] in ("Q8_0", "Q4_K_M")


def test_kv_cache_type_in_a_question(engine: Engine) -> None:
    a = engine.ask("can llama 3.1 8b run with 128k context on a 4090 with q8 kv cache?")
    assert a.entities["cache_type"] == "q8_0"
    assert a.facts["cache_type"] == "q8_0" and a.facts["quant"] is None  # q8 named the cache, not the weights
    plain = engine.ask("can llama 3.1 8b run with 128k context on a 4090?")
    row, plain_row = a.facts["row"], plain.facts["row"]
    assert row["need_gb"] < plain_row["need_gb"] or row["quant"] != plain_row["quant"]


def test_cache_type_is_named_when_it_makes_the_context_fit(engine: Engine) -> None:
    a = engine.ask("can llama 3.1 8b run with 128k context on a 4090?")
    hint = a.facts["cache_hint"]
    # f16: 8.03 B · 8.5/8 + 0.635 + 16 GiB cache > 21.6 GB usable; q8_0 cache: 8.5 GiB → fits at Q8_0.
    assert hint["cache_type"] == "q8_0" and hint["quant"] == "Q8_0"
    assert hint["need_gb"] <= 0.9 * 24 < hint["need_f16_gb"]
    assert "--cache-type-k" in a.text
    short = engine.ask("can llama 3.1 8b run on a 4090?")
    assert short.facts["cache_hint"] is None  # default context: the cache is not the issue


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_cache_type_option_in_both_profiles(engine: Engine, profile: str) -> None:
    f16 = engine.command("vram", "en", model="Llama 3.1 8B", context=131072, options=AskOptions(profile=profile))
    q4 = engine.command("vram", "en", model="Llama 3.1 8B", context=131072,
                        options=AskOptions(profile=profile, cache_type="q4_0"))
    assert q4.facts["cache_type"] == "q4_0"
    assert q4.facts["cache_gb"] == pytest.approx(f16.facts["cache_gb"] * (18 / 32) / 2)
    bad = engine.command("vram", "en", model="Llama 3.1 8B", options=AskOptions(profile=profile, cache_type="q7"))
    assert bad.intent == "invalid" and bad.facts["reason"] == "cache_type"


def test_cli_cache_type(built_db, monkeypatch, capsys) -> None:
    from bot.cli.parser import main

    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    assert main(["table", "llama 3.1 8b", "--context", "128k", "--cache-type", "q8_0", "--json"]) == 0
    q8 = json.loads(capsys.readouterr().out)
    assert main(["table", "llama 3.1 8b", "--context", "128k", "--json"]) == 0
    f16 = json.loads(capsys.readouterr().out)
    assert q8["cache_type"] == "q8_0" and f16["cache_type"] == "f16"
    gap = 32 * 8 * 128 * 131072 * 2 * (2 - 34 / 32) / GIB  # the cache bytes saved, same level
    by_card = {r["card"]: r for r in f16["rows"]}
    same = [r for r in q8["rows"] if by_card.get(r["card"], {}).get("quant") == r["quant"]]
    assert same and all(by_card[r["card"]]["need_gb"] - r["need_gb"] == pytest.approx(gap) for r in same)
    assert main(["table", "llama 3.1 8b", "--cache-type", "q7"]) == 2


# ---------------------------------------------------------------------------- fair comparisons
def test_compare_at_the_same_level(engine: Engine) -> None:
    a = engine.command("compare", "en", model="Qwen3 32B", card="RTX 5090", card2="RTX 4090")
    qa, qb = a.facts["a"]["quant"], a.facts["b"]["quant"]
    assert qa != qb  # 32 GB holds a less compressed file than 24 GB
    same = a.facts["same_level"]
    common = max((qa, qb), key=lambda n: quant(n).rank)
    assert same["quant"] == common and same["levels_differ"] is True
    # Same level: the ratio is the bandwidth ratio (both NVIDIA, same efficiency): 1,792 / 1,008 GB/s.
    bw = a.facts["a"]["bandwidth_gbps"] / a.facts["b"]["bandwidth_gbps"]
    assert same["ratio"] == pytest.approx(bw)
    assert a.facts["ratio"] < same["ratio"]  # each at its own level understates the faster card
    assert common in a.text and "best level both hold" in a.text


def test_two_cards_without_a_model(engine: Engine) -> None:
    a = engine.ask("rtx 5090 vs rtx 4090")
    assert a.intent == "compare" and a.facts["mode"] == "cards"
    assert [c["memory_gb"] for c in a.facts["cards"]] == [32, 24]
    sizes = a.facts["sizes"]
    assert [s["params_b"] for s in sizes] == [8.0, 32.0]
    for s in sizes:
        q = quant(s["same_level"]["quant"])
        # Reference rule at one level: bandwidth · efficiency / (params · bpw / 8).
        assert s["same_level"]["a_tok_s"] == pytest.approx(1792 * q.ref_eff / (s["params_b"] * q.ref_bpw / 8), rel=0.01)
    assert "1,792" in a.text or "1,790" in a.text


# ---------------------------------------------------------------------------- both halves
@pytest.mark.parametrize("question", [
    "who released Llama 3.1 8B and when?", "chi ha fatto Qwen3 32B e quando?", "qui a créé Gemma 3 27B et quand ?",
    "wer hat Phi-4 gemacht und wann?", "quién creó Mistral Nemo 12B y cuándo?",
])
def test_who_and_when_answers_both(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent == "maker"
    assert [p["intent"] for p in a.facts["parts"]] == ["release"]
    rec = next(m for m in engine.knowledge.models if m.name == a.facts["record"]["name"])
    assert rec.organization.split(",")[0] in a.text
    assert str(rec.publication_date.year) in a.text


def test_parser_intents_are_answered_each(session_engine: Engine, monkeypatch) -> None:
    """The reader may hand over several intents (Asked.intents): each is answered, in that order."""
    engine = session_engine
    read = engine._read

    def two(question: str, profile: str | None = None, hint: str | None = None):  # noqa: ANN202
        q = read(question, profile, hint)
        return replace(q, intent="parameters", intents=("parameters", "open_source"))

    monkeypatch.setattr(engine, "_read", two)
    a = engine.ask("tell me about Llama 3.1 8B")
    assert a.intent == "parameters" and [p["intent"] for p in a.facts["parts"]] == ["open_source"]
    assert "8" in a.text and "\n\n" in a.text
