"""The bot keeps answering when its state fails, against both backends: a lock held elsewhere, a
database turned read-only or full while running, out-of-range stored values; and what a reply
was built on (a user's language) is committed before the reply is acknowledged."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.exts.settings.commands import SAVED
from bot.i18n import t
from bot.state.errors import FULL, StateWriteError
from bot.state.open import open_store
from bot.state.replies import NOT_SAVED, REASON_TEXT
from bot.state.sqlite import SqliteState
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

USER = 1_200_000_000_000_000_901
MANAGER = P.MEMBER_PERMS | P.MANAGE_GUILD


def bot_settings(fake: FakeDiscord, tmp_path: Path, target: str | Path, **kw: Any) -> Any:
    where = {"database_url": target} if isinstance(target, str) else {"state_db": target}
    return make_settings(fake, tmp_path, **where, **kw)


async def settings_language(fake: FakeDiscord, value: str, *, locale: str, user: int = USER) -> Any:
    sub = {"name": "language", "type": 1, "options": [P.option("language", value)]}
    payload = P.interaction(2, P.command_data("settings", [sub]), user_id=user, locale=locale, permissions=MANAGER)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return await fake.wait_for(fake.callback_for(payload), timeout=10)


@contextlib.asynccontextmanager
async def lock_held_elsewhere(target: str | Path) -> AsyncIterator[None]:
    """Another process holds the state's write lock for as long as the block runs."""
    if isinstance(target, Path):
        other = sqlite3.connect(target, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
    else:
        other = await asyncpg.connect(target)
        tx = other.transaction()
        await tx.start()
        await other.execute("LOCK TABLE guild_settings, user_locale IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            await tx.rollback()
            await other.close()


async def stored_locale(target: str | Path, user: int) -> str | None:
    """What another process would read now."""
    if isinstance(target, Path):
        with contextlib.closing(sqlite3.connect(target)) as db:
            row = db.execute("SELECT locale FROM user_locale WHERE user_id = ?", (user,)).fetchone()
        return row[0] if row else None
    conn = await asyncpg.connect(target)
    try:
        return await conn.fetchval("SELECT locale FROM user_locale WHERE user_id = $1", user)
    finally:
        await conn.close()


async def test_a_lock_held_elsewhere_is_answered_in_time_not_saved_in_the_users_language(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path,
        caplog: pytest.LogCaptureFixture) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
        async with lock_held_elsewhere(state_target):
            rec = await settings_language(fake, "fr", locale="de")  # a new user: their language waits too
        assert rec.status == 200, (rec.status, rec.response)  # inside Discord's 3 s: the fake enforces it
        text = rec.json["data"]["content"]
        assert text == t("de", NOT_SAVED, reason=t("de", REASON_TEXT["busy"])) and rec.json["data"]["flags"] & 64
        assert bot.client.store.guild(P.GUILD_ID).locale is None  # type: ignore[union-attr]
        assert any("not saved" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
        rec = await settings_language(fake, "de", locale="de", user=USER + 1)  # the lock is gone
        assert rec.json["data"]["content"].startswith(t("de", SAVED))


async def test_a_database_turned_read_only_says_so_and_keeps_the_old_value(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
        store: Any = bot.client.store  # type: ignore[union-attr]
        assert (await settings_language(fake, "it", locale="it")).status == 200
        if isinstance(state_target, Path):
            await store._db.execute("PRAGMA query_only = ON")  # SQLite answers as for a read-only file
        else:
            admin = await asyncpg.connect(state_target)
            name = state_target.rsplit("/", 1)[1]
            await admin.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
            await admin.close()
            await store._pool.expire_connections()  # as after a failover to a read-only replica
        rec = await settings_language(fake, "pt", locale="it")
        assert rec.status == 200
        assert rec.json["data"]["content"] == t("it", NOT_SAVED, reason=t("it", REASON_TEXT["read_only"]))
        assert store.guild(P.GUILD_ID).locale == "it"


async def test_a_full_sqlite_database_refuses_the_write_and_keeps_the_rows(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    store = await SqliteState.open(path)
    await store.update_guild(1, locale="fr")
    async with store._db.execute("PRAGMA page_count") as cur:
        (pages,) = await cur.fetchone()
    await store._db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(StateWriteError) as info:
        await store.update_guild(2, plain_channels=frozenset(range(1, 3000)))  # needs new pages
    assert info.value.reason == FULL
    assert store.guild(2).plain_channels == frozenset() and store.guild(1).locale == "fr"
    await store.close()
    store = await SqliteState.open(path)
    assert store.guild(1).locale == "fr" and store.guild(2).plain_channels == frozenset()
    await store.close()


async def test_a_users_language_is_committed_before_the_answer_is_acknowledged(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine):
        payload = P.interaction(2, P.command_data("help"), user_id=USER + 7, locale="es-ES")
        await fake.dispatch("INTERACTION_CREATE", payload)
        rec = await fake.wait_for(fake.callback_for(payload), timeout=10)
        assert rec.status == 200
        # Read at once by another connection, as if the bot had been killed right after the answer.
        assert await stored_locale(state_target, USER + 7) == "es-ES"


async def test_out_of_range_stored_settings_are_repaired_and_the_server_is_answered(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path,
        caplog: pytest.LogCaptureFixture) -> None:
    store = await open_store(state_target)
    await store.update_guild(P.GUILD_ID, locale="it")
    await store.close()
    bad = "context = 'abc', profile = 'bogus', min_quality = 'Q1'" if isinstance(state_target, Path) else \
        "profile = 'bogus', min_quality = 'Q1', context = -5"  # PostgreSQL's INTEGER column refuses 'abc'
    if isinstance(state_target, Path):
        with contextlib.closing(sqlite3.connect(state_target)) as db, db:
            db.execute(f"UPDATE guild_settings SET {bad}")
    else:
        conn = await asyncpg.connect(state_target)
        await conn.execute(f"UPDATE guild_settings SET {bad}")
        await conn.close()
    with caplog.at_level(logging.WARNING):
        async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
            payload = P.interaction(2, P.command_data("fit", [P.option("model", "GLIDE"),
                                                              P.option("memory-or-card", "12 GB")]), user_id=USER + 8)
            await fake.dispatch("INTERACTION_CREATE", payload)
            rec = await fake.wait_for(fake.callback_for(payload), timeout=10)
            answer = rec.json.get("data") or {}
            if rec.json["type"] == 5:  # acknowledged first on a busy machine: the answer is the edit
                edit = await fake.wait_for(lambda r: r.method == "PATCH" and "/messages/@original" in r.path
                                           and payload["token"] in r.path)
                answer = edit.json
            g = bot.client.store.guild(P.GUILD_ID)  # type: ignore[union-attr]
    assert rec.status == 200 and "embeds" in answer, rec.json  # an answer, not an error
    assert (g.locale, g.context, g.profile, g.min_quality) == ("it", None, None, None)
    warned = " ".join(r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    assert all(f"{column} of server {P.GUILD_ID}" in warned for column in ("context", "profile", "min_quality"))
    store = await open_store(state_target)  # repaired in the database too: no warning at every start
    assert store.guild(P.GUILD_ID).profile is None
    await store.close()
