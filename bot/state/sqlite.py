"""The embedded state: one SQLite file (aiosqlite), checked whole at every start.

Start-up refuses, in one line, what it cannot safely write into: a damaged file (`PRAGMA
quick_check`), a file that is not SQLite, a `schema_version` that is not one number or is newer
than this release, tables of another shape. An out-of-range value in a row is repaired instead
(values.py says why). Transactions are explicit (`BEGIN IMMEDIATE`, waiting at most for the
busy timeout) and serialised on the one connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import sqlite3
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite

from bot.state import sql
from bot.state.base import WRITE_TIMEOUT, Snapshot, StateStore, merge_plan
from bot.state.errors import BUSY, FAILED, FULL, READ_ONLY, StateDatabaseError, StateUnavailableError
from bot.state.migrations import LATEST, MIGRATIONS, SHAPE, check_shape, check_unversioned, check_version
from bot.state.sql import upsert_sql
from bot.state.values import GUILD_COLUMNS, to_row, valid_user_locale
from catalog.errors import StoreError
from catalog.files import STATE_APPLICATION_ID, check_database_path

# The busy timeout's share of the write budget: a write may first wait for this connection's
# previous transaction (as long again), and a cancelled wait still ends only when SQLite gives up.
BUSY_SHARE = 0.4
WATCH_EVERY = 1.0  # seconds between two looks for other processes' writes
_ROWS_PER_STATEMENT = 5000  # 10,000 parameters, well under SQLite's 32,766
RESTORE_HINT = "restore a backup with `tpsbot state restore`"
log = logging.getLogger(__name__)
_SELECT_GUILDS = f"SELECT {', '.join(GUILD_COLUMNS)} FROM guild_settings"


def _narrow(path: Path) -> None:
    """The state database holds per-server choices: the file is 0o600 whatever the umask, and an
    existing wider one is narrowed (opened without following a link, never created here)."""
    fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        os.fchmod(fd, 0o600)  # SQLite creates its files 0o644 minus the umask, and an old file may be wider
    finally:
        os.close(fd)


def scratch_file(folder: Path, name: str) -> Path:
    """A new empty file of ours in `folder`: created exclusively (O_EXCL under a random name, so
    never through a link planted in advance), 0o600."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    return Path(tmp)


