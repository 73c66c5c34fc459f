"""Epoch imports at their limits: out-of-bounds sizes, malformed headers, too many rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.parser import main
from catalog import epoch, epoch_csv, epoch_source
from catalog.epoch import EpochFormatError, read_epoch


def _csv(tmp_path: Path, text: str, name: str = "snap.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "catalog.db"
    assert main(["catalog", "build", "--db", str(path)]) == 0
    return path


@pytest.mark.parametrize("params", ["1e30", "1e-30", "0.5"])
def test_an_out_of_bounds_row_is_skipped_and_card_answers_still_work(params, db, tmp_path, capsys):
    snap = _csv(tmp_path, f"Model,Parameters\nSane model,7000000000\nHuge thing,{params}\n")
    capsys.readouterr()
    assert main(["catalog", "import-epoch", str(snap), "--db", str(db), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    (why,) = result["skipped_out_of_bounds"]
    assert why.startswith("line 3: Huge thing")
    assert "Sane model" in result["added"] and "Huge thing" not in result["added"]
    # Before: every card answer failed ("1e+21 B parameters is beyond any real model") or crashed.
    assert main(["card", "rtx 3060", "--db", str(db), "--json"]) == 0
    card = json.loads(capsys.readouterr().out)
    assert any(m["model"] == "Sane model" for m in card["models"])
    assert main(["ask", "what can my rtx 3060 run?", "--db", str(db)]) == 0
    assert "RTX 3060" in capsys.readouterr().out


def test_skipped_rows_are_listed_in_the_text_report(db, tmp_path, capsys):
    snap = _csv(tmp_path, "Model,Parameters\nSane model,7000000000\nHuge thing,1e30\n")
    assert main(["catalog", "import-epoch", str(snap), "--db", str(db)]) == 0
    assert "line 3: Huge thing" in capsys.readouterr().out


@pytest.mark.parametrize(("header", "problem"), [
    ("Model,Parameters,Model", "'Model' appears twice"),
    ("Model,Parameters,Parameters", "'Parameters' appears twice"),
    ("Model,Organization", "'Parameters' is missing"),
])
def test_duplicated_or_missing_required_headers_are_refused(header, problem, db, tmp_path, capsys):
    cells = ",".join(["7"] * len(header.split(",")))
    snap = _csv(tmp_path, f"{header}\n{cells}\n{cells}\n")
    with pytest.raises(EpochFormatError) as info:
        read_epoch(snap)
    assert info.value.line == 1 and problem in info.value.problem
    before = db.read_bytes()
    capsys.readouterr()
    assert main(["catalog", "import-epoch", str(snap), "--db", str(db)]) == 2
    assert problem in capsys.readouterr().err
    assert db.read_bytes() == before


def test_more_rows_than_the_limit_is_refused_at_the_first_extra_row(monkeypatch, tmp_path):
    monkeypatch.setattr(epoch, "MAX_ROWS", 5)
    snap = _csv(tmp_path, "Model,Parameters\n" + "".join(f"m{i},7000000000\n" for i in range(6)))
    with pytest.raises(EpochFormatError) as info:
        read_epoch(snap)
    assert info.value.line == 7 and "more than 5 data rows" in info.value.problem


def test_a_file_larger_than_the_byte_limit_is_refused(monkeypatch, tmp_path):
    monkeypatch.setattr(epoch_source, "MAX_BYTES", 100)
    snap = _csv(tmp_path, "Model,Parameters\n" + "".join(f"m{i},7000000000\n" for i in range(20)))
    with pytest.raises(EpochFormatError, match="larger than"):
        read_epoch(snap)


def test_rows_are_streamed_not_listed():
    # The reader yields records lazily, so memory holds one row at a time plus the kept models.
    line, header, rows = epoch_csv.read_rows("Model,Parameters\na,1\nb,2\n")
    assert (line, header) == (1, ["Model", "Parameters"])
    assert next(rows) == (2, ["a", "1"]) and not isinstance(rows, list)
