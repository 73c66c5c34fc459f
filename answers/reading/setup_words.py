"""Setup phrases in a question → the cards (with counts), system RAM and its type.

    read("can I run llama 3 70b on 2x 3090 and 64 GB DDR5?")
    → SetupWords(cards=[("3090", 2)], ram_gb=64.0, ram_type="DDR5")

Pure: text in, words out; names are resolved later (the engine, against the hardware catalog).
The words of every language live in `answers/lexicon/<lang>.toml` (machines in common.toml); the shapes
(how a card number, an Apple chip, a memory size look) are rules here.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct, field

# long alternations: compiled once, then read from the start-up cache
from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon as words
from answers.reading.apple_typical import chip_for, offered_with, stand_in_name
from answers.reading.sizes import GB_UNIT, NUMBER, RAM_TYPE, terabytes_as_gb
from answers.reading.tokens import pro_first
from answers.reading.versus_words import joins, listed, sides, together_re  # the words that set two setups side by side
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


class SetupWords(Struct, frozen=True):
    """The cards, RAM and machine a question describes, as read from its words."""
    cards: list[tuple[str, int]] = field(default_factory=list)  # (card text, count), in reading order
    ram_gb: float | None = None  # system RAM beside discrete cards
    ram_type: str | None = None  # "DDR5", "DDR4"…
    laptop: bool = False
    unified: bool = False  # a unified-memory machine was named (Apple chip, Strix Halo, DGX Spark…)
    joined: bool = False  # cards joined by "+"/"&" ("3090 + 3060"): one machine, not a comparison
    # cards listed with only small words between ("one 3060, one 3090"): one machine unless the question is a
    # comparison (then `annotate` keeps the two sides)
    listed: bool = False
    typed: tuple[str, ...] = ()  # each device as typed (folded): "dgx spark", "mac studio m2 ultra"
    # Two setups set side by side ("2x 3090 or one a6000", "3090 + 3060 vs 4090"): the index in `cards`
    # where the second begins (answers/reading/versus_words.py); None when the cards are one machine or one card.
    split: int | None = None
    split_end: int | None = None  # where the second ends (a third side, from there, is `more_sides`)
    cuts: tuple[int, ...] = ()  # where each side after the first begins
    unified_cards: tuple[bool, ...] = ()  # per card: a unified-memory machine (Apple chip, DGX Spark…)
    again: tuple[str, ...] = ()  # a machine named once more ("… or the 890m"), as typed: no second device

    def side(self, k: int) -> list[tuple[str, int]]:
        """The cards of side 0 or 1 of a comparison."""
        if self.split is None:
            return list(self.cards) if k == 0 else []
        return list(self.cards[:self.split]) if k == 0 else list(self.cards[self.split:self.split_end])

    def more_sides(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """The sides after the second ("3090 vs 4060 ti vs 5060 ti": the 5060 Ti), each its cards."""
        ends = (*self.cuts[2:], len(self.cards))
        return tuple(tuple(self.cards[a:b]) for a, b in zip(self.cuts[1:], ends, strict=False) if b > a)

    @property
    def gpu_count(self) -> int:
        return sum(n for _, n in self.cards)

    @property
    def is_setup(self) -> bool:
        """More than one card, RAM beside a card, a laptop part or a unified machine: not a plain card."""
        several = any(n > 1 for _, n in self.cards) or ((self.joined or self.listed) and len(self.cards) > 1)
        return bool(self.cards) and (several or self.ram_gb is not None or self.laptop or self.unified)


# ------------------------------------------------------------------------------------------ shapes
# A card number as people type it: letter-prefixed data-centre/workstation names (A100, H100, L40S,
# MI300X, GB200, P40, B200), bare GeForce/Radeon numbers (3090, 4060, 7900, 580), optional series words
# before and Ti/Super/XT suffixes after, optional memory ("A100 80GB").
_SERIES = r"(?:(?:nvidia|amd|intel|geforce|radeon|quadro|tesla|instinct|arc|titan|rtx|gtx|rx|pro)\s+)*"
_LETTER_NUM = (r"(?:gb\d{2,3}|mi\d{2,3}[a-z]?|rtx\s?a\d{4}|a\d{2,4}|h\d{2,3}|b\d{2,3}|l\d{2}s?|[lpt]4|p\d{2,3}"
               r"|v\d{3}|k\d{2}|m\d0)")
_BARE_NUM = r"(?:[1-9]0[5-9]0|1[06][5-8]0|[6-9][5-9]00|[5-9][78]0)"
# The words of a full name after the number ("H100 PCIe 80GB", "V100-PCIE-32GB", "H100 NVL"): the device
# keeps them, so a setup's card is resolved from the whole name as a single card is.
_SUFFIX = r"(?:[\s-]*(?:ti|super|xtx|xt|gre|max-q|d|pcie|sxm[2-6]?|nvl)\b)*"
MEM_SUFFIX = rf"(?:[\s-]?\d{{1,3}}\s?{GB_UNIT})"
# named by a word ("due titan rtx"), workstation ("rtx pro 6000")
_NAMED = r"(?:titan\s+(?:rtx|xp|x|v)|(?:rtx\s+pro|rtx|pro)\s+[2-6]000(?:\s+(?:ada|blackwell)(?:\s+generation)?)?)"
_CARD = (rf"{_SERIES}(?:{_LETTER_NUM}|{_BARE_NUM}|{_NAMED})(?:s|ern?)?{_SUFFIX}(?=\W|$){MEM_SUFFIX}?"
         rf"(?:[\s-]*(?:pcie|sxm[2-6]?|nvl)\b)?")
_CHIP = r"m[1-5](?:\s+(?:pro|max|ultra))?(?:\s+\(?\d{2}[- ]core(?:\s+gpu)?\)?)?"


_BANDWIDTH_RE = compile_cached(r"\b\d+(?:[.,]\d+)?\s?(?:gb|go|tb)\s?(?:/\s?s|ps)\b")


def clean(text: str) -> str:
    """The text as the setup reader matches it: folded, "6000 pro" put in the catalog's order, bandwidths and
    multiplication signs made harmless (answers/reading/setup_annotate.py compares names the same way)."""
    t = pro_first(fold(text))
    t = _BANDWIDTH_RE.sub(" ", t)  # "GB10, 273 GB/s": a bandwidth, never a card's memory
    t = re.sub(r"[×✕*]", " x ", t)
    t = t.replace("=", " . ")  # "4090+3090 = 48gb": the sum, never the last card's own memory
    t = re.sub(r"\b(m[1-5])-?(pro|max|ultra)\b", r"\1 \2", t)  # "M3Max", "m3-max": the chip and its tier
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
    # "2x AMD Strix Halo", "Ryzen AI Max+ 395 (Radeon 8060S) 128GB x2": the maker's name after a count and the
    # chip in brackets after a machine's name stand between the machine and its count or memory
    t = _machine_dress_re().sub(lambda m: f"{m.group('count') or ''}{m.group('name')} ", t)
    t = _boards_re().sub(lambda m: _boards()[m.group(1)], t)  # "arc pro b60 dual": two GPUs on one board
    return " ".join(t.split())


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
    card = rf"{_SERIES}(?:{_LETTER_NUM}|{_BARE_NUM}){_SUFFIX}{MEM_SUFFIX}?"
    return compile_cached(rf"\b({card})(?:s|ern?)?[\s-]+({names})\b(?!\s+(?:of|di|de|von)\b)")


@cache
def _machine_dress_re() -> re.Pattern[str]:
    """A machine's name with its maker before it (after a count) or its chip in brackets after it."""
    names = "|".join(longest_first(sorted({re.escape(fold(n)) for n in words().machines})))
    return compile_cached(rf"(?P<count>\b\d{{1,2}}\s+x\s+|\b\d{{1,2}}\s+)?(?:\b(?:amd|nvidia|apple|intel)\s+)?"
                          rf"\b(?P<name>{names})(?:\s*\([^()]*\))?\s+")


