"""The setup reader's words and shapes: the lexicon's setup words (counts, laptop, RAM and card words, machines),
how a card number, an Apple chip and a memory size look, and the text as the setup reader matches it (`clean`).
Split from answers/reading/setup_words.py, which reads the devices; answers/reading/setup_counts.py counts them and
answers/reading/setup_memory.py reads the memory said beside them."""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

# long alternations: compiled once, then read from the start-up cache
from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon as words
from answers.reading.sizes import GB_UNIT, terabytes_as_gb
from answers.reading.tokens import pro_first
from catalog.text import fold

MAX_COUNT = 64


class Lexicon(Struct, frozen=True):
    """The lexicon's setup words: counts, laptop and RAM words, machine names, card words."""
    counts: dict[str, int]
    laptop: tuple[str, ...]
    laptop_links: tuple[str, ...]  # "laptop with a", "portatil tem uma": between a laptop word and its card
    ram: tuple[str, ...]
    machines: dict[str, str]
    apple_machines: tuple[str, ...]
    apple_tiers: tuple[str, ...]
    card_words: tuple[str, ...]  # words that put a card after them ("on", "su", "sur", "auf")


@cache
def lexicon() -> Lexicon:
    """The setup words of every language, from the one vocabulary (answers/lexicon/*.toml)."""
    lx = words()
    counts: dict[str, int] = {}
    laptop: set[str] = set()
    links: set[str] = set()
    ram: set[str] = set()
    before: set[str] = set()
    for lang in lx.languages.values():
        before.update(fold(w) for w in lang.card_words)
        for word, n in lang.count_words.items():
            if not word[:1].isdigit():  # "2x" is read by shape here ("2x 3090", "3090x2")
                counts[fold(word)] = n
        laptop.update(fold(w) for w in lang.laptop_words)
        links.update(fold(p) for p in lang.laptop_links)
        ram.update(fold(w) for w in lang.ram_words | set(lang.ram_phrases))
    return Lexicon(counts, tuple(longest_first(sorted(laptop))),
                   tuple(longest_first(sorted(links))),
                   tuple(longest_first(sorted(ram))),
                   {clean(k): v for k, v in lx.machines.items()}, tuple(fold(w) for w in lx.apple_machine_words),
                   lx.apple_tiers, tuple(sorted(before)))


# ------------------------------------------------------------------------------------------ shapes
# A card number as people type it: letter-prefixed data-centre/workstation names (A100, H100, L40S,
# MI300X, GB200, P40, B200), bare GeForce/Radeon numbers (3090, 4060, 7900, 580), optional series words
# before and Ti/Super/XT suffixes after, optional memory ("A100 80GB").
SERIES = r"(?:(?:nvidia|amd|intel|geforce|radeon|quadro|tesla|instinct|arc|titan|rtx|gtx|rx|pro)\s+)*"
LETTER_NUM = (r"(?:gb\d{2,3}|mi\d{2,3}[a-z]?|rtx\s?a\d{4}|a\d{2,4}|h\d{2,3}|b\d{2,3}|l\d{2}s?|[lpt]4|p\d{2,3}"
               r"|v\d{3}|k\d{2}|m\d0)")
BARE_NUM = r"(?:[1-9]0[5-9]0|1[06][5-8]0|[6-9][5-9]00|[5-9][78]0)"
# The words of a full name after the number ("H100 PCIe 80GB", "V100-PCIE-32GB", "H100 NVL"): the device
# keeps them, so a setup's card is resolved from the whole name as a single card is.
SUFFIX = r"(?:[\s-]*(?:ti|super|xtx|xt|gre|max-q|d|pcie|sxm[2-6]?|nvl)\b)*"
MEM_SUFFIX = rf"(?:[\s-]?\d{{1,3}}\s?{GB_UNIT})"
# named by a word ("due titan rtx"), workstation ("rtx pro 6000"), AMD's workstation cards ("4 radeon ai pro r9700",
# "2x radeon pro w7900"): counted as any card is
_NAMED = (r"(?:titan\s+(?:rtx|xp|x|v)|(?:rtx\s+pro|rtx|pro)\s+[2-6]000(?:\s+(?:ada|blackwell)(?:\s+generation)?)?"
          r"|(?:ai\s+pro\s+)?r9[67]00d?|w[5-7][5-9]00)")
CARD = (rf"{SERIES}(?:{LETTER_NUM}|{BARE_NUM}|{_NAMED})(?:s|ern?)?{SUFFIX}(?=\W|$){MEM_SUFFIX}?"
         rf"(?:[\s-]*(?:pcie|sxm[2-6]?|nvl)\b)?")
CHIP = r"m[1-5](?:\s+(?:pro|max|ultra))?(?:\s+\(?\d{2}[- ]core(?:\s+gpu)?\)?)?"


