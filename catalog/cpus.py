"""Processors people name (catalog/data/hardware/cpus.json): cores, memory channels, RAM types and
speeds, vector unit and AMX, each family with the vendor page its figures come from.

A CPU is hardware around the card: it decides the system RAM's bandwidth (channels × the RAM's speed)
and the CPU's prompt-processing arithmetic (cores × clock × the vector unit). The records are plain
data; catalog.cpu_names finds one from what a person types, estimator.machine uses its figures.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Literal

from msgspec import Struct

from .hardware import HardwareDataError

Segment = Literal["desktop", "laptop", "workstation", "server", "apple"]
SEGMENTS: tuple[str, ...] = ("desktop", "laptop", "workstation", "server", "apple")
ISAS: tuple[str, ...] = ("sse", "avx2", "avx512", "avx512_zen4", "neon")  # estimator machine flops_per_cycle keys
RAM_TYPES: tuple[str, ...] = ("DDR3", "DDR4", "DDR5", "LPDDR4X", "LPDDR5", "LPDDR5X")
_VENDORS = {"AMD", "Intel", "Apple", "Qualcomm", "Arm"}
_FILE = "cpus.json"


class CpuRecord(Struct, frozen=True):
    """One processor: what it brings to a machine's memory and arithmetic."""

    name: str  # "Ryzen 9 7950X", as the vendor names it without its own name
    vendor: str  # "AMD"
    family: str  # "Ryzen 7000"
    segment: str  # desktop, laptop, workstation, server, apple
    cores: int  # every core (performance and efficiency)
    channels: int  # 64-bit memory channels (LPDDR and Apple buses: 64-bit equivalents)
    ram: tuple[tuple[str, int], ...]  # (type, fastest listed MT/s); the first is the one assumed
    isa: str  # the vector unit llama.cpp's kernels use
    amx: bool  # Intel Advanced Matrix Extensions (Xeon 4th gen and later)
    ghz: float  # a typical all-core clock under load
    source: str

    @property
    def full_name(self) -> str:
        """"AMD Ryzen 9 7950X", "Apple M4 Max"."""
        return f"{self.vendor} {self.name}"

    @property
    def ram_type(self) -> str:
        return self.ram[0][0]

    @property
    def ram_mts(self) -> int:
        return self.ram[0][1]

    def mts_for(self, kind: str) -> int | None:
        """The fastest speed this CPU lists for a RAM type (None: it does not take that type)."""
        return next((mts for k, mts in self.ram if k == kind.upper()), None)


def _fail(where: str, why: str) -> HardwareDataError:
    return HardwareDataError(f"catalog/data/hardware/{_FILE}: {where}: {why}")


def _int(where: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(where, f"{value!r} is not a whole number from {low} to {high}")
    return value


def _ram(where: str, raw: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "ram must map a RAM type to its speed")
    out = []
    for kind, mts in raw.items():
        if kind not in RAM_TYPES:
            raise _fail(where, f"{kind!r} is not a RAM type ({', '.join(RAM_TYPES)})")
        out.append((kind, _int(where, mts, 800, 10700)))
    return tuple(out)


def _cpu(family: dict[str, Any], name: str, raw: Any) -> CpuRecord:
    where = f"{family['family']}: {name}"
    extra = raw if isinstance(raw, dict) else {"cores": raw}
    unknown = set(extra) - {"cores", "mts", "ghz", "channels"}
    if unknown:
        raise _fail(where, f"unknown keys {sorted(unknown)}")
    ram = _ram(where, family["ram"])
    if "mts" in extra:
        ram = ((ram[0][0], _int(where, extra["mts"], 800, 10700)),) + ram[1:]
    ghz = extra.get("ghz", family["ghz"])
    if not isinstance(ghz, int | float) or not 1.0 <= ghz <= 6.5:
        raise _fail(where, f"clock {ghz!r} GHz is not a CPU's")
    return CpuRecord(name, family["vendor"], family["family"], family["segment"], _int(where, extra["cores"], 2, 256),
                     _int(where, extra.get("channels", family["channels"]), 1, 16), ram, family["isa"],
                     bool(family["amx"]), float(ghz), family["source"])


def _family(raw: Any) -> list[CpuRecord]:
    if not isinstance(raw, dict):
        raise _fail("families", "each family is an object")
    where = str(raw.get("family", "?"))
    for key in ("family", "vendor", "segment", "isa", "amx", "ghz", "channels", "ram", "source", "cpus"):
        if key not in raw:
            raise _fail(where, f"missing {key!r}")
    if raw["vendor"] not in _VENDORS or raw["segment"] not in SEGMENTS or raw["isa"] not in ISAS:
        raise _fail(where, "vendor, segment or isa is not one we know")
    if not re.match(r"https://", str(raw["source"])):
        raise _fail(where, "source must be the vendor page's address")
    if not isinstance(raw["cpus"], dict) or not raw["cpus"]:
        raise _fail(where, "cpus must name at least one processor")
    return [_cpu(raw, name, cpu) for name, cpu in raw["cpus"].items()]


@cache
def load_cpus() -> tuple[CpuRecord, ...]:
    """Every processor in the table, checked: a bad entry raises HardwareDataError naming it."""
    text = resources.files("catalog").joinpath("data", "hardware", _FILE).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail("file", f"not valid JSON ({exc})") from exc
    return parse_cpus(data)


def parse_cpus(data: Any) -> tuple[CpuRecord, ...]:
    """The table's records from its parsed JSON, checked (HardwareDataError names a bad entry)."""
    if not isinstance(data, dict) or not isinstance(data.get("families"), list):
        raise _fail("file", "needs a 'families' list")
    records = [r for f in data["families"] for r in _family(f)]
    seen: set[str] = set()
    for r in records:
        if r.full_name in seen:
            raise _fail(r.family, f"{r.full_name} is listed twice")
        seen.add(r.full_name)
    return tuple(records)


__all__ = ["CpuRecord", "load_cpus", "parse_cpus"]
