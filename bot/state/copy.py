"""Backups, restores and the move from SQLite to PostgreSQL: whole states copied in one go.

A backup is always a SQLite state file, whatever the backend: consistent (one read transaction),
usable as is as a TPSBOT_STATE_DB, restorable into either backend, and self-contained (rollback
journal, no write-ahead log: it restores from read-only media). Every copy is all or nothing: a
backup is written in a scratch file beside its name (created exclusively) and moved into place once
checked; a restore reads a private copy of the backup and writes in one transaction.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bot.state.base import Snapshot, StateStore
from bot.state.errors import StateSettingError
from bot.state.open import is_url, open_store
from bot.state.sqlite import SqliteState, scratch_file
from bot.state.urls import mask


class CopyError(Exception):
    """A copy that cannot be made (a path that exists, a source that is missing); one line."""


async def backup(target: str | Path, dest: Path, *, force: bool = False) -> dict[str, Any]:
    if os.path.lexists(dest) and not force:
        raise CopyError(f"{dest} already exists; name a new file or add --force to replace it")
    if os.path.lexists(dest) and not (dest.is_file() and not dest.is_symlink()):
        raise CopyError(f"{dest} is not a regular file")
    store = await open_store(target, listen=False)
    try:
        snapshot = await store.snapshot()  # one consistent read, whatever the backend
    finally:
        await store.close()
    # Written in a scratch file beside the name (created exclusively under a random name: never
    # through a planted link), checked as a restore will read it, then moved into place.
    tmp = scratch_file(dest.parent, dest.name)
    try:
        await _write_sqlite(tmp, snapshot)
        checked = await _read_sqlite(tmp, shown_as=str(dest))
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return {"from": store.where, "backend": store.kind, "to": str(dest), "schema_version": checked.version,
            **checked.counts()}


async def restore(target: str | Path, source: Path) -> dict[str, Any]:
    if not source.is_file():
        raise CopyError(f"{source} is not a file")
    snapshot = await _read_backup(source)
    store = await open_store(target, listen=False)
    try:
        await store.replace_all(snapshot)
    finally:
        await store.close()
    return {"from": str(source), "to": store.where, "backend": store.kind, **snapshot.counts()}


async def migrate(source: Path, url: str) -> dict[str, Any]:
    """Copy a SQLite state into a PostgreSQL one: rows of the same server, user or key are
    overwritten, others left; run again, it changes nothing."""
    if not is_url(url):
        given = f"{mask(url.split('://')[0])}://…" if "://" in url else "a path"
        raise StateSettingError(f"--to must be a postgresql:// URL, not {given}")
    if not source.is_file():
        raise CopyError(f"there is no SQLite state at {source} (set TPSBOT_STATE_DB or --from)")
    src = await SqliteState.open(source)
    try:
        snapshot = await src.snapshot()
    finally:
        await src.close()
    dest = await open_store(url, listen=False)
    try:
        counts = await dest.merge(snapshot)
    finally:
        await dest.close()
    return {"from": str(source), "to": dest.where, "copied": counts}


async def info(target: str | Path) -> dict[str, Any]:
    store = await open_store(target, listen=False)
    try:
        snapshot = await store.snapshot()
    finally:
        await store.close()
    return {"backend": store.kind, "where": store.where, "schema_version": snapshot.version, **snapshot.counts()}


async def _write_sqlite(path: Path, snapshot: Snapshot) -> None:
    """A self-contained rollback-journal SQLite file (no write-ahead log: readable from read-only
    media, nothing beside it) holding the snapshot's rows."""
    out = await SqliteState.open(path, scratch=True)
    try:
        await out.replace_all(snapshot)
    finally:
        await out.close()


async def _read_sqlite(path: Path, shown_as: str | None = None) -> Snapshot:
    store: StateStore = await SqliteState.open(path, scratch=True, shown_as=shown_as)
    try:
        return await store.snapshot()
    finally:
        await store.close()


async def _read_backup(source: Path) -> Snapshot:
    """A backup's rows, checked and migrated like a state at start-up, without writing anything
    beside it (read-only media, a folder of backups): its bytes (and those of a write-ahead log
    left beside an older backup) are copied into a private temporary folder and read there.
    Messages name `source`, not the copy."""
    with tempfile.TemporaryDirectory(prefix="tpsbot-restore-") as folder:
        copy = Path(folder) / "state.db"
        try:
            shutil.copyfile(source, copy)
            wal = Path(f"{source}-wal")
            if wal.is_file():
                shutil.copyfile(wal, f"{copy}-wal")
        except OSError as exc:
            raise CopyError(f"{source}: cannot read it ({exc.strerror or exc})") from exc
        return await _read_sqlite(copy, shown_as=str(source))
