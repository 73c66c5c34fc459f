"""The catalog database file under faults: foreign files, damage, bad paths, concurrent writers,
writers killed mid-build, and the private state database."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.cli.parser import main
from catalog import build as build_module
from catalog.build import build_catalog, import_epoch
from catalog.errors import CorruptDatabaseError, ForeignDatabaseError
from catalog.files import APPLICATION_ID, lock_path
from catalog.store import CatalogStore
from tests.conftest import ROOT

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
SNAP = "Model,Parameters\nLost Update Model,7000000000\n"


def _one_line_error(capsys, argv: list[str], code: int) -> str:
    capsys.readouterr()
    assert main(argv) == code
    captured = capsys.readouterr()
    assert captured.err.startswith("tpsbot: error: ") and captured.err.count("\n") == 1, captured.err
    return captured.err


def _foreign(path: Path) -> None:
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (3);"
                      "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('precious');")
    con.commit()
    con.close()


# ---------------------------------------------------------------------------- foreign files (item 3)

def test_a_foreign_sqlite_file_is_refused_and_left_untouched(tmp_path, capsys):
    other = tmp_path / "other.db"
    _foreign(other)
    before = other.read_bytes()
    for argv in (["ask", "what can my rtx 3060 run?"], ["catalog", "build"], ["catalog", "info"]):
        err = _one_line_error(capsys, [*argv, "--db", str(other)], 1)
        assert "not a tpsbot catalog" in err
    assert other.read_bytes() == before  # before: its tables were dropped and the catalog built in it


def test_import_into_a_foreign_file_is_refused(tmp_path, capsys):
    other, snap = tmp_path / "other.db", tmp_path / "s.csv"
    _foreign(other)
    snap.write_text(SNAP, encoding="utf-8")
    before = other.read_bytes()
    _one_line_error(capsys, ["catalog", "import-epoch", str(snap), "--db", str(other)], 1)
    assert other.read_bytes() == before


def test_another_programs_application_id_is_refused(tmp_path):
    other = tmp_path / "marked.db"
    con = sqlite3.connect(other)
    con.executescript("PRAGMA application_id = 1234; CREATE TABLE schema_version (version INTEGER);")
    con.close()
    with pytest.raises(ForeignDatabaseError):
        asyncio.run(CatalogStore.open(other))


def test_our_databases_are_marked_and_an_older_unmarked_schema_of_ours_is_rebuilt(tmp_path, capsys):
    old = tmp_path / "old.db"
    con = sqlite3.connect(old)
    con.executescript("CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (1);"
                      "CREATE TABLE meta (key TEXT, value TEXT); CREATE TABLE gpus (position INTEGER);")
    con.close()
    assert main(["catalog", "info", "--db", str(old), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gpus"] == 818
    con = sqlite3.connect(old)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()


# ---------------------------------------------------------------------------- one line, not a traceback (item 4)

def _damage(path: Path) -> None:
    with path.open("r+b") as fh:  # keep page 1 (the header says "ours"), wreck the b-tree pages
        fh.seek(4096)
        fh.write(b"\xff" * 65536)


def test_a_damaged_catalog_is_one_line_and_build_repairs_it(built_db, tmp_path, capsys):
    db = tmp_path / "c.db"
    db.write_bytes(built_db.read_bytes())
    _damage(db)
    err = _one_line_error(capsys, ["ask", "what can my rtx 3060 run?", "--db", str(db)], 1)
    assert "damaged" in err and "tpsbot catalog build" in err
    with pytest.raises(CorruptDatabaseError):
        asyncio.run(CatalogStore.open(db))
    assert main(["catalog", "build", "--db", str(db)]) == 0  # ours, so a build may replace it
    assert main(["card", "rtx 3060", "--db", str(db), "--json"]) == 0


def test_a_directory_at_the_database_path(tmp_path, capsys):
    d = tmp_path / "dir.db"
    d.mkdir()
    for argv in (["ask", "rtx 3060"], ["catalog", "build"], ["card", "rtx 3060"]):
        assert "is a directory" in _one_line_error(capsys, [*argv, "--db", str(d)], 1)


def test_an_unreadable_file(built_db, tmp_path, capsys, monkeypatch):
    db = tmp_path / "c.db"
    db.write_bytes(built_db.read_bytes())
    real_open = os.open

    def deny(path, *a, **k):  # what a 0o000 file does for a non-root user
        if Path(path) == db:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(os, "open", deny)
    assert "permission denied" in _one_line_error(capsys, ["ask", "rtx 3060", "--db", str(db)], 1)


@pytest.mark.skipif(IS_ROOT, reason="root reads and writes regardless of permissions")
def test_real_permissions_unreadable_file_and_read_only_folder(built_db, tmp_path, capsys):
    db = tmp_path / "c.db"
    db.write_bytes(built_db.read_bytes())
    db.chmod(0)
    assert "permission denied" in _one_line_error(capsys, ["ask", "rtx 3060", "--db", str(db)], 1)
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        err = _one_line_error(capsys, ["ask", "rtx 3060", "--db", str(ro / "c.db")], 1)
        assert str(ro) in err
    finally:
        ro.chmod(0o755)


def test_a_read_only_folder_in_a_subprocess_prints_one_line(tmp_path, monkeypatch):
    # Simulated for root too: the lock file (the first thing a writer creates) cannot be created.
    script = (
        "import os, sys\n"
        "real = os.open\n"
        "def deny(p, *a, **k):\n"
        "    if str(p).startswith(sys.argv[1]): raise PermissionError(13, 'Permission denied', str(p))\n"
        "    return real(p, *a, **k)\n"
        "os.open = deny\n"
        "from bot.cli.parser import main\n"
        "raise SystemExit(main(['ask', 'rtx 3060', '--db', sys.argv[1] + '/c.db']))\n"
    )
    ro = tmp_path / "ro"
    ro.mkdir()
    out = subprocess.run([sys.executable, "-c", script, str(ro)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stderr.startswith("tpsbot: error: ") and out.stderr.count("\n") == 1, out.stderr
    assert "Permission denied" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("target", ["dir", "missing/x.json"])
def test_export_to_a_directory_or_a_missing_folder(built_db, tmp_path, capsys, target):
    (tmp_path / "dir").mkdir()
    err = _one_line_error(capsys, ["catalog", "export", "-o", str(tmp_path / target), "--db", str(built_db)], 1)
    assert str(tmp_path / target) in err


def test_an_empty_question_is_a_one_line_error(built_db, capsys):
    for q in ("", "   ", "\n"):
        err = _one_line_error(capsys, ["ask", q, "--db", str(built_db)], 2)
        assert "question is empty" in err


def test_an_error_quoting_a_newline_stays_on_one_line(tmp_path, capsys):
    d = tmp_path / "a\nb.db"
    d.mkdir()
    _one_line_error(capsys, ["ask", "rtx 3060", "--db", str(d)], 1)


# ---------------------------------------------------------------------------- lost updates (item 5)

def test_an_import_racing_a_rebuild_is_kept(built_db, tmp_path, monkeypatch):
    """Deterministic: the rebuild is slowed between reading the previous import and its swap;
    the import happens in that window. Before the lock, the rebuild's swap erased the import."""
    db = tmp_path / "c.db"
    db.write_bytes(built_db.read_bytes())
    snap = tmp_path / "s.csv"
    snap.write_text(SNAP, encoding="utf-8")
    real_merged = build_module.merged_models
    in_window = threading.Event()

    def slow_merged(records):
        in_window.set()
        time.sleep(0.6)
        return real_merged(records)

    monkeypatch.setattr(build_module, "merged_models", slow_merged)
    rebuild = threading.Thread(target=asyncio.run, args=(build_catalog(db),))
    rebuild.start()
    assert in_window.wait(10)
    result = asyncio.run(import_epoch(db, snap))
    rebuild.join(20)
    assert "Lost Update Model" in result["added"]

    async def names() -> set[str]:
        async with await CatalogStore.open(db) as st:
            return {m.name for m in await st.models()}

    assert "Lost Update Model" in asyncio.run(names())


