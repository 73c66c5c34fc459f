"""The start-up cache loads nothing someone else wrote or changed, is private whatever the umask,
and any damaged, foreign or special entry is ignored and rebuilt: the answer stays right, no
code runs, nothing hangs (issue: code from the start-up cache; damaged cache entries)."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from answers.knowledge import cache

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
ASK = ["ask", "una 3090 può far girare llama 3 8b?"]  # a translated answer: .mo, number symbols, lexicon…


class _Evil:
    """Unpickling this runs code: it creates the marker file named in its argument."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):  # noqa: ANN204
        return (os.system, (f"touch {self.marker}",))


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "key_dir", lambda: tmp_path / "data")
    cache.cache_dir.cache_clear()
    cache._key.cache_clear()
    yield tmp_path / "cache"
    cache.cache_dir.cache_clear()
    cache._key.cache_clear()


def _read_soon(name: str) -> bytes | None:
    """cache.read in a thread: a read that blocks (a FIFO) fails the test instead of hanging it."""
    out: list[bytes | None] = []
    thread = threading.Thread(target=lambda: out.append(cache.read(name)), daemon=True)
    thread.start()
    thread.join(10)
    assert out, f"reading {name} hung"
    return out[0]


# ----------------------------------------------------------------------------- entry checks, in-process

def test_an_entry_reads_back_only_as_written(own_cache) -> None:
    cache.write("x.bin", b"payload")
    assert _read_soon("x.bin") == b"payload"
    entry = own_cache / "x.bin"
    raw = bytearray(entry.read_bytes())
    raw[-1] ^= 1  # one flipped bit in the content
    entry.write_bytes(bytes(raw))
    assert _read_soon("x.bin") is None


def test_an_entry_moved_under_another_name_is_refused(own_cache) -> None:
    cache.write("a.bin", b"for a")
    (own_cache / "a.bin").rename(own_cache / "b.bin")
    assert _read_soon("b.bin") is None


def test_planted_pickles_are_not_loaded(own_cache, tmp_path) -> None:
    marker = tmp_path / "ran"
    evil = pickle.dumps(_Evil(marker))
    cache.write("real.pickle", b"x")  # the folder and key exist, as after a first run
    for name, data in (("plain.pickle", evil), ("forged.pickle", cache.MAGIC + b"\0" * cache.MAC_BYTES + evil)):
        (own_cache / name).write_bytes(data)
        assert _read_soon(name) is None
    assert not marker.exists()


@pytest.mark.parametrize("damage", ["writable by others", "symlink to /dev/zero", "fifo", "directory",
                                    "symlink to a good entry"])
def test_entries_that_are_not_private_regular_files_are_ignored(own_cache, damage) -> None:
    cache.write("good.bin", b"good")
    cache.write("x.bin", b"content")
    entry = own_cache / "x.bin"
    if damage == "writable by others":
        entry.chmod(0o666)
    else:
        entry.unlink()
        if damage == "symlink to /dev/zero":
            entry.symlink_to("/dev/zero")
        elif damage == "fifo":
            os.mkfifo(entry)
        elif damage == "directory":
            entry.mkdir()
        else:
            entry.symlink_to(own_cache / "good.bin")
    assert _read_soon("x.bin") is None
    cache.write("x.bin", b"rebuilt")  # the next write replaces what can be replaced
    assert _read_soon("x.bin") == (None if damage == "directory" else b"rebuilt")


@pytest.mark.skipif(not IS_ROOT, reason="making a file of another user needs root")
def test_an_entry_of_another_user_is_ignored(own_cache) -> None:
    cache.write("x.bin", b"content")
    os.chown(own_cache / "x.bin", 65534, 65534)
    assert _read_soon("x.bin") is None


@pytest.mark.skipif(not IS_ROOT, reason="making a file of another user needs root")
def test_a_key_of_another_user_turns_the_cache_off(own_cache, tmp_path) -> None:
    cache.write("x.bin", b"content")
    os.chown(tmp_path / "data" / cache.KEY_NAME, 65534, 65534)
    cache._key.cache_clear()
    assert _read_soon("x.bin") is None


def test_a_readable_key_turns_the_cache_off(own_cache, tmp_path) -> None:
    cache.write("x.bin", b"content")
    (tmp_path / "data" / cache.KEY_NAME).chmod(0o644)
    cache._key.cache_clear()
    assert _read_soon("x.bin") is None
    assert (tmp_path / "data" / cache.KEY_NAME).stat().st_mode & 0o777 == 0o644  # not ours to fix: left


