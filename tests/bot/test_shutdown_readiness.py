"""While the bot shuts down (a SIGTERM's drain: new work refused, queued answers finishing), `/readyz`
says 503 "shutting down" so a load balancer or orchestrator stops sending work; `/healthz` stays 200."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

from bot.cli import run as runner
from tests.fakediscord import FakeDiscord

from .conftest import RunningBot, make_settings


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


async def test_readyz_is_503_while_shutting_down(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    async with RunningBot(make_settings(fake, tmp_path, http_port=0), engine) as running:
        bot: Any = running.client
        base = f"http://127.0.0.1:{bot.health.port}"
        assert await _get(base + "/readyz") == (200, "ready\n")
        with bot.work.track():  # an answer still being written keeps the drain open
            closing = asyncio.create_task(runner.shutdown(bot, grace=30))
            for _ in range(500):
                if bot.work.draining:
                    break
                await asyncio.sleep(0.01)
            status, body = await _get(base + "/readyz")
            assert status == 503 and "shutting down" in body
            assert (await _get(base + "/healthz"))[0] == 200
        await asyncio.wait_for(closing, 30)  # the answer done: the drain ends and the bot closes
