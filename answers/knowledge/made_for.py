"""Which models their makers made for a task (answers/knowledge/made_for.json), checked at load.

The advice ranking (answers/facts/advice.py) puts a task's own models first: those whose name says the task
(Qwen2.5-Coder, Qwen2.5-VL, QwQ) and those listed here with the maker's page that says it. A name rule
alone is not enough for chat: "ChatGLM" is a brand, and every instruct model chats.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct

TASKS = ("coding", "vision", "reasoning", "chat")


class MadeForError(ValueError):
    """made_for.json is malformed; the message names the entry."""


class MadeFor(Struct, frozen=True):
    """Models made for one task (their names: `names`), with the source that says so."""
    names: re.Pattern[str]
    task: str
    source: str
    says: str


def parse(data: object) -> tuple[MadeFor, ...]:
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise MadeForError("made_for.json: expected {\"entries\": [...]}")
    out = []
    for i, row in enumerate(data["entries"]):
        where = f"made_for.json: entries[{i}]"
        if not isinstance(row, dict) or set(row) != {"names", "task", "source", "says"}:
            raise MadeForError(f"{where} must have exactly names, task, source and says")
        if row["task"] not in TASKS:
            raise MadeForError(f"{where}: unknown task {row['task']!r}; known: {', '.join(TASKS)}")
        if not (isinstance(row["source"], str) and row["source"].startswith("https://")):
            raise MadeForError(f"{where}: source must be the maker's https:// page")
        if not (isinstance(row["says"], str) and len(row["says"]) >= 10):
            raise MadeForError(f"{where}: says must quote the maker's claim")
        try:
            names = re.compile(row["names"], re.IGNORECASE)
        except (re.error, TypeError) as exc:
            raise MadeForError(f"{where}: names does not compile ({exc})") from exc
        out.append(MadeFor(names, row["task"], row["source"], row["says"]))
    return tuple(out)


@cache
def entries() -> tuple[MadeFor, ...]:
    return parse(json.loads((resources.files("answers.knowledge") / "made_for.json").read_text("utf-8")))


def made_for(name: str) -> frozenset[str]:
    """The tasks the maker made the model named `name` for (empty when the list says nothing)."""
    return frozenset(e.task for e in entries() if e.names.search(name))
