"""The memory a question says beside its devices: system RAM and its type, a Mac named by its memory, a unified
machine's size, a bare number after an Apple chip. Pure text rules over the setup reader's cleaned text
(answers/reading/setup_text.py); used by answers/reading/setup_words.py."""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon as words
from answers.reading.apple_typical import chip_for, offered_with, stand_in_name
from answers.reading.setup_text import CHIP, MEM_SUFFIX
from answers.reading.sizes import GB_UNIT, NUMBER
from catalog.text import fold

_BARE_AFTER = compile_cached(r"\s*(\d{2,3})(?![\w.,])")
# The memories the other unified machines are sold with (Strix Halo 32-128 GB, GB10 128 GB, Jetson AGX Orin
# 32/64 GB): a bare number among them right after the machine's name is its memory; the resolver then picks
# the variant, as for "strix halo 64gb".
_UNIFIED_SIZES = frozenset({32, 64, 96, 128})


def bare_memory_after(t: str, name: str, end: int) -> tuple[str, int]:
    """"m4 max 128", "mac studio m3 ultra 512": a bare number right after an Apple chip is its memory when
    Apple sells that chip with that much (answers/reading/apple_typical.py); the name gets the size and its
    span grows over it, so the number is never read again as RAM or a count."""
    hit = _BARE_AFTER.match(t, end)
    if hit is None:
        return name, end
    chip = re.search(rf"\b{CHIP}\b", name)
    if chip is not None:
        tier = re.sub(r"\s+\(?\d{2}[- ]core.*$", "", chip.group(0))
        if not offered_with(tier, float(hit.group(1))):
            return name, end
    elif int(hit.group(1)) not in _UNIFIED_SIZES:  # "framework desktop 64", "dgx spark 128"
        return name, end
    return f"{name} {hit.group(1)} GB", hit.end()



# A Strix Halo's BIOS gives its GPU at most 96 GB of the 128 GB machine (48 of the 64 GB one; AMD's Variable
# Graphics Memory setting): a size people read off the GPU ("strix halo 96gb") names the machine it comes from.
_GPU_SHARE_MACHINE = {"strix halo": {96: 128, 48: 64}}
_SHARE_NAME_RE = compile_cached(rf"^(?P<name>strix halo)\s*(?P<gb>\d{{2,3}})\s?{GB_UNIT}$", re.IGNORECASE)


def machine_of_share(name: str) -> str:
    """"Strix Halo 96 GB" is the 128 GB machine (its GPU's BIOS share); any other name is kept."""
    hit = _SHARE_NAME_RE.match(name.strip())
    if hit is None:
        return name
    whole = _GPU_SHARE_MACHINE[hit.group("name").casefold()].get(int(hit.group("gb")))
    return name if whole is None else f"{name[:hit.end('name')]} {whole} GB"


def read_ram(t: str, ram_re: re.Pattern[str], ram_type_re: re.Pattern[str],
              spans: list[tuple[int, int]]) -> tuple[float | None, str | None]:
    """System RAM: the first size said as RAM (a type or a RAM word with it), and its type wherever said."""
    ram_gb = ram_type = None
    for m in ram_re.finditer(t):
        if any(a <= m.start() < b for a, b in spans):
            continue  # "A100 80GB": the card's own memory
        gb = m.group("gb") or m.group("gb2") or m.group("gb3")
        kind = m.group("type") or m.group("type2") or m.group("type3")
        if kind or m.group("word"):
            ram_gb, ram_type = float(gb), kind.upper() if kind else None
            break
    if ram_type is None:
        hit = ram_type_re.search(t)
        ram_type = hit.group(1).upper() if hit else None
    return ram_gb, ram_type


def mac_by_memory(t: str) -> str | None:
    """"mac with 64gb", "64gb unified memory", "macbook pro 48gb": a Mac named by its memory only; the setup
    builder rates it as a typical chip of that memory (answers/reading/apple_typical.py)."""
    sizes = {float(m.group(1)) for m in re.finditer(rf"\b({NUMBER})\s?{GB_UNIT}", t)}
    if len(sizes) == 1 and chip_for(stand_in_name(next(iter(sizes)))) is not None:
        return stand_in_name(next(iter(sizes)))
    return None


def sized_by_pool(t: str, cards: list[tuple[str, int]], ram_gb: float | None,
                   spans: list[tuple[int, int]], flags: list[bool]) -> list[tuple[str, int]]:
    """A unified machine's names with the memory said for it (the RAM size, else the one size outside the
    devices' own words), so the resolver picks that memory's variant; names that carry a size keep it.
    A graphics card beside it has its own memory: it is never sized so ("evo-x2 128gb or 3090s" is no
    "3090 128 GB"), and a size said apart is then no more surely the machine's ("dgx spark or a pro 6000,
    does it fit in 96gb": the card's memory, not a 96 GB Spark)."""
    flags = flags if len(flags) == len(cards) else [True] * len(cards)
    size = ram_gb
    if size is None and not all(flags):
        near = [m for (a, b), unified in zip(spans, flags, strict=False) if unified
                for m in [re.match(rf"\s+(?:[a-z]{{1,4}}\s+)?({NUMBER})\s?{GB_UNIT}", t[b:])] if m]
        if len(near) != 1:
            return cards
        size = float(near[0].group(1))
    if size is None:
        bare = [m for m in re.finditer(rf"\b({NUMBER})\s?{GB_UNIT}", t)
                if not any(a <= m.start() < b for a, b in spans)]
        size = float(bare[0].group(1)) if len(bare) == 1 else None
    if size is None:
        return cards
    return [(f"{n} {size:g} GB" if unified and not re.search(MEM_SUFFIX, n) else n, c)
            for (n, c), unified in zip(cards, flags, strict=True)]


def sized_nearby(t: str, start: int, end: int) -> bool:
    """"an m2 with 16gb", "un m1 de 8gb", "a 24gb m4": a memory size beside the chip (one short word between
    at most) makes a bare chip name an Apple chip of that memory."""
    after = re.match(rf"\s+(?:[a-z]{{1,4}}\s+)?{NUMBER}\s?{GB_UNIT}", t[end:])
    before = re.search(rf"{NUMBER}\s?{GB_UNIT}\s+$", t[:start])
    return after is not None or before is not None


@cache
def _unified_re() -> re.Pattern[str]:
    phrases = longest_first({fold(p) for p in words().unified_memory_phrases})
    return compile_cached(r"\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases) + r")\b")


def says_unified(t: str) -> bool:
    return _unified_re().search(t) is not None
