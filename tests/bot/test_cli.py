"""The `tpsbot` command line: the JSON contract, text output, and one-line errors with exit 2."""

from __future__ import annotations

import json

import pytest

from bot.cli.parser import main
from tests.conftest import FIXTURES, read_csv

FACTS = {f["model"]: f for f in read_csv(FIXTURES / "reference_facts.csv")}
ROWS = read_csv(FIXTURES / "reference_rows.csv")


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def run_json(capsys, *argv: str) -> dict:
    # These pin the reference pages' figures: the reference profile is asked for explicitly (default: measured).
    profile = [] if "--profile" in argv or argv[0] == "model" else ["--profile", "reference"]
    assert main([*argv, *profile, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_summary_params_1_3_has_every_contract_key(capsys):
    d = run_json(capsys, "summary", "--params", "1.3")
    assert set(d) >= {"model", "cards_total", "cards_fit", "smallest", "fastest", "median_tok_s", "above_reading_speed",
                      "by_memory", "closest_miss_gb", "distinct_quant_levels", "range_example", "context"}
    assert set(d["model"]) >= {"name", "params_b", "active_params_b"}
    assert set(d["smallest"]) >= {"card", "memory_gb", "quant", "need_gb", "tok_s"}
    assert set(d["fastest"]) >= {"card", "tok_s", "memory_gb"}
    assert set(d["by_memory"]) == {"8", "12", "16", "24"}
    assert set(d["range_example"]) >= {"card", "tok_s_low", "tok_s_high"}
    # independent arithmetic: B200 8,000 GB/s · 0.45 / (1.3 · 8.5/8) = 2,606 tok/s (unrounded in JSON)
    assert d["fastest"]["card"] == "B200"
    assert d["fastest"]["tok_s"] == pytest.approx(8000 * 0.45 / (1.3 * 8.5 / 8))
    assert d["cards_total"] == 818 and d["cards_fit"] == 818


def test_table_moe_matches_the_glm45v_page_rows(capsys):
    d = run_json(capsys, "table", "--params", "108", "--active", "12")
    assert d["model"]["params_b"] == 108 and d["model"]["active_params_b"] == 12 and d["context"] == 4096
    expected = [r for r in ROWS if r["model"] == "GLM-4.5V"]
    assert len(d["rows"]) == int(FACTS["GLM-4.5V"]["cards_fit"])
    for got, exp in zip(d["rows"], expected, strict=False):  # the fixture holds the page's first rows
        assert got["card"] == exp["card"] and got["quant"] == exp["quant"] and got["fit"] == exp["fit"]
        assert set(got) >= {"card", "vendor", "memory_gb", "bandwidth_gbps", "release", "need_gb", "quant", "fit",
                            "tok_s", "tok_s_low", "tok_s_high", "confidence"}


def test_table_all_adds_cards_that_cannot_run_it(capsys):
    d = run_json(capsys, "table", "--params", "108", "--active", "12", "--all")
    assert len(d["rows"]) == 818
    misses = [r for r in d["rows"] if r["fit"] == "no"]
    assert len(misses) == 818 - 43 and all(r["quant"] is None and r["tok_s"] is None for r in misses)


def test_summary_resolves_a_typed_model_name(capsys):
    d = run_json(capsys, "summary", "glm45v")
    f = FACTS["GLM-4.5V"]
    assert d["model"]["name"] == "GLM-4.5V"
    assert d["cards_fit"] == int(f["cards_fit"]) and d["smallest"]["card"] == f["smallest_card"]
    assert round(d["closest_miss_gb"], 1) == float(f["closest_miss_gb"])


def test_text_output_uses_display_rounding(capsys):
    assert main(["summary", "--params", "108", "--active", "12", "--profile", "reference"]) == 0
    out = capsys.readouterr().out
    assert "Radeon Instinct MI200 · 64 GB · IQ4_XS · 68.4 tok/s · needs 54.2 GB" in out
    assert "B200 · 174 tok/s · 180 GB" in out and "short by 17.3 GB" in out


def test_card_lists_models_fastest_first(capsys):
    d = run_json(capsys, "card", "rtx 3060")
    assert d["card"]["name"].startswith("GeForce RTX 3060")
    speeds = [m["tok_s"] for m in d["models"]]
    assert speeds == sorted(speeds, reverse=True) and len(speeds) > 50
    assert {"model", "quant", "need_gb", "tok_s", "fit"} <= set(d["models"][0])


def test_model_shows_record_with_provenance(capsys):
    d = run_json(capsys, "model", "TiTok-L")
    assert d["model"]["name"] == "TiTok-L" and d["model"]["params_b"] == pytest.approx(0.307)
    assert "provenance" in d["model"] and d["credits"]


def test_long_context_on_known_layout_says_layout(capsys):
    d = run_json(capsys, "summary", "llama 3.1 8b", "--context", "128k")
    assert d["context"] == 131072 and d["model"]["cache_estimate"] == "layout"


@pytest.mark.parametrize(
    "argv",
    [["table", "--params", "0"], ["table", "--params", "-3"], ["table", "--params", "1e9"],
     ["table", "--params", "8", "--active", "9"], ["table", "--params", "8", "--quant", "Q9_X"],
     ["table", "--params", "8", "--context", "0"], ["table", "--bogus"], ["summary", "no such model zzz"],
     ["table", "llama 3"], ["card", "12 GB"], ["table"], ["summary", "--params", "abc"],
     ["card", "2x rtx 3090", "--min-quality", "Q9"]],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_ask_json_has_the_contract_keys_and_the_page_answer(capsys):
    facts = FACTS["GLIDE"]
    assert main(["ask", "can GLIDE run on 12 GB?", "--profile", "reference", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d) >= {"intent", "locale", "entities", "facts", "text"}
    assert (d["intent"], d["locale"], d["entities"]["model"]) == ("can_run", "en", "GLIDE")
    assert facts["faq12_card"] in d["text"] and facts["faq12_quant"] in d["text"]
    assert f"{float(facts['faq12_tok_s']):.0f}" in d["text"]


def test_ask_dash_answers_one_json_object_per_line(capsys, monkeypatch):
    import io

    questions = "can GLIDE run on 12 GB?\n\nGLIDE gira su una GPU da 12 GB?\ngLM tourne sur 8 Go ?\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(questions))
    assert main(["ask", "-", "--profile", "reference", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["locale"] for x in lines] == ["en", "it", "fr"]
    assert all(x["intent"] == "can_run" for x in lines)
    assert "631" in lines[2]["text"] and FACTS["gLM"]["faq8_card"] in lines[2]["text"]
