"""What the estimator needs to know about a card (the catalog's GpuRecord satisfies this)."""

from __future__ import annotations

from functools import cache
from typing import Protocol

from msgspec import Struct


class Card(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def vendor(self) -> str: ...
    @property
    def memory_gb(self) -> float: ...
    @property
    def bandwidth_gbps(self) -> float: ...
    @property
    def architecture(self) -> str | None: ...
    @property
    def memory_type(self) -> str | None: ...  # "HBM3", "GDDR6X"…: the measured profile's card class
    @property
    def position(self) -> int: ...


class MemoryCard(Struct, frozen=True):
    """An amount of memory asked about without naming a card ("can it run on 12 GB?").

    Every `Card` field is here, so any profile rates it: a discrete card (no HBM, not unified
    memory) of that size. Only memory-based rules (need, usable, fit) are asked of it; its
    bandwidth is a placeholder that no answer reports.
    """

    memory_gb: float
    name: str = ""
    vendor: str = "NVIDIA"
    bandwidth_gbps: float = 1.0
    architecture: str | None = None
    memory_type: str | None = None
    position: int = -1


VENDOR_FACTOR = {"NVIDIA": 1.0, "AMD": 0.78, "ATI": 0.78, "Intel": 0.65,
                 "Apple": 1.0}  # Apple: not in the reference catalog; Metal treated like CUDA (our choice)

# NVIDIA architectures before Volta run llama.cpp's kernels less efficiently (ESTIMATOR.md §4).
_LEGACY_NVIDIA = ("Tesla", "Fermi", "Kepler", "Maxwell", "Pascal")


def is_legacy_nvidia(card: Card) -> bool:
    return _legacy(card.vendor, card.architecture)


@cache  # a handful of (vendor, architecture) pairs; called once per card per estimate
def _legacy(vendor: str, architecture: str | None) -> bool:
    return vendor == "NVIDIA" and (architecture or "").split(" ")[0] in _LEGACY_NVIDIA


@cache
def card_factor(vendor: str, architecture: str | None, legacy_factor: float) -> float:
    return VENDOR_FACTOR[vendor] * (legacy_factor if _legacy(vendor, architecture) else 1.0)
