"""Shared fixtures: the reference figures and data kept in the repository, the GPU catalog, a built database."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

# No test depends on how fast the machine is (CI runs on two busy cores): hypothesis' per-example deadline
# (200 ms by default) is a timing assertion, so it is off for every property test.
settings.register_profile("tpsbot", deadline=None)
settings.load_profile("tpsbot")

ROOT = Path(__file__).resolve().parents[1]
# Test corpora and sample files kept with the tests (tests/data), shared by every test folder; each data
# folder names its source and licence in a README beside the files.
DATA_DIR = Path(__file__).resolve().parent / "data"
FIXTURES = DATA_DIR / "reference"  # every figure of the reference site's pages (reference_rows/facts.csv)
EPOCH_SNAPSHOTS = DATA_DIR / "epoch" / "snapshots"  # Epoch AI's exports, cut to what the importer reads
EPOCH_CSV = EPOCH_SNAPSHOTS / "all_ai_models.csv"  # the 2026-03-30 snapshot, every row
# The measured llama.cpp decode speeds: the benchmarks' data, which the tests read too.
MEASURED_CSV = ROOT / "benchmarks" / "data" / "measured" / "llama_cpp_decode.csv"


@dataclass(frozen=True)
class FakeCard:
    """A card with just what the estimator reads, for property tests."""

    name: str = "Test card"
    vendor: str = "NVIDIA"
    memory_gb: float = 24.0
    bandwidth_gbps: float = 1000.0
    architecture: str | None = "Ada Lovelace"
    memory_type: str | None = "GDDR6X"
    position: int = 0
    unified_memory: bool = False
    segment: str = "consumer desktop"


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="session", autouse=True)
def _own_cache_dir(tmp_path_factory):
    """Compiled templates and catalogues go to a directory of this test session, not the user's."""
    import os

    from answers.knowledge import cache

    os.environ[cache.ENV_CACHE] = str(tmp_path_factory.mktemp("cache"))
    key_folder = tmp_path_factory.mktemp("data")
    real_key_dir, cache.key_dir = cache.key_dir, lambda: key_folder  # the cache key too
    cache.cache_dir.cache_clear()
    cache._key.cache_clear()
    yield
    cache.key_dir = real_key_dir
    cache.cache_dir.cache_clear()
    cache._key.cache_clear()


@pytest.fixture(scope="session")
def gpus():
    from catalog.gpus import load_gpu_records

    return load_gpu_records()


@pytest.fixture(scope="session")
def built_db(tmp_path_factory) -> Path:
    """One catalog database per test session (GPUs + built-in models), built like a user's."""
    import asyncio

    from catalog.build import build_catalog

    path = tmp_path_factory.mktemp("catalog") / "catalog.db"
    asyncio.run(build_catalog(path))
    return path


@pytest.fixture(scope="session")
def knowledge():
    """The built-in catalog (818 reference cards and the current hardware, the curated models), loaded once."""
    from answers.knowledge.catalog_view import Knowledge
    from catalog.builtin import load_builtin_models
    from catalog.gpus import load_gpu_records

    return Knowledge(load_gpu_records(), list(load_builtin_models()))


@pytest.fixture(scope="session")
def engine(knowledge):
    """One answers engine over `knowledge` for the whole session (its caches only speed things up)."""
    from answers.engine import Engine

    return Engine(knowledge)
