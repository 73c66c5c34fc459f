"""The database files (catalog and bot state): whose they are, one writer at a time, and leftovers
of dead writers.

- Only ours is touched (check_database_path, called before anything opens, creates or chmods a
  database): a path must be a regular file or absent; a directory, a symbolic link, a device, a
  FIFO or a socket is refused in one line, read with lstat only. Folders we create for databases are
  0o700 whatever the umask, database files 0o600.
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
import errno
import os
import re
import sqlite3
import stat
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from msgspec import Struct

from .errors import DatabasePathError, ForeignDatabaseError
from .paths import is_default_dir, make_private_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None  # type: ignore[assignment]

APPLICATION_ID = 0x54505342  # "TPSB": the catalog database
STATE_APPLICATION_ID = 0x54505353  # "TPSS": the bot's state database (bot/state/store.py)
SQLITE_MAGIC = b"SQLite format 3\x00"
# Tables any released schema of ours has had: an unmarked file with only these is an older ours.
OUR_TABLES = frozenset({"schema_version", "meta", "gpus", "models", "epoch_records", "imports"})
STATE_TABLES = frozenset({"schema_version", "meta", "guild_settings", "user_locale"})


class Kind(enum.Enum):
    MISSING = "missing"
    EMPTY = "empty"  # zero bytes: SQLite itself treats it as an empty database
    OURS = "ours"
    LEGACY = "legacy"  # ours from before the application_id mark
    FOREIGN = "foreign"


class _Expect(Struct, frozen=True):
    """What a database file of ours must be: its kind, `application_id` and table names."""
    what: str  # how the message names the file
    application_id: int
    tables: frozenset[str]


EXPECT = {
    "catalog": _Expect("catalog database", APPLICATION_ID, OUR_TABLES),
    "state": _Expect("state database", STATE_APPLICATION_ID, STATE_TABLES),
}


def _header(path: Path, what: str) -> bytes:
    """The first 100 bytes, read without following a link or waiting on a FIFO swapped in meanwhile."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except PermissionError:
        raise DatabasePathError(f"cannot read the {what} {path}: permission denied") from None
    except OSError as exc:
        raise DatabasePathError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DatabasePathError(f"{path} is not a regular file; it was left untouched")
        return os.read(fd, 100)
    finally:
        os.close(fd)


def _special(path: Path, st: os.stat_result, what: str) -> DatabasePathError | None:
    """Why `path` cannot be a database file, judged from lstat alone (nothing opened, nothing changed)."""
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        return DatabasePathError(f"{path} is a directory, not a {what}; give a file path")
    if stat.S_ISLNK(mode):
        return DatabasePathError(f"{path} is a symbolic link; give the path of the {what} itself "
                                 "(it was left untouched)")
    if not stat.S_ISREG(mode):
        kind = ("a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
                "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        return DatabasePathError(f"{path} is {kind}, not a {what}; it was left untouched — give a file path")
    return None


def check_database_path(path: Path, expect: str = "catalog") -> Kind:
    """Whose file `path` is, refusing in one line anything we must not touch.

    `expect` is "catalog" or "state". Missing, empty, ours (marked with our application_id) and an
    unmarked older file of ours (only our tables) are returned; a directory, a symbolic link, a
    device, a FIFO, a socket (DatabasePathError) and another program's file (ForeignDatabaseError)
    are refused. Only lstat, a non-blocking read of the header and a read-only look at the table
    names are done: the file, its mode included, is never changed here."""
    want = EXPECT[expect]
    try:
        st = path.lstat()
    except FileNotFoundError:
        return Kind.MISSING
    except OSError as exc:  # a folder on the way that we may not enter
        raise DatabasePathError(f"cannot reach the {want.what} {path}: {exc.strerror or exc}") from None
    if (problem := _special(path, st, want.what)) is not None:
        raise problem
    header = _header(path, want.what)
    if not header:
        return Kind.EMPTY
    kind = _kind_from_header(path, header, want)
    if kind is Kind.FOREIGN:
        raise ForeignDatabaseError(
            f"{path} is not a tpsbot {want.what} (another program's file?); it was left untouched — "
            + ("give another path with --db or TPSBOT_DB" if expect == "catalog" else "give another path"))
    return kind


def _kind_from_header(path: Path, header: bytes, want: _Expect) -> Kind:
    if not header.startswith(SQLITE_MAGIC) or len(header) < 72:
        return Kind.FOREIGN
    app_id = int.from_bytes(header[68:72], "big")
    if app_id == want.application_id:
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
    tables.discard("sqlite_sequence")
    return Kind.LEGACY if tables and tables <= want.tables and "schema_version" in tables else Kind.FOREIGN


def kind_of(path: Path) -> Kind:
    """Whose file `path` is (catalog database); a foreign file raises ForeignDatabaseError."""
    return check_database_path(path, "catalog")


def refuse_foreign(path: Path, kind: Kind) -> None:
    """Kept for callers: check_database_path already refuses a foreign file."""
    if kind is Kind.FOREIGN:
        raise ForeignDatabaseError(f"{path} is not a tpsbot catalog database; it was left untouched")


def make_private_folder(path: Path) -> None:
    """The folder a database goes in, created 0o700 whatever the umask (see paths.make_private_dir)."""
    try:
        make_private_dir(path, ours=is_default_dir(path))
    except OSError as exc:
        raise DatabasePathError(f"cannot create the folder {path}: {exc.strerror or exc}") from None


def create_exclusive(path: Path) -> None:
    """A new empty file of ours, 0o600: never an existing file, never through a link planted at its
    name (O_CREAT|O_EXCL|O_NOFOLLOW); FileExistsError when something is already there."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    os.close(os.open(path, flags, 0o600))


def write_whole(path: Path, data: bytes) -> None:
    """`path` replaced by `data` atomically: written and flushed to disk in a new file beside it
    (created exclusively under a random name), then renamed over it. A full disk or any failure
    leaves `path` as it was (absent, or the previous file) and no temporary file. An OSError
    names `path`, not the temporary file."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    try:
        _write_whole(path, data)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None


def _write_whole(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                mode = stat.S_IMODE(os.stat(path).st_mode)  # a file replaced keeps its permissions
            except FileNotFoundError:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask  # a new one gets what open() would have given it
            os.fchmod(out.fileno(), mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextlib.asynccontextmanager
async def writer_lock(path: Path) -> AsyncIterator[None]:
    """Exclusive writer lock beside the database (waits for another writer to finish)."""
    lock = lock_path(path)
    try:
        make_private_folder(lock.parent)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o600)
    except OSError as exc:
        raise DatabasePathError(
            f"cannot write the catalog database in {lock.parent}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DatabasePathError(f"{lock} is not a regular file; it was left untouched")
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
    removed: list[Path] = []
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
