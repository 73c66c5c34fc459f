"""`tpsbot catalog …` end to end: Epoch import (all-or-nothing), info with credits, rebuilds keep imports."""

from __future__ import annotations

import json

import pytest

from bot.cli.parser import main
from tests.conftest import EPOCH_CSV as SNAPSHOT


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    db = tmp_path_factory.mktemp("epoch") / "catalog.db"
    assert main(["catalog", "build", "--db", str(db)]) == 0
    assert main(["catalog", "import-epoch", str(SNAPSHOT), "--db", str(db), "--snapshot-date", "2026-03-30",
                 "--json"]) == 0
    return db


def _json(capsys, *argv: str) -> dict:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_import_reports_added_updated_unchanged_and_is_recorded(imported, capsys):
    info = _json(capsys, "catalog", "info", "--db", str(imported))
    assert info["gpus"] == 818 and info["models"] > 3200
    (imp,) = info["imports"]
    assert imp["snapshot_date"] == "2026-03-30" and len(imp["sha256"]) == 64 and imp["rows"] == 3237
    assert imp["report"]["added"] > 3000 and imp["report"]["updated"] > 50
    assert any("Epoch AI" in c and "CC BY 4.0" in c for c in info["credits"])


def test_model_carries_epoch_facts_and_credit(imported, capsys):
    d = _json(capsys, "model", "TiTok-L", "--db", str(imported))
    assert d["model"]["training_compute_flop"] == pytest.approx(1.7252352e21)
    assert d["model"]["organization"].startswith("ByteDance")
    assert any("Epoch AI" in c for c in d["credits"])


def test_epoch_only_model_is_estimated(imported, capsys):
    d = _json(capsys, "summary", "GPT-3 175B (davinci)", "--db", str(imported))
    assert d["model"]["params_b"] == pytest.approx(174.6)  # Epoch: Parameters 174600000000
    assert d["cards_fit"] > 0


def test_card_over_the_whole_catalog(imported, capsys):
    d = _json(capsys, "card", "rtx 3060", "--db", str(imported))
    assert d["models_total"] > 2000 and len(d["models"]) > 1000


def test_malformed_file_changes_nothing_and_names_the_line(imported, tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("Model,Parameters\nok model,7000000000\nbroken,abc\n", encoding="utf-8")
    before = imported.read_bytes()
    assert main(["catalog", "import-epoch", str(bad), "--db", str(imported)]) == 2
    err = capsys.readouterr().err
    assert "nothing imported" in err and "line 3" in err and "abc" in err
    assert imported.read_bytes() == before


def test_missing_file_is_a_clear_error(imported, tmp_path, capsys):
    assert main(["catalog", "import-epoch", str(tmp_path / "nope.csv"), "--db", str(imported)]) == 2
    assert "nothing imported" in capsys.readouterr().err


def test_rebuild_keeps_the_import(imported, capsys):
    before = _json(capsys, "catalog", "info", "--db", str(imported))
    assert main(["catalog", "build", "--db", str(imported)]) == 0
    after = _json(capsys, "catalog", "info", "--db", str(imported))
    assert after["models"] == before["models"] and after["imports"] == before["imports"]


def test_export_writes_json(imported, tmp_path, capsys):
    out = tmp_path / "export.json"
    assert main(["catalog", "export", "--db", str(imported), "--output", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert len(data["gpus"]) == 818 and len(data["models"]) > 3200
