"""Shared fixtures: the reference figures and data kept in the repository, the GPU catalog, a built database."""

from __future__ import annotations

import contextlib
import csv
import os
import warnings
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
SOAK_TIMEOUT = 1800  # seconds; every other test has pyproject.toml's `timeout`
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


# Where the program would write when nothing says otherwise: the real home folder, as the session found it.
REAL_HOME = Path(os.path.expanduser("~"))
# Every variable that points the program (or a library) at a folder of the user's: each test session sets
# them all to folders of its own (`_isolated_home`), so nothing is written outside the temporary folders.
HOME_VARIABLES = ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture(scope="session", autouse=True)
def _isolated_home(tmp_path_factory):
    """HOME, the XDG folders, the catalog (TPSBOT_DB) and the compiled cache (TPSBOT_CACHE_DIR) of this
    test session, in its temporary folder: a test, or a `tpsbot` it starts, that forgets to name a path
    writes there, never into the user's home (tests/project/test_home_untouched.py checks it)."""
    from answers.knowledge import cache

    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HOME", str(home))
        for name, folder in (("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache"),
                             ("XDG_CONFIG_HOME", ".config"), ("XDG_STATE_HOME", ".local/state")):
            mp.setenv(name, str(home / folder))
        mp.setenv("TPSBOT_DB", str(tmp_path_factory.mktemp("data") / "catalog.db"))  # the cache key's folder too
        mp.setenv(cache.ENV_CACHE, str(tmp_path_factory.mktemp("cache")))
        cache.cache_dir.cache_clear()
        cache._key.cache_clear()
        yield home
    cache.cache_dir.cache_clear()
    cache._key.cache_clear()


@pytest.fixture(autouse=True)
def _stores_closed(monkeypatch):
    """Every state store a test opens is closed after it, passed or failed: a store left open keeps its
    database thread (aiosqlite) alive, and the test run would never end."""
    from bot.state.base import StateStore

    opened: list[StateStore] = []
    init = StateStore.__init__

    def tracked(self, *args, **kwargs):
        init(self, *args, **kwargs)
        opened.append(self)

    monkeypatch.setattr(StateStore, "__init__", tracked)
    yield
    for store in opened:
        _force_close(store)


@pytest.fixture(autouse=True)
def _logging_restored():
    """The root logger as the test found it: `tpsbot run` in process (runner.run_bot) adds a handler on the
    stderr of that moment, which pytest closes after the test; left in place, every later log line would
    print "Logging error … I/O operation on closed file" into another test's output."""
    import logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
    root.setLevel(level)


def _force_close(store) -> None:
    """Stop what an unclosed store still runs, without its (by now closed) event loop."""
    with contextlib.suppress(Exception):
        watcher = getattr(store, "_watcher", None)
        if watcher is not None and not watcher.done():
            watcher.cancel()
    db = getattr(store, "_db", None)
    if db is not None and getattr(db, "_connection", None) is not None:
        with warnings.catch_warnings(), contextlib.suppress(Exception):
            warnings.simplefilter("ignore")
            db.stop()  # aiosqlite: closes the connection on its thread, which then ends
    quick = getattr(store, "_quick", None)
    if quick is not None:
        with contextlib.suppress(Exception):
            quick.close()
    pool = getattr(store, "_pool", None)
    if pool is not None and not getattr(store, "_closing", True):
        with contextlib.suppress(Exception):
            pool.terminate()  # asyncpg: closes the sockets at once, no event loop needed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Soak runs take minutes by design: a longer timeout than the default (pyproject.toml), unless the
    test sets its own."""
    for item in items:
        if item.get_closest_marker("soak") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SOAK_TIMEOUT))


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
