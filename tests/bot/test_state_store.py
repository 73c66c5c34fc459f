"""The per-server state, against both backends (SQLite and PostgreSQL): numbered migrations,
persistence across reopening, writes of only the changed columns, remembered languages."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import asyncpg
import pytest

from bot.state.migrations import LATEST, MIGRATIONS
from bot.state.open import open_store
from bot.state.store import StateDatabaseError

from .state_fixtures import with_database


async def test_fresh_database_gets_every_migration(state_target: str | Path) -> None:
    store = await open_store(state_target)
    assert await store.version() == LATEST == len(MIGRATIONS)
    await store.close()


async def test_settings_survive_reopening(state_target: str | Path) -> None:
    store = await open_store(state_target)
    await store.update_guild(7, locale="fr", context=32768, plain_enabled=True, plain_channels=frozenset({3, 1}))
    await store.update_guild(7, profile="measured")
    await store.remember_locale(42, "de")
    await store.set_meta("commands_hash", "abc")
    await store.close()

    store = await open_store(state_target)
    g = store.guild(7)
    assert (g.locale, g.context, g.profile, g.plain_enabled, g.plain_channels) == (
        "fr", 32768, "measured", True, frozenset({1, 3}))
    assert store.user_locale(42) == "de"
    assert await store.get_meta("commands_hash") == "abc"
    assert store.guild(8).locale is None and store.guild(None).profile is None  # never chosen
    await store.close()


async def test_a_write_changes_only_its_own_columns(state_target: str | Path) -> None:
    """Two stores on one state (two processes): each /settings change keeps the other's."""
    a, b = await open_store(state_target), await open_store(state_target)
    try:
        await a.update_guild(5, locale="it")
        assert (await b.update_guild(5, context=8192)).locale == "it"  # b had never seen "it"
    finally:
        await a.close()
        await b.close()
    store = await open_store(state_target)
    assert (store.guild(5).locale, store.guild(5).context) == ("it", 8192)
    await store.close()


async def test_two_processes_on_one_state_see_each_others_server_settings(state_target: str | Path) -> None:
    """Shard groups sharing one state: at once with PostgreSQL (notifications), within a second or
    so with a SQLite file on one machine (its data version is watched)."""
    a, b = await open_store(state_target), await open_store(state_target)
    try:
        await a.update_guild(21, locale="es", context=2048)
        await asyncio.wait_for(_until(lambda: b.guild(21).locale == "es"), 10)
        await b.update_guild(21, profile="measured")
        await asyncio.wait_for(_until(lambda: a.guild(21).profile == "measured"), 10)
        assert a.guild(21).context == 2048
    finally:
        await a.close()
        await b.close()


async def _until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.02)


async def test_languages_noted_in_a_burst_are_committed_together(state_target: str | Path) -> None:
    store = await open_store(state_target)
    waiters = [store.note_locale(1000 + i, "pt-BR") for i in range(300)]
    assert all(w is not None for w in waiters)
    assert store.note_locale(1000, "pt-BR") is None  # unchanged: nothing to write
    assert [await w for w in waiters if w is not None] == [None] * 300  # committed, no error
    await store.close()
    store = await open_store(state_target)
    assert store.user_locale(1299) == "pt-BR"
    await store.close()


async def test_a_refused_value_is_never_stored(state_target: str | Path) -> None:
    store = await open_store(state_target)
    with pytest.raises(ValueError):
        await store.update_guild(1, profile="bogus")
    assert store.guild(1).profile is None
    await store.close()


async def test_old_sqlite_database_is_migrated_forward_keeping_data(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    with sqlite3.connect(path) as db:  # what version 1 of the bot left behind
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (1)")
        db.executescript(MIGRATIONS[0].sqlite)
        db.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (5, 'it')")
    store = await open_store(path)
    assert await store.version() == LATEST
    assert store.guild(5).locale == "it"
    await store.set_meta("k", "v")  # table from migration 2 exists
    await store.close()


async def test_old_postgresql_database_is_migrated_forward_keeping_data(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);")
    await conn.execute(MIGRATIONS[0].postgresql)
    await conn.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (5, 'it')")
    await conn.close()
    store = await open_store(pg_url)
    assert await store.version() == LATEST and store.guild(5).locale == "it"
    await store.set_meta("k", "v")
    await store.close()


async def test_unwritable_location_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StateDatabaseError, match="file"):
        await open_store(blocker / "state.db")


async def test_an_unreachable_server_is_exit_5_and_a_refused_login_exit_4(pg_url: str) -> None:
    with pytest.raises(StateDatabaseError) as info:
        await open_store("postgresql://tpsbot:secret@127.0.0.1:9/nowhere")
    assert info.value.exit_code == 5 and "secret" not in str(info.value)
    with pytest.raises(StateDatabaseError) as info:
        await open_store(with_database(pg_url, "no_such_database"))
    assert info.value.exit_code == 4 and "no_such_database" in str(info.value)
