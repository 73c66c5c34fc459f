"""A Mac named by its memory only ("mac with 64gb", "64gb unified memory", "mac studio 192gb") → the chip
a typical current Mac of that memory has (catalog/data/hardware/apple.json, `typical_by_memory`).

The setup reader names such a machine `Mac <size> GB` (STAND_IN_RE); the setup builder rates it as that chip
with the unified-memory rules, and the answer says which chip it used and which others share the memory,
since their speeds differ (bandwidth is the chip's). A size no Mac is sold with has no stand-in.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

STAND_IN_RE = re.compile(r"^mac (\d+(?:\.\d+)?) gb$", re.IGNORECASE)


def stand_in_name(memory_gb: float) -> str:
    """How the setup reader writes a Mac of this memory (read back by `chip_for`)."""
    return f"mac {memory_gb:g} gb"


@cache
def _data() -> tuple[dict[float, str], dict[float, list[tuple[str, str]]]]:
    """(memory → typical chip, memory → every (chip, release date) offering it, newest first); checked here."""
    # lazy: the hardware module is heavy; only a Mac question needs this
    from catalog.hardware import HardwareDataError
    raw = json.loads(resources.files("catalog").joinpath("data", "hardware", "apple.json").read_text("utf-8"))
    offered: dict[float, list[tuple[str, str]]] = {}
    for chip in raw["chips"]:
        for variant in chip["variants"]:
            for mem in variant["memory_gb"]:
                if chip["chip"] not in (c for c, _ in offered.get(float(mem), [])):
                    offered.setdefault(float(mem), []).append((chip["chip"], chip["released"]))
    for chips in offered.values():
        chips.sort(key=lambda c: c[1], reverse=True)
    typical: dict[float, str] = {}
    for key, chip in raw.get("typical_by_memory", {}).items():
        if key.startswith("_"):
            continue
        try:
            mem = float(key)
        except ValueError:
            raise HardwareDataError(
                f"catalog/data/hardware/apple.json: typical_by_memory key {key!r} is not a size") from None
        if chip not in (c for c, _ in offered.get(mem, [])):
            raise HardwareDataError(
                f"catalog/data/hardware/apple.json: typical_by_memory {key}: {chip!r} has no {key} GB")
        typical[mem] = chip
    return typical, offered


def chip_for(text: str) -> str | None:
    """"Mac 64 GB" → "Apple M4 Max 64 GB" (the catalog record's name); None when `text` is not a stand-in
    or no Mac is sold with that memory."""
    m = STAND_IN_RE.match(text.strip())
    if m is None:
        return None
    mem = float(m.group(1))
    chip = _data()[0].get(mem)
    return f"Apple {chip} {mem:g} GB" if chip else None


def offered_with(chip: str, memory_gb: float) -> bool:
    """Whether Apple sells this chip ("m4 max", any case) with this memory: "m4 max 128" names the 128 GB
    machine, "m3 ultra 512" the 512 GB one, while a number no variant has is not the chip's memory."""
    wanted = " ".join(chip.split()).casefold()
    return any(c.casefold() == wanted for c, _ in _data()[1].get(float(memory_gb), []))


def others(memory_gb: float) -> list[str]:
    """The other Apple chips sold with this memory, newest first ("M4 Pro", "M3 Max"…)."""
    typical, offered = _data()
    return [c for c, _ in offered.get(float(memory_gb), []) if c != typical.get(float(memory_gb))]


def stand_in_facts(parts: object) -> dict[str, object] | None:
    """What an answer says about a Mac rated as a typical chip: the chip used, its memory and the other
    chips of that memory; None when no part of the setup was a Mac named by its memory."""
    for text, _count in parts if isinstance(parts, (list, tuple)) else ():
        chip = chip_for(str(text))
        if chip is not None:
            mem = float(STAND_IN_RE.match(str(text).strip()).group(1))  # type: ignore[union-attr]
            return {"chip": chip, "memory_gb": mem, "others": others(mem)}
    return None
