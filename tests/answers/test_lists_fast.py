"""What-runs lists name the fast models people run, not only the most capable dense ones: a mixture of
experts (Qwen3-30B-A3B class) runs several times faster than a dense 32B on the same memory."""

from __future__ import annotations

import pytest

from answers.engine import Engine


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
