"""Discord-markdown safety for answer text.

Every user-supplied or catalog string goes through `escape()` before it reaches a template, so a
model called "**x**" or a question containing "@everyone" can neither break the formatting nor ping
anyone. `finish()` is the last pass over a whole rendered answer: it neutralizes any mention that
got through anyway and keeps the text within `MAX_CHARS`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from answers.knowledge.pickled import compile_cached
from catalog import safe_text

MAX_CHARS = 4000
ZWSP = "\u200b"
MAX_COMBINING = safe_text.MAX_COMBINING

# Characters Discord reads as markdown: emphasis, strike, code, spoiler, quote, heading, links.
_SPECIAL = compile_cached(r"([\\*_~`|>#\[\]()])")
_SPACE = compile_cached(r"\s+")
# "@everyone", "@here", "<@123>", "<@!123>", "<@&123>": a zero-width space after "@" defuses them all.
_MENTION = compile_cached(r"@(?=[^\s\u200b])")


def clean(text: object) -> str:
    """User text with what must never be echoed removed (catalog.safe_text, the one sanitiser):
    escape sequences and control characters, bidi overrides and invisible characters, combining
    floods. Line breaks are kept (escape() folds them); the ZWSP that defuses mentions is added after this."""
    return safe_text.clean(text)


def inert(value: Any) -> Any:
    """Every string inside a JSON payload (entities, facts) cleaned and with mentions defused:
    a JSON consumer may post them. Other values are returned as they are."""
    if isinstance(value, str):
        return _inert_short(value) if len(value) <= _SHORT else _inert_text(value)
    if isinstance(value, dict):
        return {inert(k) if isinstance(k, str) else k: inert(v) for k, v in value.items()}
    if isinstance(value, list):
        return [inert(v) for v in value]
    if isinstance(value, tuple):
        return tuple(inert(v) for v in value)
    return value


def _inert_text(text: str) -> str:
    return defuse_mentions(clean(text))


def _escaped_text(text: str) -> str:
    s = _SPACE.sub(" ", clean(text)).strip()
    s = _SPECIAL.sub(r"\\\1", s)
    return _MENTION.sub("@" + ZWSP, s)


# An answer's payload repeats the same few hundred short names and labels (cards, models, levels), so
# the pure rules are remembered for those; longer text (a question echoed) is not kept.
_SHORT = 120
_inert_short = lru_cache(maxsize=4096)(_inert_text)
_escaped_short = lru_cache(maxsize=4096)(_escaped_text)


def escape(text: object) -> str:
    """A catalog or user string made inert: one line, markdown escaped, mentions defused."""
    s = text if isinstance(text, str) else str(text)
    return _escaped_short(s) if len(s) <= _SHORT else _escaped_text(s)


def defuse_mentions(text: str) -> str:
    return _MENTION.sub("@" + ZWSP, text) if "@" in text else text


def finish(text: str, limit: int = MAX_CHARS, ellipsis: str = "…") -> str:
    """The final pass: tidy blank lines, defuse mentions, never more than `limit` characters."""
    text = re.sub(r"\n{3,}", "\n\n", clean(text).strip())
    text = defuse_mentions(text)
    if len(text) > limit:
        cut = text[: limit - len(ellipsis)]
        # Do not leave half an escape sequence or a dangling line.
        nl = cut.rfind("\n")
        if nl > limit // 2:
            cut = cut[:nl]
        cut = cut.rstrip("\\")
        text = cut + ellipsis
    return text


# ----------------------------------------------------------------------------- plain text
# The command line prints plain text: Discord's markup and escapes would show literally there.
_ESCAPED = compile_cached(r"\\([\\*_~`|>#\[\]()\-.])")
_CODE = compile_cached(r"`+([^`]*)`+")
_LINK = compile_cached(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_PAIRED = compile_cached(r"(\*\*|__|~~|\|\||\*|_)(?=\S)(.+?)(?<=\S)\1")
_LINE_MARK = compile_cached(r"^(?:#{1,3} |> |>>> )", re.M)


def to_plain(text: str) -> str:
    """Discord markdown → the same text for a terminal: no emphasis markers, no code ticks, links as
    "text (url)", escapes removed ("\\(Zhipu AI\\)" → "(Zhipu AI)", "\\~1B" → "~1B"), no zero-width
    spaces. Escaped characters are kept as the reader typed them, never read as markup."""
    kept: list[str] = []

    def keep(s: str) -> str:
        kept.append(s)
        return f"\x00{len(kept) - 1}\x00"

    text = _ESCAPED.sub(lambda m: keep(m.group(1)), text)
    text = _CODE.sub(lambda m: keep(m.group(1)), text)
    text = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})", text)
    for _ in range(3):  # nested emphasis ("**_x_**")
        new = _PAIRED.sub(r"\2", text)
        if new == text:
            break
        text = new
    text = _LINE_MARK.sub("", text)
    for _ in range(3):  # a kept code span may hold a kept escape ("`IQ4\\_XS`")
        if "\x00" not in text:
            break
        text = re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)
    return text.replace(ZWSP, "")
