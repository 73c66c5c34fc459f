"""Two things set side by side in a question: two models ("llama 3.1 8b vs mistral 7b") or two setups
("2x 3090 or one a6000", "3090 + 3060 vs 4090").

The words live in answers/lexicon/<lang>.toml: `versus_words` go between the two things ("vs", "or",
"oder", "ou então", "compared to"), `compare_words` anywhere ask for a comparison ("which is better",
"confronta"), and with one of those an "and" word between the two compares them too ("compare X and
Y"). Cards joined by "+"/"&" stay one machine (answers/reading/setup_words.py pools them).

Pure: folded text and the parser's spans in, positions out; the union over languages is read, as
people mix them ("gpt-oss-20b vs qwen3 30b a3b sulla 4090").
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from answers.lexicon import lexicon
from catalog.text import fold

if TYPE_CHECKING:
    from answers.reading.spans import Span
    from answers.reading.tokens import Token

_POOLED_RE = re.compile(r"\+|&")
# an amount of money between two cards ("anda en 60 mil", "costs 2,700", "à 2800"): thousands, or three digits and
# more, never a memory, a wattage or a speed
_PRICE_RE = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:[.,]\d{3})+|\d{3,6}|\d{1,3}\s?(?:k|mil|mila|tausend|mille)\b)"
                       r"(?!\s?(?:gb|go|gib|tb|w|watts?|mhz|mt/s|mts|tok|t/s|tokens?|b|ms)\b)")
MAX_BETWEEN = 6  # words between two models still read as one comparison ("x, which is faster than y")


def _phrase_re(phrases: frozenset[str]) -> re.Pattern[str]:
    # Longest first, alphabetical among equal lengths: a stable source whatever the hash seed.
    alts = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(sorted(phrases), key=len, reverse=True))
    return re.compile(rf"(?<![\w+&]){'(?:' + alts + ')' if alts else '(?!)'}(?![\w+&])")


@cache
def versus_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(p) for lx in lexicon().languages.values() for p in lx.versus_words))


@cache
def compare_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(p) for lx in lexicon().languages.values() for p in lx.compare_words))


@cache
def together_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(p) for lx in lexicon().languages.values() for p in lx.together_words))


@cache
def and_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(w) for lx in lexicon().languages.values() for w in lx.and_words))


@cache
def swap_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(p) for lx in lexicon().languages.values() for p in lx.swap_words))


@cache
def swap_link_re() -> re.Pattern[str]:
    return _phrase_re(frozenset(fold(p) for lx in lexicon().languages.values() for p in lx.swap_links))


def swaps(between: str, folded_question: str) -> bool:
    """An upgrade asked ("worth swapping my 3080 for a 5070 ti?", "vale trocar a 3080 por uma 5070 ti"): the card
    owned and the one that would replace it are two sides, never one machine holding both."""
    return len(between.split()) <= MAX_LISTED + 1 and swap_link_re().search(between) is not None \
        and swap_re().search(folded_question) is not None


def says_compare(folded: str) -> bool:
    return compare_re().search(folded) is not None


def joins(between: str, folded_question: str) -> bool:
    """The words between two cards make them one machine: "+", "&", or an "and" word ("I have a 3090 and a
    3060", "3090 and 3060 together") unless the question asks for a comparison ("which is faster, a 3090 and
    a 4090?"): people name the cards they own with "and", and set them side by side with "or" or "vs"."""
    if _POOLED_RE.search(between) or together_re().search(between):
        return True  # "3090 + 3060", "my 3060 plus my old 3090", "eine 4090 sowie eine 3090"
    if and_re().search(between) is None:
        return False
    return together_re().search(folded_question) is not None or not says_compare(folded_question)


def listed(between: str, folded_question: str) -> bool:
    """Two devices named one after the other with only small words between ("one 3060 12gb, one 3090", "a
    3090 with my 3060"): the asker lists what the machine holds, unless a versus word sets them side by side
    or the question asks for a comparison (then the intent decides, answers/reading/setup_words.py annotate)."""
    words = between.replace(".", " ").replace("(", " ").replace(")", " ").split()
    return bool(between.strip()) and len(words) <= MAX_LISTED and all(w in _small_words() for w in words) \
        and versus_re().search(between) is None and not says_compare(folded_question)


MAX_LISTED = 3  # words between two devices still read as one list ("one 3060, and one 3090")


@cache
def _small_words() -> frozenset[str]:
    every = lexicon().languages.values()
    return frozenset(fold(w) for lx in every for w in (*lx.function_words, *lx.count_words, *lx.card_words))


def _is_versus(between: str, folded_question: str) -> bool:
    """The words between two things set them side by side."""
    if _options_after_pool(between):
        # "2x 3090 + 128gb ddr5 or one 5090": the "+" joins the RAM to the first option; the versus word after
        # it sets the second card beside that whole option (two ways to spend a budget, never three cards)
        return True
    if _POOLED_RE.search(between) or together_re().search(between):
        return False  # "3090 + 3060", "3090 and 3060 together": one machine
    if (price := _PRICE_RE.search(between)) is not None and and_re().search(between, price.end()):
        # "la 5090 anda en 60 mil y una 3090 usada en 12 mil": each card with its own price are options to buy,
        # not the cards of one machine
        return True
    if versus_re().search(between):
        # "a 5060 ti is nice and cheap, or a used 3090?": a word that sets two things side by side wins over an
        # "and" among the words between (that "and" joins the asker's clauses, not the cards)
        return True
    if swaps(between, folded_question):
        return True  # "swap my 3080 for a 5070 ti", "trocar a 3080 por uma 5070 ti": the old card and the new
    if joins(between, folded_question):
        return False  # "I have a 3090 and a 3060": one machine
    # "compare X and Y", "confronta X e Y": an "and" compares when the question asks for a comparison.
    return says_compare(folded_question) and (and_re().search(between) is not None or not between.strip())


def _options_after_pool(between: str) -> bool:
    """A "+" (or together word) followed, later in the same gap, by a versus word: the pooled part is what came
    before the versus word (RAM, a CPU), and the next card is the other option."""
    pools = [*_POOLED_RE.finditer(between), *together_re().finditer(between)]
    if not pools:
        return False
    last = max(m.end() for m in pools)
    return versus_re().search(between, last) is not None


def sides(folded: str, betweens: list[str]) -> tuple[int, ...]:
    """Where each side after the first begins among the devices read ("3090 vs 4060 ti vs 5060 ti": 1, 2),
    from the text between consecutive devices; () when they are one machine."""
    cuts = tuple(k + 1 for k, b in enumerate(betweens) if b.strip() and _is_versus(b, folded))
    if not cuts:
        return ()
    # "a 5090, an m4 max or a dgx spark": in a list ended by a versus word, a comma parts sides too
    return tuple(sorted({*cuts, *(k + 1 for k, b in enumerate(betweens) if _comma_only(b) and k + 1 < max(cuts))}))


_LIST_MARK_RE = re.compile(r"[,.;]")


def _comma_only(between: str) -> bool:
    """A list mark between two sides, with at most a word of the first side's before it ("3090 used, a 4060 ti")
    and only small words after it (an article, a count)."""
    parts = _LIST_MARK_RE.split(between)
    if len(parts) != 2:
        return False
    before, after = parts[0].split(), parts[1].split()
    # "gebrauchte 3090, neue 5070 ti oder arc pro b60": a card's state ("neue", "used") is one of those small words
    return len(before) <= 1 and all(w in _small_words() or w in _card_states() for w in after)


@cache
def _card_states() -> frozenset[str]:
    """Words saying a card's state in every language ("used", "neue", "usata"): the lexicon's `count_fillers`."""
    return frozenset(fold(w) for w in lexicon().count_fillers)


def first_two_models(spans: list[Span]) -> tuple[Span, Span] | None:
    """The first two resolved, different models named, in reading order (a comparison's or a pair run at
    once: answers/reading/at_once.py); None with fewer than two."""
    models: list[Span] = []
    for sp in sorted((s for s in spans if s.kind == "model" and s.res.best is not None), key=lambda s: s.start):
        if all(sp.res.best.name != m.res.best.name for m in models):  # type: ignore[union-attr]
            models.append(sp)
    return (models[0], models[1]) if len(models) >= 2 else None


def model_pair(toks: list[Token], spans: list[Span]) -> tuple[Span, Span] | None:
    """The two models compared, in reading order: the first two resolved, different models with a
    comparison word between them ("X vs Y", "X or Y", "X faster than Y", "compare X and Y")."""
    pair = first_two_models(spans)
    if pair is None:
        return None
    a, b = pair
    gap = toks[a.end:b.start]
    if len(gap) > MAX_BETWEEN:
        return None
    question = " ".join(t.low for t in toks)
    between = " ".join(t.low for t in gap)
    if not between.strip():
        return (a, b) if says_compare(question) else None
    return (a, b) if _is_versus(between, question) else None
