"""The curated model records shipped with the package (catalog/data/models/*.json)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from .records import ModelRecord


@cache
def load_builtin_models() -> tuple[ModelRecord, ...]:
    """Every built-in model record, validated; files are read in name order for a stable catalog."""
    folder = resources.files("catalog") / "data" / "models"
    records: list[ModelRecord] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            records.extend(ModelRecord.model_validate(item) for item in json.loads(entry.read_text("utf-8")))
    return tuple(records)
