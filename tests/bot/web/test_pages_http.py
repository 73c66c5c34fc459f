"""The pages as a browser or a script meets them: JSON the command line's, languages, 404 and 400,
filters and order without JavaScript, the chart, the card and search pages, headers, cached assets."""

from __future__ import annotations

import asyncio
import io
import json
from contextlib import redirect_stdout

import pytest

from answers.knowledge.i18n import SUPPORTED
from bot.cli import parser as cli
from bot.web import params, static

from .conftest import fetch

JSON = {"Accept": "application/json"}


async def cli_json(*argv: str) -> object:
    """What `tpsbot ARGV` prints (in a thread: the command runs its own event loop)."""
    def run() -> str:
        out = io.StringIO()
        with redirect_stdout(out):
            assert cli.main(list(argv)) == 0
        return out.getvalue()
    return json.loads(await asyncio.to_thread(run))


@pytest.mark.parametrize(("slug", "model", "query", "extra"), [
    ("glm-4-5v", "GLM-4.5V", "", []), ("glide", "GLIDE", "?profile=measured", ["--profile", "measured"]),
    ("glm-4-5v", "GLM-4.5V", "?fit=all&profile=reference", ["--all", "--profile", "reference"]),
    ("glm-4-5v", "GLM-4.5V", "?context=32k&quant=Q4_K_M", ["--context", "32k", "--quant", "Q4_K_M"]),
    ("glm-4-5v", "GLM-4.5V", "?engine=vllm", ["--engine", "vllm"]),
    ("glm-4-5v", "GLM-4.5V", "?engine=mlx", ["--engine", "mlx"])])
async def test_json_is_what_the_command_line_prints(client, built_db, slug, model, query, extra):
    response = await client.get(f"/models/{slug}{query}", headers=JSON)
    assert response.status == 200
    assert response.content_type == "application/json"
    if "--profile" not in extra:  # the page's default profile is the answers' (what a Discord answer used)
        extra = [*extra, "--profile", params.DEFAULT_PROFILE]
    assert await response.json() == await cli_json("table", model, "--json", "--db", str(built_db), *extra)


async def test_card_json_is_what_the_command_line_prints(client, built_db):
    response = await client.get("/cards/geforce-rtx-3060-12-gb?context=8192", headers=JSON)
    assert await response.json() == await cli_json("card", "GeForce RTX 3060 12 GB", "--context", "8192", "--json",
                                                   "--db", str(built_db), "--profile", params.DEFAULT_PROFILE)


async def test_the_measured_profile_changes_the_figures(client):
    _, reference = await fetch(client, "/models/glm-4-5v?profile=reference")
    _, measured = await fetch(client, "/models/glm-4-5v?profile=measured")
    assert reference.rows["B200"]["tok_s"] != measured.rows["B200"]["tok_s"]
    assert "measured" in measured.text


@pytest.mark.parametrize(("header", "expected"), [("it-IT,it;q=0.9,en;q=0.5", "it"), ("de", "de"),
                                                  ("pt-BR", "pt"), ("ja, fr;q=0.4", "fr"), ("xx", "en"), ("", "en")])
async def test_the_browser_language_picks_the_page_language(client, header, expected):
    response = await client.get("/models/glide", headers={"Accept-Language": header})
    assert response.headers["Content-Language"] == expected
    assert f'<html lang="{expected}">' in await response.text()


async def test_lang_in_the_address_wins_over_the_browser(client):
    response = await client.get("/models/glide?lang=es", headers={"Accept-Language": "de"})
    assert response.headers["Content-Language"] == "es"


@pytest.mark.parametrize("locale", SUPPORTED)
async def test_unknown_name_is_a_404_with_the_nearest_names(client, locale):
    status, page = await fetch(client, f"/models/glm-4-6v?lang={locale}")
    assert status == 404
    assert page.lang == locale
    assert "/models/glm-4-5v?lang=" + locale in page.links
    assert [level for level, _ in page.headings][:1] == [1]
    status, page = await fetch(client, f"/cards/rtx-3061?lang={locale}")
    assert status == 404
    assert any(link.startswith("/cards/geforce-rtx-3060") for link in page.links)


async def test_unknown_name_in_json_names_suggestions(client):
    response = await client.get("/models/glm-4-6v", headers=JSON)
    assert response.status == 404
    assert "GLM-4.5V" in (await response.json())["suggestions"]


@pytest.mark.parametrize("query", ["context=abc", "context=0", "context=1e99", "profile=fast", "quant=Q9_Z",
                                   "engine=vllm2", "fit=maybe", "sort=price", "memory=-3", "vendor=" + "x" * 200,
                                   "q=" + "y" * 2000])
async def test_a_bad_value_is_one_line_in_the_page_language(client, query):
    for locale in ("en", "it", "de"):
        response = await client.get(f"/models/glide?lang={locale}&{query}")
        assert response.status == 400
        body = await response.text()
        assert body.count("\n") == 1 and body.endswith("\n")
        assert response.headers["Content-Language"] == locale
    english = await (await client.get(f"/models/glide?lang=en&{query}")).text()
    italian = await (await client.get(f"/models/glide?lang=it&{query}")).text()
    assert english != italian  # worded in each language


async def test_engine_accepts_what_the_estimator_knows(client):
    assert {"llama.cpp", "vllm", "mlx", "exllamav2"} <= set(params.ENGINES)  # the estimator's engines
    for engine in params.ENGINES:
        response = await client.get(f"/models/glide?engine={engine}")
        assert response.status == 200
    assert (await client.get("/models/glide?engine=koboldcpp")).status == 400


