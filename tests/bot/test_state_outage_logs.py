"""The log while PostgreSQL goes away and comes back, through a local proxy that can cut every connection and
refuse new ones: the log says so once per change of state (lost, back), never a traceback per
retry (asyncpg's pool used to log one each time it tried to restore its connection floor)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import pytest_asyncio

from bot.state.postgres import PostgresState


class Proxy:
    """127.0.0.1:port → the test server; `down()` cuts every connection and refuses new ones."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server: asyncio.Server | None = None
        self.port = 0
        self.writers: set[asyncio.StreamWriter] = set()

    async def up(self) -> None:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.writers):
            writer.transport.abort()
        self.writers.clear()
        self.server = None

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self.writers |= {writer, up_writer}

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.transport.abort()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))


@pytest_asyncio.fixture
async def proxied(pg_url: str) -> AsyncIterator[tuple[Proxy, str]]:
    parts = urlsplit(pg_url)
    proxy = Proxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    await proxy.up()
    netloc = f"{parts.username}@127.0.0.1:{proxy.port}" if parts.username else f"127.0.0.1:{proxy.port}"
    try:
        yield proxy, urlunsplit(parts._replace(netloc=netloc))
    finally:
        if proxy.server is not None:
            await proxy.down()


async def test_an_outage_is_one_line_each_way_not_a_traceback_per_retry(proxied, caplog) -> None:
    proxy, url = proxied
    caplog.set_level(logging.DEBUG)
    store = await PostgresState.open(url, listen=True)
    store.reconnect_delays = (0.1,)  # retries every 0.1 s: many while it is down
    try:
        await store.update_guild(1, locale="fr")
        caplog.clear()
        await proxy.down()
        for _ in range(500):  # at least 10 reconnection attempts (each a DEBUG line), 50 s at most
            if sum("Reconnecting" in r.getMessage() for r in caplog.records) >= 10:
                break
            await asyncio.sleep(0.1)
        await proxy.up()
        for _ in range(500):
            if any("answers again" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.1)
        assert (await store.update_guild(1, locale="it")).locale == "it"
    finally:
        await store.close()
    tracebacks = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.exc_info]
    assert not tracebacks, tracebacks
    loud = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert 1 <= len(loud) <= 2, loud  # "cannot be reached" (and a re-read cut short)
    assert sum("answers again" in r.getMessage() for r in caplog.records if r.levelno == logging.INFO) == 1
