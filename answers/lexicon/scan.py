"""Intent patterns: read from a language file and checked, then an intent's joined into one search per weight.

Scoring a question tries every intent's patterns, strongest first, and keeps each intent's strongest
hit. One `re` search per pattern from Python is most of what reading a question costs (564 patterns);
joined per intent and weight into one alternation, whether any pattern of that weight hits is one
search, scanned in C: 53 searches at most. The joined patterns are built at load, so the start-up cache
(answers.lexicon.lexicon) keeps them compiled.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from msgspec import Struct

from answers.lexicon.errors import LexiconError


class Pattern(Struct, frozen=True):
    """One intent pattern of one language (`lang` "all": every language) and the weight of a hit."""
    intent: str
    lang: str  # a language code, or "all"
    weight: float
    regex: re.Pattern[str]


_BACKREFERENCE = re.compile(r"(?<!\\)\\[1-9]|\(\?P=")  # "\1", "(?P=name)": they would point into another pattern


def read_patterns(table: object, lang: str, where: str, intents: frozenset[str]) -> list[Pattern]:
    if not isinstance(table, dict):
        raise LexiconError(f"{where}: [intents] must be a table")
    out = []
    for intent, rows in table.items():
        if intent not in intents:
            raise LexiconError(f"{where}: [intents] {intent!r} is not an intent the engine knows")
        if not isinstance(rows, list):
            raise LexiconError(f"{where}: intents.{intent} must be a list of {{ weight, pattern }}")
        for i, row in enumerate(rows):
            at = f"{where}: intents.{intent}[{i}]"
            if not isinstance(row, dict) or set(row) != {"weight", "pattern"}:
                raise LexiconError(f"{at} must have exactly the keys weight and pattern")
            if not isinstance(row["weight"], (int, float)) or isinstance(row["weight"], bool) or row["weight"] <= 0:
                raise LexiconError(f"{at}: weight must be a positive number")
            try:
                regex = re.compile(row["pattern"])
                re.compile(f"(?:{row['pattern']})")  # searched joined with others (lexicon/scan.py): no global flags
            except (re.error, TypeError) as exc:
                raise LexiconError(f"{at}: pattern does not compile on its own and in a group ({exc})") from exc
            if regex.groups and _BACKREFERENCE.search(row["pattern"]):
                raise LexiconError(f"{at}: no backreferences: the patterns of an intent are searched joined")
            out.append(Pattern(intent, lang, float(row["weight"]), regex))
    return out


def compile_pattern(source: object, where: str) -> re.Pattern[str]:
    if not isinstance(source, str):
        raise LexiconError(f"{where}: a pattern must be a string, not {type(source).__name__}")
    try:
        return re.compile(source)
    except re.error as exc:
        raise LexiconError(f"{where}: pattern does not compile ({exc})") from exc


class IntentScan(Struct, frozen=True):
    """One intent's patterns, joined per weight, strongest weight first."""
    intent: str
    by_weight: tuple[tuple[float, re.Pattern[str]], ...]


def joined(patterns: Iterable[Pattern]) -> tuple[IntentScan, ...]:
    """Each pattern keeps its own group, so its anchors and alternatives mean what they meant alone; the
    loader has refused the two things a join would change, backreferences and global inline flags."""
    parts: dict[str, dict[float, list[str]]] = defaultdict(lambda: defaultdict(list))
    for p in patterns:
        parts[p.intent][p.weight].append(f"(?:{p.regex.pattern})")
    return tuple(
        IntentScan(intent, tuple((w, re.compile("|".join(by[w]))) for w in sorted(by, reverse=True)))
        for intent, by in parts.items())


def strongest_hits(scans: Iterable[IntentScan], text: str) -> dict[str, float]:
    """intent → the weight of its strongest pattern found in `text` (intents with no hit left out)."""
    scores: dict[str, float] = {}
    for scan in scans:
        for weight, regex in scan.by_weight:  # strongest first: once one hits, the weaker need not be tried
            if regex.search(text):
                scores[scan.intent] = weight
                break
    return scores
