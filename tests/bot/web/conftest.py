"""The pages over a real aiohttp test server, on the session's catalog database (the one `tpsbot table`
reads in tests/bot/test_cli.py), and a small reader of what a page shows."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from answers.knowledge.catalog_view import Knowledge
from bot.web.app import make_app
from bot.web.site import Site

from .html_reader import Page, read_page

_loaded: list[Knowledge] = []


@pytest.fixture(scope="session")
def web_knowledge(built_db: Path) -> Knowledge:
    if not _loaded:
        _loaded.append(asyncio.run(Knowledge.load(built_db)))
    return _loaded[0]


@pytest_asyncio.fixture
async def client(web_knowledge: Knowledge) -> AsyncIterator[TestClient]:
    async with TestClient(TestServer(make_app(Site(lambda: web_knowledge)))) as c:
        yield c


async def fetch(client: TestClient, url: str, **headers: str) -> tuple[int, Page]:
    response = await client.get(url, headers=headers)
    return response.status, read_page(await response.text())
