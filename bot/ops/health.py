"""Health signals for Docker, systemd and Kubernetes.

- An optional HTTP listener (TPSBOT_HTTP_PORT; bound to TPSBOT_HTTP_HOST, 127.0.0.1 by default):
  `/healthz` 200 while the process and its event loop run; `/readyz` 200 once the gateway is
  connected (every shard of this process) and the catalog is loaded, 503 otherwise, and 503 again
  while shutting down or while the state database cannot be reached; `/metrics` in
  the Prometheus text format (bot/ops/metrics.py); with TPSBOT_WEB=1 also the calculator's pages
  (bot/web, docs/web.md).
- systemd's notify protocol: READY=1 when the bot first becomes ready, WATCHDOG=1 every half of
  WatchdogSec while the event loop runs, STOPPING=1 on the way out. It is a datagram of a few bytes
  to $NOTIFY_SOCKET, written here (the PyPI helpers for it are unmaintained; systemd documents the
  protocol as stable).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Callable, Mapping
from typing import Any

from aiohttp import web

from bot.ops import http_limits, work
from bot.ops.metrics import CONTENT_TYPE
from bot.web.app import Pages
from bot.web.site import Site

log = logging.getLogger(__name__)


class HealthServer:
    def __init__(self, bot: Any, host: str, port: int, *, web_pages: bool = False) -> None:
        self.bot = bot
        self.host, self.port = host, port
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        app.router.add_get("/metrics", self.metrics)
        if web_pages:  # TPSBOT_WEB=1: the pages, over the bot's current catalog, built in its compute thread
            Pages(Site(lambda: getattr(getattr(bot, "engine", None), "knowledge", None)), work.compute).add_routes(app)
        # Scrapes every few seconds: no log line each. Deadlines, a connection cap and one DEBUG line
        # per malformed request: bot/ops/http_limits.py.
        self._runner = web.AppRunner(app, access_log=None, **http_limits.runner_options())
        self._server: asyncio.Server | None = None

    async def start(self) -> None:
        await self._runner.setup()
        self._server = await http_limits.listen(self._runner, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]  # the bound port (tests ask for port 0)
        log.info("Health and metrics on http://%s:%d (/healthz, /readyz, /metrics)", self.host, self.port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()  # no new connections; the runner closes the open ones
        await self._runner.cleanup()

    async def healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(self, request: web.Request) -> web.Response:
        problems = readiness(self.bot)
        if problems:
            return web.Response(status=503, text="not ready: " + "; ".join(problems) + "\n")
        return web.Response(text="ready\n")

    async def metrics(self, request: web.Request) -> web.Response:
        body = self.bot.metrics.expose()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})


def readiness(bot: Any) -> list[str]:
    """What keeps the bot from answering now; empty when ready."""
    problems = []
    if not bot.gateway_connected():
        problems.append("gateway not connected")
    if getattr(bot, "engine", None) is None:
        problems.append("catalog not loaded")
    if bot.work.draining:
        problems.append("shutting down")
    store_problem = bot.store.problem()
    if store_problem:  # PostgreSQL stopped or unreachable: settings cannot be saved nor followed
        problems.append(f"state database unreachable ({store_problem})")
    return problems


class SystemdNotifier:
    """sd_notify(3) without libsystemd: no-op unless systemd started us with NOTIFY_SOCKET."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        # "@name" is an abstract socket: a leading NUL byte on Linux.
        self.address = "\0" + address[1:] if address.startswith("@") else address
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        mine = not pid or pid == str(os.getpid())
        self.watchdog_interval = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 and mine else None

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def notify(self, state: str) -> bool:
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(self.address)
                sock.sendall(state.encode())
            return True
        except OSError as exc:
            log.warning("Could not notify systemd (%s): %s", state.split("\n")[0], exc)
            return False

    async def watchdog(self, alive: Callable[[], bool] = lambda: True,
                       sleep: Callable[[float], Any] = asyncio.sleep) -> None:
        """WATCHDOG=1 every half interval while `alive()`; systemd restarts the bot if the event loop
        stalls long enough for two pings to be missed."""
        if self.watchdog_interval is None:
            return
        while True:
            if alive():
                self.notify("WATCHDOG=1")
            await sleep(self.watchdog_interval)
