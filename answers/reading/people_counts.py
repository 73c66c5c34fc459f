"""How many people a message says are served at once, beyond a number with its noun (answers/reading/
conditions.py): a range's upper bound ("15-20" → 20), the people said at once over everyone with access
("100 alumnos … 15-20 en simultáneo"), and a size range ("70-120b") counting no one. The joiners and units live
in answers/lexicon/people.toml."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.lexicon.conditions import condition_words
from answers.lexicon.errors import LexiconError
from answers.reading.amounts import Amount
from answers.reading.tokens import Token
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "people.toml"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    for key in ("range_joiners", "size_units"):
        if not isinstance(data.get(key), str) or not data[key].split():
            raise LexiconError(f"{PATH.name}: {key} must be a string of words")
    joiners = "|".join(re.escape(w) for w in sorted(data["range_joiners"].split(), key=len, reverse=True))
    units = "|".join(re.escape(w) for w in sorted(data["size_units"].split(), key=len, reverse=True))
    ranged = re.compile(rf"\s*(?:{joiners})\s*(\d{{1,4}})(?:({units})\b)?")
    return ranged, re.compile(rf"(?:{units})\b")


def ranged(text: str, a: Amount) -> Amount | None:
    """The count a number says: itself, a range's upper bound ("15-20" → 20, ending after it), or None for a size
    or a size range ("120b", "70-120b")."""
    range_re, glued = _patterns()
    if glued.match(text, a.end):
        return None
    m = range_re.match(text, a.end)
    if m is None or int(m.group(1)) <= a.value:
        return a
    return None if m.group(2) else Amount(float(m.group(1)), a.start, m.end())


def said_at_once(text: str, a: Amount, at_once: frozenset[str], people: bool) -> bool:
    """An at-once word right after the number, or after a short preposition ("20 en simultáneo", "30
    concurrent"), or after its people's noun ("8 leute gleichzeitig", "40 users simultaneously"), within the
    clause; "2 models in parallel" counts models, not people."""
    near: list[str] = []
    for word in text[a.end:a.end + 60].split()[:3]:
        near.append(word.strip(".,;:!?)"))
        if word != near[-1]:
            break  # a comma ends the clause: "300 employees, maybe 30 concurrent" says 300 of them in all
    if not people:
        near = near[:1] if near and len(near[0]) > 2 else near[:2]
    return any(word in at_once for word in near)


def take(toks: list[Token], users_words: frozenset[str]) -> None:
    """A count with its people's noun ("8 leute", "15-20 alumnos") is never a model's or a card's name: its
    number is taken before any name is read (answers/reading/never_names.py)."""
    claims = _claims()
    for i, t in enumerate(toks[:-1]):
        if re.fullmatch(r"\d{1,4}(?:[-–]\d{1,4})?", t.low) and toks[i + 1].low in users_words \
                and " ".join(x.low for x in toks[i + 1:i + 3]) not in claims:  # "a 4070? people say…": no count
            t.used = True


@cache
def _claims() -> frozenset[str]:
    """The two-word claim phrases that begin with a people's noun ("people say", "leute sagen", "gente diciendo"):
    the number before them ends the sentence before, never counts those people."""
    return frozenset(fold(p) for p in condition_words().every("claimed") if len(p.split()) == 2)


def at_once_phrase(text: str, found: list[Amount], everyone: int, users: frozenset[str]) -> int | None:
    """A smaller count followed by a phrase saying "at once" ("50 students, maybe 10-15 at the same time", "200
    Studenten, 20 zur gleichen Zeit"), one people's noun allowed between: those are served at once, out of the
    `everyone` already counted. Only beside such a count: "2 at the same time" alone may count models."""
    from answers.reading.at_once import at_once_re  # lazy: the phrases of every language, compiled once

    for said in found:
        a = ranged(text, said)
        if a is None or a.value != int(a.value) or not 1 <= a.value < everyone:
            continue
        rest = text[a.end:a.end + 60].lstrip()
        first = rest.split(maxsplit=1)
        if first and first[0].strip(".,;:!?") in users:
            rest = first[1] if len(first) > 1 else ""
        if at_once_re().match(rest):
            return int(a.value)
    return None