@cache
def _filler_re() -> re.Pattern[str]:
    """A count, then one of the lexicon's `count_fillers` ("used", "gebrauchte", "usate") before what it counts."""
    lx = words()  # the shared lexicon: the setup one (`lexicon`) cleans its machine names with `clean`
    counts = "|".join(longest_first(sorted({re.escape(fold(w)) for lang in lx.languages.values()
                                            for w in lang.count_words if not w[:1].isdigit()})))
    fillers = "|".join(longest_first(sorted(re.escape(fold(w)) for w in lx.count_fillers)))
    return compile_cached(rf"\b(\d{{1,2}}\s+x|\d{{1,2}}|{counts})\s+(?:{fillers})\s+(?=\S)")


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    lx = lexicon()
    # Longest first, alphabetical among equal lengths: the same source in every process (a set's order
    # changes with the hash seed), so the start-up cache finds it.
    counts = "|".join(longest_first(sorted(re.escape(w) for w in lx.counts)))
    machines = "|".join(longest_first(sorted(re.escape(w) for w in lx.machines)))
    apple = "|".join(longest_first(sorted(re.escape(w) for w in lx.apple_machines)))
    laptop = "|".join(re.escape(w) for w in lx.laptop)
    links = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in lx.laptop_links)
    ram = "|".join(re.escape(w) for w in lx.ram)
    # A bare count before a data-centre name ("on 4 a100", "su 8 h100", "sur 8 h200") only after a word that
    # puts a card after it: "llama 3 h100" stays Llama 3 on one H100.
    before = "|".join(longest_first(sorted(re.escape(w) for w in lx.card_words)))
    nouns = "|".join(longest_first(sorted(re.escape(fold(w)) for w in words().ram_channel_words)))
    # One device: [count] (machine | apple machine + chip | chip | card) [laptop] [x count]
    device = compile_cached(
        rf"(?:(?P<num>\d{{1,2}})\s+x\s+|\b(?P<word>{counts})\s+(?:(?:of|di|de|x)\s+)?"
        rf"|(?<![\w.])(?P<bare>\d{{1,2}})\s+(?=(?:rtx|gtx|rx|radeon|geforce|nvidia|amd)\b|{_BARE_NUM}(?:s|ern?)?\b)"
        rf"|(?<![\w.])(?:{before})\s+(?P<dc>\d{{1,2}})\s+(?={_LETTER_NUM}(?:s|ern?)?\b))?"
        rf"(?P<lap1>(?:{laptop})\s+(?:(?:{links})\s+)?)?"
        rf"(?P<dev>(?<!gtx )(?<!geforce )(?:{machines})\b(?:{MEM_SUFFIX})?"  # "gtx 780m": NVIDIA's, not the Radeon iGPU
        rf"|(?:(?:{apple})\s+)*(?<!tesla )(?<!minimax )(?<!\w-)\b{_CHIP}\b(?![.,]\d)(?:{MEM_SUFFIX})?|\b{_CARD})"
        # ("minimax-m2.1", "m2.5": a model's name and version, never an Apple chip)
        rf"(?P<lap2>\s+(?:gpu\s+)?(?:{laptop})\b)?"
        rf"(?:\s+x\s+(?P<after>\d{{1,2}})\b)?"
    )
    # "64 GB DDR5", "96gb dual channel ddr5-6000", "ddr5-6000 96gb": the channels and speed may sit between
    # (answers/reading/ram_words.py reads them).
    channel = rf"(?:\w+[\s-]?(?:{nouns})\s+)"
    speed = r"(?:\s*[-@]?\s*\d{3,5}(?:\s*(?:mt/s|mts|mhz))?)"
    ram_re = compile_cached(
        # "64 gb di memoria ddr4", "64 go de mémoire DDR5": a RAM type a word or two on says what the size is
        rf"(?P<gb3>{NUMBER})\s?{GB_UNIT}\s+(?:(?!vram\b)[a-z]+\s+){{1,2}}(?P<type3>{RAM_TYPE})\b"
        rf"|(?P<gb>{NUMBER})\s?{GB_UNIT}\s*(?:(?:of|di|de|an)\s+)?{channel}?(?P<type>{RAM_TYPE})?\s*(?P<word>{ram})?\b"
        rf"|(?P<type2>{RAM_TYPE}){speed}?\s+(?P<gb2>{NUMBER})\s?{GB_UNIT}"
    )
    ram_type_re = compile_cached(rf"\b({RAM_TYPE})\b")
    apple_re = compile_cached(rf"\b(?:{apple})\b")
    return device, ram_re, ram_type_re, apple_re


