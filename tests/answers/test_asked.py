"""One record between reading and facts: a typed question and a slash command's fields become the same
`Asked`, take one path to the answer, and the intent is decided in one place (answers/facts/routing.py)."""

from __future__ import annotations

from typing import Any

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.facts.routing import decide_before_resolving
from answers.records.asked import Asked
from catalog.records import ModelRecord


def _figures(facts: dict[str, Any]) -> Any:
    """What a person reads off a rating answer: the verdict row (level, fit, speed) or the setup's."""
    return facts.get("row") or facts.get("setup") or facts.get("cpu")


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize(("question", "intent", "fields"), [
    ("can llama 3.1 8b run on an rtx 4090", "can_run", {"model": "Llama 3.1 8B", "card": "RTX 4090"}),
    ("can llama 3.3 70b run on 2x rtx 3090", "can_run", {"model": "Llama 3.3 70B", "card": "2x RTX 3090"}),
    ("how fast is qwen3 30b a3b on a rtx 4060 with 64gb ddr5", "speed",
     {"model": "Qwen3-30B-A3B", "card": "RTX 4060", "ram_gb": 64.0, "ram_type": "DDR5"}),
    ("can a 70b run on 48 gb", "can_run", {"model": "70b", "memory_gb": 48.0}),
])
def test_a_question_and_the_same_fields_give_the_same_answer(engine: Engine, profile: str, question: str,
                                                              intent: str, fields: dict[str, Any]) -> None:
    """The slash command and the typed question are the same ask: same intent, same hardware, same figures."""
    options = AskOptions(profile=profile)
    typed = engine.ask(question, "en", options)
    slash = engine.command(intent, "en", options=options, **fields)
    assert typed.intent == slash.intent == intent
    for key in ("model", "card", "cards", "gpu_count", "ram_gb", "memory_gb", "context"):
        assert typed.entities.get(key) == slash.entities.get(key), key
    assert _figures(typed.facts) is not None and _figures(typed.facts) == _figures(slash.facts)


def _generic(size: float) -> ModelRecord:
    return ModelRecord(name=f"a {size:g}B model", params_b=size)


def _no_card(text: str) -> None:
    return None


def test_the_levels_asked_about_decide_the_level_advice() -> None:
    """"q8 or q4 for Llama 3.1 8B": the level advice over both levels, no single level forced."""
    asked = Asked(model="Llama 3.1 8B", quant=None, quants=("Q8_0", "Q4_K_M"))
    decided = decide_before_resolving("can_run", asked, _generic, _no_card)
    [(intent, after)] = decided.asks
    assert intent == "why_quant" and after.levels == ("Q8_0", "Q4_K_M") and after.quant is None
    assert asked.levels == ()  # the record read is never changed: routing makes a new one


def test_a_size_alone_stands_for_a_generic_model_and_facts_become_its_memory() -> None:
    """"who made a 70b?": a generic 70B model has no maker; its memory is what can be said."""
    decided = decide_before_resolving("maker", Asked(model_size_b=70.0), _generic, _no_card)
    [(intent, after)] = decided.asks
    assert intent == "vram" and isinstance(after.model, ModelRecord) and after.model.params_b == 70.0


def test_a_fact_question_with_a_card_also_asks_whether_it_runs() -> None:
    decided = decide_before_resolving("maker", Asked(model="Gemma 3 27B", card="RTX 3090"), _generic, _no_card)
    assert [i for i, _ in decided.asks] == ["maker", "can_run"]


def test_the_record_is_frozen() -> None:
    with pytest.raises(AttributeError):
        Asked().model = "x"  # type: ignore[misc]
