"""Task lists after the Epoch import: current, downloadable models (the curated records people run)
come first, so an imported 2022–23 research checkpoint made for the task (CodeGen2, StarCoder 1,
CodeT5+, CodeFuse) never outranks a current model of the same task."""

from __future__ import annotations

import asyncio

import pytest

from answers.engine import Engine
from answers.knowledge.catalog_view import Knowledge
from catalog.build import build_catalog, import_epoch
from tests.conftest import EPOCH_CSV


@pytest.fixture(scope="module")
def epoch_engine(tmp_path_factory) -> Engine:
    db = tmp_path_factory.mktemp("epoch-tasks") / "catalog.db"
    asyncio.run(build_catalog(db))
    asyncio.run(import_epoch(db, EPOCH_CSV))
    return Engine(asyncio.run(Knowledge.load(db)))


@pytest.mark.parametrize("question", [
    "best model for coding on 12gb", "best coding model for a 3090", "miglior modello per programmare con 16gb",
    "meilleur modèle pour coder sur une rtx 4060",
])
def test_current_models_come_before_imported_checkpoints(epoch_engine, question) -> None:
    a = epoch_engine.ask(question)
    rows = a.facts["rows"]
    assert a.facts["task"] == "coding" and rows
    shown = [(r["model"], r["curated"]) for r in rows]
    curated = [c for _, c in shown]
    assert curated == sorted(curated, reverse=True), shown  # never an imported record above a curated one
    # The curated catalog has more current models that code than a list shows (Qwen2.5-Coder, Devstral,
    # Qwen3, Phi-4, Gemma 3…): none of the 2022-23 checkpoints gets a line.
    assert all(curated), shown
