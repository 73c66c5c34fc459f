"""Questions written apart from the parser's tuning: intent must be right, entities mostly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from answers.parse import parse
from tests.test_resolve import gpu_resolver, model_resolver

HELDOUT = [json.loads(line) for line in (Path(__file__).parent / "data" / "questions_heldout.jsonl").open(encoding="utf-8")]


@pytest.fixture(scope="module")
def resolvers():
    return model_resolver(), gpu_resolver()


@pytest.mark.parametrize("row", HELDOUT, ids=lambda r: r["q"][:40])
def test_intent_language_and_model(resolvers, row):
    p = parse(row["q"], *resolvers)
    assert p.intent == row["intent"]
    assert p.language == row["lang"]
    assert p.model == row["model"]


def test_entity_accuracy_at_least_90_percent(resolvers):
    fields = ("model", "card", "card2", "memory_gb", "context", "quant")
    right = sum(all(getattr(parse(r["q"], *resolvers), f) == r[f] for f in fields) for r in HELDOUT)
    assert right / len(HELDOUT) >= 0.9