class _Devices(Struct):
    """The devices a question names, in order, with where each was typed (a RAM size inside one of these
    spans is that card's own memory, and the text between spans says whether the cards are pooled)."""

    cards: list[tuple[str, int]] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)
    unified_cards: list[bool] = field(default_factory=list)
    laptop: bool = False
    unified: bool = False  # set by an Apple chip or unified machine even when its count is then refused
    again: list[str] = field(default_factory=list)  # a machine named once more, as typed


def read(text: str) -> SetupWords:
    """Cards with counts, RAM and its type, as the question states them."""
    t = without_processors(clean(text or ""))
    if not t.strip():
        return SetupWords()
    lx = lexicon()
    device_re, ram_re, ram_type_re, apple_re = _patterns()
    has_apple_context = bool(apple_re.search(t))
    found = _read_devices(t, device_re, lx, has_apple_context)
    cards, spans, unified = found.cards, found.spans, found.unified
    if len(cards) == 1 and cards[0][1] == 1 and not unified:
        cards = _count_said_apart(t, cards[0][0], lx, spans[0][0] if spans else None)
    ram_gb, ram_type = _read_ram(t, ram_re, ram_type_re, spans)
    if not cards and (has_apple_context or _says_unified(t)):
        mac = _mac_by_memory(t)
        if mac is not None:
            cards, unified = [(mac, 1)], True
    if unified:
        # A unified machine's memory is its GPU's pool: "M4 Max with 128 GB RAM", "Strix Halo, 128GB".
        cards = _sized_by_pool(t, cards, ram_gb, spans, found.unified_cards)
        ram_gb = None
    betweens = [t[a[1]:b[0]] for a, b in zip(spans, spans[1:], strict=False)]  # neighbouring spans

    cuts = sides(t, betweens)
    if not cuts and len(cards) == 2 and all(found.unified_cards) and cards[0][0] != cards[1][0]:
        # Two different whole machines ("jetson agx orin … und der jetson thor dagegen", "m4 max and a dgx
        # spark"): their memories never pool, so they are set side by side, whatever joins their names.
        cuts = (1,)
    split, split_end = (cuts[0] if cuts else None), (cuts[1] if len(cuts) > 1 else None)
    pooled = [joins(b, t) for k, b in enumerate(betweens) if split is None or k + 1 != split]
    joined = any(pooled)
    in_list = split is None and not joined and bool(betweens) and all(listed(b, t) for b in betweens)
    typed = tuple(t[a:b] for a, b in spans)
    return SetupWords(cards, ram_gb, ram_type, found.laptop, unified, joined, in_list, typed, split, split_end,
                      cuts, tuple(found.unified_cards), tuple(found.again))


