"""What a warm `tpsbot ask` reads from the start-up cache instead of loading it (answers/knowledge/snapshot.py,
answers/knowledge/media_names.py) is what the ordinary load gives; a changed database or a damaged entry is
loaded again the ordinary way; and a question about a language model loads neither the event loop nor the
media records."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys

import pytest

from answers.knowledge import cache, media_names, snapshot
from answers.knowledge.catalog_view import Knowledge
from catalog import media


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "cache"))
    cache.cache_dir.cache_clear()
    media_names._phrases.cache_clear()
    yield tmp_path / "cache"
    cache.cache_dir.cache_clear()
    media_names._phrases.cache_clear()


@pytest.fixture
def own_db(built_db, tmp_path):
    """A copy of the session's database: these tests change the file."""
    path = tmp_path / "catalog.db"
    shutil.copy(built_db, path)
    return path


def _loaded(path) -> Knowledge:
    return asyncio.run(Knowledge.load(path))


def test_a_kept_snapshot_is_the_loaded_catalog(fresh_cache, own_db) -> None:
    assert Knowledge.cached(own_db) is None  # nothing kept yet
    loaded = _loaded(own_db)
    loaded.keep()
    warm = Knowledge.cached(own_db)
    assert warm is not None
    assert warm.gpus == loaded.gpus and warm.imports == loaded.imports
    assert warm.gpus_for("measured") == loaded.gpus_for("measured")
    assert warm._current[1] == loaded._current[1]  # the aliases by card name
    assert warm.model_named("Qwen3 32B") == loaded.model_named("Qwen3 32B")  # models: still the database's index


def test_a_changed_database_is_loaded_again(fresh_cache, own_db) -> None:
    _loaded(own_db).keep()
    assert Knowledge.cached(own_db) is not None
    os.utime(own_db, ns=(0, 0))  # another file state: a rebuild or an import
    assert Knowledge.cached(own_db) is None


def test_a_damaged_snapshot_is_loaded_again(fresh_cache, own_db) -> None:
    _loaded(own_db).keep()
    (entry,) = fresh_cache.glob("catalog-*.pickle")
    entry.write_bytes(entry.read_bytes()[:-40] + b"x" * 40)  # fails its check
    assert snapshot.read(own_db) is None and Knowledge.cached(own_db) is None


def test_current_cards_that_fail_are_never_kept(fresh_cache, own_db, monkeypatch) -> None:
    loaded = _loaded(own_db)

    def broken(_gpus):
        raise ValueError("a hardware data file fails its check")

    monkeypatch.setattr("catalog.hardware.current_catalog", broken)
    loaded.keep()
    assert Knowledge.cached(own_db) is None


@pytest.mark.parametrize("text", [
    "flux dev on a 3060", "can i run sdxl on 8gb", "whisper large-v3 on my cpu", "bge-m3 embeddings speed",
    "wan 2.2 video on a 4090", "llama 3.2 3b on an iphone 15 pro", "raspberry pi 5 with qwen3 0.6b",
    "snapdragon 8 gen 3 phone", "qwen3 32b on a 3090", "sd 1.5 at 512px", "flux.1 schnell fp8",
])
def test_cached_media_names_find_what_the_records_find(fresh_cache, text: str) -> None:
    cold = (media_names.find_media(text), media_names.find_device(text))
    assert list(fresh_cache.glob("media-names-*.json"))
    media_names._phrases.cache_clear()  # a warm start: the names from the entry
    assert (media_names.find_media(text), media_names.find_device(text)) == cold
    assert cold == (media.find_media(text), media.find_device(text))


def test_damaged_media_names_are_built_again(fresh_cache) -> None:
    media_names.find_media("flux dev")
    (entry,) = fresh_cache.glob("media-names-*.json")
    entry.write_bytes(b"{}")
    media_names._phrases.cache_clear()
    assert media_names.find_media("flux dev") == media.find_media("flux dev")


def test_a_warm_language_question_loads_no_event_loop_and_no_media(built_db, tmp_path) -> None:
    # Nor the fuzzy matcher or every card's TechPowerUp record: a card typed exactly and a short context need
    # neither, and together they were a fifth of this question's memory.
    env = {**os.environ, "TPSBOT_DB": str(built_db), cache.ENV_CACHE: str(tmp_path / "cache")}
    probe = ("import sys; from bot.cli.parser import main; main(['ask', 'qwen3 32b on a 3090']); "
             "print(' '.join(m for m in ('asyncio', 'aiosqlite', 'logging', 'catalog.media', 'answers.facts.media', "
             "'rapidfuzz', 'catalog.gpus') "
             "if m in sys.modules) or 'none')")
    runs = [subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert runs[0].stdout.splitlines()[0] == runs[1].stdout.splitlines()[0]  # the same answer, cold and warm
    assert runs[1].stdout.splitlines()[-1] == "none"


def test_a_kept_snapshot_hands_over_the_checked_hardware_data(fresh_cache, own_db, monkeypatch) -> None:
    from catalog import hardware

    loaded = _loaded(own_db)
    loaded.keep()
    checked = hardware.load_hardware_data()
    hardware.load_hardware_data.cache_clear()
    try:
        monkeypatch.setattr(hardware, "_read", lambda name: pytest.fail(f"{name} read again on a warm start"))
        assert Knowledge.cached(own_db) is not None
        assert hardware.load_hardware_data() == checked
        hardware.load_hardware_data.cache_clear()  # taken once: the next load reads the files
        with pytest.raises(pytest.fail.Exception):
            hardware.load_hardware_data()
    finally:
        monkeypatch.undo()
        hardware.load_hardware_data.cache_clear()


def test_a_database_changed_while_it_was_read_is_not_kept(fresh_cache, own_db, monkeypatch) -> None:
    from catalog.store import CatalogStore

    gpus = CatalogStore.gpus

    async def read_while_rebuilt(self):  # another process rebuilds or imports while this one reads
        rows = await gpus(self)
        os.utime(own_db, ns=(0, 0))
        return rows

    monkeypatch.setattr(CatalogStore, "gpus", read_while_rebuilt)
    _loaded(own_db).keep()
    assert not list(fresh_cache.glob("catalog-*.pickle"))
    assert Knowledge.cached(own_db) is None
