"""The health listener under attack: a connection that never finishes its headers or never sends
anything is closed at a deadline; connections over the cap are closed at once while the others are
served; malformed requests (HTTP/9.9, an 8 KB header, 20,000 headers) get a 400 and one DEBUG line,
never an ERROR with a traceback. Only on 127.0.0.1, each wait bounded."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.ops import http_limits
from bot.ops.health import HealthServer

WAIT = 10.0  # an upper bound for what should take a fraction of a second


@pytest_asyncio.fixture
async def health(monkeypatch) -> AsyncIterator[HealthServer]:
    monkeypatch.setattr(http_limits, "REQUEST_DEADLINE", 0.3)
    monkeypatch.setattr(http_limits, "MAX_CONNECTIONS", 3)
    server = HealthServer(SimpleNamespace(), "127.0.0.1", 0)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def _connect(health: HealthServer) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", health.port)


async def _closed_by_server(reader: asyncio.StreamReader) -> bytes:
    return await asyncio.wait_for(reader.read(), WAIT)  # everything until the server closes


async def _get(health: HealthServer, raw: bytes) -> bytes:
    reader, writer = await _connect(health)
    writer.write(raw)
    try:
        return await asyncio.wait_for(reader.read(), WAIT)
    finally:
        writer.close()


@pytest.mark.parametrize("sent", [b"", b"GET /healthz HTTP/1.1\r\nHost: x\r\n"])
async def test_a_connection_without_a_whole_request_is_closed(health, sent) -> None:
    reader, writer = await _connect(health)
    writer.write(sent)
    assert await _closed_by_server(reader) == b""
    writer.close()


async def test_connections_over_the_cap_are_closed_at_once(health) -> None:
    held = [await _connect(health) for _ in range(3)]
    for _, writer in held:
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # slow headers, still within the deadline
    reader, writer = await _connect(health)
    assert await _closed_by_server(reader) == b""  # the fourth: nothing served
    writer.close()
    for _, w in held:
        w.close()
    await asyncio.sleep(0)
    for _ in range(100):  # once the held ones are gone, a health check is served again
        answer = await _get(health, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        if answer:
            break
        await asyncio.sleep(0.05)
    assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"ok\n")


async def test_a_connection_is_closed_at_its_lifetime_even_when_busy(health, monkeypatch) -> None:
    monkeypatch.setattr(http_limits, "MAX_LIFETIME", 0.5)
    monkeypatch.setattr(http_limits, "IDLE_TIMEOUT", 60.0)  # so that only the lifetime can close it
    server = HealthServer(SimpleNamespace(), "127.0.0.1", 0)  # started after the change: it reads it then
    await server.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")  # served, then kept alive
        assert (await asyncio.wait_for(reader.readuntil(b"ok\n"), WAIT)).startswith(b"HTTP/1.1 200")
        assert await _closed_by_server(reader) == b""
        writer.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("raw", [
    b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 8192 + b"\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(20_000)) + b"\r\n",
])
async def test_a_malformed_request_is_a_400_and_one_debug_line(health, raw, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    answer = await _get(health, raw)
    assert answer.startswith(b"HTTP/1.1 400") or answer.startswith(b"HTTP/1.0 400"), answer[:80]
    await asyncio.sleep(0)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    assert any("malformed request" in r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG)
