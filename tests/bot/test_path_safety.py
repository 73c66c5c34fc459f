"""Only our files are touched: a database path that is a device, a FIFO, a link or another program's
SQLite file is refused in one line and left exactly as it was (content and mode); folders we create
for data are private whatever the umask."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.cli.parser import main
from bot.state.store import StateDatabaseError, Store

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _snapshot(path: Path) -> tuple[int, int, bytes | None]:
    st = path.lstat()
    content = path.read_bytes() if stat.S_ISREG(st.st_mode) else None
    return st.st_mode, st.st_size, content


def _make(kind: str, path: Path, tmp_path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path, 0o644)
    elif kind == "device":
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a copy of /dev/null
    elif kind == "link to another file":
        other = tmp_path / "precious.txt"
        other.write_text("precious")
        other.chmod(0o644)
        path.symlink_to(other)
    elif kind == "foreign sqlite":
        con = sqlite3.connect(path)
        con.executescript("CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (1);"
                          "CREATE TABLE meta (key TEXT, value TEXT); CREATE TABLE notes (text TEXT);")
        con.close()
        path.chmod(0o644)


def _soon(fn, *args):  # noqa: ANN001, ANN202
    """fn(*args) in a thread: a call that blocks (opening a FIFO) fails the test instead of hanging it."""
    out: list = []

    def call() -> None:
        try:
            out.append((fn(*args), None))
        except BaseException as exc:  # noqa: BLE001 — handed to the test's thread
            out.append((None, exc))

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(60)
    assert out, f"{fn.__name__}{args} hung"
    result, error = out[0]
    if error is not None:
        raise error
    return result


KINDS = ["fifo", pytest.param("device", marks=pytest.mark.skipif(not IS_ROOT, reason="mknod needs root")),
         "link to another file", "foreign sqlite"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_catalog_path_that_is_not_ours_is_refused_untouched(kind, tmp_path, capsys) -> None:
    db = tmp_path / "catalog.db"
    _make(kind, db, tmp_path)
    before = _snapshot(db)
    target = db.resolve() if db.is_symlink() else None
    for argv in (["ask", "rtx 3060"], ["catalog", "build"], ["catalog", "info"]):
        capsys.readouterr()
        assert _soon(main, [*argv, "--db", str(db)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("tpsbot: error: ") and err.count("\n") == 1, err
    assert _snapshot(db) == before
    if target is not None:
        assert target.read_text() == "precious" and stat.S_IMODE(target.stat().st_mode) == 0o644


@pytest.mark.parametrize("kind", KINDS)
def test_a_state_path_that_is_not_ours_is_refused_untouched(kind, tmp_path) -> None:
    db = tmp_path / "state.db"
    _make(kind, db, tmp_path)
    before = _snapshot(db)
    target = db.resolve() if db.is_symlink() else None
    with pytest.raises(StateDatabaseError) as refused:
        _soon(asyncio.run, asyncio.wait_for(Store.open(db), 20))
    assert "\n" not in str(refused.value)
    assert _snapshot(db) == before  # the mode too: nothing is narrowed before the checks
    if target is not None:  # nor the file a link points to
        assert target.read_text() == "precious" and stat.S_IMODE(target.stat().st_mode) == 0o644


def test_a_state_database_is_marked_ours_and_reopens(tmp_path) -> None:
    db = tmp_path / "state.db"

    async def twice() -> None:
        for _ in range(2):
            store = await Store.open(db)
            await store.close()

    asyncio.run(twice())
    assert int.from_bytes(db.read_bytes()[68:72], "big") == 0x54505353


def test_data_folders_and_databases_are_private_under_umask_000(tmp_path) -> None:
    data = tmp_path / "home" / "data"
    env = {**os.environ, "TPSBOT_DB": str(data / "catalog.db"), "TPSBOT_CACHE_DIR": ""}
    code = ("import asyncio, sys; from bot.cli.parser import main; from bot.state.store import Store;"
            f"code = main(['catalog', 'build']); asyncio.run(Store.open({str(tmp_path / 'state' / 's.db')!r}));"
            "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                          preexec_fn=lambda: os.umask(0))
    assert done.returncode == 0, done.stderr
    modes = {p.relative_to(tmp_path).as_posix(): stat.S_IMODE(p.stat().st_mode)
             for p in (tmp_path / "home", data, data / "catalog.db", data / "catalog.db.lock",
                       tmp_path / "state", tmp_path / "state" / "s.db")}
    assert modes == {"home": 0o700, "home/data": 0o700, "home/data/catalog.db": 0o600,
                     "home/data/catalog.db.lock": 0o600, "state": 0o700, "state/s.db": 0o600}
