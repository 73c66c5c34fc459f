"""The files `tpsbot state` writes and reads: a backup is created exclusively (never through a link
planted at its temporary name) as a self-contained rollback-journal SQLite file; a restore writes
nothing beside the backup it reads, names that file in its errors, and does not carry over a row
it calls invalid."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

from bot.cli.parser import main
from bot.state.open import open_store


async def cli(argv: list[str]) -> int:
    return await asyncio.to_thread(main, argv)


def where(target: str | Path) -> list[str]:
    return ["--database-url", target] if isinstance(target, str) else ["--state-db", str(target)]


async def fill(target: str | Path) -> None:
    store = await open_store(target, listen=False)
    await store.update_guild(7, locale="fr", context=16384)
    await store.remember_locale(42, "de")
    await store.close()


def journal_mode_bytes(path: Path) -> bytes:
    return path.read_bytes()[18:20]  # file format write/read versions: 1 rollback journal, 2 write-ahead log


async def test_a_link_planted_at_the_temporary_name_is_not_written_through(tmp_path, capsys) -> None:
    live, victim, dest = tmp_path / "live.db", tmp_path / "victim.log", tmp_path / "out.bk"
    await fill(live)
    victim.write_text("precious\n")
    victim.chmod(0o644)
    # The names a backup's temporary file used to take (pid-based): a link at each.
    for pid in {os.getpid(), os.getppid()}:
        (tmp_path / f".out.bk.{pid}.tmp").symlink_to(victim)
    assert await cli(["state", "backup", "--state-db", str(live), str(dest)]) == 0
    assert victim.read_text() == "precious\n" and victim.stat().st_mode & 0o777 == 0o644
    assert sqlite3.connect(dest).execute("SELECT guild_id FROM guild_settings").fetchall() == [(7,)]
    capsys.readouterr()
    dest.unlink()
    dest.symlink_to(victim)  # --force onto a link replaces nothing through it
    assert await cli(["state", "backup", "--state-db", str(live), str(dest), "--force"]) == 1
    assert victim.read_text() == "precious\n"


async def test_a_backup_is_one_rollback_journal_file_readable_from_read_only_media(
        state_target, tmp_path: Path) -> None:
    await fill(state_target)
    folder = tmp_path / "backups"
    folder.mkdir()
    dest = folder / "state.bk"
    assert await cli(["state", "backup", *where(state_target), str(dest)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["state.bk"]  # no -wal, -shm or temporary file
    assert journal_mode_bytes(dest) == b"\x01\x01"
    # Read-only media: SQLite may create nothing beside the file.
    with sqlite3.connect(f"{dest.as_uri()}?mode=ro&immutable=1", uri=True) as db:
        assert db.execute("SELECT locale FROM user_locale").fetchall() == [("de",)]


async def test_a_restore_writes_nothing_beside_the_backup(state_target, tmp_path: Path) -> None:
    await fill(state_target)
    folder = tmp_path / "media"
    folder.mkdir()
    dest = folder / "state.bk"
    assert await cli(["state", "backup", *where(state_target), str(dest)]) == 0
    with sqlite3.connect(dest) as db:  # an older release's backup: a write-ahead-log file
        db.execute("PRAGMA journal_mode = WAL")
    assert journal_mode_bytes(dest) == b"\x02\x02"
    before = dest.read_bytes()
    folder.chmod(0o555)
    try:
        assert await cli(["state", "restore", *where(state_target), str(dest)]) == 0
    finally:
        folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == ["state.bk"] and dest.read_bytes() == before


async def test_restore_errors_name_the_file_given(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "damaged.bk"
    live = tmp_path / "live.db"
    await fill(live)
    assert await cli(["state", "backup", "--state-db", str(live), str(bad)]) == 0
    with sqlite3.connect(bad) as db:
        db.execute("UPDATE schema_version SET version = 99")  # newer than this release
    capsys.readouterr()
    assert await cli(["state", "restore", "--state-db", str(live), str(bad)]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and "tpsbot-restore-" not in err and err.count("\n") == 1, err


async def test_a_restored_backup_does_not_keep_a_row_it_calls_invalid(state_target, tmp_path: Path) -> None:
    await fill(state_target)
    dest = tmp_path / "state.bk"
    assert await cli(["state", "backup", *where(state_target), str(dest)]) == 0
    with sqlite3.connect(dest) as db:
        db.execute("INSERT INTO user_locale VALUES (43, 'not a language!')")
        db.execute("UPDATE guild_settings SET context = 'abc'")
    assert await cli(["state", "restore", *where(state_target), str(dest)]) == 0
    store = await open_store(state_target, listen=False)
    try:
        snap = await store.snapshot()
    finally:
        await store.close()
    assert snap.users == [(42, "de")]
    assert [(g[0], g[2]) for g in snap.guilds] == [(7, None)]  # the bad context repaired to its default
    if isinstance(state_target, Path):
        with sqlite3.connect(state_target) as db:  # and not merely hidden: the row is gone
            assert db.execute("SELECT count(*) FROM user_locale").fetchone() == (1,)
