"""A card named with the memory of a known rebuild ("2x 2080 Ti 22GB", "4080 super 32gb"): the catalog's card with
that memory (same chip and bandwidth). Sizes and sources: catalog/data/hardware/modded.json (catalog/modded.py)."""

from __future__ import annotations

import re
from typing import TypeVar

from msgspec.structs import replace

from catalog.modded import is_modded_size

T = TypeVar("T")

_SIZE = re.compile(r"(?<![\d.])(\d{2,3})\s?(?:gb|g|go|gib)\b", re.IGNORECASE)


def with_modded_memory(card: T, typed: str) -> T:
    """`card` with the memory typed beside its name when that is a known rebuild's size, else `card` itself."""
    name, memory = getattr(card, "name", None), getattr(card, "memory_gb", None)
    if not name or memory is None:
        return card
    said = [float(m.group(1)) for m in _SIZE.finditer(typed)]
    size = next((s for s in said if s > memory and is_modded_size(name, s)), None)
    return replace(card, memory_gb=size) if size is not None else card  # type: ignore[type-var]


__all__ = ["with_modded_memory"]
