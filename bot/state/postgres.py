"""The shared state: PostgreSQL through asyncpg, for shards run by several processes or machines.

Every write sends a NOTIFY on `tpsbot_state` in its own transaction (delivered at commit); each
process LISTENs on a connection of its own and re-reads what changed, so a setting saved on one
machine is used by the others within milliseconds. If that connection drops, the process is not
ready (/readyz, `problem()`) until it is back: it tries again every second at most, then re-reads
everything (notifications sent meanwhile are lost), so shards agree within about a second of the
server's return.
Migrations take an advisory lock: processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import uuid
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
from asyncpg import exceptions as pg

from bot.state import sql
from bot.state.base import WRITE_TIMEOUT, Snapshot, StateStore, merge_plan
from bot.state.errors import (
    BUSY,
    FAILED,
    FULL,
    READ_ONLY,
    UNREACHABLE,
    StateDatabaseError,
    StateSettingError,
    StateUnavailableError,
)
from bot.state.migrations import LATEST, MIGRATIONS, SHAPE, check_shape, check_unversioned, check_version
from bot.state.sql import numbered, upsert_sql
from bot.state.urls import check, mask, secrets
from bot.state.values import GUILD_COLUMNS, to_row, valid_user_locale

log = logging.getLogger(__name__)

CHANNEL = "tpsbot_state"
_LOCK_KEY = 0x54505342  # "TPSB": the advisory lock migrations hold
_SELECT_GUILDS = f"SELECT {', '.join(GUILD_COLUMNS)} FROM guild_settings"
CONNECT_TIMEOUT = 10.0
COPY_TIMEOUT = 600.0  # backups, restores and migrations between backends
# Seconds between tries to get the notification connection back: at most one, so that a shard reads the
# settings saved meanwhile within about a second of the server's return (then every try is one refused
# connection, which costs nothing).
RECONNECT_DELAYS = (0.1, 0.25, 0.5, 1.0)
RECONNECT_TIMEOUT = 3.0  # a try's own limit: a server behind a dropped route answers nothing at all
_NOTIFY_MAX = 7000  # PostgreSQL's payload limit is 8,000 bytes


def _scrub(exc: BaseException, url: str) -> str:
    """A driver's error on one line, without any secret of the URL (asyncpg may quote its values)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    for secret in secrets(url):
        text = text.replace(secret, "***")
    return text


_UNREACHABLE = (OSError, TimeoutError, pg.PostgresConnectionError, pg.ConnectionDoesNotExistError,
                pg.CannotConnectNowError, pg.OperatorInterventionError, pg.InterfaceError)


