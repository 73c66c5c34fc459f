"""The languages' own names, as /settings and the pages list them, without loading every locale's data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from answers.knowledge import i18n

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("code", i18n.SUPPORTED)
def test_each_shipped_catalogue_is_named_as_cldr_names_it(code: str) -> None:
    # The data file is a copy of CLDR's names: it must say what Babel says, or a language would be
    # listed under a name its speakers do not use.
    assert code in i18n._shipped_names(), f"locales/names.json has no name for {code}"
    assert i18n.display_name(code) == i18n._babel_name(code)


def test_names_read_people_would_recognise() -> None:
    assert i18n.display_name("it") == "Italiano"
    assert i18n.display_name("de") == "Deutsch"
    assert i18n.display_name("pt").startswith("Português")


def test_a_catalogue_added_without_a_name_is_named_by_babel(monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.display_name.cache_clear()
    monkeypatch.setattr(i18n, "_shipped_names", lambda: {})
    try:
        assert i18n.display_name("fr") == "Français"
    finally:
        i18n.display_name.cache_clear()


def test_listing_the_languages_loads_no_locale_data() -> None:
    # Each Babel locale loaded stays in the bot's memory for its whole life (~1 MiB a language).
    code = ("import sys; from answers.knowledge.i18n import SUPPORTED, display_name; "
            "names = [display_name(c) for c in SUPPORTED]; "
            "print(len(names), 'babel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True).stdout.split()
    assert out == [str(len(i18n.SUPPORTED)), "False"]
