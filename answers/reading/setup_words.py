"""Setup phrases in a question → the cards (with counts), system RAM and its type.

    read("can I run llama 3 70b on 2x 3090 and 64 GB DDR5?")
    → SetupWords(cards=[("3090", 2)], ram_gb=64.0, ram_type="DDR5")

Pure: text in, words out; names are resolved later (the engine, against the hardware catalog).
The words of every language live in `answers/lexicon/<lang>.toml` (machines in common.toml); the shapes
(how a card number, an Apple chip, a memory size look) and the cleaned text are answers/reading/setup_text.py's,
the counts answers/reading/setup_counts.py's, the memory said beside the devices answers/reading/setup_memory.py's.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct, field

# long alternations: compiled once, then read from the start-up cache
from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon as words
from answers.reading import hardware_context
from answers.reading.setup_counts import count_said_apart, device_count
from answers.reading.setup_memory import (
    bare_memory_after,
    mac_by_memory,
    machine_of_share,
    read_ram,
    says_unified,
    sized_by_pool,
    sized_nearby,
)
from answers.reading.setup_text import (
    BARE_NUM,
    CARD,
    CHIP,
    LETTER_NUM,
    MAX_COUNT,
    MEM_SUFFIX,
    SERIES,
    Lexicon,
    clean,
    lexicon,
)
from answers.reading.sizes import GB_UNIT, NUMBER, RAM_TYPE
from answers.reading.versus_words import joins, listed, sides, together_re  # the words that set two setups side by side
from catalog.text import fold

__all__ = ["MEM_SUFFIX", "SetupWords", "clean", "lexicon", "read", "without_processors"]


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
        rf"|(?<![\w.])(?P<bare>\d{{1,2}})\s+(?=(?:rtx|gtx|rx|radeon|geforce|nvidia|amd)\b|{BARE_NUM}(?:s|ern?)?\b)"
        rf"|(?<![\w.])(?:{before})\s+(?P<dc>\d{{1,2}})\s+(?={LETTER_NUM}(?:s|ern?)?\b))?"
        rf"(?P<lap1>(?:{laptop})\s+(?:(?:{links})\s+)?)?"
        rf"(?P<dev>(?<!gtx )(?<!geforce )(?:{machines})\b(?:{MEM_SUFFIX})?"  # "gtx 780m": NVIDIA's, not the Radeon iGPU
        rf"|(?:(?:{apple})\s+)*(?<!tesla )(?<!minimax )(?<!\w-)\b{CHIP}\b(?![.,]\d)(?:{MEM_SUFFIX})?|\b{CARD})"
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
        cards = count_said_apart(t, cards[0][0], lx, spans[0][0] if spans else None)
    ram_gb, ram_type = read_ram(t, ram_re, ram_type_re, spans)
    if not cards and (has_apple_context or says_unified(t)):
        mac = mac_by_memory(t)
        if mac is not None:
            cards, unified = [(mac, 1)], True
    if unified:
        # A unified machine's memory is its GPU's pool: "M4 Max with 128 GB RAM", "Strix Halo, 128GB".
        cards = sized_by_pool(t, cards, ram_gb, spans, found.unified_cards)
        cards = [(machine_of_share(n), c) for n, c in cards]  # "strix halo 96gb": the 128 GB machine
        ram_gb = None
    betweens = [t[a[1]:b[0]] for a, b in zip(spans, spans[1:], strict=False)]  # neighbouring spans

    cuts = sides(t, betweens)
    if not cuts and len(cards) == 2 and all(found.unified_cards) and cards[0][0] != cards[1][0]:
        # Two different whole machines ("jetson agx orin … und der jetson thor dagegen", "m4 max and a dgx
        # spark"): their memories never pool, so they are set side by side, whatever joins their names.
        cuts = (1,)
    if not cuts and _laptop_beside_desktop(cards, betweens):
        cuts = (1,)
    split, split_end = (cuts[0] if cuts else None), (cuts[1] if len(cuts) > 1 else None)
    pooled = [joins(b, t) for k, b in enumerate(betweens) if split is None or k + 1 != split]
    joined = any(pooled)
    in_list = split is None and not joined and bool(betweens) and all(listed(b, t) for b in betweens)
    typed = tuple(t[a:b] for a, b in spans)
    return SetupWords(cards, ram_gb, ram_type, found.laptop, unified, joined, in_list, typed, split, split_end,
                      cuts, tuple(found.unified_cards), tuple(found.again))


def _laptop_beside_desktop(cards: list[tuple[str, int]], betweens: list[str]) -> bool:
    """A laptop's chip and a desktop card ("rtx 4090 laptop 16gb, is it like a desktop 4080?") are two machines
    set side by side, never one pool: a laptop holds its own GPU only. "+" or a together word still pools them
    (an external enclosure beside the laptop)."""
    if len(cards) != 2 or len(betweens) != 1 or together_re().search(betweens[0]) or "+" in betweens[0]:
        return False
    return ("mobile" in fold(cards[0][0])) != ("mobile" in fold(cards[1][0]))


def without_processors(t: str) -> str:
    """The text with every processor named blanked out, each character a space so the devices' offsets stay
    the text's: "ryzen 7 7700, rx 7800 xt" names one card, never a Radeon RX 7700 beside it ("ryzen 5 7600",
    "ryzen 9 7900" alike). The processors' shapes are the lexicon's `cpu_names` (common.toml)."""
    for pattern in words().cpu_names:
        t = pattern.sub(lambda m: " " * len(m.group(0)), t)
    return hardware_context.blank_chipsets(t)  # "aufm b650 board": a motherboard, never a card


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
            name, end = bare_memory_after(t, name, end)
        count = device_count(t, m, dev, lx)
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
    chip = re.search(rf"\b{CHIP}\b", dev)
    key = _machine_words(dev, lx)
    if chip and key is None and not re.match(rf"^{SERIES}(?:{LETTER_NUM}|{BARE_NUM})", dev):
        # "M4" alone is also a Tesla card and a MiniMax model: an Apple chip needs a tier, a Mac or a size.
        tiered = chip.group(0).strip() != chip.group(0).split()[0]
        if not (tiered or has_apple_context or re.search(MEM_SUFFIX, dev)
                or sized_nearby(t, m.start("dev"), m.end("dev"))):
            return None
        return dev[chip.start():], True
    if key is not None:
        return lx.machines[key] + dev[len(key):], lx.machines[key] != "Arc Pro B70"
    # "3090s", "3090er", "mit zwei 3090ern": a plural; a lettered name keeps its s ("l40s" is the L40S,
    # "a5000s" two A5000s): the card resolver decides (answers/facts/setups.py, plural_or_name).
    name = re.sub(r"(?<=\d)(ern?)\b", "", dev)
    if not re.match(rf"^{SERIES}{LETTER_NUM}s\b", dev):
        name = re.sub(r"(?<=\d)s\b", "", name)
    return name, False



_POOLED_RE = compile_cached(r"\+|&")
