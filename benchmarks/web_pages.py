"""Server time of the calculator's pages (bot/web): building a page's figures and rendering its HTML,
as the handler does, for the largest tables; and the same pages through HTTP on a local port.

    python benchmarks/web_pages.py [--db PATH] [--runs 30]

The largest model table is a model every rated card runs, shown with the cards that do not too
(`/models/glide?fit=all`: 818 rows); a card's page lists every catalog model it runs. Target: ≤ 50 ms
server time for the largest table (issue 35). Figures in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from answers.knowledge.catalog_view import Knowledge  # noqa: E402
from bot.web import pages, params, render  # noqa: E402
from bot.web.app import make_app  # noqa: E402
from bot.web.site import Catalog, Site  # noqa: E402

CASES = [  # (label, kind, name, query, locale)
    ("GLIDE, every card (818 rows), it", "model", "GLIDE", {"fit": "all"}, "it"),
    ("GLIDE, every card (818 rows), fr", "model", "GLIDE", {"fit": "all"}, "fr"),
    ("GLIDE, every card, ordered by memory, en", "model", "GLIDE", {"fit": "all", "sort": "memory_gb"}, "en"),
    ("GLM-4.5V (43 rows), measured, de", "model", "GLM-4.5V", {"profile": "measured"}, "de"),
    ("B200's page (every model it runs), es", "card", "B200", {}, "es"),
]


def page(catalog: Catalog, kind: str, name: str, query: dict[str, str], locale: str) -> str:
    pq = params.read(query)
    if kind == "model":
        return render.page("model.html.j2", locale, path="/models/x", query=pq,
                           **pages.model_page(catalog, name, pq, locale))
    return render.page("card.html.j2", locale, path="/cards/x", query=pq, **pages.card_page(catalog, name, pq, locale))


def in_process(catalog: Catalog, runs: int) -> None:
    """First views (the pages' memo emptied before each: the model rated into facts, every row written)
    and views again (sorted or filtered after a first view: the memo kept)."""
    # CPU time of this process: on a shared machine, wall time also counts the waits for a core
    print("in process (the handler's work: figures + HTML), CPU ms: first view | again")
    for label, kind, name, query, locale in CASES:
        page(catalog, kind, name, query, locale)  # warm: templates compiled, the estimator's own caches filled
        first, again = [], []
        for _ in range(runs):
            catalog._memo.clear()
            start = time.process_time()
            html = page(catalog, kind, name, query, locale)
            first.append((time.process_time() - start) * 1000)
            start = time.process_time()
            page(catalog, kind, name, query, locale)
            again.append((time.process_time() - start) * 1000)
        print(f"  {label:42} {_spread(first)} | {_spread(again)}  ({len(html) / 1024:.0f} KiB)")


def _spread(times: list[float]) -> str:
    times = sorted(times)
    return f"median {statistics.median(times):5.1f} p95 {times[int(len(times) * .95) - 1]:5.1f}"


async def over_http(knowledge: Knowledge, runs: int) -> None:
    print("over HTTP on 127.0.0.1 (request to last byte, gzip), ms")
    urls = ["/models/glide?fit=all&lang=it", "/models/glm-4-5v?lang=de", "/cards/b200?lang=es", "/?q=rtx+4090"]
    async with TestClient(TestServer(make_app(Site(lambda: knowledge)))) as client:
        for url in urls:
            await (await client.get(url)).read()
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                response = await client.get(url, headers={"Accept-Encoding": "gzip"})
                body = await response.read()
                times.append((time.perf_counter() - start) * 1000)
            print(f"  {url:42} {_spread(times)}  ({len(body) / 1024:.0f} KiB unpacked)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None, help="catalog database (default: $TPSBOT_DB or the user's)")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    knowledge = asyncio.run(Knowledge.load(args.db))
    in_process(Catalog(knowledge), args.runs)
    asyncio.run(over_http(knowledge, args.runs))


if __name__ == "__main__":
    main()
