"""The state's periodic chores while the bot runs: usage counts written every minute, and the
privacy sweep every hour (servers that removed the bot, unused user languages; state/control.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from bot.state.store import StateStore, StateWriteError

log = logging.getLogger(__name__)

COUNTS_EVERY = 60.0  # seconds between two writes of the usage counts
SWEEP_EVERY = 3600.0  # seconds between two privacy sweeps (the first one a minute after start)


async def run(store: StateStore, settings: Any, present: Callable[[], Collection[int]] = frozenset,
              sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep, rounds: int | None = None) -> None:
    """Until cancelled (or `rounds` minutes, for tests). `present`: the servers the bot is in now."""
    minutes = 0
    while rounds is None or minutes < rounds:
        await sleep(COUNTS_EVERY)
        minutes += 1
        try:
            await store.flush_counts()
        except StateWriteError as exc:
            log.warning("Usage counts not saved yet (%s); kept for the next try", exc)
        if minutes % int(SWEEP_EVERY // COUNTS_EVERY) == 1:
            await sweep(store, settings, present())


async def sweep(store: StateStore, settings: Any, present: Collection[int] = ()) -> dict[str, int] | None:
    try:
        return await store.sweep(settings.guild_retention_days, settings.user_language_days, present)
    except StateWriteError as exc:
        log.warning("The privacy sweep could not delete expired data (%s); it runs again in an hour", exc)
    except Exception as exc:  # a read that failed (the server went away): the next sweep tries again
        log.warning("The privacy sweep failed (%s: %s); it runs again in an hour", type(exc).__name__, exc)
    return None
