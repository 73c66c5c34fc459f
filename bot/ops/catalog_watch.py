"""The running bot picks up a newer catalog file without a restart.

`tpsbot catalog build` and `tpsbot catalog import-epoch` (another process) write a whole new database
and swap it in with `os.replace`: the path then names a new file (another inode, size or mtime).
Every TPSBOT_CATALOG_CHECK_SECONDS (≤ 60) the watcher compares the file's identity with the one the
engine was loaded from; when it differs it opens a new Engine beside the old one and swaps
`bot.engine` in one assignment. Requests in flight keep the engine they started with; a catalog
that cannot be opened leaves the old engine in place (and is tried again at the next check).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Identity = tuple[int, int, int, int] | None  # (device, inode, size, mtime_ns); None: no file


def identity(path: Path) -> Identity:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


class CatalogWatcher:
    def __init__(self, path: Path, open_engine: Callable[[Path], Awaitable[Any]], swap: Callable[[Any], None],
                 interval: float, sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                 loaded: Identity | None = None) -> None:
        self.path = path
        self._open = open_engine
        self._swap = swap
        self.interval = interval
        self._sleep = sleep
        self.loaded = loaded if loaded is not None else identity(path)  # the file the current engine came from

    async def check(self) -> bool:
        """One look at the file; → True if a newer catalog was loaded and swapped in."""
        now = identity(self.path)
        if now is None or now == self.loaded:
            return False
        try:
            engine = await self._open(self.path)
        except Exception as exc:  # noqa: BLE001 - a half-written or foreign file: keep answering
            log.warning("The catalog file %s changed but cannot be loaded (%s); still answering from the "
                        "previous one", self.path, exc)
            return False
        # Only now: a file replaced again while loading is seen (and loaded) at the next check.
        self.loaded = now
        self._swap(engine)
        return True

    async def run(self) -> None:
        while True:
            await self._sleep(self.interval)
            await self.check()
