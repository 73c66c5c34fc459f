"""The setup as the asker describes it: which cards and how many, or a unified-memory machine, and the
system RAM beside them. Checked on creation (1 to MAX_CARDS cards, a real memory size), so every rule
that rates a setup may trust it. No rule lives here: pooling, offload and the rating read it.
"""

from __future__ import annotations

from typing import Protocol

from msgspec import Struct
from msgspec.structs import replace

from .card import Card
from .cpu_machine import CpuSpec
from .model import InvalidInput

MAX_CARDS = 64  # more than this in one box is a typo, not a setup
MAX_RAM_GB = 16384


class Hardware(Card, Protocol):
    """A card as a setup needs it: the catalog's GpuRecord, which says whether it shares memory with the CPU."""

    @property
    def unified_memory(self) -> bool: ...

    @property
    def segment(self) -> str: ...  # "console/handheld" APUs keep the OS's default share (see the rule)


# ---------------------------------------------------------------------------------------- the setup


class Device(Struct, frozen=True):
    """`count` identical cards, or one unified-memory machine (the catalog record of one memory
    configuration, "Apple M4 Max 128 GB": its `memory_gb` is the machine's whole memory)."""

    card: Hardware
    count: int = 1
    unified: bool | None = None  # None: the card's own flag

    def __post_init__(self) -> None:
        if not (1 <= self.count <= MAX_CARDS):
            raise InvalidInput(f"a setup holds 1 to {MAX_CARDS} cards of a kind, not {self.count}")

    @property
    def is_unified(self) -> bool:
        return self.card.unified_memory if self.unified is None else self.unified


class Setup(Struct, frozen=True):
    """Cards (with counts) and the system RAM beside them, as rated together."""

    devices: tuple[Device, ...]
    ram_gb: float | None = None  # system RAM beside discrete cards (None: no offload)
    ram_type: str | None = None  # DDR4, DDR5…; None: the default type (or the one its capacity implies)
    ram_bandwidth_gbps: float | None = None  # overrides the theoretical bandwidth worked out below
    ram_mts: int | None = None  # "DDR5-6000": 6000; None: the type's default speed
    ram_channels: int | None = None  # None: 2, or what a capacity only servers have implies
    cpu: CpuSpec | None = None  # a named processor: its platform fills the RAM's type, speed and channels

    def __post_init__(self) -> None:
        if not self.devices:
            raise InvalidInput("a setup needs at least one card")
        if sum(d.count for d in self.devices) > MAX_CARDS:
            raise InvalidInput(f"a setup holds at most {MAX_CARDS} cards")
        if self.ram_gb is not None and not (0 < self.ram_gb <= MAX_RAM_GB):
            raise InvalidInput(f"{self.ram_gb:g} GB of RAM is not a memory size")
        if self.ram_bandwidth_gbps is not None and not (self.ram_bandwidth_gbps > 0):
            raise InvalidInput("RAM bandwidth must be above zero")

    @property
    def gpu_count(self) -> int:
        return sum(d.count for d in self.devices)

    @property
    def unified(self) -> bool:
        return any(d.is_unified for d in self.devices)

    def cards(self) -> list[Device]:
        """One entry per physical device (a count of 3 becomes three entries)."""
        return [replace(d, count=1) for d in self.devices for _ in range(d.count)]

    @property
    def label(self) -> str:
        return " + ".join(f"{d.count}× {d.card.name}" if d.count > 1 else d.card.name for d in self.devices)
