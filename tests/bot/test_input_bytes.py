"""Bytes that are not UTF-8 in an argument or on standard input, and input the terminal's encoding
cannot decode: each is answered with the bytes replaced (or one line), never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from answers.knowledge import cache
from bot.cli.text import readable


def _run(argv: list[str | bytes], built_db: Path, tmp_path: Path, stdin: bytes | None = None,
         **env: str) -> subprocess.CompletedProcess[bytes]:
    environ = {**os.environ, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(tmp_path / "cache"), **env}
    return subprocess.run([sys.executable, "-m", "bot.cli.output", *argv], env=environ, input=stdin,
                          capture_output=True, timeout=300)


def test_escaped_bytes_are_read_as_utf8() -> None:
    assert readable("llama\udcff") == "llama\ufffd"
    assert readable("pu\udcc3\udcb2", "ascii") == "può"  # UTF-8 bytes an ASCII stream could not decode
    assert readable("plain") == "plain"


@pytest.mark.parametrize("command", ["table", "summary", "model"])
def test_a_name_with_a_byte_that_is_not_utf8_is_one_line(command, built_db, tmp_path) -> None:
    done = _run([command, b"llama\xff"], built_db, tmp_path)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith("tpsbot: error: ") and "llama\ufffd" in err


def test_a_question_with_a_byte_that_is_not_utf8_is_answered(built_db, tmp_path) -> None:
    done = _run(["ask", b"can llama\xff run on a 3060?"], built_db, tmp_path)
    assert b"Traceback" not in done.stderr and b"UnicodeEncodeError" not in done.stderr, done.stderr
    assert done.returncode == 0 and "llama\ufffd" in done.stdout.decode(), done.stdout  # "Several models match"


def test_standard_input_the_terminal_cannot_decode_is_answered(built_db, tmp_path) -> None:
    questions = "una 3090 può far girare llama 3 8b?\n".encode() + b"\xff\xfe llama 3 8b on a 3090\n"
    done = _run(["ask", "-"], built_db, tmp_path, stdin=questions, PYTHONIOENCODING="ascii")
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("ascii")  # the answers themselves are in plain characters
    assert "Llama 3 8B" in out and "GeForce RTX 3090" in out and "Si," in out  # answered in Italian


def test_an_import_from_a_file_name_that_is_not_utf8_keeps_its_bytes(built_db, tmp_path) -> None:
    db = tmp_path / "catalog.db"
    db.write_bytes(built_db.read_bytes())
    name = os.fsencode(tmp_path) + b"/epoch\xff.csv"  # the file is found by its bytes
    with open(name, "wb") as out:
        out.write(b"Model,Parameters\nByte Model 7B,7000000000\n")
    done = _run(["catalog", "import-epoch", name, "--db", str(db), "--replace"], built_db, tmp_path)
    assert done.returncode == 0 and b"1 added" in done.stdout, done.stderr
    info = _run(["catalog", "info", "--db", str(db), "--json"], built_db, tmp_path)
    assert info.returncode == 0 and "epoch\ufffd.csv" in info.stdout.decode(), info.stdout[-300:]
