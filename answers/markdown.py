"""Discord-markdown safety for answer text.

Every user-supplied or catalog string goes through `escape()` before it reaches a template, so a
model called "**x**" or a question containing "@everyone" can neither break the formatting nor ping
anyone. `finish()` is the last pass over a whole rendered answer: it neutralizes any mention that
got through anyway and keeps the text within `MAX_CHARS`.
"""

from __future__ import annotations

import re

MAX_CHARS = 4000
ZWSP = "\u200b"

# Characters Discord reads as markdown: emphasis, strike, code, spoiler, quote, heading, links.
_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()])")
_SPACE = re.compile(r"\s+")
# "@everyone", "@here", "<@123>", "<@!123>", "<@&123>": a zero-width space after "@" defuses them all.
_MENTION = re.compile(r"@(?=[^\s\u200b])")


def escape(text: object) -> str:
    """A catalog or user string made inert: one line, markdown escaped, mentions defused."""
    s = _SPACE.sub(" ", str(text)).strip()
    s = _SPECIAL.sub(r"\\\1", s)
    return _MENTION.sub("@" + ZWSP, s)


def defuse_mentions(text: str) -> str:
    return _MENTION.sub("@" + ZWSP, text)


def finish(text: str, limit: int = MAX_CHARS, ellipsis: str = "…") -> str:
    """The final pass: tidy blank lines, defuse mentions, never more than `limit` characters."""
    text = re.sub(r"\n{3,}", "\n\n", text.strip())
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
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]()\-.])")
_CODE = re.compile(r"`+([^`]*)`+")
_LINK = re.compile(r"\[([^\]\n]+)\]\((https?://[^)\s]+)\)")
_PAIRED = re.compile(r"(\*\*|__|~~|\|\||\*|_)(?=\S)(.+?)(?<=\S)\1")
_LINE_MARK = re.compile(r"^(?:#{1,3} |> |>>> )", re.M)


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
    text = re.sub("\x00(\\d+)\x00", lambda m: kept[int(m.group(1))], text)
    return text.replace(ZWSP, "")
