"""Limits of the bot's HTTP listener (health, metrics): whoever can reach the port must not be able
to hold the process's descriptors or fill its log.

- A connection must send a whole request within REQUEST_DEADLINE seconds of opening (slow headers),
  is closed after IDLE_TIMEOUT seconds without one (aiohttp's keep-alive timeout), and lives at most
  MAX_LIFETIME seconds whatever it does: scrapes and health checks take milliseconds.
- At most MAX_CONNECTIONS at once: the next ones are accepted and closed at once, so an attacker's
  connections never reach the descriptor limit (where every accept would fail and log a traceback).
- A request line or header field over 4 KB, or more than 64 headers, is refused by aiohttp's parser
  (400); such client errors are one DEBUG line, not an ERROR with a traceback each.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, MutableMapping
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

log = logging.getLogger(__name__)

REQUEST_DEADLINE = 5.0
IDLE_TIMEOUT = 5.0
MAX_LIFETIME = 30.0
MAX_CONNECTIONS = 64
BACKLOG = 128
MAX_LINE, MAX_FIELD, MAX_HEADERS = 4096, 4096, 64


class ClientErrorLog(logging.LoggerAdapter):
    """aiohttp's server logger for this listener: a malformed request from a client (HTTP/9.9, an
    8 KB header, 20,000 headers) is one DEBUG line; anything else (a bug of ours) stays an ERROR
    with its traceback."""

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kwargs: Any) -> None:
        exc = exc_info if isinstance(exc_info, BaseException) else sys.exc_info()[1]
        if isinstance(exc, HttpProcessingError):
            self.logger.debug("HTTP listener: refused a malformed request (%s)",
                              " ".join(str(exc).split())[:200])
            return
        self.logger.error(msg, *args, exc_info=exc_info, **kwargs)

    def process(self, msg: Any, kwargs: MutableMapping[str, Any]) -> tuple[Any, MutableMapping[str, Any]]:
        return msg, kwargs


def runner_options() -> dict[str, Any]:
    """Keyword arguments for web.AppRunner (passed on to aiohttp's RequestHandler)."""
    return {"keepalive_timeout": IDLE_TIMEOUT, "max_line_size": MAX_LINE, "max_field_size": MAX_FIELD,
            "max_headers": MAX_HEADERS, "logger": ClientErrorLog(logging.getLogger("aiohttp.server"), {})}


class _Refused(asyncio.Protocol):
    """A connection over the cap: closed as soon as it is accepted."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()  # nothing was read or written: closes at once


class _Deadline(asyncio.Protocol):
    """aiohttp's handler, closed if no whole request came within `request_deadline`, and in any case
    after `lifetime` (works whatever aiohttp's version does about connections that never send)."""

    def __init__(self, inner: Any, request_deadline: float, lifetime: float) -> None:
        self.inner = inner
        self.request_deadline, self.lifetime = request_deadline, lifetime
        self._timers: list[asyncio.TimerHandle] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        loop = asyncio.get_running_loop()
        self._timers = [loop.call_later(self.request_deadline, self._first_request_due),
                        loop.call_later(self.lifetime, self.inner.force_close)]
        self.inner.connection_made(transport)

    def _first_request_due(self) -> None:
        if not self.headers_done:
            self.inner.force_close()

    headers_done = False
    _tail = b""

    def data_received(self, data: bytes) -> None:
        if not self.headers_done:  # the end of the first request's headers, even across reads
            seen = self._tail + data
            self.headers_done = b"\r\n\r\n" in seen or b"\n\n" in seen
            self._tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in self._timers:
            timer.cancel()
        self.inner.connection_lost(exc)


async def listen(runner: web.BaseRunner, host: str, port: int) -> asyncio.Server:
    """Serve `runner`'s application on host:port within the limits above (instead of web.TCPSite)."""
    server = runner.server
    assert server is not None, "runner.setup() first"
    cap, request_deadline, lifetime = MAX_CONNECTIONS, REQUEST_DEADLINE, MAX_LIFETIME  # read now: tests lower them

    def protocol() -> asyncio.Protocol:
        if len(server.connections) >= cap:
            log.debug("HTTP listener: %d connections open, refusing another", cap)
            return _Refused()
        return _Deadline(server(), request_deadline, lifetime)

    make: Callable[[], asyncio.Protocol] = protocol
    return await asyncio.get_running_loop().create_server(make, host, port, backlog=BACKLOG)
