"""A Mac named with neither its chip nor its memory ("or should I get a Mac Studio?", "o prendo un mac"): the word
as typed, from the lexicon's `apple_machine_words` (answers/facts/mac_unsized.py says which configurations would
do)."""

from __future__ import annotations

import re
from functools import cache

from answers.lexicon import lexicon
from answers.records.asked import Asked


def unsized_mac(folded: str, asked: Asked) -> str | None:
    """"Or should I get a Mac Studio?", "o prendo un mac": a Mac named with neither its chip nor its memory, as
    typed (the lexicon's `apple_machine_words`), when no Apple machine was read into the setup: no figure can be
    given for it, so the answer says which configurations would do instead of leaving it out."""
    setups = (asked.setup or (), asked.setup2 or (), *asked.more_sides)
    parts = [str(t).casefold() for one in setups for t, _ in one] + \
        [str(c or "").casefold() for c in (asked.card, asked.card2)]
    if any(_APPLE_PART_RE.search(p) for p in parts):
        return None
    m = _mac_words_re().search(folded)
    return m.group(1) if m else None


_APPLE_PART_RE = re.compile(r"\b(?:apple|mac|m[1-5])\b")


@cache
def _mac_words_re() -> re.Pattern[str]:
    words = [w for w in lexicon().apple_machine_words if w != "apple"]  # "apple" alone names the maker
    names = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({names})(?![\w-])")