def without_processors(t: str) -> str:
    """The text with every processor named blanked out, each character a space so the devices' offsets stay
    the text's: "ryzen 7 7700, rx 7800 xt" names one card, never a Radeon RX 7700 beside it ("ryzen 5 7600",
    "ryzen 9 7900" alike). The processors' shapes are the lexicon's `cpu_names` (common.toml)."""
    for pattern in words().cpu_names:
        t = pattern.sub(lambda m: " " * len(m.group(0)), t)
    return t


def _read_devices(t: str, device_re: re.Pattern[str], lx: Lexicon, has_apple_context: bool) -> _Devices:
    """Every card, Apple chip or named machine in the text, with its count."""
    found = _Devices()
    machines: list[str | None] = []  # per device found: the machine it names, when named as one
    for m in device_re.finditer(t):
        dev = m.group("dev").strip()
        named = _device_name(t, m, dev, lx, has_apple_context)
        if named is None:
            continue
        name, this_unified = named
        # "m2 8 giga", "m3 max 64 gigs", "7900 xtx 24go": the memory in the unit the card names use
        name = re.sub(rf"(\d{{1,3}})\s?(?!gb\b){GB_UNIT}", r"\1 GB", name)
        if found.cards and together_re().match(t, m.end("dev") + 1):
            # "4090+3090 48gb total", "3090 + 3060, 36 GB insgesamt": the size is the machine's sum, not this card's
            name = re.sub(rf"{MEM_SUFFIX}$", "", name).strip()
        found.unified = found.unified or this_unified
        end = m.end("dev")
        if this_unified and not re.search(MEM_SUFFIX, name):
            name, end = _bare_memory_after(t, name, end)
        count = _device_count(t, m, dev, lx)
        if not (1 <= count <= MAX_COUNT):
            continue
        said = _machine_words(dev, lx)  # "framework desktop", "ryzen ai max+ 395": both name Strix Halo
        if m.group("lap1") or m.group("lap2"):
            found.laptop = True
            if said is None and not this_unified:  # a laptop's chip with its graphics has no "Mobile" card
                name = f"{name} Mobile"
        machine = None if said is None else lx.machines[said]
        same_gap = bool(machines) and _same_device_gap(t[found.spans[-1][1]:m.start("dev")])
        if machine is not None and machine in machines and not (machines[-1] == machine and same_gap) \
                and found.cards[machines.index(machine)][1] == count:
            # "ryzen ai 9 hx 370 … or should I use the 890m": the same machine named again, once more as its
            # chip, is one machine, not two set side by side ("2x dgx spark or one" keeps both: counts differ)
            found.again.append(t[m.start("dev"):end])
            continue
        if machine is not None and machines and machines[-1] == machine and same_gap:
            # "framework desktop ryzen ai max+ 395 128gb", "dgx spark (gb10)": one machine named by its
            # product and then by its chip, not two; the later name carries the memory when one does.
            (before, n_before), (start, _) = found.cards[-1], found.spans[-1]
            found.cards[-1] = (name if len(name) >= len(before) else before, max(count, n_before))
            found.spans[-1] = (start, m.end("dev"))
            continue
        if count == 1 and _named_again(t, found, name, m.start("dev"), machine, machines):
            continue  # "2x mi50 or a 3090? rocm for mi50 is dead": the same card talked about, not a third one
        found.cards.append((name, count))
        found.spans.append((m.start("dev"), end))
        found.unified_cards.append(this_unified)
        machines.append(machine)
    return found