# ----------------------------------------------------------------------------- whole runs, new processes

def _run(tmp: Path, argv: list[str], *, umask: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TPSBOT_DB": str(tmp / "data" / "catalog.db"), cache.ENV_CACHE: str(tmp / "c" / "cache")}
    code = f"import sys; sys.argv = ['tpsbot', *{argv!r}]; from bot.cli.parser import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                          preexec_fn=(lambda: os.umask(umask)) if umask is not None else None)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_folders_and_files_are_private_under_umask_000(tmp_path) -> None:
    done = _run(tmp_path, ASK, umask=0)
    assert done.returncode == 0, done.stderr
    base = tmp_path / "c" / "cache"
    entries = list(base.iterdir())
    assert len(entries) >= 5
    assert {e.name: _mode(e) for e in entries} == {e.name: 0o600 for e in entries}
    assert _mode(base) == _mode(base.parent) == 0o700
    assert _mode(tmp_path / "data") == 0o700
    assert _mode(tmp_path / "data" / cache.KEY_NAME) == 0o600


def _good_entries(tmp_path: Path) -> tuple[str, list[Path]]:
    done = _run(tmp_path, ASK)
    assert done.returncode == 0, done.stderr
    entries = sorted((tmp_path / "c" / "cache").iterdir())
    kinds = {e.name.split("-")[0] for e in entries}
    assert {"tpsbot", "babel", "gpu", "jinja2", "lexicon", "regex"} <= kinds, kinds
    return done.stdout, entries


def _damage(entry: Path, how: str, marker: Path) -> None:
    raw = entry.read_bytes()
    entry.unlink()
    if how == "truncated":
        entry.write_bytes(raw[: len(raw) // 2])
    elif how == "random bytes":
        entry.write_bytes(os.urandom(len(raw)))
    elif how == "empty":
        entry.write_bytes(b"")
    elif how == "one byte flipped":
        middle = len(raw) // 2
        entry.write_bytes(raw[:middle] + bytes([raw[middle] ^ 0x01]) + raw[middle + 1:])
    elif how == "fifo":
        os.mkfifo(entry)
    elif how == "symlink to /dev/zero":
        entry.symlink_to("/dev/zero")
    elif how == "directory":
        entry.mkdir()
    elif how == "malicious pickle":  # with and without our header: the content cannot pass the check
        evil = pickle.dumps(_Evil(marker))
        entry.write_bytes(raw[: len(cache.MAGIC) + cache.MAC_BYTES] + evil if len(raw) % 2 else evil)
    entry_mode = 0o600
    if entry.exists() and not entry.is_symlink() and entry.is_file():
        entry.chmod(entry_mode)


@pytest.mark.parametrize("how", ["truncated", "random bytes", "empty", "one byte flipped", "fifo",
                                 "symlink to /dev/zero", "directory", "malicious pickle"])
def test_every_kind_of_entry_damaged_is_ignored_and_the_answer_stays_right(tmp_path, how) -> None:
    """Every entry a translated answer uses (compiled templates, catalogue, lexicon, patterns, GPU
    index, number symbols) damaged the same way at once: same answer, no traceback, no hang."""
    expected, entries = _good_entries(tmp_path)
    marker = tmp_path / "code-ran"
    for entry in entries:
        _damage(entry, how, marker)
    done = _run(tmp_path, ASK)
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    assert "Traceback" not in done.stderr
    assert not marker.exists()
    if how not in ("directory",):  # rebuilt: a third run reads good entries again
        assert all(e.is_file() and not e.is_symlink() for e in entries)


@pytest.mark.skipif(not IS_ROOT, reason="a folder shared with another user needs root to set up")
def test_a_shared_cache_folder_with_planted_entries_runs_no_code(tmp_path) -> None:
    """A cache folder others can write (0o1777 or not ours): whatever they plant is not loaded."""
    expected, entries = _good_entries(tmp_path)
    base = tmp_path / "c" / "cache"
    base.chmod(0o777)
    marker = tmp_path / "code-ran"
    for entry in entries:
        entry.unlink()
        entry.write_bytes(pickle.dumps(_Evil(marker)))
        os.chown(entry, 65534, 65534)
        entry.chmod(0o644)
    done = _run(tmp_path, ASK)
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    assert not marker.exists()
