"""What-runs lists name the fast models people run, not only the most capable dense ones: a mixture of
experts (Qwen3-30B-A3B class) runs several times faster than a dense 32B on the same memory."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.advice import FAST_SCORE_GAP


def _moe(engine: Engine, name: str) -> bool:
    rec = next((m for m in engine.knowledge.models if m.name == name), None)
    return bool(rec is not None and rec.is_moe)


@pytest.mark.parametrize(("question", "lang"), [
    ("what models run nicely on a mac studio m2 max 64gb?", "en"),
    ("quali modelli vanno bene su un mac mini m4 pro da 64 giga?", "it"),
    ("welche modelle laufen gut auf einer rtx 3090?", "de"),
    ("¿qué modelos corren bien en una 4090?", "es"),
])
def test_a_what_runs_list_names_a_fast_mixture_of_experts(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.intent == "card_models" and a.locale == lang
    fast = a.facts.get("fast") or []
    assert fast, a.text
    first = a.facts["rows"][0]
    # each fast line is at least twice as fast as the pick and not already a line of the list
    shown = {r["model"] for r in a.facts["rows"]}
    for r in fast:
        assert r["tok_s"] >= 2 * first["tok_s"] and r["model"] not in shown
        assert r["model"] in a.text
    assert any(_moe(engine, r["model"]) for r in fast), [r["model"] for r in fast]


def test_a_family_mixture_of_experts_is_not_hidden_by_its_dense_sibling(engine: Engine) -> None:
    """Qwen3 dense and Qwen3 MoE are two lines: the dense 27B/32B must not stand for the 30B-A3B."""
    a = engine.ask("what can i run on an rtx 3090")
    lines = a.facts["rows"] + (a.facts.get("fast") or [])
    qwen3 = [r["model"] for r in lines if r["family"] == "qwen3"]
    assert any(_moe(engine, n) for n in qwen3) and any(not _moe(engine, n) for n in qwen3), qwen3


@pytest.mark.parametrize(("question", "lang"), [
    ("is a 30b usable on a mac studio m2 max 64gb?", "en"),
    ("un 30b gira veloce su una rtx 3090?", "it"),
    ("läuft ein 30b flott auf einem mac mini m4 pro mit 48gb?", "de"),
    ("est-ce qu'un 30b tourne vite sur une 4090 ?", "fr"),
])
def test_a_size_alone_also_names_the_mixture_of_experts_of_that_size(engine: Engine, question: str,
                                                                     lang: str) -> None:
    """"A 30B at decent speed?": the dense figure, and the 30B-class mixture of experts people run there,
    several times faster, by name and speed."""
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("generic_model_b") == 30.0
    moe = a.facts.get("generic_moe")
    assert moe is not None, a.text
    assert _moe(engine, moe["model"]) and 22 <= moe["params_b"] <= 39 and moe["active_params_b"] <= 5
    assert moe["model"] in a.text and moe["quant"] in a.text
    assert moe["tok_s"] >= 2 * a.facts["row"]["tok_s"]


def test_a_size_that_fits_no_mixture_of_experts_says_none(engine: Engine) -> None:
    a = engine.ask("a 30b on an 8gb rtx 4060?")
    assert "generic_moe" not in a.facts


@pytest.mark.parametrize("question", [
    "what can i run on a 3060 12gb for coding?",
    "mac mini m4 pro 64gb, was läuft gut zum programmieren?",
    "que modelos corren en una rtx 4060 ti 16gb?",
])
def test_a_fast_alternative_is_never_a_toy(engine: Engine, question: str) -> None:
    """Fast is not enough: a fast line is within FAST_SCORE_GAP score points (2 doublings of size or 2 years) of
    the pick, and never a 2023 toy (Phi-2)."""
    a = engine.ask(question)
    first = a.facts["rows"][0]
    for r in a.facts.get("fast") or []:
        assert r["score"] >= first["score"] - FAST_SCORE_GAP, (r["model"], first["model"])
        assert r["model"] != "Phi-2"
