"""The catalog database file: whose it is, one writer at a time, and leftovers of dead writers.

- Ownership: every database we write carries `PRAGMA application_id = APPLICATION_ID`. A file is
  only ever replaced when it is missing, ours (marked, or an unmarked older schema of ours whose
  tables are all ours) or empty; anything else is refused in one line (ForeignDatabaseError).
  The header is read as bytes, so a damaged database of ours is still recognised as ours.
- Single writer: writers hold an exclusive `flock` on `<db>.lock` beside the database for their
  whole read-previous → build → swap sequence, so two writers cannot lose each other's update.
  Readers take no lock: swaps are atomic (`os.replace`). POSIX only (fcntl); where fcntl is
  missing the lock is a no-op and concurrent writers are not serialised (documented in README).
- Stray files: a writer killed mid-build leaves `.<db>.<pid>.tmp` (+ `-journal`); the next writer,
  holding the lock, removes those whose process is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import os
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

from .errors import DatabasePathError, ForeignDatabaseError

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

APPLICATION_ID = 0x54505342  # "TPSB"
SQLITE_MAGIC = b"SQLite format 3\x00"
# Tables any released schema of ours has had: an unmarked file with only these is an older ours.
OUR_TABLES = frozenset({"schema_version", "meta", "gpus", "models", "epoch_records", "imports"})


class Kind(enum.Enum):
    MISSING = "missing"
    EMPTY = "empty"  # zero bytes: SQLite itself treats it as an empty database
    OURS = "ours"
    LEGACY = "legacy"  # ours from before the application_id mark
    FOREIGN = "foreign"


def _header(path: Path) -> bytes:
    try:
        with path.open("rb") as fh:
            return fh.read(100)
    except IsADirectoryError:
        raise DatabasePathError(f"{path} is a directory, not a catalog database; give a file path") from None
    except PermissionError:
        raise DatabasePathError(f"cannot read the catalog database {path}: permission denied") from None
    except OSError as exc:
        raise DatabasePathError(f"cannot read the catalog database {path}: {exc.strerror or exc}") from None


def kind_of(path: Path) -> Kind:
    """Whose file `path` is, from its header (and, when unmarked, its table names)."""
    try:
        is_dir, exists = path.is_dir(), path.exists()
    except OSError as exc:  # a folder on the way that we may not enter
        raise DatabasePathError(f"cannot reach the catalog database {path}: {exc.strerror or exc}") from None
    if is_dir:
        raise DatabasePathError(f"{path} is a directory, not a catalog database; give a file path")
    if not exists:
        return Kind.MISSING
    header = _header(path)
    if not header:
        return Kind.EMPTY
    if not header.startswith(SQLITE_MAGIC) or len(header) < 72:
        return Kind.FOREIGN
    app_id = int.from_bytes(header[68:72], "big")
    if app_id == APPLICATION_ID:
        return Kind.OURS
    if app_id != 0:
        return Kind.FOREIGN
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()
    except sqlite3.Error:
        return Kind.FOREIGN  # unmarked and unreadable: nothing says it is ours
    return Kind.LEGACY if tables and tables <= OUR_TABLES and "schema_version" in tables else Kind.FOREIGN


def refuse_foreign(path: Path, kind: Kind) -> None:
    if kind is Kind.FOREIGN:
        raise ForeignDatabaseError(
            f"{path} is not a tpsbot catalog database (another program's file?); it was left untouched — "
            "give another path with --db or TPSBOT_DB")


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextlib.asynccontextmanager
async def writer_lock(path: Path) -> AsyncIterator[None]:
    """Exclusive writer lock beside the database (waits for another writer to finish)."""
    lock = lock_path(path)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise DatabasePathError(
            f"cannot write the catalog database in {lock.parent}: {exc.strerror or exc}") from None
    try:
        if fcntl is not None:
            # In a thread, so a waiting bot keeps serving while another writer finishes.
            await asyncio.to_thread(fcntl.flock, fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the flock


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return True


def remove_stale_temps(path: Path) -> list[Path]:
    """Temp files (and journals) of writers that died mid-build; call with the writer lock held."""
    pattern = re.compile(rf"^\.{re.escape(path.name)}\.(\d+)\.tmp(?:-journal|-wal|-shm)?$")
    removed = []
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        m = pattern.match(entry.name)
        if m and (int(m.group(1)) == os.getpid() or not _alive(int(m.group(1)))):
            with contextlib.suppress(OSError):
                entry.unlink()
                removed.append(entry)
    return removed
