"""Text we did not write — an imported model whose name and organisation carry terminal escape
sequences, BEL, C1 controls, bidi overrides and zero-width characters — reaches no terminal, no JSON
consumer and no Discord message: `card`, `model`, `table`, `ask` (text and JSON) and the bot's
embeds and plain messages show it without them."""

from __future__ import annotations

import asyncio
import csv
import json
import re
from pathlib import Path

import pytest

from answers.engine import Engine
from answers.knowledge.catalog_view import Knowledge
from bot.cli.parser import main
from bot.render import answer_embed, answer_text
from catalog.build import import_epoch

HOSTILE = ("Evil\x1b[2J\x1b]0;pwned\x07Llama\u202eRTL\u2066x\u2069\u200b\u200d\x9b31m\x85 Bell\x07\x08 7B")
ORG = "Bad\x1b[31mCorp\u202a\u200e"
# Anything a terminal or Discord would act on or reorder by: C0 (but tab and line feed), DEL, C1,
# bidi embeddings/overrides/isolates/marks, zero-width characters (a ZWSP right after "@" is how
# mentions are defused on Discord: allowed there).
FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200c\u200d\ufeff]"
                       r"|(?<!@)\u200b")


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory, built_db) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    db, snap = folder / "catalog.db", folder / "snapshot.csv"
    db.write_bytes(built_db.read_bytes())
    with snap.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["Model", "Domain", "Organization", "Publication date", "Parameters", "Model accessibility"])
        out.writerow([HOSTILE, "Language", ORG, "2025-06-01", "7000000000", "Open weights (unrestricted)"])
    asyncio.run(import_epoch(db, snap))
    return db


def _clean(text: str, where: str) -> None:
    bad = FORBIDDEN.findall(text)
    assert not bad, f"{where}: {bad!r} in {text!r}"


@pytest.mark.parametrize("argv", [
    ["model", "Evil Llama"],
    ["card", "rtx 3090", "--limit", "200"],
    ["table", "Evil Llama"],
    ["ask", "can a 3090 run evil llama 7b?"],
    ["ask", "who made evil llama 7b?"],
])
@pytest.mark.parametrize("as_json", [False, True])
def test_cli_shows_hostile_catalog_text_clean(hostile_db, capsys, argv, as_json) -> None:
    capsys.readouterr()
    assert main([*argv, "--db", str(hostile_db), *(["--json"] if as_json else [])]) == 0
    out = capsys.readouterr().out
    assert "Llama" in out and "RTL" in out  # the model is shown, without what it carried
    if as_json:
        for line in out.splitlines():
            _clean(json.dumps(json.loads(line), ensure_ascii=False), " ".join(argv))
    else:
        _clean(out, " ".join(argv))


@pytest.mark.parametrize("question", ["can a 3090 run evil llama 7b?", "who made evil llama 7b?",
                                      "what can my rtx 3090 run?"])
def test_discord_messages_show_hostile_catalog_text_clean(hostile_db, question) -> None:
    async def answer():  # noqa: ANN202
        return Engine(await Knowledge.load(hostile_db)).ask(question, "en")

    a = asyncio.run(answer())
    _clean(json.dumps(answer_embed(a).to_dict(), ensure_ascii=False), "embed")
    _clean(answer_text(a), "plain message")
    if "run" in question and "what" not in question:
        assert "Llama" in a.text


def test_discord_autocomplete_shows_hostile_catalog_text_clean(hostile_db) -> None:
    """The model choices a slash command's autocomplete offers are catalog names, sent as they are."""
    async def names() -> list[str]:
        return Engine(await Knowledge.load(hostile_db)).complete_model("evil", 25)

    offered = asyncio.run(names())
    assert any("Llama" in n and "RTL" in n for n in offered), offered
    for name in offered:
        _clean(name, "autocomplete")
