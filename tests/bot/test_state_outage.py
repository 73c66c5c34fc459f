"""PostgreSQL stopped and started again under a running bot: /readyz says so (503) while it is away,
a /settings write that fails is an error in /metrics, and once the server is back the bot re-reads
what another shard saved meanwhile, without waiting for a notification that was lost.

The outage is a TCP relay between the bot and the test server, closed and reopened on the same port:
to the bot, exactly a PostgreSQL server that went away (connections cut, new ones refused)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import pytest

from bot.state.open import open_store
from bot.state.postgres import RECONNECT_DELAYS
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot
from .test_privacy_bot import command, content, metric, until
from .test_state_failures import MANAGER, bot_settings


class Relay:
    """Forwards localhost:port to the PostgreSQL server; `stop()` cuts every connection and refuses new ones."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port, reuse_address=True)

    async def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):
            writer.close()
        await self._server.wait_closed()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers |= {writer, up_writer}

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))
        self._writers -= {writer, up_writer}


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    host = f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) == 2 else host))


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def test_a_lost_notification_connection_is_tried_again_at_least_every_second() -> None:
    """What "settings agree within a second" rests on: PostgreSQL back, the next try comes within 1 s."""
    assert max(RECONNECT_DELAYS) <= 1.0


@pytest.mark.allow_errors  # asyncpg logs the connections the relay cuts
async def test_postgresql_stopped_and_started_under_a_running_bot(
        fake: FakeDiscord, engine: Any, tmp_path: Path, pg_url: str) -> None:
    parts = urlsplit(pg_url)
    relay = Relay((parts.hostname or "127.0.0.1", parts.port or 5432))
    await relay.start()
    other = await open_store(pg_url)  # another shard, reaching the server directly
    try:
        settings = bot_settings(fake, tmp_path, through(pg_url, relay.port), http_port=0)
        async with RunningBot(settings, engine) as running:
            bot: Any = running.client
            ready = f"http://127.0.0.1:{bot.health.port}/readyz"
            assert (await get(ready))[0] == 200
            await relay.stop()  # PostgreSQL goes away
            await until(lambda: bot.store.problem() is not None)
            status, body = await get(ready)
            assert status == 503 and "state database unreachable" in body
            assert "tpsbot_state_unreachable 1.0" in bot.metrics.expose().decode()
            rec = await command(fake, "settings", "language", [P.option("language", "de")], permissions=MANAGER)
            assert content(rec).startswith("**Not saved.**")
            await until(lambda: metric(bot, "tpsbot_errors_total", kind="state_error") == 1)
            assert metric(bot, "tpsbot_state_errors_total") >= 1
            await other.update_guild(P.GUILD_ID, locale="it")  # saved elsewhere meanwhile: no notice reaches the bot
            await relay.start()  # PostgreSQL is back
            await until(lambda: bot.store.guild(P.GUILD_ID).locale == "it" and bot.store.problem() is None)
            assert (await get(ready))[0] == 200
            await other.update_guild(P.GUILD_ID, locale="fr")  # and notifications flow again
            await until(lambda: bot.store.guild(P.GUILD_ID).locale == "fr")
    finally:
        await other.close()
        with contextlib.suppress(Exception):
            await relay.stop()
