"""How many of a device a question says: a count before or after a card ("2x 3090", "drei 3060", "8 h100",
"3090er"), said apart ("a p40 across 2 cards"), or denied ("a single 4090"). Pure text rules over the setup
reader's cleaned text (answers/reading/setup_text.py); used by answers/reading/setup_words.py."""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon as words
from answers.reading.setup_text import LETTER_NUM, MAX_COUNT, SERIES, Lexicon, lexicon
from catalog.text import fold

_GERMAN_PLURAL = compile_cached(r"\dern?$")


def device_count(t: str, m: re.Match[str], dev: str, lx: Lexicon) -> int:
    """How many of the device: a number or count word in the match, else one stated just before a card."""
    count = 1
    for g in ("num", "bare", "dc", "after"):
        # a German plural ("reichen 2 3090er") says the number is a count whatever word comes before it
        if m.group(g) and (g != "bare" or _bare_count_allowed(t[:m.start("bare")]) or _GERMAN_PLURAL.search(dev)):
            count = int(m.group(g))
    if m.group("word"):
        count = lx.counts[m.group("word")]
    elif count == 1 and re.match(rf"^{SERIES}{LETTER_NUM}", dev):
        count = _count_before(t[:m.start("dev")], count)
    return count


# "a single 4090", "une seule", "una sola", "eine einzige", "uma só": the card is said to be one, so a count of cards
# said after it ("or do I need 2 cards?") is the other option asked, not this card's count
_SINGLE_BEFORE = compile_cached(r"\b(single|only one|just one|one|une seule|un seul|seule|seul|una sola|un solo|"
                                r"uno solo|una unica|eine einzige|einer einzigen|nur eine|nur einer|eine|uma so|"
                                r"uma unica|so uma|apenas uma)\s+(?:\S+\s+)?$")


def count_said_apart(t: str, name: str, lx: Lexicon, at: int | None = None) -> list[tuple[str, int]]:
    """"a p40 … across 2 cards", "3090, split over two gpus": the one card named, that many times; not when the
    card is said to be one ("one 4090 enough, or do I need 2 cards?": the two are the alternative asked)."""
    said = _count_re().search(t)
    if said is not None and at is not None and at < said.start() and _SINGLE_BEFORE.search(t[:at]):
        return [(name, 1)]
    if said is not None:
        n = int(said.group(1)) if said.group(1).isdigit() else lx.counts.get(said.group(1), 1)
        if 2 <= n <= MAX_COUNT:
            return [(name, n)]
    return [(name, 1)]


_BARE_BEFORE_RE = compile_cached(r"(?:^|(?<![\w.\-/])([\w'.\-/]+)\s+)(\d{1,2})\s+$")


def _count_before(before: str, count: int) -> int:
    """"can 8 h200 run…", "8 mi300x for…", "deepseek-v3 8 h100": a bare count before a lettered name, where
    a bare count may stand (`_count_word_ok`); after a name's word it is the name's ("llama 3 h100")."""
    hit = _BARE_BEFORE_RE.search(before)
    if hit is None or not (hit.group(1) is None or _count_word_ok(hit.group(1))):
        return count
    return int(hit.group(2))


def _bare_count_allowed(before: str) -> bool:
    """A bare number before a card ("on 2 3090s", "235b 4 3090s") is a count; one that ends a model's name
    is not: "phi 4 4090", "gemma 3 3090", "phi-4 4060 ti" name one card."""
    if before and not before[-1].isspace():
        return False  # "phi-4", "qwen/4": joined to the word before it
    words = before.split()
    return not words or _count_word_ok(words[-1])


def _count_word_ok(word: str) -> bool:
    """The word before a bare count lets it be one: a function word of any language ("on", "su", "mit"), or
    a word with a digit, which no name continues with another bare number ("235b 4 3090s", "v3 8 h100")."""
    return word in _function_words() or any(c.isdigit() for c in word)


@cache
def _function_words() -> frozenset[str]:
    return frozenset(fold(w) for lang in words().languages.values() for w in lang.function_words)


@cache
def _count_re() -> re.Pattern[str]:
    counts = "|".join(longest_first(sorted(re.escape(w) for w in lexicon().counts)))
    nouns = "|".join(sorted({re.escape(fold(w)) for w in words().card_nouns | words().count_nouns}))
    return compile_cached(rf"(?<![\w.])(\d{{1,2}}|{counts})\s+(?:x\s+)?(?:{nouns})\b")
