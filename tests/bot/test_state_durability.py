"""Each acknowledged settings write is on disk before the next one: another connection (a restarted
bot, a kill -9 right after the reply) sees it without any later write committing it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.state.store import Store


def _read(path: Path, sql: str, *args: object) -> list[tuple]:
    with sqlite3.connect(path, timeout=5) as db:  # a second connection: sees committed data only
        return db.execute(sql, args).fetchall()


async def test_every_write_is_committed_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    store = await Store.open(path)
    await store.update_guild(7, locale="fr")
    assert _read(path, "SELECT locale FROM guild_settings WHERE guild_id = ?", 7) == [("fr",)]
    await store.update_guild(7, context=32768)
    assert _read(path, "SELECT context FROM guild_settings WHERE guild_id = ?", 7) == [(32768,)]
    await store.set_meta("commands_hash", "abc")
    assert ("abc",) in _read(path, "SELECT value FROM meta WHERE key = ?", "commands_hash")
    await store.close()