def test_concurrent_processes_never_lose_a_reported_import(tmp_path):
    """Real processes: a first-use `ask` and a `catalog build` race an import; each round, the
    import reported success, so it must be in the final database."""
    snap = tmp_path / "s.csv"
    snap.write_text(SNAP, encoding="utf-8")
    cli = [sys.executable, "-m", "bot.cli.parser"]
    for round_ in range(3):
        db = tmp_path / f"r{round_}.db"
        env = {**os.environ, "TPSBOT_DB": str(db)}
        procs = [subprocess.Popen([*cli, "ask", "what can my rtx 3060 run?"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE),
                 subprocess.Popen([*cli, "catalog", "import-epoch", str(snap)], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE),
                 subprocess.Popen([*cli, "catalog", "build"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)]
        codes = [p.wait(timeout=60) for p in procs]
        assert codes == [0, 0, 0], [p.stderr.read() for p in procs]  # type: ignore[union-attr]
        con = sqlite3.connect(db)
        names = {r[0] for r in con.execute("SELECT name FROM models")}
        con.close()
        assert "Lost Update Model" in names, f"round {round_}: the import was lost"
        assert lock_path(db).exists()


# ---------------------------------------------------------------------------- stray files (item 6)

def test_temp_files_of_a_writer_killed_with_sigkill_are_removed_by_the_next_build(tmp_path):
    db = tmp_path / "c.db"
    script = (
        "import asyncio, os, signal, sys\n"
        "import catalog.database as s\n"
        "real = s.migrate\n"
        "async def die(db):\n"
        "    await real(db)\n"
        "    await db.execute('BEGIN'); await db.execute(\"INSERT INTO meta VALUES ('a', 'b')\")\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "s.migrate = die\n"
        "from catalog.build import build_catalog\n"
        "asyncio.run(build_catalog(__import__('pathlib').Path(sys.argv[1])))\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script, str(db)], cwd=ROOT)
    assert proc.wait(timeout=60) == -9
    strays = sorted(p.name for p in tmp_path.glob(".c.db.*"))
    assert f".c.db.{proc.pid}.tmp" in strays and f".c.db.{proc.pid}.tmp-journal" in strays
    asyncio.run(build_catalog(db))
    assert not list(tmp_path.glob(".c.db.*")), "stray temp files survived the next build"
    assert db.exists()


def test_a_live_writers_temp_file_is_left_alone(tmp_path):
    db = tmp_path / "c.db"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = tmp_path / f".c.db.{sleeper.pid}.tmp"
        live.write_bytes(b"x")
        asyncio.run(build_catalog(db))
        assert live.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


# ---------------------------------------------------------------------------- private state db (item 9)

def test_state_database_is_owner_only_whatever_the_umask(tmp_path):
    from bot.state.store import Store

    path = tmp_path / "state" / "state.db"
    old = os.umask(0)
    try:
        async def go() -> None:
            store = await Store.open(path)
            await store.update_guild(1, locale="fr")
            await store.close()

        asyncio.run(go())
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_an_existing_world_readable_state_database_is_narrowed(tmp_path):
    from bot.state.store import Store

    path = tmp_path / "state.db"
    path.touch()
    path.chmod(0o644)

    async def go() -> None:
        await (await Store.open(path)).close()

    asyncio.run(go())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# ---------------------------------------------------------------------------- a token with a line break (item 4)

@pytest.mark.parametrize("token", ["abc\ndef.ghi", "abc def", "abc\x00def"])
def test_a_token_with_a_line_break_is_one_sentence(token, tmp_path, capsys):
    from bot.cli import run as runner
    from bot.settings import Settings

    settings = Settings(_env_file=None, token=token, state_db=tmp_path / "s.db",  # type: ignore[call-arg]
                        api_base="http://127.0.0.1:9/api/v10")
    code = runner.run_bot(settings)  # before: aiohttp's "Forbidden control character" traceback
    err = capsys.readouterr().err.strip().splitlines()
    assert code == runner.EXIT_CONFIG and len(err) == 1 and "line break" in err[0]


def test_a_folder_that_cannot_be_entered(tmp_path, capsys, monkeypatch):
    db = tmp_path / "locked" / "c.db"

    real_lstat = Path.lstat

    def deny(self, *a, **k):  # what stat() does under a 0o000 folder for a non-root user
        if self == db:
            raise PermissionError(13, "Permission denied", str(self))
        return real_lstat(self, *a, **k)

    monkeypatch.setattr(Path, "lstat", deny)
    assert "Permission denied" in _one_line_error(capsys, ["ask", "rtx 3060", "--db", str(db)], 1)
