"""Tests touch nothing outside their temporary folders: the session's HOME, XDG folders, catalog and cache
all point into its temporary folder (tests/conftest.py `_isolated_home`), and the program writes only
where those say — a `tpsbot` run with a fresh home leaves the folder it runs in, and everything beside
its home, as they were."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from answers.knowledge import cache
from tests.conftest import HOME_VARIABLES, REAL_HOME, ROOT


def _under(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


def test_the_session_points_every_home_variable_into_its_temporary_folder(tmp_path_factory) -> None:
    base = tmp_path_factory.getbasetemp()
    for name in (*HOME_VARIABLES, "TPSBOT_DB", cache.ENV_CACHE):
        assert _under(os.environ[name], base), f"{name}={os.environ[name]} is outside {base}"
    assert os.path.expanduser("~") == os.environ["HOME"] != str(REAL_HOME)
    assert _under(cache.cache_dir(), base) and _under(cache.key_dir(), base)


def _files(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*")}


def test_a_run_writes_only_into_its_home_folder(tmp_path: Path) -> None:
    home, cwd, beside = tmp_path / "home", tmp_path / "cwd", tmp_path / "beside"
    for folder in (home, cwd, beside):
        folder.mkdir()
    (beside / "keep.txt").write_text("untouched\n")
    # Nothing but a home folder: no TPSBOT_ or XDG_ variable names a path, so the defaults are used.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TPSBOT_", "XDG_")) and k not in ("HOME", "PYTHONPATH")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
    for argv in (["ask", "can GLIDE run on 12 GB?"], ["catalog", "info", "--json"]):
        done = subprocess.run([sys.executable, "-m", "bot.cli.output", *argv], cwd=cwd, env=env,
                              capture_output=True, text=True, timeout=110)
        assert done.returncode == 0, done.stderr
    assert _files(cwd) == set() and _files(beside) == {Path("keep.txt")}
    assert set(tmp_path.iterdir()) == {home, cwd, beside}
    written = _files(home)
    # The catalog and the cache key in the data folder, the compiled pieces in the cache folder.
    assert {Path(".local/share/tpsbot/catalog.db"), Path(".local/share/tpsbot/cache.key")} <= written
    assert any(p.parent == Path(".cache/tpsbot") for p in written)
    assert all(p.parts[0] in (".local", ".cache") for p in written), sorted(written)
