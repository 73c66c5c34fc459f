"""`tpsbot web`: the pages alone, over the catalog database, on one host and port until interrupted."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from answers.knowledge.catalog_view import Knowledge
from bot.web.app import make_app
from bot.web.site import Site

log = logging.getLogger(__name__)


async def serve(db: Path | None, host: str, port: int, ready: Callable[[int], None] | None = None) -> None:
    """Serve until cancelled; `ready(port)` is called once the socket listens (port 0: the one chosen)."""
    knowledge = await Knowledge.load(db)
    runner = web.AppRunner(make_app(Site(lambda: knowledge)), access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0][1] if runner.addresses else port
        print(f"tpsbot: pages on http://{host}:{bound}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
        if ready is not None:
            ready(bound)
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


def main(db: Path | None, host: str, port: int) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(db, host, port))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:  # the port is taken, the host is not ours
        print(f"tpsbot: error: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0
