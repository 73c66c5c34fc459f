"""The generated parts of the documentation (docs/gen.py) say what the code says: every command and option
of the parser in docs/command-line.md, every setting with its default and bounds in docs/configuration.md."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest

from bot.cli.parser import build_parser
from bot.settings import ENV_PREFIX, Settings
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_gen", ROOT / "docs" / "gen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_pages_are_current(gen: ModuleType) -> None:
    assert gen.stale() == [], "run `python docs/gen.py` and commit the pages it rewrites"


def test_every_command_option_and_setting_is_on_its_page() -> None:
    commands = (ROOT / "docs" / "command-line.md").read_text(encoding="utf-8")
    stack = [build_parser()]
    while stack:
        parser = stack.pop()
        for action in parser._actions:
            if action.choices and isinstance(action.choices, dict):  # sub-commands
                stack.extend(action.choices.values())
                continue
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"`{flag}" in commands, (parser.prog, flag)
        assert f"### `{parser.prog}`" in commands or parser.prog == "tpsbot"
    settings = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for name in Settings.model_fields:
        assert f"| `{ENV_PREFIX}{name.upper()}` |" in settings


def test_a_changed_page_is_found_stale(gen: ModuleType) -> None:
    page = "docs/configuration.md"
    text = (ROOT / page).read_text(encoding="utf-8")
    edited = text.replace("| `TPSBOT_TOKEN` |", "| `TPSBOT_TOKN` |")
    assert edited != text and gen.render(page, edited) == text  # rendering puts the code's table back
