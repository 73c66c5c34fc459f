"""Shared fixtures: the reference fixtures from ../shared, the GPU catalog, a built database."""

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
SHARED = ROOT.parent / "shared"
FIXTURES = SHARED / "reference" / "fixtures"
# Test corpora and sample files kept with the tests (tests/data), shared by every test folder.
DATA_DIR = Path(__file__).resolve().parent / "data"


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


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared reference data next to the checkout (`../shared`): fixtures, Epoch AI snapshots,
    measured speeds. Module-level readers that cannot take a fixture use `SHARED`, the same path."""
    if not SHARED.is_dir():
        pytest.fail(f"shared data not found at {SHARED}: clone the repository next to its `shared` directory")
    return SHARED


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
def session_engine(knowledge):
    """One answers engine over `knowledge` for the whole session (its caches only speed things up)."""
    from answers.engine import Engine

    return Engine(knowledge)


@pytest.fixture(scope="session")
def engine(session_engine):
    """The session's engine, answering with the default profile unless a call chooses one."""
    return session_engine


class ReferenceAsker:
    """The session's engine asked for the `reference` profile explicitly (options=AskOptions(profile=
    "reference")) wherever a call gives no options: for tests that pin the reference site's figures, which
    the default (`measured`) no longer gives."""

    def __init__(self, engine) -> None:  # noqa: ANN001
        from answers.api import AskOptions

        self._engine = engine
        self._reference = AskOptions(profile="reference")

    def ask(self, question, locale=None, options=None, hint=None):  # noqa: ANN001, ANN201
        return self._engine.ask(question, locale, options or self._reference, hint)

    def _ask(self, question, locale=None, options=None, **kw):  # noqa: ANN001, ANN003, ANN202
        return self._engine._ask(question, locale, options or self._reference, **kw)

    def command(self, intent, locale, **kw):  # noqa: ANN001, ANN003, ANN201
        if kw.get("options") is None:
            kw["options"] = self._reference
        return self._engine.command(intent, locale, **kw)

    def __getattr__(self, name):  # noqa: ANN001, ANN204
        return getattr(self._engine, name)


@pytest.fixture(scope="session")
def reference_engine(session_engine):
    """The session's engine, asked for the reference profile unless a call says otherwise."""
    return ReferenceAsker(session_engine)
