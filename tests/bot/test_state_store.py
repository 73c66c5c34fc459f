"""The per-server settings store: numbered migrations, persistence across reopening."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, StateDatabaseError, Store


async def test_fresh_database_gets_every_migration(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "state.db")
    assert await store.version() == len(MIGRATIONS)
    await store.close()


async def test_settings_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "state.db"
    store = await Store.open(path)
    await store.update_guild(7, locale="fr", context=32768, plain_enabled=True, plain_channels=frozenset({3, 1}))
    await store.update_guild(7, profile="measured")
    await store.remember_locale(42, "de")
    await store.set_meta("commands_hash", "abc")
    await store.close()

    store = await Store.open(path)
    g = store.guild(7)
    assert (g.locale, g.context, g.profile, g.plain_enabled, g.plain_channels) == (
        "fr", 32768, "measured", True, frozenset({1, 3}))
    assert store.user_locale(42) == "de"
    assert await store.get_meta("commands_hash") == "abc"
    assert store.guild(8).locale is None and store.guild(None).profile == "reference"
    await store.close()


async def test_old_database_is_migrated_forward_keeping_data(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    with sqlite3.connect(path) as db:  # what version 1 of the bot left behind
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (1)")
        db.executescript(MIGRATIONS[0])
        db.execute("INSERT INTO guild_settings (guild_id, locale) VALUES (5, 'it')")
    store = await Store.open(path)
    assert await store.version() == len(MIGRATIONS)
    assert store.guild(5).locale == "it"
    await store.set_meta("k", "v")  # table from migration 2 exists
    await store.close()


async def test_unwritable_location_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StateDatabaseError, match="file"):
        await Store.open(blocker / "state.db")
