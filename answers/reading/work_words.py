"""The work a message names for the model beyond its task words: documents to summarise ("riassumere pdf in
italiano", "resumir informes", "PDFs zusammenfassen"), and the language the work is in ("roleplay em pt-br",
"escribir en español", "pdf in italiano"). Pure: the question's text in, the findings out; the words are data
(answers/lexicon/work.toml, answers/lexicon/languages.toml)."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from answers.reading import language_words
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "work.toml"
KINDS = ("documents",)


@cache
def _patterns() -> dict[str, tuple[re.Pattern[str], ...]]:
    data = tomllib.loads(PATH.read_text("utf-8")).get("work")
    if not isinstance(data, dict):
        raise LexiconError(f"{PATH.name}: needs a [work] table")
    out = {}
    for kind, patterns in data.items():
        if kind not in KINDS:
            raise LexiconError(f"{PATH.name}: unknown kind {kind!r}")
        try:
            out[kind] = tuple(compile_cached(p) for p in patterns)
        except re.error as exc:
            raise LexiconError(f"{PATH.name}: {kind}: {exc}") from exc
    return out


def documents(question: str) -> bool:
    """The message says the model is for summarising or reading documents."""
    text = fold(question)
    return any(p.search(text) for p in _patterns().get("documents", ()))


def language(question: str) -> str | None:
    """The language the work is in, as an ISO 639-1 code, when the message names one ("in italiano", "pt-br",
    "en español"); None when it names none."""
    said = language_words.named(question)
    return said.language if said is not None else None