BANDWIDTH_RE = compile_cached(r"\b\d+(?:[.,]\d+)?\s?(?:gb|go|tb)\s?(?:/\s?s|ps)\b")


def clean(text: str) -> str:
    """The text as the setup reader matches it: folded, "6000 pro" put in the catalog's order, bandwidths and
    multiplication signs made harmless (answers/reading/setup_annotate.py compares names the same way)."""
    t = pro_first(fold(text))
    t = BANDWIDTH_RE.sub(" ", t)  # "GB10, 273 GB/s": a bandwidth, never a card's memory
    t = re.sub(r"[×✕*]", " x ", t)
    t = t.replace("=", " . ")  # "4090+3090 = 48gb": the sum, never the last card's own memory
    t = re.sub(r"\b(m[1-5])-?(pro|max|ultra)\b", r"\1 \2", t)  # "M3Max", "m3-max": the chip and its tier
    t = bare_tier(t)
    t = re.sub(r"\(\s*x\s*(\d{1,2})\s*\)", r" x \1 ", t)  # "3060 12gb (x3)": the count in brackets after the card
    t = re.sub(r"(?<=\w)['’]s\b", "", t)  # "my laptop's rtx 3050": the laptop's card
    # "2x rtx3060 12gb", "gtx1070", "drei RTX-3060-12GB": the series glued or hyphened to its number
    t = re.sub(r"\b(rtx|gtx|rx)-?(?=\d{3,4})", r"\1 ", t)
    t = re.sub(r"\b(\d{1,2})x(?=\s|[a-z]*\s?\d)", r"\1 x ", t)  # "2x 3090", "2x3090", "2xrtx 3090"
    t = re.sub(r"(?:(?<=\d)\s*|(?<=[a-z])\s+)x\s*(\d{1,2})\b", r" x \1", t)  # "3090x2", "a100 80gb x2", "7900 xtx x2"
    t = re.sub(r"(?<=[a-z])\s+\+\s*(?=\d)", "+ ", t)  # "Ryzen AI Max + 395": the name's plus, no "+" joining two cards
    t = re.sub(r"(\d),(\d)", r"\1.\2", t)
    t = terabytes_as_gb(t)  # "1tb of ram": a server's RAM, in GB as every size
    t = t.replace(",", " . ")  # "phi 4, 4070 super": a list's comma ends a name, the 4 is no card count
    t = re.sub(r"[?!;]+", " . ", t)  # a sentence's end, as a list's comma: "… 4090 + 3060? the 3060 is cheap"
    t = re.sub(r"[^\w+.&\-() ]", " ", t)
    t = _after_re().sub(lambda m: f"{_after()[m.group(2)]} x {m.group(1)}", t)  # "3090 pair": two 3090s
    t = _filler_re().sub(r"\1 ", t)  # "2x used 3090", "2 gebrauchte 3090": the count is the card's
    t = _noun_filler_re().sub(r"\1 ", t)  # "due schede 3090 e una 3060": a card noun between a count and its card
    t = _corrected_re().sub(lambda m: f"{m.group('n')} {m.group('dev')} ", t)  # "ein paar 5090er, sagen wir vier"
    # "2x AMD Strix Halo", "Ryzen AI Max+ 395 (Radeon 8060S) 128GB x2": the maker's name after a count and the
    # chip in brackets after a machine's name stand between the machine and its count or memory
    t = _machine_dress_re().sub(_undressed, t)
    t = _boards_re().sub(lambda m: _boards()[m.group(1)], t)  # "arc pro b60 dual": two GPUs on one board
    return " ".join(t.split())


# "m5 pro 48gb or wait for the max?", "aspetto il max", "lieber den Max": an article and a higher tier after an
# Apple chip name that chip's generation in that tier. "Pro" stays out: "the pro" is as often the MacBook Pro.
_CHIP_RE = re.compile(r"\bm([1-5])(?:\s+(pro|max|ultra))?\b")
_BARE_TIER_RE = re.compile(r"\b(the|il|lo|la|el|le|der|den|dem|die|das|o|a|un|una|uno|um|uma|ein|einen|einem|une)"
                           r"\s+(max|ultra)\b(?![\s-]*(?:\+|\d|q\b))")


def bare_tier(t: str) -> str:
    """The text with a bare Apple tier after a chip of one generation named as that generation's chip."""
    chips = list(_CHIP_RE.finditer(t))
    if not chips or len({m.group(1) for m in chips}) != 1:
        return t
    gen, tiers, start = chips[0].group(1), {m.group(2) for m in chips}, chips[0].end()

    def named(m: re.Match[str]) -> str:
        return m.group(0) if m.group(2) in tiers else f"{m.group(1)} m{gen} {m.group(2)}"

    return t[:start] + _BARE_TIER_RE.sub(named, t[start:])


