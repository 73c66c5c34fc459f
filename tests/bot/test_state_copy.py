"""`tpsbot state backup / restore / migrate`: whole states copied all or nothing, against both
backends; a backup is a SQLite state file whichever backend it came from."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.cli.parser import main
from bot.state.open import open_store


async def cli(argv: list[str]) -> int:
    """The `tpsbot` command as a user runs it (its own event loop, so from a thread here)."""
    return await asyncio.to_thread(main, argv)


def where(target: str | Path) -> list[str]:
    return ["--database-url", target] if isinstance(target, str) else ["--state-db", str(target)]


async def fill(target: str | Path) -> None:
    store = await open_store(target)
    await store.update_guild(7, locale="fr", context=16384, plain_channels=frozenset({5, 6}))
    await store.remember_locale(42, "de")
    await store.set_meta("commands_hash:1", "abc")
    await store.close()


async def rows(target: str | Path) -> tuple[object, ...]:
    store = await open_store(target, listen=False)
    snap = await store.snapshot()
    await store.close()
    return snap.guilds, snap.users, snap.meta


async def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    capsys.readouterr()
    assert await cli(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: ") and err.count("\n") == 1, err
    return err


async def test_backup_then_restore_brings_back_exactly_the_backed_up_rows(
        state_target: str | Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    await fill(state_target)
    saved = await rows(state_target)
    dest = tmp_path / "backup.db"
    assert await cli(["state", "backup", str(dest), *where(state_target)]) == 0
    assert "1 server settings, 1 remembered user languages, 1 meta values" in capsys.readouterr().out
    with sqlite3.connect(dest) as db:  # a plain SQLite state file, whatever the backend
        copied = db.execute("SELECT guild_id, locale, plain_channels FROM guild_settings").fetchall()
        assert copied == [(7, "fr", "[5, 6]")]

    store = await open_store(state_target)
    await store.update_guild(7, locale="it")
    await store.update_guild(8, profile="measured")
    await store.close()
    assert await cli(["state", "restore", str(dest), *where(state_target)]) == 0
    assert await rows(state_target) == saved  # server 8 gone, server 7 in French again

    before = dest.read_bytes()
    err = await one_line_error(capsys, ["state", "backup", str(dest), *where(state_target)])
    assert "already exists" in err and dest.read_bytes() == before


async def test_a_restore_from_a_file_that_is_not_a_state_changes_nothing(
        state_target: str | Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    await fill(state_target)
    saved = await rows(state_target)
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    await one_line_error(capsys, ["state", "restore", str(text), *where(state_target)])
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as db:  # another program's table under our name
        db.execute("CREATE TABLE guild_settings (id INTEGER, name TEXT)")
    err = await one_line_error(capsys, ["state", "restore", str(foreign), *where(state_target)])
    assert "guild_settings" in err or "not a tpsbot state database" in err  # the shape check, or the path check first
    assert await rows(state_target) == saved


async def test_migrate_copies_a_sqlite_state_into_postgresql_and_again_changes_nothing(
        tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "state.db"
    await fill(source)
    store = await open_store(pg_url)
    await store.update_guild(99, locale="es")  # already in PostgreSQL: left alone
    await store.close()

    assert await cli(["state", "migrate", "--from", str(source), "--to", pg_url]) == 0
    out = capsys.readouterr().out
    assert "1 server settings (1 new, 0 changed, 0 already there)" in out and "1 user languages (1 new" in out
    moved = await open_store(pg_url)
    assert (moved.guild(7).locale, moved.guild(7).plain_channels, moved.user_locale(42)) == ("fr", {5, 6}, "de")
    assert moved.guild(99).locale == "es" and await moved.get_meta("commands_hash:1") == "abc"
    await moved.close()

    before = await rows(pg_url)
    assert await cli(["state", "migrate", "--from", str(source), "--to", pg_url]) == 0
    assert "Nothing to change" in capsys.readouterr().out and await rows(pg_url) == before


async def test_migrate_into_a_foreign_database_writes_nothing(
        tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "state.db"
    await fill(source)
    conn = await asyncpg.connect(pg_url)
    await conn.execute("CREATE TABLE user_locale (who TEXT, lang TEXT)")  # another program's table
    try:
        err = await one_line_error(capsys, ["state", "migrate", "--from", str(source), "--to", pg_url])
        assert "user_locale" in err
        tables = {r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
        assert tables == {"user_locale"}  # the migration's transaction rolled back whole
    finally:
        await conn.close()


async def test_migrate_hides_the_password_and_needs_an_existing_source(tmp_path: Path, capsys) -> None:
    err = await one_line_error(capsys, ["state", "migrate", "--from", str(tmp_path / "none.db"),
                                  "--to", "postgresql://u:hunter2@127.0.0.1:9/x"])
    assert "no SQLite state" in err and not (tmp_path / "none.db").exists()
    (tmp_path / "s.db").touch()
    err = await one_line_error(capsys, ["state", "migrate", "--from", str(tmp_path / "s.db"),
                                  "--to", "postgresql://u:hunter2@127.0.0.1:9/x"])
    assert "hunter2" not in err and "u:***@127.0.0.1" in err
