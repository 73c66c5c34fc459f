"""Reading the catalog database (aiosqlite), built on first use and rebuilt when stale.

The schema, its migrations and the atomic writes live in catalog/database.py (below this module
and catalog/build.py, which both use it). A database built by another release — another schema,
other name-matching rules, or other built-in data (its content hash, meta `builtin_data`) — is
rebuilt on open with the Epoch import carried over, and one log line says why.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite

from .database import (  # re-exported: the store is where callers look for the schema and writes
    BUILTIN_DATA,
    MIGRATIONS,
    MODEL_KEYS,
    SCHEMA_VERSION,
    Contents,
    migrate,
    stale_reason,
    write_atomically,
)
from .errors import CatalogError, CorruptDatabaseError, DatabasePathError, ForeignDatabaseError, StoreError
from .files import Kind, kind_of, refuse_foreign
from .paths import ENV_DB, default_db_path
from .records import GpuRecord, ModelRecord, from_json

__all__ = ["BUILTIN_DATA", "ENV_DB", "MIGRATIONS", "MODEL_KEYS", "SCHEMA_VERSION", "CatalogError", "CatalogStore",
           "Contents", "CorruptDatabaseError", "DatabasePathError", "ForeignDatabaseError", "StoreError",
           "default_db_path", "migrate", "write_atomically"]

log = logging.getLogger(__name__)


async def _build(path: Path, reason: str | None) -> None:
    """Build (first use) or rebuild (`reason`: why, logged in one line) the database at `path`."""
    # Lazy: building pulls the GPU data and the importers, which only a first use or an upgrade needs.
    from .build import build_catalog

    if reason is not None:
        log.info("rebuilding the catalog %s: %s; the Epoch import is kept", path, reason)
    await build_catalog(path, only_if_stale=True)


def _gpu_from_row(r: sqlite3.Row) -> GpuRecord:
    # Built directly: rows were checked when written; checking them again would slow the start.
    return GpuRecord(
        position=r[0], name=r[1], vendor=r[2], memory_gb=r[3], bandwidth_gbps=r[4],
        release=dt.date.fromisoformat(r[5]) if r[5] else None, architecture=r[6], generation=r[7],
        memory_type=r[8], tpu_id=r[9], corrected=r[10], segment=r[11], unified_memory=bool(r[12]),
        launch_price_usd=r[13],
    )


def _damaged(path: Path, exc: Exception) -> CorruptDatabaseError:
    return CorruptDatabaseError(f"the catalog database {path} is damaged ({exc}); "
                                "run `tpsbot catalog build` to rebuild it")


class CatalogStore:
    """Read access to a built catalog. Open with `CatalogStore.open()`; it builds on first use."""

    def __init__(self, path: Path, db: aiosqlite.Connection) -> None:
        self.path, self._db = path, db

    @classmethod
    async def open(cls, path: Path | None = None, *, build_if_missing: bool = True) -> CatalogStore:
        path = Path(path) if path else default_db_path()
        kind = kind_of(path)  # a directory or an unreadable file: DatabasePathError
        refuse_foreign(path, kind)
        if kind in (Kind.MISSING, Kind.EMPTY):
            if not build_if_missing:
                raise StoreError(f"no catalog database at {path}; run `tpsbot catalog build`")
            await _build(path, None)
        db = await cls._connect(path)
        try:
            async with db.execute("SELECT version FROM schema_version") as cur:
                row = await cur.fetchone()
            meta: dict[str, str] = {}
            if row and row[0] == SCHEMA_VERSION:
                async with db.execute("SELECT key, value FROM meta WHERE key IN (?, ?)",
                                      (MODEL_KEYS, BUILTIN_DATA)) as cur:
                    meta = {k: v for k, v in await cur.fetchall()}
        except sqlite3.Error as exc:
            await db.close()  # an open aiosqlite connection keeps its thread (and the process) alive
            raise _damaged(path, exc) from exc
        # Another schema, other matching rules or other built-in data (an upgrade): the database is
        # derived data, rebuilt with the Epoch import carried over.
        if (reason := stale_reason(row[0] if row else None, meta)) is not None:
            await db.close()
            await _build(path, reason)
            db = await cls._connect(path)
        return cls(path, db)

    @staticmethod
    async def _connect(path: Path) -> aiosqlite.Connection:
        try:
            return await aiosqlite.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise DatabasePathError(f"cannot open the catalog database {path}: {exc}") from exc

    async def _rows(self, sql: str) -> list[Any]:
        """All rows of a query; damage found while reading is a CorruptDatabaseError, not a traceback."""
        try:
            async with self._db.execute(sql) as cur:
                return list(await cur.fetchall())
        except sqlite3.Error as exc:
            raise _damaged(self.path, exc) from exc

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> CatalogStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def gpus(self) -> list[GpuRecord]:
        return [_gpu_from_row(r) for r in await self._rows("SELECT * FROM gpus ORDER BY position")]

    async def models(self) -> list[ModelRecord]:
        rows = await self._rows("SELECT record FROM models ORDER BY ord")
        return [from_json(ModelRecord, r[0]) for r in rows]

    async def epoch_records(self) -> list[ModelRecord]:
        return [from_json(ModelRecord, r[0])
                for r in await self._rows("SELECT record FROM epoch_records ORDER BY ord")]

    async def imports(self) -> list[dict[str, Any]]:
        return [
            {"source": r[0], "snapshot_date": r[1], "sha256": r[2], "rows": r[3], "imported_at": r[4],
             "report": json.loads(r[5])}
            for r in await self._rows(
                "SELECT source, snapshot_date, sha256, rows, imported_at, report FROM imports ORDER BY id")
        ]

    async def meta(self) -> dict[str, str]:
        return {k: v for k, v in await self._rows("SELECT key, value FROM meta")}

    async def counts(self) -> dict[str, int]:
        out = {}
        for table in ("gpus", "models", "epoch_records"):
            out[table] = (await self._rows(f"SELECT count(*) FROM {table}"))[0][0]  # noqa: S608 (fixed names)
        return out
