"""During a burst, answers are held until the acknowledgements are out (bot/work.py burst_over):
held answers must not themselves keep the event loop busy, since that loop sends the
acknowledgements."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot import work

HELD = 1000
QUIET = 0.05
LIMIT = 3.0


async def test_a_thousand_held_answers_share_one_watch_and_are_all_released(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_sleep = asyncio.sleep
    wakeups = 0

    async def counted(delay: float, *args: object) -> object:
        nonlocal wakeups
        wakeups += 1
        return await real_sleep(delay, *args)

    async def arrivals(seconds: float) -> None:  # requests still coming in, every 10 ms
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            work._last_arrival = time.monotonic()
            await real_sleep(0.01)

    monkeypatch.setattr(work, "_last_arrival", time.monotonic())
    monkeypatch.setattr(asyncio, "sleep", counted)
    coming = asyncio.ensure_future(arrivals(0.2))
    held = [asyncio.ensure_future(work.burst_over(QUIET, LIMIT)) for _ in range(HELD)]
    await real_sleep(0)
    held[0].cancel()  # one answer given up (its interaction failed) releases nobody else early
    await coming
    done, pending = await asyncio.wait(held[1:], timeout=LIMIT + 5)
    assert not pending and all(t.exception() is None for t in done)  # every answer released
    # One watch looks at most every QUIET s for at most LIMIT s, whatever the number held; each
    # answer polling on its own is at least one wake-up each (1,000).
    assert wakeups <= LIMIT / QUIET + 1
