"""`tpsbot summary` / `tpsbot table` and the bot's answers give the same figures for the same model, card,
context and profile: the command line's reports and the answers take one route to the figures."""

from __future__ import annotations

import asyncio
import json

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.knowledge.catalog_view import Knowledge
from answers.rendering import format as fmt
from bot.cli.parser import main

PROFILES = ("reference", "measured")
# (model, card, context): a card that holds the model whole, so the card's row is a plain card row
CASES = [("Llama 3.1 8B", "GeForce RTX 4090", 16384), ("Qwen3 32B", "GeForce RTX 3090", 4096)]
ROW_FIGURES = ("card", "memory_gb", "need_gb", "quant", "fit", "tok_s", "tok_s_low", "tok_s_high", "confidence")


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


@pytest.fixture(scope="module")
def engine(built_db) -> Engine:
    """The bot's engine over the very catalog the command line reads."""
    return Engine(asyncio.run(Knowledge.load(built_db)))


def cli_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("model", "card", "context"), CASES)
def test_summary_with_a_card_gives_the_speed_answers_figures(capsys, engine, model, card, context, profile):
    d = cli_json(capsys, "summary", model, "--card", card, "--context", str(context), "--profile", profile)
    a = engine.command("speed", "en", model=model, card=card, context=context, options=AskOptions(profile=profile))
    assert a.intent == "speed" and a.facts["row"] is not None
    page = {k: v for k, v in d.items() if k != "setup"}  # the model's figures over every card
    assert page["model"]["name"] == model and page["context"] == context and page["profile"] == profile
    assert page == {k: a.facts[k] for k in page}
    cli_row, answer_row = d["setup"]["row"], a.facts["row"]
    # the setup's rule rates one card as the card rule does (its sums in another order: the last digit may differ)
    for k in ROW_FIGURES:
        want = answer_row[k]
        assert cli_row[k] == (pytest.approx(want, rel=1e-12) if isinstance(want, float) else want), k


@pytest.mark.parametrize("profile", PROFILES)
def test_table_rows_are_the_fastest_answers_table(capsys, engine, profile):
    model, _, context = CASES[0]
    d = cli_json(capsys, "table", model, "--context", str(context), "--profile", profile)
    a = engine.command("fastest", "en", model=model, context=context, options=AskOptions(profile=profile))
    rows, shown = d["rows"], a.facts["rows"]
    assert len(rows) == a.facts["cards_fit"] > len(shown) > 0
    assert rows[:len(shown)] == shown  # the answer's top rows, figure for figure
    assert a.table is not None  # the answer's paged table: every runner, display-formatted
    assert [(t["card"], t["quant"], t["tok_s"]) for t in a.table] == [
        (r["card"], r["quant"] or "", f"{fmt.tok_s(r['tok_s'], 'en')} tok/s") for r in rows]
