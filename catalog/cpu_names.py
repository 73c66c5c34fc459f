"""Processor names as people type them: "7950x", "Ryzen 9 7950X3D", "i9-13900k", "EPYC 9654",
"w9-3495x", "xeon 8480+", "threadriper pro 7995wx", "M4 Max".

`resolve_cpu` reads a name against catalog/data/hardware/cpus.json, first hit wins:

1. the whole name, vendor and filler words dropped ("amd", "intel", "core", "processor", "16 cores"),
   exactly as a record's name;
2. a model number in it ("7950x3d", "13900k", "9654", "w93495x"): a word, or two words run together,
   that is one record's model number (four characters or more, a digit among them);
3. rapidfuzz on the whole name for typos, kept only when its numbers are the record's numbers (a "9634"
   is not a "9654", whatever the score);
4. a series and a core count ("EPYC, 96 cores", "threadripper pro 64 cores"): the newest listed part of
   that series with that many cores, a plain model number before a lettered one (EPYC 9655 before
   9655P). A default, not a guess at random: the answer names the part it took (score `SERIES_SCORE`).

Nothing is guessed past that: an unknown name resolves to None and the RAM is read as said.
"""

from __future__ import annotations

import re
from functools import cache

from msgspec import Struct

from .cpus import CpuRecord, load_cpus
from .text import fold

FUZZY_CUTOFF = 88.0
SERIES_SCORE = 80.0  # a part picked from a series and a core count
_SERIES = frozenset({"epyc", "threadripper", "xeon", "ryzen"})
_DROP = frozenset({"amd", "intel", "apple", "processor", "cpu", "core", "the", "a", "my", "an", "with", "chip"})
_CORES_RE = re.compile(r"\b(\d{1,3})\s*-?\s*(?:cores?|kerne|coeurs?|nucle[oi]s?|n[uú]cleos?)\b")
_DIGITS_RE = re.compile(r"\d+")


class CpuMatch(Struct, frozen=True):
    """A processor found for a name, how it was found, and a core count said beside it."""

    cpu: CpuRecord
    score: float  # 100: exact name or model number; lower: a typo mended by rapidfuzz
    cores_said: int | None = None  # "16 cores" typed with the name (wins over the record's count)


def _words(text: str) -> list[str]:
    folded = fold(text).replace("+", " plus ")
    folded = _CORES_RE.sub(" ", folded)
    return [w for w in re.split(r"[^a-z0-9]+", folded) if w and w not in _DROP]


def _key(text: str) -> str:
    return "".join(_words(text))


def _model_number(record: CpuRecord) -> str:
    """The last word of the name, with a trailing "+" ("8480+" → "8480plus")."""
    words = _words(record.name)
    last = words[-1]
    if last == "plus" and len(words) > 1:
        last = words[-2] + "plus"
    # "w9-3495X": the tier and the number are typed together ("w9 3495x", "w93495x")
    if len(words) > 1 and re.fullmatch(r"w[3579]", words[-2]):
        last = words[-2] + last
    # "HX 370", "Max 390": a bare number is typed with the word before it ("hx370", "max 390")
    elif len(words) > 1 and last.isdigit() and words[-2].isalpha() and len(words[-2]) <= 3:
        last = words[-2] + last
    return last


class _Index(Struct, frozen=True):
    names: dict[str, CpuRecord]  # whole-name key → record
    numbers: dict[str, CpuRecord]  # model-number key → record (unique ones only)
    keys: list[str]  # every whole-name key, for rapidfuzz


@cache
def _index() -> _Index:
    names: dict[str, CpuRecord] = {}
    counts: dict[str, list[CpuRecord]] = {}
    for r in load_cpus():
        if not _words(r.name):
            continue  # the unnamed Arm CPU: taken only for an Arm processor nothing else matches
        names[_key(r.name)] = r
        number = _model_number(r)
        if len(number) >= 4 and any(c.isdigit() for c in number):
            counts.setdefault(number, []).append(r)
            if number.endswith("plus"):  # "8480+" typed without its plus
                counts.setdefault(number.removesuffix("plus"), []).append(r)
    numbers = {k: v[0] for k, v in counts.items() if len(v) == 1}
    return _Index(names, numbers, list(names))


def _number_hit(words: list[str], numbers: dict[str, CpuRecord]) -> CpuRecord | None:
    tokens = words + [a + b for a, b in zip(words, words[1:], strict=False)]
    hits = [numbers[t] for t in tokens if t in numbers]
    return max(hits, key=lambda r: len(_model_number(r))) if hits else None


def _fuzzy(key: str, index: _Index) -> tuple[CpuRecord, float] | None:
    # lazy: rapidfuzz's C++ extension only for a name that needs mending
    from rapidfuzz import fuzz, process

    found = process.extractOne(key, index.keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if found is None:
        return None
    record = index.names[found[0]]
    if _DIGITS_RE.findall(key) != _DIGITS_RE.findall(found[0]):
        return None
    return record, float(found[1])


def resolve_cores(text: str) -> int | None:
    """A core count said in a name ("12 cores", "8-core"), or None."""
    cores = _CORES_RE.search(fold(text))
    return int(cores.group(1)) if cores else None


def resolve_cpu(text: str) -> CpuMatch | None:
    """The processor a name means, or None when it names none we list."""
    cores = _CORES_RE.search(fold(text))
    said = int(cores.group(1)) if cores else None
    words = _words(text)
    if not words:
        return None
    index = _index()
    key = "".join(words)
    if key in index.names:
        return CpuMatch(index.names[key], 100.0, said)
    hit = _number_hit(words, index.numbers)
    if hit is not None:
        return CpuMatch(hit, 100.0, said)
    found = _fuzzy(key, index) if any(c.isdigit() for c in key) else None
    if found:
        return CpuMatch(found[0], found[1], said)
    by_cores = _series_part(words, said)
    return CpuMatch(by_cores, SERIES_SCORE, said) if by_cores else None


def _series_part(words: list[str], cores: int | None) -> CpuRecord | None:
    """"EPYC, 96 cores": the newest part of the series with that many cores (see the module's rule 4)."""
    named = [w for w in words if w.isalpha()]
    if cores is None or not named or named[0] not in _SERIES:
        return None
    records = load_cpus()
    families = list(dict.fromkeys(r.family for r in records))[::-1]  # the table lists older families first
    hits = [r for f in families for r in records
            if r.family == f and r.cores == cores and set(named) <= set(_words(r.name))]

    def rank(r: CpuRecord) -> tuple[bool, int, bool]:
        # a desktop, workstation or server part before a laptop's; no words beyond those said ("threadripper"
        # is not a PRO); a plain model number before a lettered variant
        extra = len({w for w in _words(r.name) if w.isalpha()} - set(named))
        return r.segment in ("laptop", "apple"), extra, not _model_number(r)[-1].isdigit()

    return min(hits, key=rank) if hits else None


def cpu_names() -> list[str]:
    """Every processor's full name, for help and "did you mean"."""
    return [r.full_name for r in load_cpus()]


__all__ = ["CpuMatch", "cpu_names", "resolve_cores", "resolve_cpu"]
