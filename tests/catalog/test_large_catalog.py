"""A large catalog answers from the stored model index (catalog/model_index.py) exactly as it would with
every record loaded (issue 9 item 7). Timings are not asserted here: benchmarks/large_catalog.py
measures them (README, "Benchmarks").

The catalog is a synthetic 5,000-row Epoch import with the variety the index has to get right: open and
closed weights, language and other domains, tasks, old and new dates, missing sizes, mixtures of
experts (sizes stated in the notes), names sharing a family and a size with the built-in models.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from answers.engine import Engine
from answers.knowledge.catalog_view import Knowledge
from catalog.build import build_catalog, import_epoch
from catalog.store import CatalogStore
from tests.conftest import DATA_DIR, EPOCH_CSV

ROWS = 5_000
HEADER = "Model,Domain,Task,Organization,Publication date,Parameters,Parameters notes,Model accessibility\n"
FAMILIES = ["Synthia", "Corvid", "Lumen", "Tessel", "Quill", "Llama", "Qwen", "Mistral"]
ACCESS = ["Open weights (unrestricted)", "Open weights (non-commercial)", "API access", "Unreleased", ""]
DOMAINS = ["Language", "Language,Vision", "Vision", "Multimodal,Language", "Games", ""]
TASKS = ["Chat", "Code generation", "Language modeling/generation", "Image classification", ""]


def write_csv(path: Path) -> None:
    rng = random.Random(7)
    with path.open("w", encoding="utf-8") as fh:
        fh.write(HEADER)
        for i in range(ROWS):
            size = rng.choice([0.05, 0.5, 1.3, 3, 7, 8, 12, 14, 32, 70, 180, None])
            notes = ""
            if size and size >= 14 and rng.random() < 0.2:
                notes = f"A total of {size}B parameters, with {size / 8:g}B active"
            params = "" if size is None else str(int(size * 1e9))
            year = rng.choice([2012, 2018, 2019, 2021, 2023, 2024, 2025])
            fh.write(f'{rng.choice(FAMILIES)} {i} {size or 1:g}B,"{rng.choice(DOMAINS)}","{rng.choice(TASKS)}",'
                     f'Org {i % 50},{year}-0{1 + i % 9}-01,{params},"{notes}",{rng.choice(ACCESS)}\n')


@pytest.fixture(scope="module")
def large_db(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("large")
    csv, db = folder / "synthetic.csv", folder / "catalog.db"
    write_csv(csv)
    asyncio.run(build_catalog(db))
    asyncio.run(import_epoch(db, csv))
    return db


@pytest.fixture(scope="module")
def engines(large_db: Path) -> tuple[Engine, Engine]:
    """(the stored index, read on demand; every record loaded and an in-memory resolver built)."""
    stored = asyncio.run(Knowledge.load(large_db))
    assert stored.sized_model_count() > ROWS // 2  # the import landed

    async def everything() -> Knowledge:
        async with await CatalogStore.open(large_db) as store:
            return Knowledge(await store.gpus(), await store.models(), store.path, await store.imports())

    return Engine(stored), Engine(asyncio.run(everything()))


QUESTIONS = [
    "what can my rtx 3060 run?",
    "what can my rtx 4090 run?",
    "best coding model for my rtx 3090",
    "what runs on 12 GB?",
    "what can 2x rtx 3090 run?",
    "best model for 2x rtx 3060 and 64 gb ram",
    "biggest model for a rtx 4060 ti 16gb",
    "can a rtx 4090 run llama 3 8b?",
    "how much vram does Corvid 7 12B need?",
    "how much vram does Synthia 42 7B need?",
    "how much vram does Synthya 42 7B need?",  # a typo: fuzzy over every stored key
    "how much vram does Zzyzx Quasar need?",  # nothing like it: did-you-mean over every name
    "fastest card for mistral 7b",
    "fastest card for qwen",
    "tell me about gpt-oss-20b",
    "qwen3 30b a3b on a rtx 3090",
    "compare rtx 3090 and rtx 4090 for llama 3.1 70b",
    "how many models do you know?",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_stored_index_answers_like_full_loading(engines: tuple[Engine, Engine], question: str) -> None:
    stored, full = engines
    a, b = stored.ask(question), full.ask(question)
    assert (a.intent, a.entities, a.facts, a.text) == (b.intent, b.entities, b.facts, b.text)
    assert stored.knowledge._models is None  # answered from the index: the records were never all loaded


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_card_answer_counts_every_fitting_model(engines: tuple[Engine, Engine], profile: str) -> None:
    """models_fit counts all catalog models that fit, though only the runnable ones are rated one by one."""
    from answers.api import AskOptions

    stored, full = engines
    opts = AskOptions(profile=profile)
    a, b = stored.ask("what can my rtx 3060 run?", options=opts), full.ask("what can my rtx 3060 run?", options=opts)
    assert a.facts == b.facts
    assert a.facts["models_fit"] > a.facts["models_ranked"]
    assert a.facts["models_total"] == sum(1 for m in full.knowledge.models if m.params_b is not None)


def test_a_known_synthetic_name_resolves(engines: tuple[Engine, Engine]) -> None:
    stored, _ = engines
    name = next(m.name for m in engines[1].knowledge.models if m.name.startswith("Corvid ") and m.params_b)
    res = stored.knowledge.model_resolver.resolve(name.lower().replace(" ", "-"))
    assert res.best is not None and res.best.name == name
    answer = stored.ask(f"how much vram does {name} need?")
    assert name in answer.text


@pytest.mark.parametrize("text", ["", "corv", "llama 3", "qwen3", "synthia 12", "Lumen 4 7"])
def test_autocomplete_and_lookup_agree(engines: tuple[Engine, Engine], text: str) -> None:
    stored, full = engines
    assert stored.complete_model(text) == full.complete_model(text)
    s, f = stored.knowledge.model_resolver, full.knowledge.model_resolver
    assert (s.lookup(text) is None) == (f.lookup(text) is None)
    rs, rf = s.resolve(text), f.resolve(text)
    assert [(c.name, c.score) for c in rs.candidates] == [(c.name, c.score) for c in rf.candidates]


def test_runnable_models_pass_the_stored_prefilter(engines: tuple[Engine, Engine]) -> None:
    """The index rates one by one only models passing its prefilter: every runnable model must pass."""
    from answers.facts import advice
    from catalog.model_index import prefilter

    _, full = engines
    runnable = [m for m in full.knowledge.models if advice.runnable(m)]
    assert runnable and all(prefilter(m, advice.MIN_PARAMS_B, advice.MIN_DATE) for m in runnable)
    stored = engines[0].knowledge.rankable_models(advice.MIN_PARAMS_B, advice.MIN_DATE)
    assert {m.name for m in runnable} <= {m.name for m in stored}


# ---------------------------------------------------------------------------- migration to the stored index
EDGE = DATA_DIR / "epoch" / "edge_2026.csv"


def _tables(path: Path) -> set[str]:
    import sqlite3

    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()


def _downgrade(path: Path, sql: str) -> None:
    import sqlite3

    con = sqlite3.connect(path)
    con.executescript(sql)
    con.commit()
    con.close()


@pytest.mark.parametrize("change", [
    # a schema-2 database of ours: no index tables (what every database built before this change holds)
    "DROP TABLE model_facts; DROP TABLE model_keys; DROP TABLE model_blobs; DROP TABLE model_sizes;"
    "UPDATE schema_version SET version = 2; DELETE FROM meta WHERE key = 'model_keys';",
    # same schema, keys written by other matching rules (another tpsbot version)
    "UPDATE meta SET value = 'other-rules' WHERE key = 'model_keys'; DELETE FROM model_keys; DELETE FROM model_blobs;",
])
def test_an_older_database_of_ours_is_rebuilt_with_its_index_and_keeps_its_import(tmp_path, change: str) -> None:
    db = tmp_path / "catalog.db"
    asyncio.run(build_catalog(db))
    asyncio.run(import_epoch(db, EDGE))
    before = asyncio.run(Knowledge.load(db)).model_count()
    _downgrade(db, change)
    kn = asyncio.run(Knowledge.load(db))  # a read command: rebuilds like any older schema
    assert {"model_facts", "model_keys", "model_blobs", "model_sizes"} <= _tables(db)
    assert kn.model_count() == before > 181  # the Epoch import was carried over
    res = kn.model_resolver.resolve("alpha moe")
    assert res.best is not None and res.best.name == "Alpha MoE"


# ---------------------------------------------------------------------------- Epoch's real snapshot
REAL_QUESTIONS = [
    "what can my rtx 3060 run?",
    "best coding model for 24 GB",
    "what can 2x rtx 3090 run?",
    "how much vram does glm-4.5v need?",
    "can a rtx 4090 run llama 3 8b?",
    "how much vram does mixtral 8x7b need?",
]


@pytest.fixture(scope="module")
def real_engines(tmp_path_factory) -> tuple[Engine, Engine]:
    db = tmp_path_factory.mktemp("real") / "catalog.db"
    asyncio.run(build_catalog(db))
    asyncio.run(import_epoch(db, EPOCH_CSV))

    async def everything() -> Knowledge:
        async with await CatalogStore.open(db) as store:
            return Knowledge(await store.gpus(), await store.models(), store.path, await store.imports())

    return Engine(asyncio.run(Knowledge.load(db))), Engine(asyncio.run(everything()))


@pytest.mark.parametrize("question", REAL_QUESTIONS)
def test_real_snapshot_answers_like_full_loading(real_engines: tuple[Engine, Engine], question: str) -> None:
    stored, full = real_engines
    a, b = stored.ask(question), full.ask(question)
    assert (a.intent, a.entities, a.facts, a.text) == (b.intent, b.entities, b.facts, b.text)
    assert stored.knowledge._models is None


def test_real_snapshot_runnable_models_pass_the_prefilter(real_engines: tuple[Engine, Engine]) -> None:
    from answers.facts import advice

    stored, full = real_engines
    runnable = {m.name for m in full.knowledge.models if advice.runnable(m)}
    rankable = {m.name for m in stored.knowledge.rankable_models(advice.MIN_PARAMS_B, advice.MIN_DATE)}
    assert len(runnable) > 100 and runnable <= rankable