async def _create_whole(path: Path) -> None:
    """A new state database appears whole or not at all: made and checked in a scratch file beside
    it, then linked into place. A full disk or any failure leaves no empty or half-made file."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)  # mkdir's mode is filtered by the umask
    try:
        tmp = scratch_file(path.parent, path.name)
    except OSError as exc:  # named after the file asked for, not the temporary one
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    try:
        store = await SqliteState.open(tmp, scratch=True, shown_as=str(path))
        await store.close()
        try:
            os.link(tmp, path)  # never over a file another process has just created
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _quick_connection(path: Path) -> sqlite3.Connection:
    """Autocommit, no busy wait (a held lock is an immediate SQLITE_BUSY, never a blocked loop), no
    automatic checkpoint (its fsyncs would run on the loop; the watcher checkpoints instead)."""
    quick = sqlite3.connect(path, timeout=0, isolation_level=None)
    quick.execute("PRAGMA synchronous = NORMAL")
    quick.execute("PRAGMA wal_autocheckpoint = 0")
    return quick


def _locale_statements(batch: list[tuple[int, str]], day: int) -> list[tuple[str, list[Any]]]:
    """One INSERT per chunk and table: a statement is its own transaction in autocommit mode (the day
    is written after the language: a crash between the two leaves a language the sweep dates itself)."""
    out = []
    for start in range(0, len(batch), _ROWS_PER_STATEMENT):
        chunk = batch[start:start + _ROWS_PER_STATEMENT]
        out.append((f"INSERT OR REPLACE INTO user_locale VALUES {', '.join(['(?, ?)'] * len(chunk))}",
                    [v for row in chunk for v in row]))
        out.append((f"INSERT OR REPLACE INTO user_seen VALUES {', '.join(['(?, ?)'] * len(chunk))}",
                    [v for uid, _ in chunk for v in (uid, day)]))
    return out


class SqliteState(StateStore):
    kind = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: Path, write_timeout: float, *, scratch: bool = False,
                 shown_as: str | None = None) -> None:
        super().__init__(shown_as or str(path), write_timeout)
        self._db = db
        self.path = path
        self.scratch = scratch  # a file of our own making (a backup, a copy): no write-ahead log
        self._lock = asyncio.Lock()  # one transaction at a time on the one connection
        self._watcher: asyncio.Task[None] | None = None
        self._quick: sqlite3.Connection | None = None  # see _write_locales
        self._unsynced = False

    @classmethod
    async def open(cls, path: Path | str, *, write_timeout: float = WRITE_TIMEOUT, watch: bool = False,
                   scratch: bool = False, shown_as: str | None = None) -> SqliteState:
        """`watch`: follow other processes' writes to this file (a bot; not a one-off command).
        `scratch`: a file this process made and alone uses (a backup being written, a restore's
        copy): it stays a self-contained rollback-journal file, its journal kept in memory (no
        `-journal` file beside it). `shown_as`: the name messages give the file (a copy's source)."""
        path = Path(path)
        shown = shown_as or str(path)
        try:
            if str(path) != ":memory:":
                check_database_path(path, expect="state")  # only ours, before any create or chmod
                if not scratch and not os.path.lexists(path):
                    await _create_whole(path)
                _narrow(path)
            # The busy timeout stays inside the write budget: a lock held elsewhere is answered
            # "busy, not saved" before Discord's 3 s are up.
            db = await aiosqlite.connect(path, timeout=write_timeout * BUSY_SHARE, isolation_level=None)
        except (OSError, sqlite3.Error, StoreError) as exc:
            raise StateDatabaseError(f"{shown}: {str(exc).replace(str(path), shown)}") from exc
        store = cls(db, path, write_timeout, scratch=scratch, shown_as=shown_as)
        try:
            if scratch:
                await db.execute("PRAGMA journal_mode = MEMORY")
            await store._start()
        except BaseException:
            await db.close()  # else aiosqlite's thread keeps the process alive forever
            raise
        if watch and str(path) != ":memory:":
            # The baseline is read before open returns: a write another process commits right after is
            # then always seen as a change (read inside the task, it could land before the first look).
            baseline = await store._data_version()
            store._watcher = asyncio.get_running_loop().create_task(store._watch(baseline))
        return store

    async def _start(self) -> None:
        where = self.where
        try:
            await self._check_integrity()
            await self._migrate()
            check_shape(await self._columns(), where)
            async with self._db.execute(_SELECT_GUILDS) as cur:
                guilds = await cur.fetchall()
            async with self._db.execute("SELECT user_id, locale FROM user_locale") as cur:
                users = await cur.fetchall()
            repaired = self._accept(guilds, users, "at start")
            await self.load_blocklist()
            await self.load_departures()
            async with self._transaction():
                # Fails now, not on the first /settings, when the file is read-only.
                await self._db.execute("UPDATE schema_version SET version = version")
                # Marks the file as ours (catalog.files.check_database_path), once every check has passed:
                # a refused file is left byte for byte as it was.
                await self._db.execute(f"PRAGMA application_id = {STATE_APPLICATION_ID}")
                for gid, settings in repaired:
                    await self._db.execute(f"INSERT OR REPLACE INTO guild_settings ({', '.join(GUILD_COLUMNS)}) "
                                           "VALUES (?, ?, ?, ?, ?, ?, ?)", to_row(gid, settings))
            await self._write_ahead()
        except ValueError as exc:  # check_version / check_shape: the sentence is ready
            raise StateDatabaseError(str(exc)) from exc
        except sqlite3.Error as exc:
            if self._classify(exc) == BUSY:
                raise StateUnavailableError(f"{where}: locked by another process ({exc})") from exc
            text = " ".join(str(exc).split())
            if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
                text = f"the file is damaged or not a SQLite database ({text}); {RESTORE_HINT}"
            raise StateDatabaseError(f"{where}: {text}") from exc

    async def _write_ahead(self) -> None:
        """Write-ahead log, synced at checkpoints (synchronous=NORMAL): a commit is one write to the
        log, not two fsyncs of a journal, so a user's language can be committed before each answer
        even in a burst. A commit survives the bot being killed; a power cut may lose the last ones.
        Only once the file passed every check: switching writes its header. Stays as it was where
        the switch is refused (another process holds the file in the old mode, or a network disk)."""
        if str(self.path) == ":memory:" or self.scratch:
            return
        async with self._db.execute("PRAGMA journal_mode = WAL") as cur:
            row = await cur.fetchone()
        assert row is not None  # a PRAGMA that sets a value answers with one row
        mode = row[0]
        if mode == "wal":
            await self._db.execute("PRAGMA synchronous = NORMAL")
            self._quick = _quick_connection(self.path)
        else:
            log.info("State database %s stays in %s journal mode", self.path, mode)

    async def _check_integrity(self) -> None:
        async with self._db.execute("PRAGMA quick_check") as cur:
            rows = [r[0] for r in await cur.fetchall()]
        if rows != ["ok"]:
            raise StateDatabaseError(f"{self.where}: the file is damaged ({' '.join(rows[0].split())[:120]}); "
                                     f"{RESTORE_HINT}")

    async def _migrate(self) -> None:
        async with self._transaction():  # BEGIN IMMEDIATE: two processes starting at once migrate once
            await self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            async with self._db.execute("SELECT version FROM schema_version") as cur:
                rows = [r[0] for r in await cur.fetchall()]
            version = check_version(rows, self.where)
            if version == 0:
                async with self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
                    tables = [r[0] for r in await cur.fetchall()]
                check_unversioned(tables, self.where, any_table=True)
            for step in MIGRATIONS[version:]:
                for statement in filter(str.strip, step.sqlite.split(";")):
                    await self._db.execute(statement)
            if not rows:
                await self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST,))
            elif version != LATEST:
                await self._db.execute("UPDATE schema_version SET version = ?", (LATEST,))

    async def _columns(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for table in SHAPE:
            async with self._db.execute(f"PRAGMA table_info({table})") as cur:
                names = [r[1] for r in await cur.fetchall()]
            if names:
                found[table] = names
        return found

    @contextlib.asynccontextmanager
    async def _transaction(self, begin: str = "BEGIN IMMEDIATE") -> AsyncIterator[None]:
        async with self._lock:
            await self._db.execute(begin)
            try:
                yield
            except BaseException:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    # -- StateStore ----------------------------------------------------------------------------------
    async def _write_guild(self, guild_id: int, names: list[str], values: list[Any]) -> Any:
        async with self._transaction():
            async with self._db.execute(upsert_sql(names), (guild_id, *values)) as cur:
                return await cur.fetchone()

    async def _write_locales(self, batch: list[tuple[int, str]], day: int) -> None:
        # Each waiting user's answer waits for this commit. In write-ahead-log mode a commit is one
        # write() without fsync (well under a millisecond for a batch), so it is made right here on
        # the event loop, by a connection that never waits for a lock: under a burst, a trip to the
        # database thread and back would wait behind every queued event, twice. When another
        # writer holds the lock, the batch goes the usual way, off the loop, within the budget.
        if self._quick is not None:
            try:
                for sql, params in _locale_statements(batch, day):
                    self._quick.execute(sql, params)
                self._unsynced = True
                return
            except sqlite3.OperationalError as exc:
                if self._classify(exc) != BUSY:
                    raise
        async with self._lock:
            for sql, params in _locale_statements(batch, day):
                await self._db.execute(sql, params)

    def _classify(self, exc: BaseException) -> str | None:
        if isinstance(exc, sqlite3.Error):
            name = getattr(exc, "sqlite_errorname", "") or ""
            text = str(exc).lower()
            if name.startswith("SQLITE_READONLY") or "readonly" in text:
                return READ_ONLY
            if name.startswith("SQLITE_FULL") or "is full" in text:
                return FULL
            if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "is locked" in text:
                return BUSY
            return FAILED
        if isinstance(exc, OSError):
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                return FULL
            return READ_ONLY if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM) else FAILED
        if isinstance(exc, ValueError) and "closed" in str(exc).lower():  # aiosqlite after close
            return FAILED
        return None

    async def _close(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        if self._quick is not None:
            self._quick.close()
        await self._db.close()  # the last connection to close checkpoints the log into the file

    async def _watch(self, seen: int) -> None:
        """Processes sharing this file (shard groups on one machine): when another connection has
        committed (`PRAGMA data_version` moved), server settings are re-read, within WATCH_EVERY
        seconds. Only those: re-reading every remembered language each time another process notes
        one would cost more than it is worth; PostgreSQL shares those at once."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                if self._unsynced:  # the quick connection never checkpoints: done here, off the loop
                    self._unsynced = False
                    await self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                now = await self._data_version()
                if now != seen:
                    seen = now
                    async with self._lock:  # replaced under the lock: our own writes land after
                        async with self._db.execute(_SELECT_GUILDS) as cur:
                            rows = await cur.fetchall()
                        self._guilds = {r[0]: self._settings_from(r, "changed elsewhere") for r in rows}
                    await self.load_blocklist()  # `tpsbot admin block` writes the file from its own process
            except (sqlite3.Error, ValueError) as exc:  # the next round tries again
                log.debug("Could not check %s for other processes' writes: %s", self.path, exc)

    async def _tx(self, steps: list[tuple[str, tuple[Any, ...]]],
                  notify: tuple[str, list[int]] | None = None) -> list[list[tuple[Any, ...]]]:
        out: list[list[tuple[Any, ...]]] = []
        async with self._transaction():
            for statement, params in steps:
                async with self._db.execute(statement, params) as cur:
                    out.append([tuple(r) for r in await cur.fetchall()])
        return out

    async def _read(self, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        async with self._lock, self._db.execute(statement, params) as cur:
            return [tuple(r) for r in await cur.fetchall()]

    async def _data_version(self) -> int:
        async with self._db.execute("PRAGMA data_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # PRAGMA data_version always answers one row
        return int(row[0])

    async def version(self) -> int:
        async with self._db.execute("SELECT version FROM schema_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # the table is created with its one row
        return int(row[0])

    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async def write() -> None:
            async with self._transaction():
                await self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

        await self._guarded(write())

    async def snapshot(self) -> Snapshot:
        # One read transaction: a consistent view (in write-ahead-log mode, without holding up the
        # running bot's writes while a backup or `state info` reads).
        async with self._transaction("BEGIN DEFERRED"):
            users = await self._all("SELECT user_id, locale FROM user_locale ORDER BY user_id")
            # A language ignored at start (not a language) is not copied on either.
            return Snapshot(await self.version(), await self._all(_SELECT_GUILDS, repair=True),
                            [u for u in users if valid_user_locale(u[1])],
                            await self._all("SELECT key, value FROM meta ORDER BY key"),
                            {table: await self._all(sql.select_all(table)) for table in sql.COPIED})

    async def _all(self, sql: str, repair: bool = False) -> list[tuple[Any, ...]]:
        async with self._db.execute(sql) as cur:
            rows = [tuple(r) for r in await cur.fetchall()]
        return [to_row(r[0], self._settings_from(r, "copying")) for r in rows] if repair else rows

    async def replace_all(self, snapshot: Snapshot) -> None:
        async with self._transaction():
            for table in ("guild_settings", "user_locale", "meta", *sql.COPIED):
                await self._db.execute(f"DELETE FROM {table}")
            await self._insert(snapshot.guilds, snapshot.users, snapshot.meta)
            await self._insert_extra(snapshot)
        self._guilds.clear()
        self._users.clear()
        self._seen.clear()
        self._accept(snapshot.guilds, snapshot.users, "restored")
        await self.load_blocklist()
        await self.load_departures()

    async def _insert_extra(self, snapshot: Snapshot) -> None:
        for table, rows in snapshot.extra.items():
            await self._db.executemany(sql.upsert_row(table), rows)

    async def _insert(self, guilds: list[Any], users: list[Any], meta: list[Any]) -> None:
        await self._db.executemany(f"INSERT OR REPLACE INTO guild_settings ({', '.join(GUILD_COLUMNS)}) "
                                   "VALUES (?, ?, ?, ?, ?, ?, ?)", guilds)
        await self._db.executemany("INSERT OR REPLACE INTO user_locale VALUES (?, ?)", users)
        await self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta)

    async def merge(self, snapshot: Snapshot) -> dict[str, dict[str, int]]:
        async with self._transaction():
            current = {r[0]: r for r in await self._all(_SELECT_GUILDS, repair=True)}
            guilds, g = merge_plan(current, snapshot.guilds)
            users, u = merge_plan({r[0]: r for r in await self._all("SELECT user_id, locale FROM user_locale")},
                                  snapshot.users)
            meta, m = merge_plan({r[0]: r for r in await self._all("SELECT key, value FROM meta")}, snapshot.meta)
            await self._insert(guilds, users, meta)
            await self._insert_extra(snapshot)
        self._accept(guilds, users, "merged")
        return {"servers": g, "user_languages": u, "meta": m}
