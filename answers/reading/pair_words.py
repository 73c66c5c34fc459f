"""A second card of one already named, offered as an option to buy ("or buy another 3090", "vale montar com 2?",
"o mejor consigo otra 3090"): the card's words as typed, for the facts to weigh two of it (answers/facts/pair_side.py
for a card owned beside another; a third side of the comparison when two cards are set side by side). Pure: the
question's text in, the typed card (or None) out; the words live in answers/lexicon/buying.toml."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "buying.toml"
# a card's model number ("3090", "5060 ti", "7900 xtx"): the digits are enough for the facts to find the card among
# those the question names (answers/facts/said_prices.py `card_of`)
_CARD_RE = re.compile(r"(?<![\w.,])(?:rtx\s?|rx\s?|gtx\s?)?(\d{4})(?:\s?(?:ti|super|xtx|xt))?(?!\w)(?![.,]\d)")
AFTER_REACH = 12  # characters after the words where the card they name starts ("otra 3090", "another used 3090")


@cache
def _pair() -> re.Pattern[str]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    try:
        return compile_cached(data["pair"])
    except (KeyError, re.error) as exc:
        raise LexiconError(f"{PATH.name}: pair: {exc}") from exc


def read(question: str) -> tuple[str, ...]:
    """The cards a second one may be of, most likely first: the card named right after the words, then those
    named before them, nearest first (a price such as "4500" is among them: the facts keep the first that is a
    card of the question). () when the question offers no second card."""
    text = fold(question or "")
    m = _pair().search(text)
    if m is None:
        return ()
    after = _CARD_RE.search(text, m.end())
    first = (after.group(0),) if after is not None and after.start() - m.end() <= AFTER_REACH else ()
    before = tuple(c.group(0) for c in reversed(list(_CARD_RE.finditer(text, 0, m.start()))))
    return first + before


__all__ = ["read"]
