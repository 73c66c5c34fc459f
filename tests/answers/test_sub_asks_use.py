"""A stated use shapes the pick: "a code assistant in VS Code", "autocomplete", in any language, picks a model made
for code, even when a general word ("assistant") comes first; small cards get the small coder models."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.clues import _task
from answers.reading.tokens import tokenize


@pytest.mark.parametrize(("text", "task"), [
    ("an assistant for code in vscode", "coding"),
    ("un assistente per il codice su vscode", "coding"),
    ("un assistant pour l'autocomplétion dans vscode", "coding"),
    ("ein Assistent für Autovervollständigung im Editor", "coding"),
    ("um assistente de código", "coding"),
    ("un asistente para autocompletado", "coding"),
    ("un asistente para charlar", "chat"),
    ("qwen3 es de codigo abierto?", None),  # open source, not a coding use
    ("o gemma é código aberto?", None),
])
def test_the_narrower_use_wins(text: str, task: str | None) -> None:
    assert _task(tokenize(text), []) == task


@pytest.mark.parametrize(("question", "lang"), [
    ("laptop with a 4gb rtx 3050, anything usable as a code assistant in vscode?", "en"),
    ("portatile con rtx 3050 da 4gb, c'è un assistente per il codice che gira in vscode?", "it"),
    ("pc portable avec une rtx 3050 4 go, un modèle pour l'autocomplétion dans vscode ?", "fr"),
    ("Laptop mit RTX 3050 4GB, reicht das für einen Assistenten zur Code-Autovervollständigung in VSCode?", "de"),
    ("portátil con rtx 3050 de 4gb, ¿algún asistente de código para vscode?", "es"),
    ("notebook com rtx 3050 4gb, roda algum assistente de código no vscode?", "pt"),
])
def test_a_coding_use_picks_a_coder_model(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    first = a.facts["rows"][0]["model"]
    # a model made for code (Granite-3B-Code, StarCoder2-3B, a Qwen Coder), not a general one: 4 GB holds them
    assert "code" in first.lower(), a.text
