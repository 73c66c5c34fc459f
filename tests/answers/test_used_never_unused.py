""""Not used: UD-Q4_K_XL" under a headline rated at UD-Q4_K_XL: what an answer's figures used is never
listed as unused (answers/facts/accounting.py). Phrasings of our own, in several languages."""

from __future__ import annotations

import json

import pytest

from answers.facts.accounting import account, same_level

LEVELS = [  # (question, the level stated, as the contract spells it)
    ("qwen3 30b a3b UD-Q4_K_XL on a 3090", "UD-Q4_K_XL"),
    ("quanto va qwen3 30b a3b in UD-Q4_K_XL su una 3090?", "UD-Q4_K_XL"),
    ("wie schnell ist qwen3 14b als ud-q4_k_xl auf einer 4070 ti super?", "UD-Q4_K_XL"),
    ("¿qwen3 32b en UD-Q3_K_XL cabe en una 3090?", "UD-Q3_K_XL"),
    ("llama 3.1 8b q4_k_m sur une 4060", "Q4_K_M"),
    ("gpt-oss 20b em q8_0 numa 4060 ti 16gb", "Q8_0"),
]


@pytest.mark.parametrize(("question", "level"), LEVELS)
def test_a_level_stated_and_rated_is_not_said_unused(engine, question: str, level: str) -> None:
    answer = engine.ask(question)
    assert answer.asked.get("quant") == level
    assert not any(u.startswith("quant:") for u in answer.unused), answer.unused
    assert "quant" not in answer.unused_why
    assert f"`{level}`" in answer.text  # the headline names the level it was asked at


def test_the_same_level_whatever_the_prefix_or_width() -> None:
    assert same_level("UD-Q4_K_XL", "UD-Q4_K_XL")
    assert same_level("UD-Q4_K_XL", "Q4_K_XL")
    assert same_level("EXL2-4.0bpw", "EXL2")
    assert not same_level("Q4_K_M", "UD-Q4_K_XL")
    assert not same_level("IQ3_XXS", "Q4_K_M")


def test_a_stated_level_rated_otherwise_is_still_said_unused() -> None:
    said = {"models": ["Qwen3 32B"], "quant": "Q8_0"}
    facts = {"verdict": {"recommended": {"quant": "Q4_K_M", "tok_s": 30.0, "need_gb": 20.0}}, "quant": "Q4_K_M"}
    acc = account(said, "can_run", {"model": "Qwen3 32B", "quant": "Q4_K_M"}, facts)
    assert acc.unused == ["quant: Q8_0"]
    assert acc.assumed["quant"] == "Q4_K_M"


def _corpus() -> list[str]:
    from pathlib import Path

    rows = (Path(__file__).parents[1] / "data" / "corpus_people_2.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(r)["q"] for r in rows if r.strip()][::3]  # every third: a spread of kinds and languages


def test_no_answer_lists_as_unused_what_it_used(engine) -> None:
    """Over a corpus of people's questions: a condition the account says the figures used (`assumed`, the
    value they were for) is never also in `unused` with that same value."""
    bad = []
    for question in [*(q for q, _ in LEVELS), *_corpus()]:
        answer = engine.ask(question)
        for entry in answer.unused:
            key, _, value = entry.partition(": ")
            used = answer.assumed.get(key)
            if used is not None and (same_level(str(used), value) if key == "quant" else str(used) == value):
                bad.append((question, entry))
    assert bad == []
