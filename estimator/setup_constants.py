"""The figures the setups rules use (data/setup_constants.json, whose notes give the sources).

Its own module because every setups rule reads it (the pool, the offload, the RAM, the rating) and the
answers open it once at start-up (`answers.profiles.load_setup_constants`) and pass it in: the rules
stay pure functions of what they are given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from msgspec import Struct, field

from .machine import MachineConstants


class ProfileSetupConstants(Struct, frozen=True):
    """Per profile: the time a hop between cards adds. (The RAM side is one calibrated model for both
    profiles, `SetupConstants.machine`, and so is the memory the devices give: `UsableMemory`.)"""

    hop_ms: float


class UsableMemory(Struct, frozen=True):
    """The one rule, for both profiles, of the memory a unified machine or several cards give a model
    (setup_constants.json `usable_memory`): each device's memory (a unified machine's GPU share) less
    `reserve_gb`, less `extra_card_gb` for each card beyond the first; comfortable up to `comfortable_share`."""

    reserve_gb: float
    extra_card_gb: float
    comfortable_share: float


# The range a setup's figure had before its kinds were fitted on public rows (and keeps for a kind not listed).
DEFAULT_RANGE = (0.6, 1.6)
RANGE_KINDS = frozenset({"cpu_only", "offload_moe", "offload_dense", "layer", "tensor", "unified"})


def _ranges(table: Mapping[str, Any]) -> dict[str, tuple[float, float]]:
    """`speed_ranges` as (low, high) per kind; a kind unknown or a range that does not hold 1 raises."""
    out: dict[str, tuple[float, float]] = {}
    for kind, v in table.items():
        if kind in ("note", "source"):
            continue
        if kind not in RANGE_KINDS:
            raise ValueError(f"speed_ranges: unknown kind {kind!r}")
        low, high = float(v["low"]), float(v["high"])
        if not 0 < low <= 1 <= high <= 10:
            raise ValueError(f"speed_ranges: {kind}: need 0 < low <= 1 <= high <= 10")
        out[kind] = (low, high)
    return out


def _beside(table: Mapping[str, Any] | None) -> tuple[str, str] | None:
    """`ram_type_beside_cards` as (ISO date, type); None when absent."""
    if table is None:
        return None
    since, kind = str(table["from_release"]), str(table["type"]).upper()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", since):
        raise ValueError("ram_type_beside_cards: from_release must be an ISO date")
    return since, kind


def _beside_laptops(table: Mapping[str, Any] | None) -> tuple[str, str] | None:
    """`ram_type_beside_cards.laptop_from_release` with its type: a laptop card's own date; None when absent."""
    if table is None or "laptop_from_release" not in table:
        return None
    return _beside({"from_release": table["laptop_from_release"], "type": table["type"]})


