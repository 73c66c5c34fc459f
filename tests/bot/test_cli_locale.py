"""`tpsbot ask --locale it …` answers in Italian whatever the question's own language."""

from __future__ import annotations

import json

import pytest

from bot.cli import parser as cli


@pytest.mark.parametrize(("locale", "word"), [("it", "Sì"), ("de", "Ja"), ("fr", "Oui"), ("es", "Sí"), ("pt", "Sim")])
def test_ask_with_a_locale_answers_in_it(built_db, capsys, locale: str, word: str) -> None:
    rc = cli.main(["ask", "--locale", locale, "can GLIDE run on 12 GB?", "--db", str(built_db)])
    text = capsys.readouterr().out
    assert rc in (0, None)
    assert text.startswith(word) and not text.startswith("Yes")
    rc = cli.main(["ask", "--locale", locale, "--json", "can GLIDE run on 12 GB?", "--db", str(built_db)])
    assert json.loads(capsys.readouterr().out)["locale"] == locale


def test_without_a_locale_the_question_decides(built_db, capsys) -> None:
    cli.main(["ask", "can GLIDE run on 12 GB?", "--db", str(built_db)])
    assert capsys.readouterr().out.startswith("Yes")