def _named_again(t: str, found: _Devices, name: str, start: int, machine: str | None,
                 machines: list[str | None]) -> bool:
    """A device named again further on, with no count of its own: the same machine under another of its
    names ("ryzen ai 9 hx 370 … the 890m igpu"), or the same card several words after its first mention."""
    if machine is not None and machine in machines:
        return True
    base = re.sub(rf"{MEM_SUFFIX}$", "", name).strip().split()
    for (before, _), (_, end) in zip(found.cards, found.spans, strict=True):
        # "rtx 3060 12gb … le 3060 costano meno": the same card by the end of its name, its maker's word dropped
        earlier = re.sub(rf"{MEM_SUFFIX}$", "", before).strip().split()
        same = earlier[-len(base):] == base and any(ch.isdigit() for ch in base[0])
        if same and _apart(t[end:start]):
            return True
    return False


def _apart(gap: str) -> bool:
    """Words enough between two mentions of one card for the second to be talk about it, not a second card:
    over three words, or a clause after a comma or a sentence's end (both are " . " in the cleaned text:
    "2x 3090 or a 4090 + 3060? the 3060 …", "rtx 3090 and rtx 3060, would the 3060 …"). "3060, 3060" and
    "3060 + 3060" stay two cards."""
    if len(gap.split()) > 3:
        return True
    head, dot, tail = gap.rpartition(" . ")
    return bool(dot) and bool(tail.split()) and "+" not in gap


# What may stand between a machine's product name and its chip's name for both to be one machine.
_SAME_DEVICE_GAP = compile_cached(r"[\s,:()\[\]/-]*")


def _same_device_gap(gap: str) -> bool:
    """Only punctuation, or a linking word ("framework desktop with strix halo", "mit", "con"), between two names
    of the same machine."""
    return _SAME_DEVICE_GAP.fullmatch(gap) is not None or (
        len(gap.split()) <= 2 and all(w.strip(",:()[]/-") in words().machine_links for w in gap.split()))


def _machine_words(dev: str, lx: Lexicon) -> str | None:
    """The longest phrase of the lexicon's machine table a device's words start with ("framework desktop",
    "ryzen ai max+ 395"), or None for a card or chip named as such."""
    return next((k for k in longest_first(lx.machines) if dev == k or dev.startswith(k + " ")), None)


