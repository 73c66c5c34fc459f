"""Imported names are hostile: a model whose name and maker carry HTML, script, attribute breakers,
terminal escapes and bidi controls is shown on its page, on a card's page, in search results and in a
404's suggestions as text — escaped, sanitised — never as markup."""

from __future__ import annotations

import asyncio
import csv
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestClient, TestServer

from answers.knowledge.catalog_view import Knowledge
from bot.web import slugs
from bot.web.app import make_app
from bot.web.site import Site
from catalog.build import import_epoch
from catalog.safe_text import clean

NAME = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)> Evil\x1b[2J\u202eLlama 7B"
ORG = "<b onmouseover=alert(3)>Bad</b>\x07Corp"
FORBIDDEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f]")


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory, built_db) -> Path:
    folder = tmp_path_factory.mktemp("hostile-web")
    db, snap = folder / "catalog.db", folder / "snapshot.csv"
    db.write_bytes(built_db.read_bytes())
    with snap.open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["Model", "Domain", "Organization", "Publication date", "Parameters", "Model accessibility"])
        out.writerow([NAME, "Language", ORG, "2025-06-01", "7000000000", "Open weights (unrestricted)"])
    asyncio.run(import_epoch(db, snap))
    return db


@pytest_asyncio.fixture
async def hostile_client(hostile_db: Path) -> AsyncIterator[TestClient]:
    knowledge = await Knowledge.load(hostile_db)
    async with TestClient(TestServer(make_app(Site(lambda: knowledge)))) as c:
        yield c


def _safe(html: str, where: str) -> None:
    assert "<script>alert" not in html and "<img src=x" not in html and "<b onmouseover" not in html, where
    assert "onerror=alert(2)>" not in html.replace("onerror=alert(2)&gt;", ""), where
    assert not FORBIDDEN.findall(html), where


async def test_hostile_names_are_text_everywhere(hostile_client):
    slug = slugs.slug(clean(NAME, joiners=False))  # the catalog keeps the sanitised name
    for url in (f"/models/{slug}", f"/models/{slug}?lang=fr", "/cards/geforce-rtx-3090?lang=it",
                "/?q=evil+llama", f"/models/{slug}x", "/?q=" + "%3Cscript%3E"):
        response = await hostile_client.get(url)
        html = await response.text()
        assert response.status in (200, 404), url
        _safe(html, url)
    page = await (await hostile_client.get(f"/models/{slug}")).text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # shown, as text
    assert "&lt;b onmouseover=alert(3)&gt;Bad&lt;/b&gt; Corp" in page
    card = await (await hostile_client.get("/cards/geforce-rtx-3090")).text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card
