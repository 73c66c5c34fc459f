"""How the bot process (`tpsbot run`) uses Python's cyclic garbage collector.

Start-up leaves about 91,000 long-lived container objects (the catalog's records and name indexes,
the libraries' own tables) that never become garbage, yet every collection of the oldest generation
walked them all again (85–115 ms each on a busy machine), and a burst's many short-lived objects
(1,000 interactions in flight) set off a young collection every 700 allocations. In a burst of 1,000
slash commands, collections took 166–220 ms of the 1.0–1.2 s in which the acknowledgements went out,
on the event loop that sends them.

- `settle()`, once start-up is done: collect, then `gc.freeze()` what is left, so that no later
  collection walks it again, and collect the youngest generation every `THRESHOLD` allocations
  instead of 700 (the same bursts: 16–22 ms of collections, one young one).
- `thaw()` when the catalog is swapped for a newer file: frozen objects are never collected, so the
  old catalog is unfrozen (it may be held in cycles); `settle()` runs again once requests that
  still used it are done.
"""

from __future__ import annotations

import asyncio
import gc
import logging

log = logging.getLogger(__name__)

# Allocations (of container objects, less deallocations) between two collections of the youngest
# generation; CPython's default is 700. Garbage that only the collector can free (reference cycles)
# waits at most this many allocations longer: on the order of a few megabytes at worst.
THRESHOLD = 50_000
# Seconds after a catalog swap before what is left is frozen again: requests hold an engine for
# the time of one answer.
SETTLE_AFTER_SWAP = 60.0


def settle() -> int:
    """Collect once, freeze every object still alive, raise the youngest generation's threshold.
    → how many objects are frozen."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(THRESHOLD, older, oldest)
    log.debug("Froze %d objects of start-up; collections every %d allocations", gc.get_freeze_count(), THRESHOLD)
    return gc.get_freeze_count()


def thaw() -> None:
    """Unfreeze everything (the catalog just replaced may be garbage now) and settle again, on the
    running loop, after SETTLE_AFTER_SWAP s."""
    gc.unfreeze()
    asyncio.get_running_loop().call_later(SETTLE_AFTER_SWAP, settle)
