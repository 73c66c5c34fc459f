"""Cards people rebuild with larger memory chips, and the sizes they are sold at (data/hardware/modded.json, each
with its source): "2x 2080 Ti 22GB" is two 22 GB rebuilds, not two stock cards making 22 GB together."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def modded_sizes() -> dict[str, tuple[float, ...]]:
    """Catalog card name → the memory sizes (GB) its rebuilds are sold at; checked at load."""
    data = json.loads((resources.files("catalog") / "data" / "hardware" / "modded.json").read_text("utf-8"))
    out = {}
    for name, entry in data["cards"].items():
        sizes = tuple(float(x) for x in entry["memory_gb"])
        if not sizes or not entry.get("source") or any(s <= 0 for s in sizes):
            raise ValueError(f"modded.json: {name} needs memory_gb sizes above 0 and a source")
        out[name] = sizes
    return out


def is_modded_size(name: str, memory_gb: float) -> bool:
    return any(abs(memory_gb - s) < 0.5 for s in modded_sizes().get(name, ()))


__all__ = ["is_modded_size", "modded_sizes"]