class SetupConstants(Struct, frozen=True):
    """The setups rules' figures (setup_constants.json, whose notes give the sources)."""

    machine: MachineConstants
    offload_min_tok_s: float
    ram_usable_share: float
    moe_expert_share_active: float
    unified_gpu_share: Mapping[str, float]
    profiles: Mapping[str, ProfileSetupConstants]
    usable: UsableMemory
    # a raised Mac share leaves this (estimator/wired_limit.py)
    unified_gpu_share_leave_gb: tuple[float, ...] = (8.0, 6.0, 4.0)
    igpu_chips: tuple[str, ...] = ()  # iGPUs on ordinary system RAM: the `igpu` share
    moe_batch_fixed_share: float = 0.0  # several users: the part of a MoE step that stays (estimator/users.py)
    # offload: what the cards' room (usable memory less cache and runtime) holds of the weights when part of
    # the model is in RAM (whole layers or whole layers' experts, compute buffers, the desktop): a dense model
    # leaves `offload_dense_margin_gb` of it, a mixture of experts fills `offload_moe_fill` of it
    offload_dense_margin_gb: float = 0.0
    offload_moe_fill: float = 1.0
    # beside a card, the system keeps `1 - ram_usable_share` of the RAM but never more than
    # `ram_reserve_base_gb` + `ram_reserve_per_gb` x the RAM (GB): an OS's fixed part, and buffers that grow with it
    ram_reserve_base_gb: float = float("inf")
    ram_reserve_per_gb: float = 0.0
    # a layer split across machines (llama.cpp RPC; a unified machine is its own host): what each boundary
    # between two machines adds per token, over a card-to-card hop inside one machine
    rpc_hop_ms: float = 0.0
    # unified machines that take a graphics card in the same host (a Ryzen AI Max with an eGPU over OCuLink or
    # USB4): a split between the two stays on PCIe; other unified machines (Macs, DGX Spark) reach a card by RPC
    hosts_cards: tuple[str, ...] = ()
    # the stated range of a setup's figure, as factors on it, per kind of setup (`speed_ranges`: fitted on the
    # public held-out rows by benchmarks/heldout_setups.py); a kind not listed keeps DEFAULT_RANGE
    speed_ranges: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    # the most RAM an answer suggests buying when the usual amount has no room for the rest (a desktop's two
    # channels full: four 32 GB modules)
    ram_upgrade_max_gb: float = 128.0
    # (launched on or after this ISO date, type): the RAM type a desktop has beside such a card when none is said
    ram_type_beside_cards: tuple[str, str] | None = None
    # what the weights neither the cards nor the RAM hold are read at from an SSD each token (mmap), GB/s
    disk_read_gbps: float = 0.0
    # (launched on or after this ISO date, type): the same for a laptop card (RTX 40 Laptop GPUs: DDR5 laptops)
    ram_type_beside_laptop_cards: tuple[str, str] | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SetupConstants:
        """From the JSON's parsed content (notes dropped); a missing or mistyped figure raises."""
        def figures(table: Mapping[str, Any]) -> dict[str, float]:
            return {k: float(v) for k, v in table.items() if k != "note"}

        try:
            profiles = {
                name: ProfileSetupConstants(float(p["hop_ms"]))
                for name, p in data["profiles"].items() if name != "note"
            }
            u = data["usable_memory"]
            usable = UsableMemory(float(u["reserve_gb"]), float(u["extra_card_gb"]), float(u["comfortable_share"]))
            out = cls(MachineConstants.from_dict(data["machine"]),
                      float(data["offload_min_tok_s"]), float(data["ram_usable_share"]),
                      float(data["moe_expert_share_active"]), figures(data["unified_gpu_share"]), profiles, usable,
                      tuple(float(x) for x in data["apple_raise_leave_gb"]["leave_gb"]),
                      tuple(str(n) for n in data["igpu_chips"]["names"]),
                      float(data["moe_batch"]["fixed_share"]),
                      float(data["offload_card_fill"]["dense_margin_gb"]), float(data["offload_card_fill"]["moe"]),
                      float(data["ram_reserve_base_gb"]), float(data["ram_reserve_per_gb"]),
                      float(data.get("machines", {}).get("rpc_hop_ms", 0.0)),
                      tuple(str(v) for v in data.get("machines", {}).get("hosts_cards", ())),
                      _ranges(data.get("speed_ranges", {})),
                      float(data.get("ram_upgrade", {}).get("max_gb", 128.0)),
                      _beside(data.get("ram_type_beside_cards")),
                      float(data.get("disk_read", {}).get("gbps", 0.0)),
                      _beside_laptops(data.get("ram_type_beside_cards")))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"setup constants: {exc!r}") from exc
        if not (0 < out.offload_moe_fill <= 1 and 0 <= out.offload_dense_margin_gb <= 8):
            raise ValueError("setup constants: offload_card_fill: moe in (0, 1], dense_margin_gb in [0, 8]")
        if not 0 <= out.rpc_hop_ms <= 50:
            raise ValueError("setup constants: machines.rpc_hop_ms in [0, 50]")
        if "reference" not in profiles:
            raise ValueError("setup constants: the reference profile must be listed")
        return out

    def speed_range(self, kind: str) -> tuple[float, float]:
        """(low, high) factors on a figure of this kind of setup: cpu_only, offload_moe, offload_dense, layer,
        tensor, unified."""
        return self.speed_ranges.get(kind, DEFAULT_RANGE)

    def ram_reserve_gb(self, ram_gb: float) -> float:
        """What the system keeps of `ram_gb` of RAM beside a model: `1 - ram_usable_share` of it, at most
        `ram_reserve_base_gb` + `ram_reserve_per_gb` x it (64 GB keeps 11.2 GB, 256 GB 20.8, 512 GB 33.6)."""
        return min(ram_gb * (1 - self.ram_usable_share), self.ram_reserve_base_gb + self.ram_reserve_per_gb * ram_gb)

    def offload_ram_gb(self, ram_gb: float) -> float:
        """What the part of a model beside the cards may take of `ram_gb` of system RAM (ram_reserve_gb)."""
        return ram_gb - self.ram_reserve_gb(ram_gb)

    def ram_for_offload_gb(self, in_ram_gb: float) -> float:
        """The least system RAM whose `offload_ram_gb` holds `in_ram_gb` (the inverse of offload_ram_gb)."""
        if self.ram_reserve_base_gb == float("inf"):
            return in_ram_gb / self.ram_usable_share
        return min(in_ram_gb / self.ram_usable_share,
                   (in_ram_gb + self.ram_reserve_base_gb) / (1 - self.ram_reserve_per_gb))

    @property
    def default_ram_type(self) -> str:
        return self.machine.default_type

    def for_profile(self, name: str) -> ProfileSetupConstants:
        return self.profiles.get(name, self.profiles["reference"])
