"""Public benchmark scores per model and task axis (task_scores.json, sources there), checked at load: what a
"which is better for tool calling / coding / maths / Spanish" verdict rests on (answers/facts/task_quality.py)."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct


class Scored(Struct, frozen=True):
    """One released variant of a catalog model and its scores, with the page they come from."""

    model: str  # the catalog model's name
    variant: str  # the checkpoint or mode scored ("Thinking-2507", "high reasoning")
    scores: dict[str, float]  # benchmark → percent
    source: str


class TaskScores(Struct, frozen=True):
    axes: dict[str, tuple[str, ...]]  # task axis → its benchmarks, most telling first
    benchmarks: dict[str, str]  # benchmark → its page
    models: tuple[Scored, ...]


class TaskScoresDataError(ValueError):
    """task_scores.json is malformed; the message says what."""


def parse(data: object) -> TaskScores:
    if not isinstance(data, dict) or not all(isinstance(data.get(k), (dict, list)) for k in ("axes", "benchmarks",
                                                                                               "models")):
        raise TaskScoresDataError("task_scores.json: needs 'axes', 'benchmarks' and 'models'")
    axes = {str(a): tuple(str(b) for b in bs) for a, bs in data["axes"].items()}
    benchmarks = {str(b): str(u) for b, u in data["benchmarks"].items()}
    named = {b for bs in axes.values() for b in bs}
    if named - set(benchmarks):
        raise TaskScoresDataError(f"task_scores.json: benchmarks without a page: {sorted(named - set(benchmarks))}")
    models = []
    for i, m in enumerate(data["models"]):
        if not isinstance(m, dict) or not all(m.get(k) for k in ("model", "variant", "source", "scores")):
            raise TaskScoresDataError(f"task_scores.json: models[{i}] needs model, variant, source, scores")
        scores = {str(b): float(v) for b, v in m["scores"].items()}
        if set(scores) - named:
            raise TaskScoresDataError(f"task_scores.json: models[{i}]: benchmarks in no axis: {set(scores) - named}")
        if not all(0.0 < v <= 100.0 for v in scores.values()):
            raise TaskScoresDataError(f"task_scores.json: models[{i}]: scores are percentages")
        models.append(Scored(str(m["model"]), str(m["variant"]), scores, str(m["source"])))
    return TaskScores(axes, benchmarks, tuple(models))


@cache
def task_scores() -> TaskScores:
    text = (resources.files("answers.knowledge") / "task_scores.json").read_text("utf-8")
    return parse(json.loads(text))


def _key(name: str) -> str:
    """A name as typed or as the catalog spells it, to the same key: "llama 3.3 70b" = "Llama 3.3 70B"."""
    return re.sub(r"[^0-9a-z.]", "", name.casefold())


def scored(model: str) -> tuple[Scored, ...]:
    """The variants of a catalog model on record (its name in any case, spaces and hyphens aside)."""
    key = _key(model)
    return tuple(m for m in task_scores().models if _key(m.model) == key)


def catalog_name(typed: str) -> str | None:
    """The catalog name of a model typed as the table spells it, or None."""
    found = scored(typed)
    return found[0].model if found else None
