"""The state interface both backends implement, and what they share: the in-memory view that
answers read on every message, the write budget, and the group commit of remembered languages.

Reads (`guild`, `user_locale`) are served from memory: plain messages read settings on every
message. Writes go to the database first and reach memory only once committed, so what a reply
says was saved, was. With PostgreSQL, other processes' writes reach this memory through
LISTEN/NOTIFY (state/postgres.py) within milliseconds.
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar, TypeVar

from msgspec import Struct, field

from bot.state.control import Control
from bot.state.errors import BUSY, UNREACHABLE, StateWriteError
from bot.state.values import (
    GUILD_COLUMNS,
    GuildSettings,
    check_changes,
    from_row,
    to_row,
    valid_user_locale,
    warn_repaired,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

# Discord's window for the first response is 3 s: a write that takes longer than this is given up
# and answered "not saved (busy)" while there is still time to say so.
WRITE_TIMEOUT = 1.5
# How long an interaction waits for its user's language to be committed before it is answered.
LOCALE_TIMEOUT = 0.5
FLUSH_GATHER = 0.03  # seconds a commit of languages waits for more to join it
SLOW_WARNING_EVERY = 60.0  # seconds between two warnings about unsaved languages
WRITES_FAIL = "writes fail: "


class Snapshot(Struct):
    """Every row of a state, read in one transaction (backups, restores, migrations between backends)."""

    version: int
    guilds: list[tuple[Any, ...]]  # values.to_row form
    users: list[tuple[int, str]]
    meta: list[tuple[str, str]]
    extra: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)  # sql.COPIED's tables: their rows

    def counts(self) -> dict[str, int]:
        return {"servers": len(self.guilds), "user_languages": len(self.users), "meta": len(self.meta)}


class StateStore(Control, ABC):
    kind: ClassVar[str]  # "sqlite" | "postgresql"

    def __init__(self, where: str, write_timeout: float = WRITE_TIMEOUT) -> None:
        self.clock: Callable[[], float] = time.time  # wall clock for retention times; tests set their own
        # Told of every failed write (its reason): the bot counts them in /metrics.
        self.on_error: Callable[[str], None] | None = None
        self._down: str | None = None  # why the store cannot be reached now (for /readyz); None: fine
        self._blocked: set[tuple[str, int]] = set()
        self._counts: Counter[tuple[int, int, str, bool]] = Counter()
        self._seen: dict[int, int] = {}  # user → the day their language was last written as used
        self._left: set[int] = set()  # servers that removed the bot, data not deleted yet
        self.where = where  # a path, or a URL without its password: safe to print
        self.write_timeout = write_timeout
        self.locale_timeout = LOCALE_TIMEOUT
        self.flush_gather = FLUSH_GATHER
        self._guilds: dict[int, GuildSettings] = {}
        self._users: dict[int, str] = {}
        self._pending: dict[int, str] = {}  # languages noted, not yet committed
        self._failed: dict[int, str] = {}  # a batch that could not be written: retried with the next one
        self._waiters: list[asyncio.Future[StateWriteError | None]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._warned_at = float("-inf")

    # -- reads -----------------------------------------------------------------------------------
    def guild(self, guild_id: int | None) -> GuildSettings:
        return self._guilds.get(guild_id, GuildSettings()) if guild_id is not None else GuildSettings()

    def user_locale(self, user_id: int) -> str | None:
        return self._users.get(user_id)

    def server_count(self) -> int:
        return len(self._guilds)

    # -- guild writes ------------------------------------------------------------------------------
    async def update_guild(self, guild_id: int, **changes: object) -> GuildSettings:
        """Write only the changed columns (another process may have changed the others) → the row
        as stored. Raises StateWriteError (nothing saved) within `write_timeout`."""
        check_changes(changes)
        names = [n for n in GUILD_COLUMNS[1:] if n in changes]
        values = dict(zip(GUILD_COLUMNS, to_row(guild_id, GuildSettings(**changes)), strict=True))  # type: ignore[arg-type]
        row = await self._guarded(self._write_guild(guild_id, names, [values[n] for n in names]))
        self._guilds[guild_id] = self._settings_from(row, "after a write")
        return self._guilds[guild_id]

    # -- remembered user languages -------------------------------------------------------------------
    def note_locale(self, user_id: int, locale: str) -> asyncio.Future[StateWriteError | None] | None:
        """Keep a user's language; → a future resolved (None, or the error) once it is committed, or
        None when nothing changed. Everything noted while one commit runs goes in the next: a burst of
        1,000 new users is a handful of commits, not 1,000 queued ones."""
        # A language already kept is written again at most once a day, as "used today": languages
        # unused for the retention time expire (state/control.py).
        today = self.today()
        if (self._users.get(user_id) == locale and self._seen.get(user_id) == today) or not valid_user_locale(locale):
            return None
        self._users[user_id] = locale
        self._seen[user_id] = today
        self._pending[user_id] = locale
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[StateWriteError | None] = loop.create_future()
        self._waiters.append(waiter)
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush_locales())
        return waiter

    async def keep_locale(self, user_id: int, locale: str) -> bool:
        """Note a user's language and wait (up to `locale_timeout`) until it is committed, so that an
        answer is not acknowledged before the language it used is saved. Never raises: a failure is
        stated in the log (and retried with the next write), the answer goes on."""
        waiter = self.note_locale(user_id, locale)
        if waiter is None:
            return True
        try:
            error = await asyncio.wait_for(asyncio.shield(waiter), self.locale_timeout)
        except TimeoutError:
            self._warn("Remembered languages are not saved yet after %.1f s (user %s and others; the %s state "
                       "is slow); they are written when the database answers", self.locale_timeout, user_id, self.kind)
            return False
        if error is not None:
            self._warn("Remembered languages were not saved (user %s and others: %s, %s); kept in memory and "
                       "retried with the next write", user_id, error.reason, error.detail)
        return error is None

    def _warn(self, message: str, *args: object) -> None:
        """Once a minute, not once per user: a slow or full disk under a burst of 1,000 new users is one
        line (the others go to DEBUG)."""
        now = asyncio.get_running_loop().time()
        if now - self._warned_at >= SLOW_WARNING_EVERY:
            self._warned_at = now
            log.warning(message, *args)
        else:
            log.debug(message, *args)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Like keep_locale, but waits as long as the write takes and raises StateWriteError."""
        waiter = self.note_locale(user_id, locale)
        error = await waiter if waiter is not None else None
        if error is not None:
            raise error

    async def _flush_locales(self) -> None:
        while self._pending or self._failed:
            # A moment for the rest of a burst to be noted: one commit for all of them instead of
            # one per handful (each commit costs the event loop a few milliseconds).
            await asyncio.sleep(self.flush_gather)
            batch = {**self._failed, **self._pending}
            waiters, self._pending, self._failed, self._waiters = self._waiters, {}, {}, []
            error: StateWriteError | None = None
            try:
                await self._guarded(self._write_locales(list(batch.items()), self.today()))
            except StateWriteError as exc:
                error = exc
                self._failed = {u: loc for u, loc in batch.items() if u not in self._pending}
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(error)
            if error is not None:
                return  # retried when the next language is noted, or at close

    async def save_locales(self) -> None:
        """Commit every noted language now (shutdown)."""
        if self._flusher is not None and not self._flusher.done():
            await self._flusher
        if self._pending or self._failed:
            self._flusher = asyncio.get_running_loop().create_task(self._flush_locales())
            await self._flusher
        if self._failed:
            log.warning("%d remembered user languages could not be saved before closing", len(self._failed))

    async def close(self) -> None:
        try:
            await self.save_locales()
            try:
                await self.flush_counts()
            except StateWriteError as exc:
                log.warning("Usage counts could not be saved before closing (%s)", exc)
        finally:
            await self._close()

    # -- health ------------------------------------------------------------------------------------------
    def problem(self) -> str | None:
        """Why the state cannot be used now (the server is unreachable), for /readyz; None when fine."""
        return self._down

    def _set_down(self, why: str | None) -> None:
        if why != self._down:
            if why is None:
                log.info("The %s state at %s answers again", self.kind, self.where)
            else:
                log.warning("The %s state at %s cannot be reached: %s", self.kind, self.where, why)
        self._down = why

    # -- helpers for the backends -----------------------------------------------------------------------
    async def _guarded(self, write: Awaitable[T]) -> T:
        """A write within the budget, its failure turned into a StateWriteError with a reason."""
        try:
            result = await asyncio.wait_for(write, self.write_timeout)
        except TimeoutError as exc:
            self._failed_write(BUSY)
            raise StateWriteError(BUSY, f"no answer within {self.write_timeout:g} s") from exc
        except Exception as exc:
            reason = self._classify(exc)
            if reason is None:
                raise
            self._failed_write(reason)
            if reason == UNREACHABLE:
                self._set_down(WRITES_FAIL + (" ".join(str(exc).split()) or type(exc).__name__))
            raise StateWriteError(reason, " ".join(str(exc).split()) or type(exc).__name__) from exc
        if self._down is not None and self._down.startswith(WRITES_FAIL):
            self._set_down(None)  # a write went through: the server is back
        return result

    def _failed_write(self, reason: str) -> None:
        if self.on_error is not None:
            self.on_error(reason)

    def _settings_from(self, row: Any, when: str) -> GuildSettings:
        settings, problems = from_row(row)
        warn_repaired(f"{self.where} ({when})", row[0], problems)
        return settings

    def _accept(self, guilds: Iterable[Any], users: Iterable[Any], when: str) -> list[tuple[int, GuildSettings]]:
        """Rows as read → memory; → the repaired rows (to be written back at start-up)."""
        repaired: list[tuple[int, GuildSettings]] = []
        for row in guilds:
            settings, problems = from_row(row)
            if problems:
                warn_repaired(f"{self.where} ({when})", row[0], problems)
                repaired.append((row[0], settings))
            self._guilds[row[0]] = settings
        for uid, locale in users:
            if valid_user_locale(locale):
                self._users[uid] = locale
            else:
                log.warning("State database %s: the remembered language of user %s is not a language "
                            "(%.40r); ignored", self.where, uid, locale)
        return repaired

    # -- what each backend provides ------------------------------------------------------------------------
    @abstractmethod
    async def _write_guild(self, guild_id: int, names: list[str], values: list[Any]) -> Any:
        """Upsert these columns in one transaction → the stored row (GUILD_COLUMNS order)."""

    @abstractmethod
    async def _write_locales(self, batch: list[tuple[int, str]], day: int) -> None:
        """Keep these languages, as used on `day` (user_seen), in one commit."""

    @abstractmethod
    def _classify(self, exc: BaseException) -> str | None:
        """A database failure → its reason (errors.REASONS); None for anything else (a bug)."""

    @abstractmethod
    async def _close(self) -> None: ...

    @abstractmethod
    async def version(self) -> int: ...

    @abstractmethod
    async def get_meta(self, key: str) -> str | None: ...

    @abstractmethod
    async def set_meta(self, key: str, value: str) -> None: ...

    @abstractmethod
    async def snapshot(self) -> Snapshot:
        """Every row, from one consistent read."""

    @abstractmethod
    async def replace_all(self, snapshot: Snapshot) -> None:
        """Make the state exactly `snapshot`'s rows, in one transaction (all or nothing)."""

    @abstractmethod
    async def merge(self, snapshot: Snapshot) -> dict[str, dict[str, int]]:
        """Upsert `snapshot`'s rows in one transaction, leaving other rows → per table
        {"new": n, "changed": n, "unchanged": n}."""


def merge_plan(current: dict[Any, Any],
               incoming: Iterable[tuple[Any, ...]]) -> tuple[list[tuple[Any, ...]], dict[str, int]]:
    """Rows keyed by their first value: → (the rows to upsert, the counts)."""
    counts = {"new": 0, "changed": 0, "unchanged": 0}
    upserts: list[tuple[Any, ...]] = []
    for row in incoming:
        before = current.get(row[0])
        key = "new" if before is None else "unchanged" if tuple(before) == tuple(row) else "changed"
        counts[key] += 1
        if key != "unchanged":
            upserts.append(tuple(row))
    return upserts, counts
