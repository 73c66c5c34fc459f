"""Thanks and goodbyes: a "thanks!" or "a presto" gets one short line instead of the whole help.

The parser labels these `help` (that is the corpora's label); this module only tells the answer
that the asker is being polite rather than asking what the bot does. The phrases live in
answers/lexicon/<lang>.toml (`courtesy`).
"""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon

# the parser's own reading of "help", "what can you do"
from answers.reading.intent import _pattern_score
from catalog.text import fold


@cache
def _courtesy_re() -> re.Pattern[str]:
    # Longest first, alphabetical among equals: the same pattern in every process (the start-up cache's key).
    phrases = sorted(sorted({p for lx in lexicon().languages.values() for p in lx.courtesy}), key=len, reverse=True)
    return compile_cached(r"(?<![a-z0-9])(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases)
                          + r")(?![a-z0-9])")


def is_courtesy(question: str) -> bool:
    """True when a message the parser read as a hello says thanks or goodbye ("thanks!", "merci
    beaucoup", "valeu"), and does not also ask for help ("help me, thanks" keeps the full help)."""
    folded = fold(question or "").lower()
    words = " ".join(re.findall(r"[a-z0-9']+", folded))
    if not _courtesy_re().search(words):
        return False
    # "thanks for the help" says "help" inside the thanks: only what is left may ask for help.
    return _pattern_score(_courtesy_re().sub(" ", words), "help") <= 0
