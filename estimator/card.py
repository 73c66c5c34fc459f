"""What the estimator needs to know about a card (the catalog's GpuRecord satisfies this)."""

from __future__ import annotations

from typing import Protocol


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
    def position(self) -> int: ...


VENDOR_FACTOR = {"NVIDIA": 1.0, "AMD": 0.78, "ATI": 0.78, "Intel": 0.65}

# NVIDIA architectures before Volta run llama.cpp's kernels less efficiently (ESTIMATOR.md §4).
_LEGACY_NVIDIA = ("Tesla", "Fermi", "Kepler", "Maxwell", "Pascal")


def is_legacy_nvidia(card: Card) -> bool:
    arch = (card.architecture or "").split(" ")[0]
    return card.vendor == "NVIDIA" and arch in _LEGACY_NVIDIA
