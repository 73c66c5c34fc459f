"""`measured` is the default wherever nothing chooses a profile (issue 28): the command line's ask, table,
summary and card, slash commands and plain messages (AskOptions), the bot's host default; the answers say
which profile answered."""

from __future__ import annotations

import json

import msgspec
import pytest

from answers.api import Answer, AskOptions
from answers.facts.common import EstimateSettings
from answers.facts.reports import EstimateRequest
from answers.knowledge.profiles import DEFAULT_PROFILE
from bot.cli import parser as cli
from bot.exts.pages.views import PageState
from bot.exts.settings.commands import HostDefaults
from bot.settings import Settings as BotSettings


@pytest.fixture(autouse=True)
def _db(built_db, monkeypatch):  # noqa: ANN001, ANN202
    monkeypatch.setenv("TPSBOT_DB", str(built_db))


def _json(capsys, *argv: str) -> dict | list:  # noqa: ANN001
    assert cli.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_every_default_is_the_one_default() -> None:
    assert DEFAULT_PROFILE == "measured"
    assert cli.DEFAULT_PROFILE == DEFAULT_PROFILE
    answer_default = next(f.default for f in msgspec.structs.fields(Answer) if f.name == "profile")
    assert AskOptions().profile == answer_default == DEFAULT_PROFILE
    assert EstimateSettings().profile == EstimateRequest().profile == DEFAULT_PROFILE
    assert BotSettings.model_fields["default_profile"].default == DEFAULT_PROFILE
    assert HostDefaults().profile == DEFAULT_PROFILE
    assert PageState("fastest", "x", "en").profile == DEFAULT_PROFILE
    parser = cli.build_parser()
    for argv in (["ask", "x"], ["table", "x"], ["summary", "x"], ["card", "x"]):
        assert parser.parse_args(argv).profile == DEFAULT_PROFILE, argv


@pytest.mark.parametrize("question", ["can GLIDE run on 12 GB?", "how fast is llama 3.1 8b on a 3060",
                                      "fastest gpu for qwen3 32b", "what can a 4090 run",
                                      "qwen3 32b on 2x rx 7900 xtx", "kimi k2 what do i need"])
def test_ask_without_a_profile_is_ask_with_measured(capsys, question: str) -> None:  # noqa: ANN001
    default = _json(capsys, "ask", question)
    measured = _json(capsys, "ask", question, "--profile", "measured")
    reference = _json(capsys, "ask", question, "--profile", "reference")
    assert default == measured
    assert default["profile"] == "measured" and reference["profile"] == "reference"


@pytest.mark.parametrize("argv", [["table", "llama 3.1 8b"], ["summary", "glm-4.5v"], ["card", "rtx 3060"],
                                  ["summary", "llama 3 70b", "--card", "M4 Max 128GB"]])
def test_reports_without_a_profile_are_the_measured_reports(capsys, argv: list[str]) -> None:  # noqa: ANN001
    default = _json(capsys, *argv)
    measured = _json(capsys, *argv, "--profile", "measured")
    assert default == measured
    assert default != _json(capsys, *argv, "--profile", "reference")
