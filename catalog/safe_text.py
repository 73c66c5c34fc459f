"""The one home of text sanitising: what text we did not write may carry that must never reach a
terminal, a JSON consumer or Discord.

Imported catalog data (an Epoch AI snapshot's model names, organisations, notes) and user questions
may hold terminal escape sequences (colours, cursor moves, window titles), BEL and other C0/C1
controls, bidirectional overrides and isolates (U+202A–202E, U+2066–2069, which reorder what
follows them), and invisible format characters that make two names look alike. `clean()` removes
them; catalog records apply it to every string when they are built or read (catalog.records), and
answers.markdown applies it again to every answer and echo, so each output path has it twice:
at the catalog-to-answers boundary and on the way out.
"""

from __future__ import annotations

import re
import unicodedata

# Whole escape sequences first, so "ESC[31m" leaves nothing, not a visible "[31m":
# CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and other two-character ESC sequences.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x9b[0-?]*[ -/]*[@-~]|\x1b[@-_]?")
# C0/C1 controls except tab and line feed (NUL, BEL, backspace, carriage return, DEL…): a space.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # the same in ASCII text (tab and line feed stay)
# Bidirectional embeddings, overrides, isolates and marks (they reorder the rest of a message),
# and invisible format characters that only hide or split text: dropped.
_INVISIBLE = re.compile(r"[\u00ad\u061c\u180e\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]")
# Zero-width space, non-joiner and joiner: kept in user text (emoji and some scripts need them, and
# a ZWSP is how mentions are defused), dropped from catalog names where they only fake look-alikes.
_JOINERS = re.compile(r"[\u200b-\u200d]")
# Combining marks start at U+0300: only characters from there on need `unicodedata.combining` (an
# answer's text is mostly ASCII with a few "×" or "–", not worth a Python loop over every character).
_BEYOND_U02FF = re.compile(r"[^\x00-\u02ff]")
MAX_COMBINING = 2  # marks kept on one base character (Vietnamese needs two; "Zalgo" floods use dozens)


def clean(text: object, *, joiners: bool = True) -> str:
    """`text` without escape sequences, control characters (a space instead; tab and line feed
    stay), bidi controls and invisible characters, with combining marks capped per character.
    `joiners=False` also drops zero-width spaces and (non-)joiners (catalog text)."""
    s = str(text)
    if s.isascii() and (s.isprintable() or not _ASCII_CONTROL.search(s)):
        # The common cases (catalog names, numbers; answers' lines): nothing to remove. Every escape
        # sequence starts with a control, and the other characters removed are not ASCII.
        return s
    s = _INVISIBLE.sub("", _CONTROL.sub(" ", _ESCAPES.sub("", s)))
    if not joiners:
        s = _JOINERS.sub("", s)
    if not any(unicodedata.combining(ch) for ch in _BEYOND_U02FF.findall(s)):
        return s
    out: list[str] = []
    run = 0
    for ch in s:
        if unicodedata.combining(ch):
            run += 1
            if run > MAX_COMBINING:
                continue
        else:
            run = 0
        out.append(ch)
    return "".join(out)


def clean_catalog(text: str) -> str:
    """A catalog string made safe to show anywhere: no controls, no bidi or zero-width tricks."""
    return text if text.isascii() and text.isprintable() else clean(text, joiners=False)


def clean_values(value: object) -> object:
    """Every string inside `value` (dicts, lists: a record's input) cleaned with clean_catalog."""
    if isinstance(value, str):
        return clean_catalog(value)
    if isinstance(value, dict):
        return {k: clean_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_values(v) for v in value]
    return value
