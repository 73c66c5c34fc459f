"""A question's text made readable: capped, cleaned (mentions, code fences, comma decimals) and cut
into tokens.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from answers.reading.sizes import MEMORY_UNIT_RE, terabytes_as_gb
from answers.reading.units import _BITS_RE, canonical_quant
from answers.reading.vocabulary import _stopwords, _task_words
from answers.records.limits import MAX_QUESTION_CHARS
from catalog.text import fold

MAX_INPUT = MAX_QUESTION_CHARS  # characters read from a question (the engine refuses longer ones)

LANGS = ("en", "it", "fr", "de", "es")


# --------------------------------------------------------------------------- text cleaning
# Discord mentions (<@id>, <@&role>, <#channel>), custom emoji, and the @everyone/@here pings:
# none of them can name a model or a card, so they are removed before anything is read.
_MENTION_RE = compile_cached(r"<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|@(?:everyone|here)\b", re.IGNORECASE)
_FENCE_RE = compile_cached(r"```(?:[a-zA-Z]+\n)?|`")
_COMMA_DECIMAL_RE = compile_cached(r"(\d),(\d{1,2})(?!\d)")  # "12,5 GB"; not "8,192 tokens"
_TOKEN_RE = compile_cached(r"[^\s,;!?¿¡()\[\]{}\"“”«»<>*|'’`]+")


# "RTX 6000 Pro": the Blackwell workstation card's words in the order people also type them; the catalog's
# name is "RTX PRO 6000" (a bare "RTX 6000" is an older card, and the Pro would be dropped as a stray word).
PRO_AFTER_RE = compile_cached(r"\b(rtx)[\s-]+([2-6]000)[\s-]+(pro)\b", re.IGNORECASE)


def pro_first(text: str) -> str:
    return PRO_AFTER_RE.sub(r"\1 \3 \2", text)


def clean(question: str) -> str:
    text = question[:MAX_INPUT]
    text = pro_first(text)
    text = _MENTION_RE.sub(" ", text)
    text = _FENCE_RE.sub(" ", text)
    text = _COMMA_DECIMAL_RE.sub(r"\1.\2", text)
    text = _ABOUT_SIGN_RE.sub(" ", text)  # "~800€", "≈70b": "about", never part of an amount's or a name's word
    text = terabytes_as_gb(text)  # "1 TB of RAM": a server's, read in GB as every memory size
    return " ".join(text.split())


# "~800€", "≈ 70b", "(~2000 tokens", "~R$ 8000": the sign says "about"; the number after it is what counts
_ABOUT_SIGN_RE = compile_cached(r"(?<![\w])[~≈](?=\s*(?:[$€£]|R\$|\d))")


class Token(Struct):
    """One word of the question, as typed and folded, and whether a reading has used it."""
    text: str  # as typed (trailing dots/colons stripped)
    low: str  # folded
    used: bool = False  # consumed by a number/unit/quant, never part of a name


# "bartowski/…", "hf.co/unsloth/…": owners (and a host) before a repository's name; never "tok/s" or "q4/q8".
_HUB_REPO_RE = compile_cached(r"^(?:[a-z][a-z0-9_.-]{2,}/)+(?=[a-z0-9_.-]*\d)")
# "3090s", "7900 xts", "p40s", German "3090er"/"zwei 3090ern": people pluralise card names (never "l40s",
# "v100s", "k40s": those are names)
# An Ollama tag whose tag is a size ("glm-4.5-air:106b", "qwen3:30b-a3b", "qwen3:8b-q4_K_M"); "llama4:scout" is none.
_OLLAMA_SIZE_TAG_RE = compile_cached(r"^([a-z][\w.-]*):\d+(?:\.\d+)?[bm](?:[-_.][\w.]+)?$")
_PLURAL_CARD_RE = compile_cached(r"^(\d{3,4}|xtx?|(?:a|b|h|p|mi)\d{2,3})(?:s|ern?)$")


def tokenize(text: str, split: bool = True) -> list[Token]:
    """Words of a cleaned question. With `split`, hyphen compounds whose parts include an ordinary
    word or a unit are split ("16-GB-Karte", "RTX-4080-Karte", "coding-modell"); names keep theirs
    ("gpt-oss-20b", "Q4-K-M")."""
    out: list[Token] = []
    for hit in _TOKEN_RE.finditer(text):
        raw = hit.group().strip(".:-")
        if split and raw in ("s", "S") and hit.start() and text[hit.start() - 1] in "'’":
            continue  # "my laptop's rtx 3050", "friend's 3090": the 's names nothing
        if not raw:
            continue
        low = fold(raw)
        hub = _HUB_REPO_RE.match(low)
        if hub:  # "unsloth/Qwen3-14B-GGUF": the repository's name, without its owner
            raw, low = raw[hub.end():], low[hub.end():]
        if any(ch.isdigit() for ch in low) and _packing_re().search(low):
            # "Qwen3-8B-GGUF", "….Q4_K_M.gguf": how the weights are packed is not part of the name
            raw, low = _drop_packing(raw), _drop_packing(low)
            if not low:
                continue
        m = _PLURAL_CARD_RE.match(low)
        if m:
            cut = len(low) - m.end(1)
            raw, low = raw[:-cut], low[:-cut]
        tag = _OLLAMA_SIZE_TAG_RE.match(low) if split else None
        if tag:  # "glm-4.5-air:106b": an Ollama tag is the name and a size, read as "glm-4.5-air 106b"
            cut = tag.end(1)
            out.extend((Token(raw[:cut], low[:cut]), Token(raw[cut + 1:], low[cut + 1:])))
            continue
        if "/" in low and all(canonical_quant(part) for part in low.split("/")):  # "q4/q8"
            out.extend(Token(part, fold(part)) for part in raw.split("/"))
            continue
        if split and "-" in low and _split_compound(low):
            out.extend(Token(part, fold(part)) for part in raw.split("-") if part)
            continue
        out.append(Token(raw, low))
    return out


@cache
def _packing_re() -> re.Pattern[str]:
    """A packing word of a repository id or file name (answers/lexicon/common.toml), as a part of the word."""
    words = "|".join(longest_first(map(re.escape, lexicon().model_file_words)))
    return compile_cached(rf"[-_.]({words})(?=$|[-_.:])", re.IGNORECASE)


def _drop_packing(text: str) -> str:
    return _packing_re().sub("", text).strip(".:-_")


def _split_compound(low: str) -> bool:
    if canonical_quant(low) or _BITS_RE.match(low):
        return False
    stop = _stopwords()
    tasks = _task_words()  # "phi-4-reasoning" is a name; "reasoning-modell" splits on "modell"
    return any((part in stop and part not in tasks) or MEMORY_UNIT_RE.match(part) for part in low.split("-") if part)


_STRETCH_RE = compile_cached(r"([a-z])\1+$")


def _unstretch(word: str) -> str:
    """A word typed with its last letter held ("holaaa", "merciii", "moinnn") → the word ("hola")."""
    return _STRETCH_RE.sub(r"\1", word)