class PostgresState(StateStore):
    kind = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str, write_timeout: float) -> None:
        super().__init__(mask(url), write_timeout)
        self._pool = pool
        self._url = url
        self._token = uuid.uuid4().hex[:12]  # marks this process's own notifications
        self._listener: asyncpg.Connection | None = None
        self._refresh_lock = asyncio.Lock()  # refreshes apply in the order notifications came
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        self.reconnect_delays = RECONNECT_DELAYS

    @classmethod
    async def open(cls, url: str, *, write_timeout: float = WRITE_TIMEOUT, listen: bool = True) -> PostgresState:
        try:
            check(url)
        except ValueError as exc:
            raise StateSettingError(f"{mask(url)}: {exc}") from None
        try:
            pool = await asyncpg.create_pool(
                # min_size=0: no connection floor for asyncpg to restore while the server is down (it would
                # log a traceback at every retry); connections are opened when a write needs one.
                url, min_size=0, max_size=4, timeout=CONNECT_TIMEOUT, command_timeout=write_timeout,
                # A row lock held by another session ends the wait inside the write budget.
                server_settings={"application_name": f"tpsbot-{os.getpid()}",
                                 "lock_timeout": f"{int(write_timeout * 600)}ms"},
            )
        except _UNREACHABLE as exc:
            raise StateUnavailableError(f"cannot reach {mask(url)} ({_scrub(exc, url)})") from exc
        except (pg.PostgresError, ValueError, OverflowError) as exc:  # refused login, missing database, bad URL
            raise StateDatabaseError(f"{mask(url)}: {_scrub(exc, url)}") from exc
        store = cls(pool, url, write_timeout)
        try:
            await store._start(listen)
        except BaseException:
            await store._close()
            raise
        return store

    async def _start(self, listen: bool) -> None:
        try:
            await self._migrate()
            async with self._pool.acquire() as conn:
                rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                        "WHERE table_schema = current_schema() AND table_name = ANY($1::text[]) "
                                        "ORDER BY ordinal_position", list(SHAPE))
            columns: dict[str, list[str]] = {}
            for table, column in rows:
                columns.setdefault(table, []).append(column)
            check_shape(columns, self.where)
            if listen:
                await self._listen()
            await self._load_all(write_repairs=True)
            await self.load_blocklist()
            await self.load_departures()
        except ValueError as exc:
            raise StateDatabaseError(str(exc)) from exc
        except _UNREACHABLE as exc:
            raise StateUnavailableError(f"cannot reach {self.where} ({_scrub(exc, self._url)})") from exc
        except pg.PostgresError as exc:
            raise StateDatabaseError(f"{self.where}: {_scrub(exc, self._url)}") from exc

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SET LOCAL lock_timeout = '30s'")  # another process may be migrating
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY, timeout=60)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            rows = [r[0] for r in await conn.fetch("SELECT version FROM schema_version")]
            version = check_version(rows, self.where)
            if version == 0:
                check_unversioned([r[0] for r in await conn.fetch(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")],
                    self.where, any_table=False)
            for step in MIGRATIONS[version:]:
                await conn.execute(step.postgresql)
            if not rows:
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", LATEST)
            elif version != LATEST:
                await conn.execute("UPDATE schema_version SET version = $1", LATEST)

    async def _load_all(self, write_repairs: bool = False) -> None:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read"):
            guilds = await conn.fetch(_SELECT_GUILDS, timeout=COPY_TIMEOUT)
            users = await conn.fetch("SELECT user_id, locale FROM user_locale", timeout=COPY_TIMEOUT)
        self._guilds.clear()
        self._users.clear()
        repaired = self._accept(guilds, users, "at start" if write_repairs else "reloaded")
        if write_repairs:
            for gid, settings in repaired:
                await self._write_guild(gid, list(GUILD_COLUMNS[1:]), list(to_row(gid, settings)[1:]))

    # -- LISTEN/NOTIFY -------------------------------------------------------------------------------
    async def _listen(self, timeout: float = CONNECT_TIMEOUT) -> None:
        conn = await asyncpg.connect(self._url, timeout=timeout)
        await conn.add_listener(CHANNEL, self._on_notify)
        conn.add_termination_listener(self._on_lost)
        self._listener = conn

    def _on_notify(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        token, _, rest = payload.partition(":")
        kind, _, ids = rest.partition(":")
        if token == self._token and kind == "u":
            return  # our own languages are in memory already; guild rows are re-read (ordering)
        self._spawn(self._refresh(kind, [int(i) for i in ids.split(",") if i]))

    def _on_lost(self, _conn: Any) -> None:
        if not self._closing:
            # Until it is back, other processes' changes do not reach this one: not ready (/readyz).
            self._set_down("the notification connection was lost; reconnecting")
            self._spawn(self._relisten())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, kind: str, ids: list[int]) -> None:
        async with self._refresh_lock:
            try:
                if kind == "g":
                    rows = await self._pool.fetch(f"{_SELECT_GUILDS} WHERE guild_id = ANY($1::bigint[])", ids)
                    for gid in set(ids) - {r[0] for r in rows}:
                        self._guilds.pop(gid, None)
                    for row in rows:
                        self._guilds[row[0]] = self._settings_from(row, "changed elsewhere")
                elif kind == "u":
                    rows = await self._pool.fetch("SELECT user_id, locale FROM user_locale "
                                                  "WHERE user_id = ANY($1::bigint[])", ids)
                    for uid in set(ids) - {r[0] for r in rows}:  # erased, or expired
                        self._users.pop(uid, None)
                        self._seen.pop(uid, None)
                    self._accept([], rows, "changed elsewhere")
                elif kind == "b":
                    await self.load_blocklist()
                else:
                    await self._load_all()
                    await self.load_blocklist()
            except Exception as exc:  # the next notification or reconnection reads it again
                log.warning("Could not re-read a change from %s: %s", self.where, exc)

    async def _relisten(self) -> None:
        delays = self.reconnect_delays
        for attempt in range(1_000_000):
            if self._closing:
                return
            await asyncio.sleep(delays[min(attempt, len(delays) - 1)])
            try:
                await self._listen(RECONNECT_TIMEOUT)
                await self._refresh("*", [])  # what changed while we were away
                self._set_down(None)
                return
            except Exception as exc:
                log.debug("Reconnecting to %s failed: %s", self.where, exc)

    async def _notify(self, conn: asyncpg.Connection, kind: str, ids: list[int] | None = None) -> None:
        """Within the writing transaction: PostgreSQL delivers it at commit, or never."""
        await conn.execute("SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload",
                           CHANNEL, self._payloads(kind, ids or []))

    def _payloads(self, kind: str, ids: list[int]) -> list[str]:
        """`token:kind:id,id,…` cut under PostgreSQL's payload limit."""
        out, text = [], ",".join(map(str, ids))
        while True:
            cut = text.rfind(",", 0, _NOTIFY_MAX) if len(text) > _NOTIFY_MAX else len(text)
            out.append(f"{self._token}:{kind}:{text[:cut]}")
            text = text[cut + 1:]
            if not text:
                return out

    # -- StateStore ----------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _transaction(self, timeout: float | None = None) -> AsyncIterator[asyncpg.Connection]:
        async with self._pool.acquire(timeout=timeout or self.write_timeout) as conn, conn.transaction():
            yield conn

    async def _write_guild(self, guild_id: int, names: list[str], values: list[Any]) -> Any:
        async with self._transaction() as conn:
            row = await conn.fetchrow(upsert_sql(names, "$"), guild_id, *values)
            await self._notify(conn, "g", [guild_id])
            return row

    async def _write_locales(self, batch: list[tuple[int, str]], day: int) -> None:
        # One statement (its own transaction: the rows and their notifications commit together), so
        # one round trip: under a burst each waiting user's answer waits for this commit.
        ids = [uid for uid, _ in batch]
        await self._pool.execute(
            "WITH saved AS (INSERT INTO user_locale SELECT * FROM unnest($1::bigint[], $2::text[]) "
            "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale), "
            "seen AS (INSERT INTO user_seen SELECT id, $5::integer FROM unnest($1::bigint[]) AS id "
            "ON CONFLICT (user_id) DO UPDATE SET day = excluded.day) "
            "SELECT pg_notify($3, payload) FROM unnest($4::text[]) AS payload",
            ids, [loc for _, loc in batch], CHANNEL, self._payloads("u", ids), day, timeout=self.write_timeout)

    async def _tx(self, steps: list[tuple[str, tuple[Any, ...]]],
                  notify: tuple[str, list[int]] | None = None) -> list[list[tuple[Any, ...]]]:
        out: list[list[tuple[Any, ...]]] = []
        async with self._transaction() as conn:
            for statement, params in steps:
                out.append([tuple(r) for r in await conn.fetch(numbered(statement), *params)])
            if notify is not None:
                await self._notify(conn, *notify)
        return out

    async def _read(self, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self._pool.fetch(numbered(statement), *params, timeout=COPY_TIMEOUT)]

    def _classify(self, exc: BaseException) -> str | None:
        if isinstance(exc, pg.ReadOnlySQLTransactionError):
            return READ_ONLY
        if isinstance(exc, (pg.DiskFullError, pg.InsufficientResourcesError)):
            return FULL
        if isinstance(exc, (pg.LockNotAvailableError, pg.QueryCanceledError, pg.DeadlockDetectedError,
                            pg.SerializationError, pg.TooManyConnectionsError)):
            return BUSY
        if isinstance(exc, _UNREACHABLE):
            return UNREACHABLE
        return FAILED if isinstance(exc, pg.PostgresError) else None

    async def _close(self) -> None:
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._listener.close(), 5)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._pool.close(), 5)

    async def version(self) -> int:
        return await self._pool.fetchval("SELECT version FROM schema_version")

    async def get_meta(self, key: str) -> str | None:
        return await self._pool.fetchval("SELECT value FROM meta WHERE key = $1", key)

    async def set_meta(self, key: str, value: str) -> None:
        async def write() -> None:
            async with self._transaction() as conn:
                await conn.execute("INSERT INTO meta VALUES ($1, $2) ON CONFLICT (key) DO UPDATE "
                                   "SET value = excluded.value", key, value)

        await self._guarded(write())

    async def snapshot(self) -> Snapshot:
        async with self._pool.acquire(timeout=CONNECT_TIMEOUT) as conn, \
                conn.transaction(isolation="repeatable_read", readonly=True):
            version = await conn.fetchval("SELECT version FROM schema_version")
            guilds = [to_row(r[0], self._settings_from(r, "copying"))
                      for r in await conn.fetch(f"{_SELECT_GUILDS} ORDER BY guild_id", timeout=COPY_TIMEOUT)]
            users = [tuple(r) for r in await conn.fetch("SELECT user_id, locale FROM user_locale ORDER BY user_id",
                                                        timeout=COPY_TIMEOUT) if valid_user_locale(r[1])]
            meta = [tuple(r) for r in await conn.fetch("SELECT key, value FROM meta ORDER BY key")]
            extra = {table: [tuple(r) for r in await conn.fetch(sql.select_all(table), timeout=COPY_TIMEOUT)]
                     for table in sql.COPIED}
        return Snapshot(version, guilds, users, meta, extra)

    async def _insert(self, conn: asyncpg.Connection, guilds: list[Any], users: list[Any], meta: list[Any]) -> None:
        cols = ", ".join(GUILD_COLUMNS)
        update = ", ".join(f"{c} = excluded.{c}" for c in GUILD_COLUMNS[1:])
        await conn.executemany(f"INSERT INTO guild_settings ({cols}) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                               f"ON CONFLICT (guild_id) DO UPDATE SET {update}", guilds, timeout=COPY_TIMEOUT)
        await conn.executemany("INSERT INTO user_locale VALUES ($1, $2) ON CONFLICT (user_id) "
                               "DO UPDATE SET locale = excluded.locale", users, timeout=COPY_TIMEOUT)
        await conn.executemany("INSERT INTO meta VALUES ($1, $2) ON CONFLICT (key) "
                               "DO UPDATE SET value = excluded.value", meta, timeout=COPY_TIMEOUT)

    async def replace_all(self, snapshot: Snapshot) -> None:
        async with self._transaction(CONNECT_TIMEOUT) as conn:
            await conn.execute("SET LOCAL lock_timeout = '30s'")
            await conn.execute("; ".join(f"DELETE FROM {table}" for table in
                                         ("guild_settings", "user_locale", "meta", *sql.COPIED)))
            await self._insert(conn, snapshot.guilds, snapshot.users, snapshot.meta)
            await self._insert_extra(conn, snapshot)
            await self._notify(conn, "*")
        self._seen.clear()
        await self._load_all()
        await self.load_blocklist()
        await self.load_departures()

    async def _insert_extra(self, conn: asyncpg.Connection, snapshot: Snapshot) -> None:
        for table, rows in snapshot.extra.items():
            await conn.executemany(sql.numbered(sql.upsert_row(table)), rows, timeout=COPY_TIMEOUT)

    async def merge(self, snapshot: Snapshot) -> dict[str, dict[str, int]]:
        async with self._transaction(CONNECT_TIMEOUT) as conn:
            await conn.execute("SET LOCAL lock_timeout = '30s'")
            # Rows read FOR UPDATE: a bot writing meanwhile waits for this transaction.
            current = {r[0]: to_row(r[0], self._settings_from(r, "copying"))
                       for r in await conn.fetch(f"{_SELECT_GUILDS} FOR UPDATE", timeout=COPY_TIMEOUT)}
            guilds, g = merge_plan(current, snapshot.guilds)
            users, u = merge_plan({r[0]: tuple(r) for r in await conn.fetch(
                "SELECT user_id, locale FROM user_locale FOR UPDATE", timeout=COPY_TIMEOUT)}, snapshot.users)
            meta, m = merge_plan({r[0]: tuple(r) for r in await conn.fetch("SELECT key, value FROM meta FOR UPDATE")},
                                 snapshot.meta)
            await self._insert(conn, guilds, users, meta)
            await self._insert_extra(conn, snapshot)
            await self._notify(conn, "*")
        await self._load_all()
        return {"servers": g, "user_languages": u, "meta": m}