@cache
def _boards() -> dict[str, str]:
    return {fold(k): fold(v) for k, v in words().multi_gpu_boards.items()}


@cache
def _boards_re() -> re.Pattern[str]:
    """A board of several GPUs as typed (the lexicon's `multi_gpu_boards`), "intel" or a maker's name before it
    left as it is."""
    names = "|".join(longest_first(sorted(re.escape(k) for k in _boards())))
    return compile_cached(rf"(?<![\w-])({names})(?![\w-])")


@cache
def _after() -> dict[str, int]:
    return {fold(k): v for k, v in words().count_after_words.items()}


@cache
def _after_re() -> re.Pattern[str]:
    """A card number, then one of the lexicon's `count_after_words` ("3090 pair", "3090-paar", "3090s duo"),
    not "pair of" (a count before what it counts): the card and the count."""
    names = "|".join(longest_first(sorted(re.escape(k) for k in _after())))
    card = rf"{SERIES}(?:{LETTER_NUM}|{BARE_NUM}){SUFFIX}{MEM_SUFFIX}?"
    return compile_cached(rf"\b({card})(?:s|ern?)?[\s-]+({names})\b(?!\s+(?:of|di|de|von)\b)")


@cache
def _machine_dress_re() -> re.Pattern[str]:
    """A machine's name with its maker before it (after a count) or its chip in brackets after it."""
    names = "|".join(longest_first(sorted({re.escape(fold(n)) for n in words().machines})))
    return compile_cached(rf"(?P<count>\b\d{{1,2}}\s+x\s+|\b\d{{1,2}}\s+)?(?:\b(?:amd|nvidia|apple|intel)\s+)?"
                          rf"\b(?P<name>{names})(?:\s*\((?P<dress>[^()]*)\))?\s+")


_DRESS_SIZE_RE = compile_cached(rf"\b(\d{{2,3}})\s?{GB_UNIT}(?!\w)")


def _undressed(m: re.Match[str]) -> str:
    """The machine's name without its dress; a memory size in its brackets ("evo-x2 (395, 128go)") stays after
    it, as if said there."""
    size = _DRESS_SIZE_RE.search(m.group("dress") or "")
    return f"{m.group('count') or ''}{m.group('name')} {size.group(1) + 'gb ' if size else ''}"


@cache
def _filler_re() -> re.Pattern[str]:
    """A count, then one of the lexicon's `count_fillers` ("used", "gebrauchte", "usate") before what it counts."""
    lx = words()  # the shared lexicon: the setup one (`lexicon`) cleans its machine names with `clean`
    counts = "|".join(longest_first(sorted({re.escape(fold(w)) for lang in lx.languages.values()
                                            for w in lang.count_words if not w[:1].isdigit()})))
    fillers = "|".join(longest_first(sorted(re.escape(fold(w)) for w in lx.count_fillers)))
    return compile_cached(rf"\b(\d{{1,2}}\s+x|\d{{1,2}}|{counts})\s+(?:{fillers})\s+(?=\S)")


def _count_words() -> str:
    lx = words()
    return "|".join(longest_first(sorted({re.escape(fold(w)) for lang in lx.languages.values()
                                          for w in lang.count_words if not w[:1].isdigit()})))


@cache
def _noun_filler_re() -> re.Pattern[str]:
    """A count, then a noun for cards ("schede", "Karten", "placas"), then a card's number: the count is that card's."""
    nouns = "|".join(longest_first(sorted({re.escape(fold(w)) for w in words().card_nouns})))
    return compile_cached(rf"\b(\d{{1,2}}|{_count_words()})\s+(?:{nouns})\s+(?=(?:{SERIES}\s*)?\d{{3,4}}\b)")


def _alternation(said: tuple[str, ...]) -> str:
    return "|".join(longest_first(sorted(re.escape(fold(p)).replace(r"\ ", r"\s+") for p in said)))


@cache
def _corrected_re() -> re.Pattern[str]:
    """A vague count and its card, then a phrase that makes it exact ("ein paar 5090er, sagen wir vier", "a few
    3090s . let's say 3"; commas are full stops by then; one word may follow the card, "qualche 3090 usata, diciamo
    5"): the card at the exact count."""
    lx = words()
    vague = f"{_count_words()}|{_alternation(lx.vague_counts)}"
    card = rf"(?:{SERIES}\s*)?\d{{3,4}}[a-z]*(?:\s+(?:ti|super|xtx|xt))?"
    fixes = _alternation(lx.count_corrections)
    return compile_cached(rf"\b(?:{vague})\s+(?P<dev>{card})(?:\s+[a-z]+)?(?:\s+\.)?\s+(?:{fixes})"
                          rf"\s+(?P<n>\d{{1,2}}|{_count_words()})\b")
