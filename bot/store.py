"""Per-server settings and remembered user locales, in their own SQLite file (aiosqlite).

Schema changes are numbered migrations: append to MIGRATIONS, never edit a released one.
`schema_version` holds the number of migrations applied. Reads are served from memory (plain
messages read settings on every message); writes go straight through to the database.
"""

from __future__ import annotations

import asyncio
import json
import os
import logging
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path

import aiosqlite

from catalog.errors import StoreError
from catalog.files import STATE_APPLICATION_ID, check_database_path

log = logging.getLogger(__name__)

MIGRATIONS: list[str] = [
    # 1: per-server settings and the users' last interaction locale
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        locale TEXT,
        context INTEGER,
        min_quality TEXT,
        profile TEXT NOT NULL DEFAULT 'reference',
        plain_enabled INTEGER NOT NULL DEFAULT 0,
        plain_channels TEXT NOT NULL DEFAULT '[]'
    );
    CREATE TABLE user_locale (
        user_id INTEGER PRIMARY KEY,
        locale TEXT NOT NULL
    );
    """,
    # 2: small key/value store (hash of the last synced command set)
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
]


def _create_private(path: Path) -> None:
    """The state database holds per-server choices: its folder (when we create it) is 0o700 and the
    file 0o600, whatever the umask. An existing file is narrowed to owner-only too."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)  # mkdir's mode is filtered by the umask
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        os.fchmod(fd, 0o600)  # os.open's mode is filtered by the umask, and an old file may be wider
    finally:
        os.close(fd)


class StateDatabaseError(Exception):
    """The state database cannot be opened or written."""


@dataclass(frozen=True)
class GuildSettings:
    locale: str | None = None
    context: int | None = None
    min_quality: str | None = None
    profile: str = "reference"
    plain_enabled: bool = False
    plain_channels: frozenset[int] = field(default_factory=frozenset)


class Store:
    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._guilds: dict[int, GuildSettings] = {}
        self._users: dict[int, str] = {}
        self._unsaved_locales: dict[int, str] = {}
        self._flush: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Store:
        path = Path(path)
        try:
            if str(path) != ":memory:":
                check_database_path(path, expect="state")  # only ours, before any create or chmod
                _create_private(path)
            db = await aiosqlite.connect(path)
        except (OSError, sqlite3.Error, StoreError) as exc:
            raise StateDatabaseError(f"{path}: {exc}") from exc
        store = cls(db, path)
        try:
            await db.execute(f"PRAGMA application_id = {STATE_APPLICATION_ID}")  # marks the file as ours
            await store._migrate()
            # Fail now, not on the first /settings, when the file is read-only.
            await db.execute("UPDATE schema_version SET version = version")
            await db.commit()
            await store._load()
        except sqlite3.Error as exc:
            await db.close()
            raise StateDatabaseError(f"{path}: {exc}") from exc
        except BaseException:
            await db.close()  # else aiosqlite's thread keeps the process alive forever
            raise
        return store

    async def close(self) -> None:
        if self._flush is not None:
            self._flush.cancel()
        await self.save_locales()
        await self._db.close()

    async def _migrate(self) -> None:
        await self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self._db.execute("SELECT version FROM schema_version") as cur:
            row = await cur.fetchone()
        version = row[0] if row else 0
        if row is None:
            await self._db.execute("INSERT INTO schema_version (version) VALUES (0)")
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            # executescript commits first; each migration and its version bump share one transaction
            await self._db.executescript(f"BEGIN; {script}; UPDATE schema_version SET version = {number}; COMMIT;")
        await self._db.commit()

    async def version(self) -> int:
        async with self._db.execute("SELECT version FROM schema_version") as cur:
            row = await cur.fetchone()
        return row[0]

    async def _load(self) -> None:
        async with self._db.execute("SELECT * FROM guild_settings") as cur:
            async for gid, locale, context, quality, profile, plain, channels in cur:
                self._guilds[gid] = GuildSettings(
                    locale, context, quality, profile, bool(plain), _channel_ids(gid, channels)
                )
        async with self._db.execute("SELECT user_id, locale FROM user_locale") as cur:
            async for uid, locale in cur:
                self._users[uid] = locale

    # -- guilds ------------------------------------------------------------------------------
    def guild(self, guild_id: int | None) -> GuildSettings:
        return self._guilds.get(guild_id, GuildSettings()) if guild_id is not None else GuildSettings()

    async def update_guild(self, guild_id: int, **changes: object) -> GuildSettings:
        new = replace(self.guild(guild_id), **changes)
        await self._db.execute(
            "INSERT OR REPLACE INTO guild_settings VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, new.locale, new.context, new.min_quality, new.profile, int(new.plain_enabled),
             json.dumps(sorted(new.plain_channels))),
        )
        await self._db.commit()
        self._guilds[guild_id] = new
        return new

    # -- users -------------------------------------------------------------------------------
    def user_locale(self, user_id: int) -> str | None:
        return self._users.get(user_id)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        if self._users.get(user_id) == locale:
            return  # every interaction calls this; write only on change
        self._users[user_id] = locale
        await self._db.execute("INSERT OR REPLACE INTO user_locale VALUES (?, ?)", (user_id, locale))
        await self._db.commit()

    def note_locale(self, user_id: int, locale: str) -> None:
        """Like remember_locale, without waiting: kept in memory now, written in one batch about a
        second later (a burst of 1,000 new users is one commit, not 1,000 queued ones)."""
        if self._users.get(user_id) == locale:
            return
        self._users[user_id] = locale
        self._unsaved_locales[user_id] = locale
        if self._flush is None:
            self._flush = asyncio.get_running_loop().create_task(self._save_soon())

    async def _save_soon(self) -> None:
        await asyncio.sleep(1.0)
        self._flush = None
        try:
            await self.save_locales()
        except Exception:  # best effort, as remember_locale: a full disk must not stop answers
            log.warning("Could not save remembered user locales", exc_info=True)

    async def save_locales(self) -> None:
        batch, self._unsaved_locales = self._unsaved_locales, {}
        if batch:
            await self._db.executemany("INSERT OR REPLACE INTO user_locale VALUES (?, ?)", list(batch.items()))
            await self._db.commit()

    # -- meta --------------------------------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
        await self._db.commit()


def _channel_ids(guild_id: int, raw: object) -> frozenset[int]:
    """plain_channels as stored; a damaged value is repaired to "no channels" with a warning."""
    try:
        value = json.loads(raw)  # type: ignore[arg-type]
        if isinstance(value, list):
            return frozenset(int(v) for v in value)
    except (TypeError, ValueError):
        pass
    log.warning("State database: plain_channels of server %s is not a JSON list of ids (%.60r); using none",
                guild_id, raw)
    return frozenset()
