"""Numbers at the limits: overflowing contexts and sub-parameter sizes get one line, not a traceback."""

from __future__ import annotations

import json

import pytest

from bot.cli.parser import main
from estimator.display import round_gb, round_range, round_tok_s

NINES = "9" * 309  # float("9"*309) is inf: int() of it raised OverflowError


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


@pytest.mark.parametrize("argv", [
    ["summary", "--params", "7", "--context", "inf"],
    ["summary", "--params", "7", "--context", "1e306k"],
    ["summary", "--params", "7", "--context", "nan"],
    ["table", "--params", "7", "--context", NINES],
    ["card", "rtx 3060", "--context", "inf"],
    ["summary", "--params", "1e-308"],
    ["summary", "--params", "5e-324"],
    ["summary", "--params", "7", "--active", "1e-308"],
    ["table", "--params", "inf"],
    ["table", "--params", "1e400"],
])
def test_out_of_range_numbers_are_one_line_errors(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_the_smallest_allowed_size_still_answers(capsys):
    # One parameter (1e-9 B) is allowed: the answer's speeds are huge but finite and printed.
    assert main(["summary", "--params", "1e-9", "--profile", "reference", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["cards_fit"] == d["cards_total"] == 818


@pytest.mark.parametrize("question", [
    f"glm-4.5v at {NINES} tokens",
    f"can a rtx 3060 run llama 3 8b with {NINES}k context",
    f"{NINES} bit llama 3 8b on rtx 4090",
    "llama 3 8b with 1" + "0" * 400 + " tokens of context",
])
def test_overflowing_figures_in_questions_get_an_answer(question, capsys):
    assert main(["ask", question]) == 0
    out = capsys.readouterr().out
    assert out.strip()
    if "context" in question or "tokens" in question:
        assert "100,000,000" in out  # the bound is named


def test_a_bad_line_does_not_end_the_stream(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(f"glm-4.5v at {NINES} tokens\nwhat can a rtx 3060 run?\n"))
    assert main(["ask", "-", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[1])["intent"] != json.loads(lines[0])["intent"]


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), 1e308, 5e-324, 1e-308, 1e20])
def test_display_rounding_never_raises(value):
    # Decimal refused to quantize these (InvalidOperation); display must pass them through.
    assert round_tok_s(value) == pytest.approx(value, rel=1e-9) or value < 1e-300
    assert round_gb(value) == pytest.approx(value, rel=1e-9) or value < 1e-300
    if value in (float("inf"), float("-inf")):
        assert abs(round_range(value)) >= 10**307
    else:
        assert round_range(value) == pytest.approx(round(value))


def test_display_rounding_still_rounds_half_up():
    assert round_tok_s(0.15) == 0.2 and round_tok_s(99.95) == 100 and round_gb(2.25) == 2.3
