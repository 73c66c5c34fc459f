"""Both state backends for the state tests: `state_target` is a fresh SQLite path or a fresh
PostgreSQL database (created on the server TPSBOT_TEST_DATABASE_URL names, dropped after).

.ci/run starts a throwaway PostgreSQL server and sets that variable, so in CI (CI=true) a missing
server fails the run instead of skipping; elsewhere the PostgreSQL cases skip with the reason.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
import pytest_asyncio

ENV = "TPSBOT_TEST_DATABASE_URL"
BACKENDS = ["sqlite", "postgresql"]


def server_url() -> str:
    url = os.environ.get(ENV)
    if url:
        return url
    if os.environ.get("CI"):
        pytest.fail(f"{ENV} is not set: .ci/run starts a PostgreSQL server for the state tests")
    pytest.skip(f"no PostgreSQL server: set {ENV}=postgresql://… (.ci/postgres start DIR prints one)")


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(server_url())
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@pytest_asyncio.fixture
async def pg_url() -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database → its URL."""
    name = f"tpsbot_t_{uuid.uuid4().hex[:12]}"
    url = server_url()
    await _admin(f"CREATE DATABASE {name}")
    try:
        yield with_database(url, name)
    finally:
        await _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def state_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where a fresh state lives: a SQLite path, or a PostgreSQL URL of an empty database."""
    if backend == "sqlite":
        return tmp_path / "state.db"
    return request.getfixturevalue("pg_url")
