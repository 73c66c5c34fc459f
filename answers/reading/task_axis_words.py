"""Reading the task a comparison weighs models for ("for tool calling", "zum Coden", "pour les maths"): one axis of
answers/lexicon/task_axes.toml, the first named in the message; None when the message names none. Pure: the question's
text in, a task-axis name out (answers/facts/task_quality.py gives the public scores on it)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "task_axes.toml"


@cache
def _axes() -> tuple[tuple[str, re.Pattern[str]], ...]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        return tuple((axis, compile_cached(pattern)) for axis, pattern in data["axes"].items())
    except (re.error, KeyError) as exc:
        raise LexiconError(f"{PATH.name}: {exc}") from exc


@cache
def _judging() -> re.Pattern[str]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        return compile_cached(data["words"]["judging"])
    except (re.error, KeyError) as exc:
        raise LexiconError(f"{PATH.name}: {exc}") from exc


def judged(question: str) -> bool:
    """The message asks how good a model is ("how good", "è bravo", "wie gut", "é bom"), not only names a task."""
    return _judging().search(fold(question)) is not None


def read(question: str) -> str | None:
    """The task axis named first in the question, or None."""
    text = fold(question)
    found = [(m.start(), axis) for axis, p in _axes() if (m := p.search(text)) is not None]
    return min(found)[1] if found else None
