"""System RAM said in detail: its type, speed and channel count, anywhere in the question.

    read("qwen3 235b on a 3090 with 512gb ddr5-6000, 12 channels")
    → RamWords(kind="DDR5", mts=6000, channels=12)

Pure: text in, words out. What is not said stays None and estimator.machine assumes it (and the answer
says so). The words (channel nouns, speed units, "dual"/"octa"/"doppio") live in answers/lexicon/common.toml;
the shapes ("ddr5-6000", "3200 mhz", "12-channel", "12ch") are rules here.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct
from msgspec.structs import replace

from answers.knowledge.pickled import compile_cached
from answers.lexicon import lexicon
from catalog.text import fold
from estimator.machine import MachineConstants, platform_for

_TYPE = r"(?:lp)?ddr[3-5]x?"
_MIN_MTS, _MAX_MTS = 800, 12000  # a number outside this is no RAM speed (estimator.machine checks the type's range)


class RamWords(Struct, frozen=True):
    """What a question says about system RAM: its type, speed, channels and platform."""
    kind: str | None = None  # "DDR5"
    mts: int | None = None  # 6000
    channels: int | None = None  # 12
    platform: str | None = None  # "epyc 9004": a CPU platform named (estimator machine.platforms)

    @property
    def said(self) -> bool:
        return self.kind is not None or self.mts is not None or self.channels is not None


def _alternation(words: frozenset[str] | set[str]) -> str:
    # Longest first, alphabetical among equals: the same pattern in every process.
    return "|".join(re.escape(w) for w in sorted(sorted(words), key=len, reverse=True))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    lx = lexicon()
    nouns = _alternation({fold(w) for w in lx.ram_channel_words})
    units = _alternation({fold(w) for w in lx.ram_speed_units})
    counts = _alternation({fold(w) for w in lx.channel_counts})
    # "ddr5-6000", "ddr5 at 6000 mt/s"; or "6000mhz ddr5", not "4096 ddr5"
    kind_speed = compile_cached(rf"\b(?P<kind>{_TYPE})(?:\s*[-@/]\s*|\s+(?:at|a|bei|em|en)\s+|\s*)(?P<mts>\d{{3,5}})"
                                rf"(?:\s*(?:{units}))?(?![\w.])"
                                rf"|(?<![\w.])(?P<mts2>\d{{3,5}})\s*(?:{units})\s*(?P<kind2>{_TYPE})\b")
    speed = compile_cached(rf"(?<![\w.])(?P<mts>\d{{4,5}})\s*(?:{units})(?![\w])")
    channels = compile_cached(rf"(?<![\w.])(?P<n>\d{{1,2}})\s*[- ]?\s*(?:{nouns})\b"
                              rf"|\b(?P<w>{counts})\s*[- ]?\s*(?:{nouns})\b"
                              rf"|\b(?:{nouns})\s+(?P<w2>{counts})\b")
    kind = compile_cached(rf"\b({_TYPE})\b")
    return kind_speed, speed, channels, kind


def _mts(text: str | None) -> int | None:
    if text is None:
        return None
    value = int(text)
    return value if _MIN_MTS <= value <= _MAX_MTS else None


_MODEL_AFTER = r"(?:pro\s+)?(?:platinum|gold|silver|bronze|max|phi|e[357]|w[3579]?\b|[0-9])"


def _platform(t: str) -> str | None:
    for pattern, key in lexicon().ram_platform_shapes:  # model numbers first: "epyc 9654" is a Genoa
        m = pattern.search(t)
        if m:
            return key.format(*m.groups())
    table = lexicon().ram_platforms
    # `p in t` first: a whole-word match needs the substring, and most questions name no platform
    # a family word followed by a model ("xeon gold 6330", "epyc 7c13") is that processor's, read from the CPU
    # table: only a family named alone ("a threadripper", "an epyc") takes the family's usual platform
    hits = [p for p in table if p in t and re.search(rf"\b{re.escape(p)}\b(?!\s*-?\s*{_MODEL_AFTER})", t)]
    return table[max(hits, key=len)] if hits else None


def with_platform(said: RamWords, machine: MachineConstants) -> RamWords:
    """What the named platform says of the RAM, where the asker said nothing of it (their words win)."""
    pl = platform_for(machine, said.platform, said.kind)
    if pl is None:
        return said
    same_kind = said.kind in (None, pl.kind)
    return replace(said, kind=said.kind or pl.kind, mts=said.mts or (pl.mts if same_kind else None),
                   channels=said.channels or pl.channels)


def speeds(question: str) -> tuple[int, ...]:
    """Every RAM speed named with its type, in the order written ("ddr5-6000 now, would ddr5-8000 help?"):
    `read` keeps the first as the machine's, a side ask weighs a faster one (answers/facts/also.py)."""
    kind_speed = _patterns()[0]
    found = (_mts(m.group("mts") or m.group("mts2")) for m in kind_speed.finditer(fold(question or "").casefold()))
    return tuple(m for m in found if m is not None)


def read(question: str) -> RamWords:
    """The RAM type, speed (MT/s) and channel count the question names; None for each it does not."""
    t = fold(question or "").casefold()
    kind_speed, speed_re, channels_re, kind_re = _patterns()
    kind = mts = channels = None
    m = kind_speed.search(t)
    if m is not None:
        kind = (m.group("kind") or m.group("kind2")).upper()
        mts = _mts(m.group("mts") or m.group("mts2"))
    if kind is None:
        hit = kind_re.search(t)
        kind = hit.group(1).upper() if hit else None
    if mts is None:
        hit = speed_re.search(t)
        mts = _mts(hit.group("mts")) if hit else None
    c = channels_re.search(t)
    if c is not None:
        counts = lexicon().channel_counts
        word = c.group("w") or c.group("w2")
        channels = int(c.group("n")) if c.group("n") else counts.get(word or "")
    return RamWords(kind, mts, channels, _platform(t))