def _device_name(t: str, m: re.Match[str], dev: str, lx: Lexicon, has_apple_context: bool) -> tuple[str, bool] | None:
    """The name to resolve and whether the device shares its memory with the system (an Apple chip, a unified
    machine), or None when the words are no device after all."""
    chip = re.search(rf"\b{_CHIP}\b", dev)
    key = _machine_words(dev, lx)
    if chip and key is None and not re.match(rf"^{_SERIES}(?:{_LETTER_NUM}|{_BARE_NUM})", dev):
        # "M4" alone is also a Tesla card and a MiniMax model: an Apple chip needs a tier, a Mac or a size.
        tiered = chip.group(0).strip() != chip.group(0).split()[0]
        if not (tiered or has_apple_context or re.search(MEM_SUFFIX, dev)
                or _sized_nearby(t, m.start("dev"), m.end("dev"))):
            return None
        return dev[chip.start():], True
    if key is not None:
        return lx.machines[key] + dev[len(key):], lx.machines[key] != "Arc Pro B70"
    # "3090s", "3090er", "mit zwei 3090ern": a plural; a lettered name keeps its s ("l40s" is the L40S,
    # "a5000s" two A5000s): the card resolver decides (answers/facts/setups.py, plural_or_name).
    name = re.sub(r"(?<=\d)(ern?)\b", "", dev)
    if not re.match(rf"^{_SERIES}{_LETTER_NUM}s\b", dev):
        name = re.sub(r"(?<=\d)s\b", "", name)
    return name, False


_BARE_AFTER = compile_cached(r"\s*(\d{2,3})(?![\w.,])")
# The memories the other unified machines are sold with (Strix Halo 32-128 GB, GB10 128 GB, Jetson AGX Orin
# 32/64 GB): a bare number among them right after the machine's name is its memory; the resolver then picks
# the variant, as for "strix halo 64gb".
_UNIFIED_SIZES = frozenset({32, 64, 96, 128})


def _bare_memory_after(t: str, name: str, end: int) -> tuple[str, int]:
    """"m4 max 128", "mac studio m3 ultra 512": a bare number right after an Apple chip is its memory when
    Apple sells that chip with that much (answers/reading/apple_typical.py); the name gets the size and its
    span grows over it, so the number is never read again as RAM or a count."""
    hit = _BARE_AFTER.match(t, end)
    if hit is None:
        return name, end
    chip = re.search(rf"\b{_CHIP}\b", name)
    if chip is not None:
        tier = re.sub(r"\s+\(?\d{2}[- ]core.*$", "", chip.group(0))
        if not offered_with(tier, float(hit.group(1))):
            return name, end
    elif int(hit.group(1)) not in _UNIFIED_SIZES:  # "framework desktop 64", "dgx spark 128"
        return name, end
    return f"{name} {hit.group(1)} GB", hit.end()


_GERMAN_PLURAL = compile_cached(r"\dern?$")


def _device_count(t: str, m: re.Match[str], dev: str, lx: Lexicon) -> int:
    """How many of the device: a number or count word in the match, else one stated just before a card."""
    count = 1
    for g in ("num", "bare", "dc", "after"):
        # a German plural ("reichen 2 3090er") says the number is a count whatever word comes before it
        if m.group(g) and (g != "bare" or _bare_count_allowed(t[:m.start("bare")]) or _GERMAN_PLURAL.search(dev)):
            count = int(m.group(g))
    if m.group("word"):
        count = lx.counts[m.group("word")]
    elif count == 1 and re.match(rf"^{_SERIES}{_LETTER_NUM}", dev):
        count = _count_before(t[:m.start("dev")], count)
    return count


# "a single 4090", "une seule", "una sola", "eine einzige", "uma só": the card is said to be one, so a count of cards
# said after it ("or do I need 2 cards?") is the other option asked, not this card's count
_SINGLE_BEFORE = compile_cached(r"\b(single|only one|just one|one|une seule|un seul|seule|seul|una sola|un solo|"
                                r"uno solo|una unica|eine einzige|einer einzigen|nur eine|nur einer|eine|uma so|"
                                r"uma unica|so uma|apenas uma)\s+(?:\S+\s+)?$")


