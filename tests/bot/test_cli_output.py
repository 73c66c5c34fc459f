"""The installed `tpsbot` command's output and environment: a full disk, a closed pipe, closed
descriptors, a terminal that cannot show every character, no home folder. Each is one line on
stderr and a non-zero exit, or a clean exit on a closed pipe, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from answers.knowledge import cache
from bot.cli.parser import main as cli_main

ASK_EN = ["ask", "can a 3090 run llama 3 8b?", "--profile", "reference"]  # "range 30–79": an en dash
ASK_IT = ["ask", "una 3090 può far girare llama 3 8b?", "--profile", "reference"]  # "è", "può"…


def _env(built_db: Path, tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(tmp_path / "cache"), **extra}


def _tpsbot(argv: list[str], env: dict[str, str], **kw) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "bot.cli.output", *argv], env=env,
                          capture_output=kw.pop("capture", True), timeout=300, **kw)


def _one_error_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert text.startswith("tpsbot: error: ") and text.count("\n") == 1 and "Traceback" not in text, text
    return text


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_one_line_and_a_failure(built_db, tmp_path) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "bot.cli.output", *ASK_EN, "--json"], env=_env(built_db, tmp_path),
                              stdout=full, stderr=subprocess.PIPE, timeout=300)
    assert done.returncode == 1
    assert "No space left on device" in _one_error_line(done.stderr)


def test_a_closed_pipe_ends_cleanly(built_db, tmp_path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli.output", "catalog", "export"], env=_env(built_db, tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().startswith(b"{")  # `| head -1`: one line read, then the pipe closes
    proc.stdout.close()
    stderr = proc.stderr.read()
    assert proc.wait(timeout=300) == 0
    assert stderr == b""


def test_a_closed_standard_output_is_one_line_and_a_failure(built_db, tmp_path) -> None:
    code = f"exec {sys.executable} -m bot.cli.output ask 'can a 3090 run llama 3 8b?' >&-"
    done = subprocess.run(["sh", "-c", code], env=_env(built_db, tmp_path), capture_output=True, timeout=300)
    assert done.returncode == 1
    assert "standard output is closed" in _one_error_line(done.stderr)


def test_a_closed_standard_input_is_one_line_and_a_failure(built_db, tmp_path) -> None:
    code = f"exec {sys.executable} -m bot.cli.output ask - <&-"
    done = subprocess.run(["sh", "-c", code], env=_env(built_db, tmp_path), capture_output=True, timeout=300)
    assert done.returncode == 1
    assert "standard input is closed" in _one_error_line(done.stderr)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_that_cannot_show_a_character_gets_plain_ones(built_db, tmp_path, encoding) -> None:
    env = _env(built_db, tmp_path, PYTHONIOENCODING=encoding)
    english, italian = _tpsbot(ASK_EN, env), _tpsbot(ASK_IT, env)
    assert (english.returncode, italian.returncode, english.stderr, italian.stderr) == (0, 0, b"", b"")
    english_text, italian_text = english.stdout.decode(encoding), italian.stdout.decode(encoding)
    assert "(range 30-79)" in english_text  # the en dash as a hyphen
    assert "token al secondo" in italian_text


def test_no_home_folder_is_one_line_naming_the_setting(monkeypatch, capsys) -> None:
    real = os.path.expanduser
    monkeypatch.setattr(os.path, "expanduser", lambda p: p if str(p).startswith("~") else real(p))
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("TPSBOT_DB", raising=False)
    capsys.readouterr()
    assert cli_main(["catalog", "info"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: ") and err.count("\n") == 1 and "TPSBOT_DB" in err
    assert not Path("~").exists()


def test_no_home_folder_with_a_database_path_answers(built_db, monkeypatch, capsys) -> None:
    real = os.path.expanduser
    monkeypatch.setattr(os.path, "expanduser", lambda p: p if str(p).startswith("~") else real(p))
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setenv("TPSBOT_DB", str(built_db))
    monkeypatch.delenv(cache.ENV_CACHE, raising=False)  # the default cache folder is under home: off
    cache.cache_dir.cache_clear()
    try:
        assert cli_main(ASK_EN) == 0
    finally:
        cache.cache_dir.cache_clear()
    assert "Yes" in capsys.readouterr().out
