"""The machine a question names beside its cards, for the conditions reader (answers/reading/conditions.py):
a server or workstation processor ("EPYC 9654", "Xeon E5-2680 v4") and its sockets ("dual epyc"), a processor
whose graphics is the machine ("ryzen ai max+ 395"), an Apple machine around its chip ("macbook air m3") or a
machine by its product name ("dgx spark"; the lexicon's `machine_names`).
"""

from __future__ import annotations

import re
from functools import cache

from answers.knowledge.pickled import compile_cached, longest_first
from answers.lexicon import lexicon
from catalog.text import fold

# a server or workstation processor by its series, with its model number when one follows ("epyc 9654",
# "threadripper pro 7995wx", "xeon platinum 8480+"): catalog/cpu_names.py resolves the name
# ("xeon e5-2680 v4", "e5 2690v4", "xeon e3-1230 v5": Intel's E3/E5/E7 names, the series word optional)
CPU_WORDS = compile_cached(r"\b(epyc|xeon|threadripper)"
                        r"((?:\s+(?:pro|platinum|gold|silver|w\d))?[\s-]+\d{3,5}[a-z]{0,3}\+?"
                        r"|\s+e[357][\s-]?\d{4}[a-z]?(?:\s*v\d)?)?(?![\w])"
                        r"|\b()(e[357][\s-]?\d{4}[a-z]?(?:\s*v\d)?)(?![\w])")
# a processor whose graphics is the machine ("ryzen ai max+ 395"): said back as a CPU, estimated as the machine
# two or more server processors ("2x xeon gold 6430", "dual epyc 7543", "xeon platinum 8136 x2", "dual socket",
# "2 numa nodes"): the count of sockets, every language's "two"/"dual" (accents folded)
_SOCKET_WORDS = compile_cached(
    r"(?:(?<![\w.])(?P<n>[2-8])\s*x\s*|\b(?P<w>dual|two|due|deux|zwei|dos|duas|doppio|doppia|dupla|duplo|bi)"
    r"[\s-]+)(?:(?:intel|amd)\s+)?(?:epyc|xeon|e[357](?=[\s-]?\d{4}))\b"
    r"|\b(?:epyc|xeon)\b[a-z0-9 +-]{0,30}?\s[x]\s?(?P<n2>[2-8])\b"
    r"|\b(?P<w2>dual|2)[\s-]*(?:socket|sockets|cpu|numa)\b")
CHIP_WORDS = compile_cached(r"\bryzen\s+ai\s+max\s*(?:\+|plus)?\s*(?:pro\s+)?\d{3}(?![\w])")


def sockets(text: str) -> int | None:
    """Server processors in several sockets ("2x xeon gold 6430", "dual epyc", "xeon 8136 x2", "2 numa")."""
    m = _SOCKET_WORDS.search(text)
    if m is None:
        return None
    n = m.group("n") or m.group("n2")
    return int(n) if n else 2


def cpu_name(m: re.Match[str] | None) -> str | None:
    """"EPYC 9654", "Threadripper Pro 7995WX", "Xeon": the series as it is written, then the number."""
    if m is None:
        return None
    if m.group(3) is not None:  # "e5-2680 v4" with no series word: Intel's Xeon E5
        return cpu_name(CPU_WORDS.search(f"xeon {m.group(4)}"))
    series = m.group(1).upper() if m.group(1) == "epyc" else m.group(1).title()
    rest = " ".join(w.lower() if re.fullmatch(r"v\d", w) else w.upper() if any(c.isdigit() for c in w) else w.title()
                    for w in re.sub(r"(\d)v(\d)\b", r"\1 v\2", m.group(2) or "").split())
    return f"{series} {rest}".strip()


_APPLE_CHIP = r"m[1-9](?:\s+(?:pro|max|ultra))?"


@cache
def _device_res() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str], re.Pattern[str] | None]:
    """(Apple machine then chip, chip then machine, phrase → spelling, the other machines by name)."""
    lx = lexicon()
    apple = {fold(w) for w in lx.apple_machine_words}
    names = {fold(k): v for k, v in lx.machine_names.items()}
    spelled = {k: v for k, v in names.items() if fold(v) in apple} | {w: names.get(w, w.title()) for w in apple}
    alternation = "|".join(re.escape(m) for m in longest_first(spelled))
    # a screen size or one short word may stand between ("macbook pro 16 m4 max", "mac studio mit m4 max")
    between = r"(?:\s+\d{2}(?:\s*(?:\"|inch|pollici|pouces|zoll|pulgadas|polegadas))?|\s+[a-z]{1,4})?"
    machine_first = compile_cached(rf"\b({alternation}){between}\s+({_APPLE_CHIP})\b")
    chip_first = compile_cached(rf"\b({_APPLE_CHIP})\s+({alternation})\b")
    others = longest_first(k for k in names if k not in spelled)
    other_re = compile_cached(rf"(?<![\w-])({'|'.join(re.escape(o) for o in others)})(?![\w-])") if others else None
    return machine_first, chip_first, spelled, other_re


def device(text: str) -> str | None:
    """"macbook air m3", "m3 ultra mac studio", "mbp m4 max": the Apple machine and its chip, as its maker spells
    them; "dgx spark", "framework desktop": a machine by its product name (the lexicon's `machine_names`)."""
    machine_first, chip_first, spelled, other_re = _device_res()
    m = machine_first.search(text)
    machine, chip = (m.group(1), m.group(2)) if m else (None, None)
    if m is None and (m := chip_first.search(text)) is not None:
        machine, chip = m.group(2), m.group(1)
    if machine is not None and chip is not None:
        name, *tier = chip.split()
        return " ".join([spelled[machine], name.upper(), *(t.title() for t in tier)])
    other = other_re.search(text) if other_re is not None else None
    return lexicon().machine_names.get(other.group(1)) if other else None
