"""Fixtures: a fake Discord per test, the real engine over the session's catalog, a spy around it
(built with `spec_set` from the real instance, so it fails when the engine's interface changes),
and a helper that runs the real bot through bot.runner.serve()."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from unittest import mock

import discord
import pytest
import pytest_asyncio
import yarl

from answers.engine import Engine
from bot.cli.run import serve
from bot.settings import Settings
from tests.fakediscord import FakeDiscord

from .state_fixtures import backend, pg_url, state_target  # noqa: F401 - fixtures for both state backends

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.fake.tokenvalue-that-must-never-be-logged"
_engine_cache: list[Any] = []


async def get_engine(db_path: Path) -> Engine:
    # Opened once per test session: loading the catalog is the slow part, queries are sync.
    if not _engine_cache:
        _engine_cache.append(await Engine.open(db_path))
    return _engine_cache[0]


def spy_engine(engine: Engine) -> mock.MagicMock:
    """The real engine, with every call recorded (`spy.command.call_args`); attributes the real
    Engine lacks raise, so the tests follow its interface."""
    return mock.MagicMock(spec_set=engine, wraps=engine)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_errors: the test provokes errors that the bot logs")
    config.addinivalue_line("markers", "invalid_requests: the test provokes 401/403s from the fake Discord")


@pytest.fixture(autouse=True)
def no_logged_errors(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> Any:
    """Every bot test also asserts that nothing was logged at ERROR (the bot 'kept running clean')."""
    yield
    if request.node.get_closest_marker("allow_errors"):
        return
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR and not _asyncpg_teardown(r)]
    assert not errors, [f"{r.name}: {r.getMessage()}" for r in errors]


def _asyncpg_teardown(record: logging.LogRecord) -> bool:
    """asyncpg's own "Future exception was never retrieved … unexpected connection_lost() call", logged by
    asyncio when the test server drops a per-test database while a closed pool's socket is still being torn
    down (seen once in eight full runs, never from the bot's code). Only that exact message is let through."""
    message = record.getMessage()
    return record.name == "asyncio" and "Future exception was never retrieved" in message \
        and "unexpected connection_lost() call" in message


@pytest.fixture(scope="session")
def catalog_db(built_db: Path) -> Path:
    # The session's built catalog (tests/conftest.py) rather than the user's data folder.
    return built_db


@pytest_asyncio.fixture
async def engine(catalog_db: Path) -> Engine:
    return await get_engine(catalog_db)


@pytest_asyncio.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    yield server
    await server.stop()
    # Each 401/403 counts toward Discord's invalid-request ban: a well-behaved bot sends none.
    if not request.node.get_closest_marker("invalid_requests"):
        bad = [(r.method, r.path, r.status, r.response) for r in server.requests if r.status in (401, 403)]
        assert server.invalid_requests == 0, bad
    # Whatever the test did: every message the bot sent or edited allowed no pings at all.
    for rec in server.requests:
        body = rec.json if isinstance(rec.json, dict) else {}
        if rec.path.endswith("/callback") and body.get("type") in (4, 7):
            body = body.get("data") or {}
        elif not (rec.path.startswith(("/webhooks/", "/channels/")) and rec.method in ("POST", "PATCH")) or \
                rec.path.endswith("/typing"):
            continue
        assert body.get("allowed_mentions") == {"parse": []}, (rec.method, rec.path, body)
    discord.http.Route.BASE = "https://discord.com/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("wss://gateway.discord.gg/")


def make_settings(fake: FakeDiscord, tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = dict(
        token=TOKEN, state_db=tmp_path / "state.db", api_base=fake.api_base, gateway_url=fake.gateway_url,
        cooldown_rate=1000, cooldown_seconds=1.0,
    )
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


class RunningBot:
    def __init__(self, settings: Settings, engine: Any) -> None:
        self.settings = settings
        self.engine = engine
        self.client: discord.Client | None = None
        self.task: asyncio.Task[int] | None = None

    async def __aenter__(self) -> RunningBot:
        created = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(
            serve(self.settings, engine=self.engine, on_created=created.set_result, guild_ready_timeout=0.05)
        )
        done, _ = await asyncio.wait({created, self.task}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if self.task in done:
            self.task.result()  # raises the setup error
        self.client = created.result()
        ready = asyncio.ensure_future(self.client.wait_until_ready())
        done, _ = await asyncio.wait({ready, self.task}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if self.task in done:
            ready.cancel()
            self.task.result()
        assert ready.done(), "bot did not become ready"
        return self

    async def stop(self) -> int:
        assert self.client is not None and self.task is not None
        await self.client.close()
        return await asyncio.wait_for(self.task, 10)

    async def __aexit__(self, *exc: Any) -> None:
        if self.task is not None and not self.task.done():
            with contextlib.suppress(Exception):
                await self.stop()


@pytest_asyncio.fixture
async def running(fake: FakeDiscord, engine: Any, tmp_path: Path) -> AsyncIterator[RunningBot]:
    async with RunningBot(make_settings(fake, tmp_path), engine) as bot:
        yield bot
