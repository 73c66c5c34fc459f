"""Hardware the setups need that the GPU catalog lacks (Apple silicon, Strix Halo, Arc Pro B70).

A seam: `data/setup_devices.json` holds a few records until the corrected hardware catalog carries
them (with `unified_memory`); callers look a name up in the catalog first and here second. Read on
first use, never at import.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class DeviceRecord:
    """Satisfies `estimator.card.Card`, plus what a setup needs to know."""

    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    architecture: str | None
    memory_type: str | None
    unified_memory: bool
    memory_options: tuple[float, ...]
    aliases: tuple[str, ...]
    source: str
    position: int = -1
    release: None = None
    release_label: None = None  # what answers print for a catalog card's release month


@cache
def extra_devices() -> tuple[DeviceRecord, ...]:
    data = json.loads((resources.files("estimator") / "data" / "setup_devices.json").read_text("utf-8"))
    out = []
    for d in data["devices"]:
        out.append(DeviceRecord(
            name=d["name"], vendor=d["vendor"], memory_gb=float(d["memory_gb"]),
            bandwidth_gbps=float(d["bandwidth_gbps"]), architecture=d.get("architecture"),
            memory_type=d.get("memory_type"), unified_memory=bool(d["unified_memory"]),
            memory_options=tuple(float(x) for x in d["memory_options"]), aliases=tuple(d["aliases"]),
            source=d["source"],
        ))
        if out[-1].memory_gb not in out[-1].memory_options or out[-1].bandwidth_gbps <= 0:
            raise ValueError(f"setup_devices.json: {d['name']} is inconsistent")
    return tuple(out)


def _key(text: str) -> str:
    text = text.casefold().replace("apple", " ").replace("-core", " core")
    return " ".join(re.sub(r"[^a-z0-9+ ]", " ", text).split())


@cache
def _alias_index() -> dict[str, DeviceRecord]:
    index: dict[str, DeviceRecord] = {}
    for d in extra_devices():
        for a in (d.name, *d.aliases):
            index.setdefault(_key(a), d)
    return index


def find_device(text: str) -> DeviceRecord | None:
    """"M4 Max", "Apple M2 Ultra (76-core GPU)", "strix halo" → the record; None when unknown.

    A GPU-core count picks the variant when one is listed ("M4 Max 32-core")."""
    key = _key(text)
    index = _alias_index()
    if key in index:
        return index[key]
    m = re.search(r"\b(m\d)( pro| max| ultra)?\b", key)
    if m:
        chip = m.group(0)
        cores = re.search(r"\b(\d{1,2}) ?core", key)
        if cores:
            hit = index.get(f"{chip} {cores.group(1)} core")
            if hit is not None:
                return hit
        return index.get(chip)
    for alias, d in index.items():
        if len(alias) >= 4 and alias in key:
            return d
    return None
