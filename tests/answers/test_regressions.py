"""Behaviour that small slips once broke without the suite noticing (issue 12, item 8)."""

from __future__ import annotations

import json

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from bot.cli.parser import main
from estimator.card import MemoryCard
from estimator.profile import REFERENCE
from estimator.quants import quant


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine


@pytest.mark.parametrize("question", ["how fast is GLIDE on 12 GB?", "GLIDE speed with 12 GB of VRAM"])
def test_speed_with_a_memory_size_gets_the_fit_answer(engine: Engine, question: str) -> None:
    answer = engine.ask(question, "en")
    assert answer.intent == "can_run" and answer.facts["mode"] == "memory" and answer.facts["memory_gb"] == 12


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_longest_context_on_a_memory_size_uses_all_of_it(engine: Engine, profile: str) -> None:
    answer = engine.command("longest_context", "en", model="Llama 3.1 8B", memory_gb=12,
                            options=AskOptions(profile=profile))
    best = answer.facts["best"]
    p = engine.profiles.get(profile)
    size = engine.estimates.size_of(engine.knowledge.model_resolver.resolve("Llama 3.1 8B").best.key)
    usable = p.usable_gb(MemoryCard(12.0))
    q = quant(best["quant"])
    assert p.need_gb(size, q, best["context"]) <= usable < p.need_gb(size, q, best["context"] + 1)
    if profile == "reference":  # 90 % of 12 GB (ESTIMATOR.md §2)
        assert usable == pytest.approx(10.8)


def test_longest_context_reference_figures(engine: Engine) -> None:
    """Llama 3.1 8B at Q8_0 on 12 GB (reference): weights 8.03e9 × 8.5 / 8 / 2^30 GiB + 0.635 GB runtime,
    cache 2 × 32 layers × 8 KV heads × 128 × 2 bytes per token; the longest context fills 10.8 GB."""
    answer = engine.command("longest_context", "en", model="Llama 3.1 8B", memory_gb=12)
    weights = 8.03e9 * 8.5 / 8 / 2**30
    per_token = 2 * 32 * 8 * 128 * 2 / 2**30
    expected = int((0.9 * 12 - weights - 0.635) / per_token)
    assert answer.facts["best"] == {"quant": "Q8_0", "context": expected}


def test_cards_that_miss_are_ordered_by_shortfall(built_db, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    assert main(["table", "--params", "108", "--active", "12", "--all", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    misses = [r for r in rows if r["fit"] == "no"]
    shortfalls = [r["need_gb"] - r["memory_gb"] for r in misses]
    assert shortfalls == sorted(shortfalls)
    # Every miss needs the same (the miss level's need), so the nearest miss is the biggest card that misses.
    assert misses[0]["memory_gb"] == max(r["memory_gb"] for r in misses)
    catalogue_order = [r["card"] for r in sorted(misses, key=lambda r: r["release"] or "")]
    assert [r["card"] for r in misses] != catalogue_order


def test_measured_is_answered_with_measured_figures(engine: Engine) -> None:
    """Asked for `measured`, the figures are the measured profile's, not the reference's labelled otherwise."""
    ref = engine.command("vram", "en", model="Llama 3.1 8B").facts
    measured = engine.command("vram", "en", model="Llama 3.1 8B", options=AskOptions(profile="measured")).facts
    p = engine.profiles.get("measured")
    size = engine.estimates.size_of(engine.knowledge.model_resolver.resolve("Llama 3.1 8B").best.key)
    assert measured["levels"][0]["need_gb"] == pytest.approx(p.need_gb(size, quant("Q8_0"), 4096))
    assert ref["levels"][0]["need_gb"] == pytest.approx(REFERENCE.need_gb(size, quant("Q8_0"), 4096))
    assert measured["levels"][0]["need_gb"] != pytest.approx(ref["levels"][0]["need_gb"])
    fast_ref = engine.command("fastest", "en", model="Llama 3.1 8B").facts["rows"][0]
    fast_measured = engine.command("fastest", "en", model="Llama 3.1 8B",
                                   options=AskOptions(profile="measured")).facts["rows"][0]
    assert fast_measured["tok_s"] != pytest.approx(fast_ref["tok_s"])
