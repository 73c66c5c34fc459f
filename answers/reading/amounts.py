"""The one number reader for counts and token lengths: digits, grouped thousands, `k`, thousand words and
spelled numbers, in every language of the lexicon.

    amounts("pdf de 50 mil tokens")              → [Amount(51200, …)]
    amounts("prompt di trentaduemila token")     → [Amount(32000, …)]
    amounts("32k", "32.000", "32,768", "50 000") → 32768, 32000, 32768, 50000

`k` after a number is 1,024 (`K_TOKENS`: llama.cpp and every context-length convention count so), and so is a
thousand word after digits ("32 mil tokens" is read like "32k", so the two wordings get the same figures); a
number spelled out in full ("trentaduemila") is taken as said (32,000). The words are in
answers/lexicon/conditions.toml; the text is the folded question (lower case, accents folded).
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon.conditions import condition_words

K_TOKENS = 1024  # "32k" tokens: the one place this is written for the reader
# a number, then `k`/`m` or a thousand word glued to it ("16mila", "32tsd") or nothing more of a word
_DIGITS = r"(?<![\w.,/-])(\d{{1,3}}(?:[ .,]\d{{3}})+|\d+(?:[.,]\d+)?)(?:\s?(k|m)\b|({thousand})\b|(?![\w]))"
_WORD = compile_cached(r"[a-z]+(?:-[a-z]+)*")


class Amount(Struct, frozen=True):
    value: float
    start: int  # offsets in the text read
    end: int


def _digits(text: str, grouped: bool) -> float:
    if grouped:
        return float(re.sub(r"[ .,]", "", text))
    return float(text.replace(",", "."))


@cache
def _vocabulary() -> tuple[dict[str, int], frozenset[str], re.Pattern[str], re.Pattern[str]]:
    words = condition_words()
    alternation = "|".join(longest_first(map(re.escape, words.every("thousand"))))
    return (words.numbers(), words.every("joiners"), compile_cached(rf"\s+(?:{alternation})\b"),
            compile_cached(_DIGITS.format(thousand=alternation)))


def _segments(word: str, numbers: dict[str, int], joiners: frozenset[str]) -> list[int] | None:
    """A glued spelled number split into its parts ("trentaduemila" → 30, 2, 1000; joiners are 0), or None."""
    if not word:
        return []
    for end in range(len(word), 0, -1):
        head = word[:end]
        value = numbers.get(head, 0 if head in joiners else None)
        if value is None:
            continue
        rest = _segments(word[end:], numbers, joiners)
        if rest is not None:
            return [value, *rest]
    return None


def _value(parts: list[int]) -> int:
    total = current = 0
    prev = None
    for p in parts:
        if p == 1000:
            total += max(current, 1) * 1000
            current = 0
        elif p == 100:
            current = max(current, 1) * 100
        elif prev == 1 and p >= 10:
            current += p - 1  # "una decina", "a dozen": one group of that many (a joiner sits in "einundzwanzig")
        else:
            current += p
        prev = p
    return total + current


def _spelled(text: str) -> list[Amount]:
    numbers, joiners, _, _ = _vocabulary()
    out: list[Amount] = []
    run: list[int] = []
    start = end = 0
    for m in _WORD.finditer(text):
        parts = _segments(m.group().replace("-", ""), numbers, joiners)
        adjacent = not run or not text[end:m.start()].strip()
        if parts is not None and adjacent and (run or parts[0] != 0):
            start = m.start() if not run else start
            run, end = run + parts, m.end()
            continue
        if run:
            out.append(Amount(_value(run), start, end))
        run = []
        parts = _segments(m.group().replace("-", ""), numbers, joiners)
        if parts and parts[0] != 0:
            run, start, end = parts, m.start(), m.end()
    if run:
        out.append(Amount(_value(run), start, end))
    return [a for a in out if a.value > 1]  # "un prompt", "a user": an article, not a count


def amounts(text: str) -> list[Amount]:
    """Every number in `text` (folded), in reading order."""
    _, _, thousand_re, digits_re = _vocabulary()
    out: list[Amount] = []
    for m in digits_re.finditer(text):
        number, unit = m.group(1), m.group(2) or ("thousand" if m.group(3) else None)
        grouped = bool(re.fullmatch(r"\d{1,3}(?:[ .,]\d{3})+", number))
        value = _digits(number, grouped)
        end = m.end()
        if unit in ("k", "thousand"):  # "32k", "16mila": a thousand word glued on counts like k
            value *= K_TOKENS
        elif unit == "m":
            value *= K_TOKENS * K_TOKENS
        else:
            end = m.end(1)
            t = thousand_re.match(text, end)
            if t is not None:
                value, end = value * K_TOKENS, t.end()
        out.append(Amount(value, m.start(1), end))
    taken = [(a.start, a.end) for a in out]
    out += [a for a in _spelled(text) if not any(s < a.end and a.start < e for s, e in taken)]
    return sorted(out, key=lambda a: a.start)
