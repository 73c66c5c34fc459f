"""The catalog database: created on first use, idempotent and atomic rebuilds, migrations."""

from __future__ import annotations

import sqlite3

import pytest

from catalog import store as store_mod
from catalog.build import build_catalog
from catalog.store import CatalogStore, StoreError


async def test_created_on_first_use_and_read_back(tmp_path, gpus):
    path = tmp_path / "sub" / "catalog.db"
    async with await CatalogStore.open(path) as st:
        got = await st.gpus()
    assert path.exists()
    assert [(g.name, g.memory_gb, g.bandwidth_gbps) for g in got] == \
        [(g.name, g.memory_gb, g.bandwidth_gbps) for g in gpus]


async def test_the_cards_labels_are_stored_so_a_start_skips_the_hardware_files(tmp_path, gpus, monkeypatch):
    """Segment, shared memory and launch price come back from the database as the hardware rules gave
    them (the "smallest card" line leaves out mining cards by segment); loading the catalog for a
    question then never reads or checks the hardware data files."""
    from answers.knowledge.catalog_view import Knowledge
    from catalog import hardware

    path = tmp_path / "catalog.db"
    await build_catalog(path)
    monkeypatch.setattr(hardware, "load_hardware_data", lambda: pytest.fail("hardware files loaded at start"))
    knowledge = await Knowledge.load(path)
    by_name = {g.name: g for g in knowledge.gpus}
    assert [(g.segment, g.unified_memory, g.launch_price_usd) for g in knowledge.gpus] == \
        [(g.segment, g.unified_memory, g.launch_price_usd) for g in gpus]
    assert by_name["CMP 70HX"].segment == "mining"
    assert by_name["GeForce RTX 4090"].launch_price_usd == 1599  # NVIDIA's launch price (prices.json)


async def test_env_variable_chooses_the_database(tmp_path, monkeypatch):
    monkeypatch.setenv("TPSBOT_DB", str(tmp_path / "env.db"))
    assert store_mod.default_db_path() == tmp_path / "env.db"


async def test_rebuild_is_idempotent(tmp_path):
    path = tmp_path / "c.db"
    await build_catalog(path)
    async with await CatalogStore.open(path) as st:
        first = (await st.gpus(), [m.name for m in await st.models()])
    await build_catalog(path)
    async with await CatalogStore.open(path) as st:
        second = (await st.gpus(), [m.name for m in await st.models()])
    assert first == second


async def test_failed_build_leaves_previous_database_intact(tmp_path, monkeypatch):
    path = tmp_path / "c.db"
    await build_catalog(path)
    before = path.read_bytes()

    def broken():
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("catalog.build.load_gpu_records",
                        lambda: [*__import__("catalog.gpus").gpus.load_gpu_records()[:5], object()])
    with pytest.raises(AttributeError):  # the stray object has no GPU fields
        await build_catalog(path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob(".c.db.*.tmp"))


async def test_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not a tpsbot catalog"):
        await CatalogStore.open(path)


async def test_old_schema_is_rebuilt(tmp_path):
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (1);")
    con.close()
    async with await CatalogStore.open(path) as st:
        assert len(await st.gpus()) == 818


async def test_unwritable_location_is_a_store_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError):
        await build_catalog(blocker / "catalog.db")
