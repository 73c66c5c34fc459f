"""Which practical know-how a message asks for ("can vllm do tensor parallel on two 7900 xtx?", "rocm on windows",
"faster-whisper or whisper.cpp", "may a company in the EU use Llama 4?"): pure, the question's text in, the ids of
answers/knowledge/knowhow.json out, in that file's order. The clue words are data (answers/lexicon/knowhow.toml):
an entry is asked when each of its groups has a clue that matches (its topic and what it applies to)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.knowhow import ids
from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "knowhow.toml"

# each group of an entry: the patterns of its clues, any of which may match
Entry = tuple[tuple[re.Pattern[str], ...], ...]


def parse(data: dict[str, object], known: tuple[str, ...]) -> dict[str, Entry]:
    """Each entry's groups of compiled clues; a LexiconError naming the key when an id, a clue or a pattern is
    wrong, or when an id of knowhow.json has no clues."""
    clues_raw = data.get("clues")
    entries_raw = data.get("entries")
    if not isinstance(clues_raw, dict) or not isinstance(entries_raw, dict):
        raise LexiconError(f"{PATH.name}: needs a [clues] and an [entries] table")
    clues: dict[str, tuple[re.Pattern[str], ...]] = {}
    for name, patterns in clues_raw.items():
        try:
            clues[name] = tuple(compile_cached(p) for p in patterns)
        except (re.error, TypeError) as exc:
            raise LexiconError(f"{PATH.name}: clues.{name}: {exc}") from exc
    out: dict[str, Entry] = {}
    for entry, groups in entries_raw.items():
        if entry not in known:
            raise LexiconError(f"{PATH.name}: entries.{entry}: not an id of knowhow.json")
        if not isinstance(groups, list) or not groups or not all(isinstance(g, list) and g for g in groups):
            raise LexiconError(f"{PATH.name}: entries.{entry}: expected a list of non-empty lists of clue names")
        missing = [c for g in groups for c in g if c not in clues]
        if missing:
            raise LexiconError(f"{PATH.name}: entries.{entry}: unknown clue {missing[0]!r}")
        out[entry] = tuple(tuple(p for c in g for p in clues[c]) for g in groups)
    unclued = [k for k in known if k not in out]
    if unclued:
        raise LexiconError(f"{PATH.name}: no clues for {', '.join(unclued)}")
    return out


@cache
def _entries() -> dict[str, Entry]:
    return parse(tomllib.loads(PATH.read_text("utf-8")), ids())


@cache
def _model_ask() -> tuple[re.Pattern[str], ...]:
    clues = tomllib.loads(PATH.read_text("utf-8"))["clues"]
    return tuple(compile_cached(p) for p in clues.get("model_ask", ()))


def asks_models(question: str) -> bool:
    """Whether the message asks for models or a speed in so many words ("which model runs well on it?"), the
    `model_ask` clue of answers/lexicon/knowhow.toml: a problem's line is then not the whole answer."""
    text = fold(question)
    return any(p.search(text) for p in _model_ask())


def read(question: str) -> tuple[str, ...]:
    """The know-how ids the question asks for, in knowhow.json's order."""
    text = fold(question)
    found = {k for k, groups in _entries().items() if all(any(p.search(text) for p in g) for g in groups)}
    return tuple(k for k in ids() if k in found)
