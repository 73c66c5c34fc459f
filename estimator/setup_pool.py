"""Several cards (or one unified-memory machine) pooled as one: the memory the model may fill on each
device and in all, and the time per token with the model split over them (llama.cpp's default layer
split: a token passes the cards in turn, so about one card's speed, never N×).

Its own module because both the rating (estimator.setups) and the offload arithmetic
(estimator.setup_offload) stand on it.
"""

from __future__ import annotations

from functools import cache

from msgspec import Struct

from .model import ModelSize
from .profile import Profile
from .quants import Quant
from .setup_constants import SetupConstants
from .setup_hardware import Device, Hardware, Setup


def unified_gpu_share(c: SetupConstants, card: Hardware, total_gb: float) -> float:
    """Share of a unified machine's memory its GPU may use by default (see setup_constants.json)."""
    rule = c.unified_gpu_share
    if card.vendor == "Apple":
        # macOS' default wired limit: ~2/3 of RAM up to 36 GB, ~3/4 above (Metal's recommendedMaxWorkingSetSize).
        return rule["apple_small"] if total_gb <= rule["apple_small_max_gb"] else rule["apple_large"]
    if card.name.startswith(_chip_prefixes(c.igpu_chips)):
        # A laptop or desktop iGPU on the system RAM: the OS's default share, as on a handheld.
        return rule["igpu"]
    if card.segment == "console/handheld":
        # Handheld and console APUs (Steam Deck, ROG Ally) run a stock OS: its default GPU share of RAM.
        return rule["console/handheld"]
    return rule.get(card.vendor.lower(), rule["other"])


@cache
def _chip_prefixes(chips: tuple[str, ...]) -> tuple[str, ...]:
    """"Radeon 780M" → "Radeon 780M ": a chip's name starts the machine's, as a whole word (one C call
    for all of them: every ranking rates each shared-memory machine)."""
    return tuple(n + " " for n in chips)


class _View(Struct, frozen=True):
    """A device as an engine's memory rules should see it: a unified machine's GPU share, with the
    architecture an engine decides from whether it runs there (class-neutral memory type)."""

    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    architecture: str | None = None
    memory_type: str | None = None
    position: int = -1


def gpu_memory(c: SetupConstants, d: Device) -> tuple[float, float | None, float | None]:
    """(memory the GPU may use, the machine's total, the share) for one device."""
    if not d.is_unified:
        return d.card.memory_gb, None, None
    total = d.card.memory_gb
    share = unified_gpu_share(c, d.card, total)
    return total * share, total, share


def device_usable(c: SetupConstants, p: Profile, d: Device, alone: bool = True) -> float:
    """What a model may fill on one device. One discrete card alone: the profile's own rule (the site's 90%
    under `reference`). A unified machine, or a card among several: the one rule both profiles share
    (`SetupConstants.usable`), so a verdict there never depends on the profile."""
    mem, total, _ = gpu_memory(c, d)
    if total is None and alone:
        return p.usable_gb(d.card)
    shared = mem - c.usable.reserve_gb
    pooled = getattr(p, "pooled_usable_gb", None)
    if pooled is not None:  # an engine: whether it runs on this device at all (vLLM on a DGX Spark), and a
        # serving engine's own memory rule; the architecture goes along for the first
        return float(pooled(_View(d.card.name, d.card.vendor, mem, d.card.bandwidth_gbps, d.card.architecture), shared))
    return shared



class Pool(Struct, frozen=True):
    """The memory a setup's devices give a model: what each may fill (`usable`), the total and the memory."""

    devices: list[Device]
    usable: list[float]
    total_usable: float
    memory_gb: float
    rpc_hop_ms: float = 0.0  # a boundary between two machines (llama.cpp RPC over a network or USB4)
    hosts_cards: tuple[str, ...] = ()  # vendors of unified machines that take a card in the same host


def pool_of(c: SetupConstants, p: Profile, setup: Setup) -> Pool:
    """One entry per physical device, each with what the model may fill on it; the total less the
    extra cards' own buffers."""
    devices = setup.cards()
    alone = len(devices) == 1
    usable = [max(0.0, device_usable(c, p, d, alone)) for d in devices]
    extra = c.usable.extra_card_gb * (len(devices) - 1)
    memory = sum(gpu_memory(c, d)[0] for d in devices)
    return Pool(devices, usable, max(0.0, sum(usable) - extra), memory, c.rpc_hop_ms, c.hosts_cards)


def split_seconds(p: Profile, model: ModelSize, pool: Pool, q: Quant, hop_ms: float) -> float:
    """Time per token with the model spread over the pool's cards in proportion to usable memory."""
    total = sum(pool.usable) or 1.0
    t = 0.0
    for d, u in zip(pool.devices, pool.usable, strict=True):
        share = u / total if len(pool.devices) > 1 else 1.0
        if share > 0:
            t += share / p.tok_s(model, d.card, q)
    machines = machine_boundaries(pool.devices, pool.hosts_cards)
    return t + (hop_ms * (len(pool.devices) - 1 - machines) + pool.rpc_hop_ms * machines) / 1000


def machine_boundaries(devices: list[Device], hosts_cards: tuple[str, ...] = ()) -> int:
    """Boundaries of a layer split that cross from one machine to another, which llama.cpp passes over its RPC
    backend: between two unified-memory machines (each is its own host), and between a unified machine that takes
    no graphics card (a Mac, a DGX Spark: vendors not in `hosts_cards`) and a card; cards in one machine, or a Ryzen
    AI Max with its eGPU, pass a token over PCIe."""
    def apart(a: Device, b: Device) -> bool:
        if a.is_unified and b.is_unified:
            return True
        return any(d.is_unified and d.card.vendor not in hosts_cards for d in (a, b))

    return sum(1 for a, b in zip(devices, devices[1:], strict=False) if apart(a, b))


def speed_range(c: SetupConstants, p: Profile, model: ModelSize, pool: Pool, q: Quant, tok: float,
                offload: bool) -> tuple[float, float, str]:
    """The stated range of a setup's figure. The card that takes longest per token sets the pace: its confidence
    and range stand for the setup, widened to the spread public rows of that kind of setup show (a layer or
    tensor split over several cards, a unified machine: `SetupConstants.speed_ranges`); offload's range is
    that spread alone (the RAM's speed and the split people choose vary most)."""
    if offload:
        low_f, high_f = c.speed_range("offload_moe" if model.is_moe else "offload_dense")
        return low_f * tok, high_f * tok, "low"
    slowest = min(pool.devices, key=lambda d: p.tok_s(model, d.card, q)).card
    low, high, conf = p.tok_range(model, slowest, q, tok)
    several = len(pool.devices) > 1
    pool_range = getattr(p, "pool_range", None)  # an engine other than llama.cpp: its several-cards spread
    own = pool_range(tok) if pool_range is not None and several else None
    if own is not None:
        low, high, conf = own
    kind = ("tensor" if own is not None else "layer") if several else ("unified" if pool.devices[0].is_unified
                                                                      else None)
    if kind is None:
        return low, high, conf
    low_f, high_f = c.speed_range(kind)
    return min(low, low_f * tok), max(high, high_f * tok), conf


def pool_fit(c: SetupConstants, p: Profile, need: float, pool: Pool) -> str:
    """How comfortably the pool holds `need` GB: one discrete card by the profile's own rule, a unified
    machine or several cards by the shared one (a share of what they give)."""
    if len(pool.devices) == 1 and not pool.devices[0].is_unified:
        return p.fit(need, pool.devices[0].card)
    return "comfortable" if need <= c.usable.comfortable_share * pool.total_usable else "tight"
