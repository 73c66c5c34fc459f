"""Every file the command line writes is written whole or not at all: on a full disk (simulated for
the child process by a file size limit of zero, so that every write fails as on a full file
system) `catalog export -o` leaves no empty or partial file and `state info` creates no state
file; both say so in one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from answers.knowledge import cache

resource = pytest.importorskip("resource")


def _full_disk() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def _run(argv: list[str], built_db: Path, tmp_path: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(tmp_path / "cache"),
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "bot.cli.output", *argv], env=env, capture_output=True,
                          timeout=300, preexec_fn=_full_disk, cwd=tmp_path)


def _one_line(done: subprocess.CompletedProcess[bytes]) -> None:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1 and err.startswith("tpsbot: error: ") and err.count("\n") == 1, err


def test_catalog_export_onto_a_full_disk_leaves_no_file(built_db, tmp_path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    done = _run(["catalog", "export", "-o", str(out / "catalog.json")], built_db, tmp_path)
    _one_line(done)
    assert list(out.iterdir()) == []


def test_catalog_export_onto_a_full_disk_keeps_the_previous_file(built_db, tmp_path) -> None:
    previous = tmp_path / "catalog.json"
    previous.write_text('{"gpus": []}\n')
    _one_line(_run(["catalog", "export", "-o", str(previous)], built_db, tmp_path))
    assert previous.read_text() == '{"gpus": []}\n'
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "cache") == ["catalog.json"]


def test_state_info_on_a_full_disk_creates_no_state_file(built_db, tmp_path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    _one_line(_run(["state", "info", "--state-db", str(folder / "state.db")], built_db, tmp_path))
    assert list(folder.iterdir()) == []
