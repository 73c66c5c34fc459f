"""Reading a question about how well models handle a language: "is Qwen3 or Llama better for German texts", "best
model for European Portuguese", "meilleur modèle pour du roleplay en français". Pure: the question's text and the
model names typed in, a `SpeaksAsked` out (None when no language is judged). The words live in
answers/lexicon/languages.toml; the answer (answers/facts/model_language.py) says the bot does not judge writing
quality and gives what it can: the models whose makers list that language."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from answers.knowledge.model_languages import family_of
from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from answers.records.asked import SpeaksAsked
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "languages.toml"


@cache
def _words() -> tuple[tuple[tuple[str, re.Pattern[str]], ...], re.Pattern[str], re.Pattern[str]]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        names = tuple((code, compile_cached(r"\b(" + "|".join(words.split()) + r")\b"))
                      for code, words in data["names"].items())
        words = data["words"]
        judging = words["judging"] + ("|" + words["judging_how"] if words.get("judging_how") else "")
        return names, compile_cached(judging), compile_cached(words["variety"])
    except (re.error, KeyError) as exc:
        raise LexiconError(f"{PATH.name}: {exc}") from exc


def read(question: str, typed: Iterable[str | None]) -> SpeaksAsked | None:
    """The language the question judges models in, with the model names typed beside it; None when none is."""
    names, judging, variety = _words()
    text = fold(question)
    if not judging.search(text):
        return None
    found = [(m.start(), code) for code, p in names if (m := p.search(text)) is not None]
    if not found:
        return None
    _, code = min(found)  # the first named: "better in German than in English" is about German
    return SpeaksAsked(language=code, variety=variety.search(text) is not None, names=_names(text, typed))


def named(question: str) -> SpeaksAsked | None:
    """The first language named at all, judged or not ("meetings in Italian", "entrevistas en español"): what two
    transcribers are weighed for (answers/facts/choice.py `between_media`); None when none is."""
    names, _, variety = _words()
    text = fold(question)
    found = [(m.start(), code) for code, p in names if (m := p.search(text)) is not None]
    return SpeaksAsked(language=min(found)[1], variety=variety.search(text) is not None) if found else None


_WORD = re.compile(r"\b[a-z]")


def _names(text: str, typed: Iterable[str | None]) -> tuple[str, ...]:
    """The models named: those the parser found, then any other family named by its word ("qwen3 or llama": the
    parser keeps one name, and "llama" alone is the Llama 3.x family), each family once, in order of mention."""
    out = [t for t in typed if t]
    seen = {f.label for t in out if (f := family_of(t)) is not None}
    for m in _WORD.finditer(text):
        rest = text[m.start():]
        fam = family_of(rest)
        if fam is not None and fam.label not in seen:
            seen.add(fam.label)
            said = fam.match.match(rest)
            end = said.end() if said is not None else 0
            tail = re.match(r"[\w.-]*", rest[end:])
            out.append(rest[:end + (tail.end() if tail else 0)].strip().rstrip(",.;:!?)"))
    # a name the parser cut short ("gemma" of "gemma 3") gives way to the family's own words
    out = [t for t in out if family_of(t) is not None or not any(o != t and fold(o).startswith(fold(t)) for o in out)]
    return tuple(dict.fromkeys(out))
