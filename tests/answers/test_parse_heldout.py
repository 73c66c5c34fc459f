"""Questions written apart from the parser's tuning: intent must be right, entities mostly."""

from __future__ import annotations

import json

import pytest

from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver
from tests.conftest import DATA_DIR

HELDOUT = [json.loads(line)
           for line in (DATA_DIR / "questions_heldout.jsonl").open(encoding="utf-8")]


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


@pytest.mark.parametrize("noise", ["@everyone", "@here", "<@123456>", "<@&42>", "<#99>", "<:gpu:123>"])
def test_pings_and_mentions_never_become_names(resolvers, noise):
    p = parse(f"can {noise} llama 3 8b {noise} run on 12gb?", *resolvers)
    assert (p.intent, p.model, p.memory_gb, p.card) == ("can_run", "Llama 3 8B", 12.0, None)


@pytest.mark.parametrize(("question", "card"), [("can GLIDE run on rtx 9999?", "rtx 9999"),
                                                 ("how fast is llama 3 8b on my gtx 7070 ti", "gtx 7070 ti")])
def test_unknown_card_is_kept_so_the_answer_says_not_found(resolvers, question, card):
    p = parse(question, *resolvers)
    assert p.card == card and p.model in ("GLIDE", "Llama 3 8B")