async def test_the_engine_changes_the_table(client):
    """MLX runs only on Apple: its table rates no NVIDIA card that llama.cpp's does."""
    default = await (await client.get("/models/glm-4-5v", headers=JSON)).json()
    mlx = await (await client.get("/models/glm-4-5v?engine=mlx", headers=JSON)).json()
    assert mlx != default and mlx.get("engine") == "mlx"


async def test_filters_and_order_work_without_javascript(client):
    _, page = await fetch(client, "/models/glm-4-5v?fit=all&vendor=AMD&memory=128")
    assert page.row_order and all(page.rows[c]["vendor"] == "AMD" for c in page.row_order)
    assert all(page.rows[c]["memory_gb"] == "128" for c in page.row_order)
    _, misses = await fetch(client, "/models/glm-4-5v?fit=no")
    assert misses.row_order and all(misses.row_attrs[c]["data-fit"] == "no" for c in misses.row_order)
    _, every = await fetch(client, "/models/glm-4-5v?fit=all")
    _, fits = await fetch(client, "/models/glm-4-5v")
    assert len(every.row_order) == len(fits.row_order) + len(misses.row_order)
    _, by_memory = await fetch(client, "/models/glm-4-5v?sort=memory_gb&order=asc")
    memories = [float(by_memory.rows[c]["memory_gb"].replace(",", "")) for c in by_memory.row_order]
    assert memories == sorted(memories)
    _, named = await fetch(client, "/models/glide?q=rtx+3060")
    assert named.row_order and all("rtx 3060" in c.lower() for c in named.row_order)
    # the header's sort links keep the page's language and settings
    _, page = await fetch(client, "/models/glide?lang=fr&context=8192")
    assert "/models/glide?lang=fr&context=8192&sort=memory_gb#cards" in page.links


async def test_the_table_follows_the_asked_context_and_level(client):
    _, short = await fetch(client, "/models/glm-4-5v?context=4096")
    _, long = await fetch(client, "/models/glm-4-5v?context=128k")
    assert len(long.row_order) < len(short.row_order)
    _, forced = await fetch(client, "/models/glide?quant=q4_k_m")
    assert {forced.rows[c]["quant"] for c in forced.row_order} == {"Q4_K_M"}


async def test_the_chart_is_the_bots_png(client):
    response = await client.get("/models/glm-4-5v/chart.png?lang=it")
    assert response.status == 200 and response.content_type == "image/png"
    body = await response.read()
    assert body.startswith(b"\x89PNG")
    again = await client.get("/models/glm-4-5v/chart.png?lang=it", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status == 304
    _, page = await fetch(client, "/models/glm-4-5v?lang=it")
    assert page.text  # the page links the picture with the same settings
    assert (await client.get("/models/nothing-like-it/chart.png")).status == 404


async def test_card_page_lists_models_fastest_first(client):
    status, page = await fetch(client, "/cards/geforce-rtx-3060-12-gb?lang=it")
    assert status == 200
    speeds = [float(page.rows[m]["tok_s"].replace(".", "").replace(",", ".")) for m in page.row_order]
    assert speeds == sorted(speeds, reverse=True)
    assert any(link.startswith("/models/") for link in page.links)


async def test_search_finds_models_and_cards_without_javascript(client):
    status, page = await fetch(client, "/?q=glm+4.5v&lang=de")
    assert status == 200
    assert any(link.startswith("/models/glm-4-5v") for link in page.links)
    _, page = await fetch(client, "/?q=rtx+4090")
    assert any(link.startswith("/cards/geforce-rtx-4090") for link in page.links)
    response = await client.get("/?q=rtx+4090", headers=JSON)
    assert "GeForce RTX 4090" in (await response.json())["cards"]


@pytest.mark.parametrize("url", ["/", "/models/glide", "/cards/b200", "/models/nope", "/models/glide?context=x",
                                 "/static/site.css", "/models/glide/chart.png"])
async def test_security_headers_on_every_answer(client, url):
    response = await client.get(url)
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "default-src 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"]


async def test_pages_use_no_inline_script_or_style_and_nothing_external(client):
    for url in ("/", "/models/glm-4-5v", "/cards/b200", "/models/nope"):
        text = await (await client.get(url)).text()
        _, page = await fetch(client, url)
        assert page.inline_styles == 0 and "<style" not in text
        assert all(s.get("src", "").startswith("/static/") for s in page.scripts)
        assert "http://" not in text.replace("http://127", "") or "https://" not in text.split("<footer")[0]
        assert all(not link.startswith(("http:", "https:", "//")) for link in page.links)


async def test_assets_are_cached_and_revalidated(client):
    for name in static.FILES:
        url = static.url(name)
        response = await client.get(url)
        assert response.status == 200
        assert "immutable" in response.headers["Cache-Control"]
        etag = response.headers["ETag"]
        again = await client.get(url, headers={"If-None-Match": etag})
        assert again.status == 304
        assert len(await response.read()) < 8000  # small
    assert (await client.get("/static/../pyproject.toml")).status == 404
    assert (await client.get("/static/other.js")).status == 404


async def test_the_catalog_not_loaded_is_a_503(web_knowledge):
    from aiohttp.test_utils import TestClient, TestServer

    from bot.web.app import make_app
    from bot.web.site import Site

    async with TestClient(TestServer(make_app(Site(lambda: None)))) as c:
        response = await c.get("/models/glide?lang=fr")
        assert response.status == 503
        assert response.headers["Content-Language"] == "fr"
