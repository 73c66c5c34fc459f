"""A damaged or foreign state database found at start-up: one line on stderr and exit 4 (nothing
written into it), for each kind of damage the start-up check reads; both backends where the
damage can exist there."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import asyncpg
import pytest

from bot.cli import run as runner
from bot.settings import Settings
from bot.state.migrations import LATEST, SHAPE
from bot.state.sqlite import SqliteState

from .conftest import TOKEN


def start(capsys: pytest.CaptureFixture[str], **where: object) -> tuple[int, str]:
    capsys.readouterr()
    settings = Settings(_env_file=None, token=TOKEN, api_base="http://127.0.0.1:9/api/v10", **where)  # type: ignore[arg-type]
    code = runner.run_bot(settings)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tpsbot: ") and "Traceback" not in err, err
    return code, err


def made(path: Path, *sql: str) -> Path:
    """A state of this release with a few pages of rows, then `sql` run on it."""
    asyncio.run(_create(path))
    with contextlib.closing(sqlite3.connect(path)) as db, db:  # closed: its writes are in the file itself
        db.executemany("INSERT INTO guild_settings (guild_id, locale, plain_channels) VALUES (?, 'fr', ?)",
                       [(gid, json.dumps(list(range(1, 20)))) for gid in range(1, 400)])
        for statement in sql:
            db.execute(statement)
    return path


async def _create(path: Path) -> None:
    await (await SqliteState.open(path)).close()


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('precious')")


def malformed_page(path: Path) -> Path:
    made(path)
    data = bytearray(path.read_bytes())
    page = 4096
    data[3 * page:4 * page] = b"\xa5" * page  # a table page overwritten by garbage
    path.write_bytes(bytes(data))
    return path


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "malformed page": (malformed_page, "damaged"),
    "not a version number": (lambda p: made(p, "UPDATE schema_version SET version = 'two'"), "not a version number"),
    "two versions": (lambda p: made(p, "INSERT INTO schema_version VALUES (1)"), "2 rows"),
    "a newer release's": (lambda p: made(p, "UPDATE schema_version SET version = 99"), "newer tpsbot"),
    "a foreign table of another shape": (
        lambda p: made(p, "DROP TABLE user_locale", "CREATE TABLE user_locale (who TEXT, lang TEXT, since TEXT)"),
        "table user_locale has columns (who, lang, since)"),
    "a foreign table before any version": (
        lambda p: made(p, *(f"DROP TABLE {table}" for table in SHAPE),
                       "CREATE TABLE guild_settings (id INTEGER, name TEXT)"),
        "holds table(s) guild_settings but no schema version"),
    "another program's database": (
        lambda p: (_foreign(p), p)[1], "not a tpsbot state database"),  # the path check (catalog/files.py) comes first
    "not SQLite": (lambda p: (p.write_bytes(b"SQLite format 3\x00" + b"\x07" * 8000), p)[1], "state.db"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_damage_at_start_is_one_line_and_exit_4(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damage, words = CASES[case]
    path = damage(tmp_path / "state.db")
    before = path.read_bytes()
    code, err = start(capsys, state_db=path)
    assert code == runner.EXIT_DATABASE and words in err, err
    assert path.read_bytes() == before  # refused, not "repaired" by writing into it


async def _pg(url: str, *sql: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in sql:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.mark.parametrize("sql, words", [
    (["CREATE TABLE schema_version (version INTEGER NOT NULL)", "INSERT INTO schema_version VALUES (99)"],
     "newer tpsbot"),
    (["CREATE TABLE user_locale (who TEXT, lang TEXT)"], "holds table(s) user_locale but no schema version"),
    # At the current version: no migration step runs, the shape check itself refuses the table.
    (["CREATE TABLE schema_version (version INTEGER NOT NULL)", f"INSERT INTO schema_version VALUES ({LATEST})",
      "CREATE TABLE guild_settings (guild_id BIGINT PRIMARY KEY)",
      "CREATE TABLE user_locale (user_id BIGINT, locale TEXT)",
      "CREATE TABLE meta (key TEXT, value TEXT)"], "table guild_settings has columns (guild_id)"),
])
def test_a_foreign_or_newer_postgresql_state_is_one_line_and_exit_4(
        sql: list[str], words: str, pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    asyncio.run(_pg(pg_url, *sql))
    code, err = start(capsys, database_url=pg_url)
    assert code == runner.EXIT_DATABASE and words in err, err


def test_an_unreachable_postgresql_is_exit_5_without_the_password(tmp_path: Path, capsys) -> None:
    code, err = start(capsys, database_url="postgresql://tpsbot:hunter2@127.0.0.1:9/state")
    assert code == runner.EXIT_NETWORK and "hunter2" not in err and "127.0.0.1:9" in err, err
