"""`tpsbot … --json` is a contract: these are the keys each command printed when the CLI became a
front end over answers/ (keys may be added, never renamed or removed)."""

from __future__ import annotations

import json

import pytest

from bot.cli.parser import main

QUERY = {"model", "context", "profile", "min_quality", "quant"}
MODEL = {"name", "params_b", "active_params_b", "cache_estimate"}
ROW = {"card", "vendor", "memory_gb", "bandwidth_gbps", "release", "need_gb", "quant", "fit", "tok_s", "tok_s_low",
       "tok_s_high", "confidence"}
SUMMARY = QUERY | {"cards_total", "cards_fit", "smallest", "fastest", "median_tok_s", "above_reading_speed",
                   "by_memory", "closest_miss_gb", "distinct_quant_levels", "range_example"}
CARD = {"name", "vendor", "memory_gb", "bandwidth_gbps", "release", "architecture", "memory_type", "variants"}
CARD_MODEL = {"model", "params_b", "active_params_b", "cache_estimate", "quant", "need_gb", "fit", "tok_s",
              "tok_s_low", "tok_s_high", "confidence"}
ASK = {"intent", "locale", "entities", "facts", "text", "profile", "credits"}
# Issue 29: what the question stated, what the answer assumed instead, what it could not use (and why).
ASK_ACCOUNT = {"asked", "assumed", "unused", "unused_why"}


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def run_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out.splitlines()[0])


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_table_keys(capsys, profile: str) -> None:
    d = run_json(capsys, "table", "Llama 3.1 8B", "--profile", profile)
    assert set(d) >= QUERY | {"rows"} and set(d["model"]) >= MODEL
    assert d["rows"] and all(set(r) >= ROW for r in d["rows"])
    assert d["profile"] == profile


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_summary_keys(capsys, profile: str) -> None:
    d = run_json(capsys, "summary", "Llama 3.1 8B", "--profile", profile)
    assert set(d) >= SUMMARY and set(d["model"]) >= MODEL
    assert set(d["smallest"]) >= {"card", "memory_gb", "quant", "need_gb", "tok_s"}
    assert set(d["fastest"]) >= {"card", "tok_s", "memory_gb"}
    assert set(d["by_memory"]) == {"8", "12", "16", "24"}
    assert all(set(v) >= {"card", "quant", "need_gb", "tok_s", "fit"} for v in d["by_memory"].values() if v)
    assert set(d["range_example"]) >= {"card", "tok_s_low", "tok_s_high"}
    assert d["profile"] == profile


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_card_keys(capsys, profile: str) -> None:
    d = run_json(capsys, "card", "rtx 3060", "--profile", profile)
    assert set(d) >= {"card", "context", "profile", "min_quality", "models_total", "models"}
    assert set(d["card"]) >= CARD
    assert d["models"] and all(set(m) >= CARD_MODEL for m in d["models"])
    assert d["profile"] == profile


def test_model_keys(capsys) -> None:
    d = run_json(capsys, "model", "GLM-4.5V")
    assert set(d) >= {"model", "credits"}
    assert set(d["model"]) >= {"name", "aliases", "organization", "params_b", "active_params_b", "weights",
                               "license", "huggingface", "provenance"}
    assert all(set(p) >= {"source", "detail"} for p in d["model"]["provenance"].values())


def test_ask_keys(capsys) -> None:
    d = run_json(capsys, "ask", "fastest gpu for llama 3.1 8b")
    assert set(d) >= ASK | ASK_ACCOUNT
    # keys only for what was stated; since 0.19.0 each model's maker's spelling beside it (never a condition)
    assert d["asked"] == {"models": ["Llama 3.1 8B"], "model_repos": ["meta-llama/Llama-3.1-8B-Instruct"]}
    assert d["unused"] == [] and d["assumed"]["engine"] == "llama.cpp"
    assert set(d["facts"]) >= SUMMARY | {"rows", "intent"}
    assert all(set(r) >= ROW for r in d["facts"]["rows"])


@pytest.mark.parametrize(("argv", "expected"), [
    # GLM-4.5V's page (fixtures): MI200 runs it at IQ4_XS, 68.4 tok/s, needing 54.2 GB; 43 of 818 cards.
    (["summary", "glm45v", "--locale", "de", "--profile", "reference"],
      ["43 von 818 Karten", "68,4 tok/s", "braucht 54,2 GB", "Kontext 4.096"]),
    (["table", "glm45v", "--locale", "fr", "--profile", "reference"],
      ["avec 4\u202f096 tokens de contexte", "43 cartes", "fourchette"]),
    (["card", "rtx 3060", "--locale", "it", "--limit", "3"], ["fa girare", "modelli del catalogo", "4.096 token"]),
    (["model", "GLM-4.5V", "--locale", "es"], ["organización: ", "fuentes: ", "Datos de modelos"]),
])
def test_text_output_follows_locale(capsys, argv: list[str], expected: list[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    for part in expected:
        assert part in out, (part, out[:400])


def test_cli_errors_follow_locale(capsys) -> None:
    assert main(["table", "llama 3", "--locale", "it"]) == 2
    assert capsys.readouterr().err.startswith("tpsbot: error: 'llama 3' corrisponde a più modelli: ")


def test_the_tpsbot_process_is_lean_but_callers_of_main_are_untouched(built_db, tmp_path) -> None:
    """As its own process, a short command runs without the cyclic GC and without `ssl`; called as a
    function (tests, scripts) main() changes nothing process-wide."""
    import gc
    import os
    import subprocess
    import sys

    assert main(["summary", "--params", "7", "--json", "--db", str(built_db)]) == 0
    assert gc.isenabled() and sys.modules.get("ssl") is not None
    probe = ("import gc, sys; sys.argv = ['tpsbot', 'ask', '-', '--json']; from bot.cli.parser import main; "
             "code = main(); print(code, gc.isenabled(), sys.modules.get('ssl'))")
    env = {**os.environ, "TPSBOT_DB": str(built_db), "TPSBOT_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], input="can GLIDE run on 12 GB?\nwho made GLM-4.5V?\n",
                          env=env, capture_output=True, text=True)
    lines = done.stdout.splitlines()
    assert [json.loads(x)["intent"] for x in lines[:2]] == ["can_run", "maker"], done.stderr
    assert lines[2] == "0 True None"  # GC back on once the stream is going; ssl never loaded
