"""A page driven through Chromium's DevTools protocol (a websocket, spoken with aiohttp): open it, run a
script in it as a person's click or typing would, and collect every console message and uncaught
error. Only what the browser tests need."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

LISTENING = re.compile(rb"DevTools listening on (ws://[^\s]+)")


class Tab:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.next_id = 0
        self.console: list[str] = []  # console calls, uncaught exceptions, browser log entries (CSP)
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads((await self.ws.receive(timeout=60)).data)
            if message.get("id") == ident:
                assert "error" not in message, message
                return message.get("result", {})
            self._event(message)

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message.get("method"), message.get("params", {})
        self.events.append(message)
        if method == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            self.console.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Log.entryAdded":
            self.console.append(params["entry"].get("text", ""))

    async def open(self, url: str) -> None:
        """Navigate and wait for the load event (scripts with `defer` have run by then)."""
        await self.call("Page.navigate", url=url)
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self._event(json.loads((await self.ws.receive(timeout=60)).data))

    async def run(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")


@contextlib.asynccontextmanager
async def tab(chromium: str, profile: Path) -> AsyncIterator[Tab]:
    proc = await asyncio.create_subprocess_exec(
        chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--remote-debugging-port=0",
        f"--user-data-dir={profile}", "about:blank", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        assert proc.stderr is not None
        browser_ws = None
        while browser_ws is None:
            line = await asyncio.wait_for(proc.stderr.readline(), 60)
            assert line, "chromium exited before listening"
            if found := LISTENING.search(line):
                browser_ws = found.group(1).decode()
        base = "http://" + browser_ws.split("/")[2]
        drain = asyncio.create_task(proc.stderr.read())  # keep reading, so the browser never blocks on its log
        async with aiohttp.ClientSession() as http:
            async with http.get(base + "/json/list") as response:
                page = next(t for t in await response.json() if t["type"] == "page")
            async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                t = Tab(ws)
                for domain in ("Page", "Runtime", "Log"):
                    await t.call(f"{domain}.enable")
                yield t
        drain.cancel()
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
