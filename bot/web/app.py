"""The pages' HTTP routes (aiohttp), for `tpsbot web` and for the bot's listener (bot/ops/health.py):

    GET /                          search over models and cards (?q=)
    GET /models/<slug>             a model's page (?lang= ?profile= ?context= ?quant= ?engine= and the
                                   table's ?fit= ?vendor= ?memory= ?q= ?sort= ?order=); JSON with
                                   `Accept: application/json` (what `tpsbot table --json` prints)
    GET /models/<slug>/chart.png   the bot's speed chart for that page
    GET /cards/<slug>              what a card runs, best first (JSON: `tpsbot card --json`)
    GET /static/<file>             the stylesheet and the script

Every answer carries the security headers below; a bad query value is one line in the page's language
(400), an unknown name a page of the nearest names (404)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from answers.api import Answer, ReportError
from answers.knowledge.i18n import N_, gettext
from bot.web import pages, params, render, slugs, static
from bot.web.site import Catalog, Site

log = logging.getLogger(__name__)
T = TypeVar("T")
Run = Callable[..., Awaitable[Any]]  # runs a CPU-bound function (the bot: its compute thread)

# No script or style but the pages' own files; no frame, no form posted elsewhere, no referrer beyond us.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
HTML = "text/html"
NOT_LOADED = N_("The catalog is not loaded yet; try again in a moment.")
FAILED = N_("Something went wrong while building this page.")
CHART_TITLE = N_("Fastest cards for %(model)s")
CHART_ROWS = 15  # as many bars as the bot's chart (bot/chart.py TOP)
NO_MODEL = N_("No model in the catalog is called “%(name)s”.")
NO_BARS = N_("No card we know holds it at these settings.")


async def _inline(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    return fn(*args, **kwargs)


def wants_json(request: web.Request) -> bool:
    accept = request.headers.get("Accept", "")[:512]
    if "application/json" not in accept:
        return False
    return HTML not in accept or accept.index("application/json") < accept.index(HTML)


def _headers(response: web.StreamResponse, locale: str | None = None) -> web.StreamResponse:
    response.headers.update(SECURITY_HEADERS)
    response.headers["Vary"] = "Accept, Accept-Language"
    if locale:
        response.headers["Content-Language"] = locale
    return response


def _line(status: int, text: str, locale: str, as_json: bool) -> web.StreamResponse:
    """An error as one line of text (or {"error": …})."""
    text = " ".join(text.split())
    if as_json:
        return _headers(web.json_response({"error": text}, status=status), locale)
    return _headers(web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8"),
                    locale)


def _report_error(exc: ReportError, locale: str) -> str:
    if exc.plain:
        return str(exc)
    text = gettext(locale, exc.msgid)
    return text % exc.values if exc.values else text


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, dumps=lambda o: json.dumps(o, ensure_ascii=False, default=str))


class Pages:
    def __init__(self, site: Site, run: Run | None = None) -> None:
        self.site = site
        self.run: Run = run or _inline

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/", self.index)
        app.router.add_get("/models/{slug}", self.model)
        app.router.add_get("/models/{slug}/chart.png", self.chart)
        app.router.add_get("/cards/{slug}", self.card)
        app.router.add_get("/static/{name}", self.asset)

    async def _answer(self, request: web.Request, build: Callable[..., Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
        """Language, query and catalog for a page, and its errors as the reader's answers."""
        locale = params.language(request.query, request.headers.get("Accept-Language"))
        as_json = wants_json(request)
        try:
            pq = params.read(request.query, request.query_string)
            catalog = self.site.current()
            if catalog is None:
                return _line(503, gettext(locale, NOT_LOADED), locale, as_json)
            return await build(catalog, pq, locale, as_json)
        except params.BadParam as bad:
            return _line(400, bad.words(locale), locale, as_json)
        except ReportError as exc:  # a context or level the estimator refuses for this model
            return _line(400, _report_error(exc, locale), locale, as_json)
        except Exception:  # noqa: BLE001 - one line to the reader, the trace to the log
            log.exception("Page %s failed", request.path_qs[:200])
            return _line(500, gettext(locale, FAILED), locale, as_json)

    async def _html(self, request: web.Request, pq: params.PageQuery, template: str, locale: str, status: int = 200,
                    **context: Any) -> web.StreamResponse:
        body = await self.run(render.page, template, locale, path=request.path, query=pq, **context)
        response = web.Response(status=status, text=body, content_type=HTML, charset="utf-8")
        response.enable_compression()
        return _headers(response, locale)

    async def _not_found(self, request: web.Request, pq: params.PageQuery, kind: str, slug: str, catalog: Catalog,
                         locale: str, as_json: bool) -> web.StreamResponse:
        text = slug[: slugs.MAX_SLUG].replace("-", " ")
        near = catalog.model_suggestions(text) if kind == "model" else catalog.card_suggestions(text)
        base = "/models/" if kind == "model" else "/cards/"
        if as_json:
            return _headers(_json({"error": "not found", "suggestions": near}, 404), locale)
        return await self._html(request, pq, "not_found.html.j2", locale, 404, kind=kind, text=text,
                                suggestions=[(n, base + slugs.slug(n)) for n in near])

    async def index(self, request: web.Request) -> web.StreamResponse:
        async def build(catalog: Catalog, pq: params.PageQuery, locale: str, as_json: bool) -> web.StreamResponse:
            found = pages.search(catalog, pq.q)
            if as_json:
                return _headers(_json({"q": pq.q, "models": [n for n, _ in found["models"]],
                                       "cards": [n for n, _ in found["cards"]]}), locale)
            return await self._html(request, pq, "index.html.j2", locale, found=found,
                                    models=len(catalog.models), cards=len(catalog.cards))
        return await self._answer(request, build)

    async def model(self, request: web.Request) -> web.StreamResponse:
        slug = request.match_info["slug"]

        async def build(catalog: Catalog, pq: params.PageQuery, locale: str, as_json: bool) -> web.StreamResponse:
            name = catalog.models.get(slug) if len(slug) <= slugs.MAX_SLUG else None
            if name is None:
                return await self._not_found(request, pq, "model", slug, catalog, locale, as_json)
            if as_json:
                return _headers(_json(await self.run(pages.json_table, catalog, name, pq)), locale)
            page = await self.run(pages.model_page, catalog, name, pq, locale)
            return await self._html(request, pq, "model.html.j2", locale, **page)
        return await self._answer(request, build)

    async def card(self, request: web.Request) -> web.StreamResponse:
        slug = request.match_info["slug"]

        async def build(catalog: Catalog, pq: params.PageQuery, locale: str, as_json: bool) -> web.StreamResponse:
            name = catalog.cards.get(slug) if len(slug) <= slugs.MAX_SLUG else None
            if name is None:
                return await self._not_found(request, pq, "card", slug, catalog, locale, as_json)
            page = await self.run(pages.card_page, catalog, name, pq, locale)
            if as_json:
                return _headers(_json(page["report"].data), locale)
            return await self._html(request, pq, "card.html.j2", locale, **page)
        return await self._answer(request, build)

    async def chart(self, request: web.Request) -> web.StreamResponse:
        slug = request.match_info["slug"]

        async def build(catalog: Catalog, pq: params.PageQuery, locale: str, as_json: bool) -> web.StreamResponse:
            name = catalog.models.get(slug) if len(slug) <= slugs.MAX_SLUG else None
            if name is None:
                return _line(404, gettext(locale, NO_MODEL) % {"name": slug[: slugs.MAX_SLUG]}, locale, as_json)
            png = await self.run(_chart, catalog, name, pq, locale)
            if png is None:
                return _line(404, gettext(locale, NO_BARS), locale, as_json)
            etag = f'"{hashlib.blake2b(png, digest_size=8).hexdigest()}"'
            if request.headers.get("If-None-Match") == etag:
                return _headers(web.Response(status=304, headers={"ETag": etag}), locale)
            response = web.Response(body=png, content_type="image/png",
                                    headers={"Cache-Control": "public, max-age=3600", "ETag": etag})
            return _headers(response, locale)
        return await self._answer(request, build)

    async def asset(self, request: web.Request) -> web.StreamResponse:
        found = static.asset(request.match_info["name"])
        if found is None:
            return _headers(web.Response(status=404, text="not found\n"))
        versioned = request.query.get("v") == found.version
        headers = {"ETag": found.etag,
                   "Cache-Control": "public, max-age=31536000, immutable" if versioned else "public, max-age=3600"}
        if request.headers.get("If-None-Match") == found.etag:
            return _headers(web.Response(status=304, headers=headers))
        response = web.Response(body=found.body, headers={**headers, "Content-Type": found.content_type})
        response.enable_compression()
        return _headers(response)


def _chart(catalog: Catalog, name: str, pq: params.PageQuery, locale: str) -> bytes | None:
    """The chart the bot attaches to its tables (bot/chart.py), for the page's model and settings."""
    # lazy: bot.chart loads the bot's message helpers (discord.py); only a page's picture needs them
    from bot import chart

    rows = catalog.reports.table(pages.request(name, pq)).data["rows"][:CHART_ROWS]
    title = gettext(locale, CHART_TITLE) % {"model": name}
    answer = Answer(intent="fastest", locale=locale, entities={"model": name}, facts={"rows": rows}, text="",
                    title=title)
    return chart.render(answer)


def make_app(site: Site, run: Run | None = None) -> web.Application:
    app = web.Application()
    Pages(site, run).add_routes(app)
    return app
