"""When llama.cpp learned to run a model released before its support (llama_cpp_support.json, with sources):
the one-line answer to "does it run in llama.cpp yet?" asked beside a speed or a fact. A model not listed is
not recorded, and said so; the data is checked at load."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct


class SupportDataError(ValueError):
    """llama_cpp_support.json is malformed; the message says what."""


class Support(Struct, frozen=True):
    pr: int
    merged: str  # ISO date
    release: str | None
    source: str


def parse(data: object) -> tuple[tuple[re.Pattern[str], Support], ...]:
    models = data.get("models") if isinstance(data, dict) else None
    if not isinstance(models, list):
        raise SupportDataError("llama_cpp_support.json: 'models' must be a list")
    out = []
    for i, m in enumerate(models):
        if not isinstance(m, dict) or not all(str(m.get(k) or "").strip() for k in ("names", "pr", "merged", "source")):
            raise SupportDataError(f"llama_cpp_support.json: models[{i}] needs 'names', 'pr', 'merged', 'source'")
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(m["merged"])):
            raise SupportDataError(f"llama_cpp_support.json: models[{i}]: 'merged' must be a date")
        try:
            pattern = re.compile(str(m["names"]), re.IGNORECASE)
        except re.error as exc:
            raise SupportDataError(f"llama_cpp_support.json: models[{i}]: {exc}") from exc
        out.append((pattern, Support(int(m["pr"]), str(m["merged"]), m.get("release"), str(m["source"]))))
    return tuple(out)


@cache
def _table() -> tuple[tuple[re.Pattern[str], Support], ...]:
    text = (resources.files("answers.knowledge") / "llama_cpp_support.json").read_text("utf-8")
    return parse(json.loads(text))


def support_of(model_name: str) -> Support | None:
    """The record of when llama.cpp started running `model_name`, or None when not recorded."""
    return next((s for p, s in _table() if p.search(model_name)), None)