def _count_said_apart(t: str, name: str, lx: Lexicon, at: int | None = None) -> list[tuple[str, int]]:
    """"a p40 … across 2 cards", "3090, split over two gpus": the one card named, that many times; not when the
    card is said to be one ("one 4090 enough, or do I need 2 cards?": the two are the alternative asked)."""
    said = _count_re().search(t)
    if said is not None and at is not None and at < said.start() and _SINGLE_BEFORE.search(t[:at]):
        return [(name, 1)]
    if said is not None:
        n = int(said.group(1)) if said.group(1).isdigit() else lx.counts.get(said.group(1), 1)
        if 2 <= n <= MAX_COUNT:
            return [(name, n)]
    return [(name, 1)]


def _read_ram(t: str, ram_re: re.Pattern[str], ram_type_re: re.Pattern[str],
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


def _mac_by_memory(t: str) -> str | None:
    """"mac with 64gb", "64gb unified memory", "macbook pro 48gb": a Mac named by its memory only; the setup
    builder rates it as a typical chip of that memory (answers/reading/apple_typical.py)."""
    sizes = {float(m.group(1)) for m in re.finditer(rf"\b({NUMBER})\s?{GB_UNIT}", t)}
    if len(sizes) == 1 and chip_for(stand_in_name(next(iter(sizes)))) is not None:
        return stand_in_name(next(iter(sizes)))
    return None


def _sized_by_pool(t: str, cards: list[tuple[str, int]], ram_gb: float | None,
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


def _sized_nearby(t: str, start: int, end: int) -> bool:
    """"an m2 with 16gb", "un m1 de 8gb", "a 24gb m4": a memory size beside the chip (one short word between
    at most) makes a bare chip name an Apple chip of that memory."""
    after = re.match(rf"\s+(?:[a-z]{{1,4}}\s+)?{NUMBER}\s?{GB_UNIT}", t[end:])
    before = re.search(rf"{NUMBER}\s?{GB_UNIT}\s+$", t[:start])
    return after is not None or before is not None


_BARE_BEFORE_RE = compile_cached(r"(?:^|(?<![\w.\-/])([\w'.\-/]+)\s+)(\d{1,2})\s+$")


def _count_before(before: str, count: int) -> int:
    """"can 8 h200 run…", "8 mi300x for…", "deepseek-v3 8 h100": a bare count before a lettered name, where
    a bare count may stand (`_count_word_ok`); after a name's word it is the name's ("llama 3 h100")."""
    hit = _BARE_BEFORE_RE.search(before)
    if hit is None or not (hit.group(1) is None or _count_word_ok(hit.group(1))):
        return count
    return int(hit.group(2))


def _bare_count_allowed(before: str) -> bool:
    """A bare number before a card ("on 2 3090s", "235b 4 3090s") is a count; one that ends a model's name
    is not: "phi 4 4090", "gemma 3 3090", "phi-4 4060 ti" name one card."""
    if before and not before[-1].isspace():
        return False  # "phi-4", "qwen/4": joined to the word before it
    words = before.split()
    return not words or _count_word_ok(words[-1])


def _count_word_ok(word: str) -> bool:
    """The word before a bare count lets it be one: a function word of any language ("on", "su", "mit"), or
    a word with a digit, which no name continues with another bare number ("235b 4 3090s", "v3 8 h100")."""
    return word in _function_words() or any(c.isdigit() for c in word)


@cache
def _function_words() -> frozenset[str]:
    return frozenset(fold(w) for lang in words().languages.values() for w in lang.function_words)


@cache
def _count_re() -> re.Pattern[str]:
    counts = "|".join(longest_first(sorted(re.escape(w) for w in lexicon().counts)))
    nouns = "|".join(sorted({re.escape(fold(w)) for w in words().card_nouns | words().count_nouns}))
    return compile_cached(rf"(?<![\w.])(\d{{1,2}}|{counts})\s+(?:x\s+)?(?:{nouns})\b")


@cache
def _unified_re() -> re.Pattern[str]:
    phrases = longest_first({fold(p) for p in words().unified_memory_phrases})
    return compile_cached(r"\b(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases) + r")\b")


def _says_unified(t: str) -> bool:
    return _unified_re().search(t) is not None


_POOLED_RE = compile_cached(r"\+|&")
