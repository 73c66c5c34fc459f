"""An intent's patterns joined into one search per weight.

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
from typing import Protocol

from msgspec import Struct


class _Weighted(Protocol):
    @property
    def intent(self) -> str: ...
    @property
    def weight(self) -> float: ...
    @property
    def regex(self) -> re.Pattern[str]: ...


class IntentScan(Struct, frozen=True):
    """One intent's patterns, joined per weight, strongest weight first."""
    intent: str
    by_weight: tuple[tuple[float, re.Pattern[str]], ...]


def joined(patterns: Iterable[_Weighted]) -> tuple[IntentScan, ...]:
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
