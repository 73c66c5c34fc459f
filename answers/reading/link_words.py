"""The link between a question's cards, as people say it: "pcie 4.0 x8/x8", "x16 + x4", "gen3 x4", "x1 risers",
"nvlink" (not "no nvlink", "ohne nvlink"), a Thunderbolt/USB4 or OCuLink eGPU. One key for the estimate:
"nvlink", or "pcie[3-5]" and/or "x<lanes>" ("pcie4x8", "x1", "pcie3x4"): the narrowest lanes said, since a
tensor-parallel group waits for its slowest link. None when nothing about the link is said. Pure text rules;
words in answers/lexicon/hardware_context.toml (the board and link words) and below."""

from __future__ import annotations

import re

from answers.knowledge.pickled import compile_cached
from catalog.text import fold

# "no nvlink", "without", "sans", "ohne", "senza", "sin", "sem", "kein": the bridge denied
_NO_NVLINK = compile_cached(r"\b(?:no|without|w/o|sans|pas de|ohne|kein(?:e|en)?|senza|sin|sem|non)\s+"
                            r"(?:\w+\s+)?nv ?link")
# the bridge had ("with nvlink", "3090s nvlinked", "via nvlink"), not asked about ("is nvlink worth a bridge?")
_NVLINK = compile_cached(r"\b(?:with|w/|mit|con|avec|com|via|over|using|uber|tramite|per|and|und|et|y|e)\s+"
                         r"(?:an?\s+|un\s+|una\s+|einer?\s+)?nv ?link\b|\bnv ?linked\b|\+\s*nv ?link\b")
_GEN = compile_cached(r"\bpci-?e?\s*(?:gen\s*)?([345])(?:\.0)?\b|\bgen\s*([345])\b|\bpcie([345])\b")
# widths: "x8/x8", "x16 + x4", "x16 e x4", "x1"; never right after a card's number ("3090 x4" counts cards)
_LANES = compile_cached(r"(?<![\w.])(\d{3,5}(?:er|ti|xt|xtx)?\s+)?x\s?(16|8|4|1)\b")
# words that make a width a link's ("slot", "riser", "lanes", "pcie", a board word): said in the message
_CONTEXT = compile_cached(r"\b(?:pci-?e|gen\s*[345]|lanes?|slots?|steckplatz\w*|risers?|risern|chipset|board|"
                          r"mobo|motherboard|mainboard|placa[- ]mae|carte[- ]mere|scheda madre|placa base|"
                          r"[abxz][3-9][0-9]0e?|"
                          r"x\s?(?:16|8|4|1)\s*(?:/|\+)\s*x?\s?(?:16|8|4|1))\b")
_ASKED = compile_cached(r"\bnv ?link\b[^.?!]{0,40}\b(?:worth|buy|lohnt|kaufen|vale|conviene|vaut|compensa|merece)"
                        r"|\b(?:worth|buy|lohnt|kaufen|vale|conviene|vaut|compensa|merece)\b[^.?!]{0,40}\bnv ?link\b")
# NVLink by its topology names ("NV2", "NV4" in nvidia-smi topo, NVSwitch boards). AMD's xGMI is left to the PCIe
# default: with NVLink's latency the public 4x MI100 xGMI rows came out x1.29 fast (benchmarks/heldout_links.py)
_BRIDGE = compile_cached(r"\bnvswitch\b|\bnv[0-9]{1,2}\b")
# an external card: Thunderbolt 3/4 and USB4 tunnel PCIe 3.0 x4; OCuLink carries PCIe 4.0 x4
_EGPU = (("pcie3x4", compile_cached(r"\b(?:thunderbolt|tb ?[345]|usb ?4)\b")),
         ("pcie4x4", compile_cached(r"\boculink\b")))
_RISERS = compile_cached(r"\b(?:mining\s+)?risers?\b|\brisern\b")


def read(question: str) -> str | None:
    """The link key said in `question` (see the module), or None."""
    t = fold(question or "")
    if (_NVLINK.search(t) and not _NO_NVLINK.search(t) and not _ASKED.search(t)) or _BRIDGE.search(t):
        return "nvlink"
    for key, pattern in _EGPU:
        if pattern.search(t):
            return key
    gen_m = _GEN.search(t)
    gen = next((g for g in gen_m.groups() if g), None) if gen_m else None
    lanes = _lanes(t)
    if lanes is None and _RISERS.search(t) and re.search(r"\bx\s?1\b|\bmining\b|\bminer", t):
        lanes = 1
    if gen is None and lanes is None:
        return None
    return f"pcie{gen or ''}" + (f"x{lanes}" if lanes else "")


def _lanes(t: str) -> int | None:
    """The narrowest width said as a link's (a board, slot, riser or PCIe word in the message)."""
    if not _CONTEXT.search(t):
        return None
    widths = [int(m.group(2)) for m in _LANES.finditer(t) if not m.group(1)]
    return min(widths) if widths else None


__all__ = ["read"]
