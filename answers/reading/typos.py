"""Typing slips in the words that ask ("descrago", "schnelste", "parametos", "creeato").

A word no lexicon knows, one edit (a letter added, dropped, changed or two swapped) away from a word
the lexicons use, is read as that word, so the kind of question is still recognised. Only the words
the intent patterns read are mended: names of models and cards are left out by the caller, and the
entities are read from the text as typed.
"""

from __future__ import annotations

from collections.abc import Iterable

MIN_LENGTH = 4  # shorter words sit one edit away from too many others ("wan", "qe")
# Plural endings of the six languages: "precios", "paginas", "cards" are the plural of a word the lexicons know
# ("precio"), never a slip for another word one edit away ("precisos", which asks how accurate the figures are).
_PLURAL_ENDINGS = ("es", "s", "en", "n")


def mend(words: Iterable[str], known: frozenset[str], vocabulary: tuple[str, ...],
         keep: frozenset[str] = frozenset()) -> list[str]:
    """`words` with each unknown alphabetic word replaced by the nearest vocabulary word one edit away."""
    out = []
    for word in words:
        if len(word) < MIN_LENGTH or not word.isalpha() or word in known or word in keep or _plural_of(word, known):
            out.append(word)
            continue
        # lazy: imported only for a word to mend: most questions have none, and rapidfuzz's C++ extension
        # costs a one-question process a few MB and milliseconds.
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        hit = process.extractOne(word, vocabulary, scorer=OSA.distance, score_cutoff=1)
        out.append(hit[0] if hit else word)
    return out


def _plural_of(word: str, known: frozenset[str]) -> bool:
    """Whether `word` is a known word with a plural ending added ("precios" from "precio")."""
    return any(word.endswith(end) and len(word) - len(end) >= MIN_LENGTH and word[:-len(end)] in known
               for end in _PLURAL_ENDINGS)
