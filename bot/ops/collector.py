"""How the bot process (`tpsbot run`) uses Python's cyclic garbage collector.

Start-up leaves about 91,000 long-lived container objects (the catalog's records and name indexes,
the libraries' own tables) that never become garbage, yet every collection of the oldest generation
walked them all again (85–115 ms each on a busy machine), and a burst's many short-lived objects
(1,000 interactions in flight) set off a young collection every 700 allocations. In a burst of 1,000
slash commands, collections took 166–220 ms of the 1.0–1.2 s in which the acknowledgements went out,
on the event loop that sends them.

- `settle()`, once start-up is done: collect, then `gc.freeze()` what is left, so that no later
  collection walks it again.
- `burst()`, while a burst's answers are held back for its acknowledgements (bot/ops/work.py): young
  collections every `BURST_THRESHOLD` allocations instead of 700 (with both, the same bursts spent
  16–24 ms in collections). Only then: kept all the time, the garbage that only the collector frees
  (reference cycles, some holding buffers) piled up between collections, and a minute of steady
  traffic with rate limits peaked at 119 MB instead of 103 MB.
- `thaw()` when the catalog is swapped for a newer file: frozen objects are never collected, so the
  old catalog is unfrozen (it may be held in cycles); `settle()` runs again once requests that
  still used it are done.
Nothing changes in a process that did not settle (a bot run inside tests, or inside another program).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Iterator

log = logging.getLogger(__name__)

# Allocations (of container objects, less deallocations) between two collections of the youngest
# generation during a burst (a few seconds at most); CPython's default is 700.
BURST_THRESHOLD = 50_000
# Seconds after a catalog swap before what is left is frozen again: requests hold an engine for
# the time of one answer.
SETTLE_AFTER_SWAP = 60.0

_settled = False  # settle() ran: this process is the bot's own


def settle() -> int:
    """Collect once and freeze every object still alive. → how many objects are frozen."""
    global _settled
    gc.collect()
    gc.freeze()
    _settled = True
    log.debug("Froze %d objects of start-up out of the collector's way", gc.get_freeze_count())
    return gc.get_freeze_count()


@contextlib.contextmanager
def burst() -> Iterator[None]:
    """Fewer young collections for the time of a burst (in a settled process only)."""
    if not _settled:
        yield
        return
    young, older, oldest = gc.get_threshold()
    gc.set_threshold(max(young, BURST_THRESHOLD), older, oldest)
    try:
        yield
    finally:
        gc.set_threshold(young, older, oldest)


def thaw() -> None:
    """Unfreeze everything (the catalog just replaced may be garbage now) and settle again, on the
    running loop, after SETTLE_AFTER_SWAP s (in a settled process only)."""
    if not _settled:
        return
    gc.unfreeze()
    asyncio.get_running_loop().call_later(SETTLE_AFTER_SWAP, settle)
