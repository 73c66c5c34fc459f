"""During a burst, answers are held until the acknowledgements are out (bot/ops/work.py burst_over):
held answers must not themselves keep the event loop busy, since that loop sends the
acknowledgements."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from bot.ops import work

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


async def test_answers_asked_in_one_turn_of_the_loop_beyond_busy_are_acknowledged_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A burst starts many handlers in one turn of the event loop: from the BUSY-th on, each must see
    the answers queued before it and acknowledge first, rather than queue its answer too."""
    monkeypatch.setattr(work, "_last_arrival", 0.0)  # no request arriving: a held answer goes on at once
    gate = threading.Event()
    acknowledged: list[int] = []

    async def ack(n: int) -> None:
        acknowledged.append(n)

    asked = work.BUSY + 3
    answers = [asyncio.ensure_future(work.within(LIMIT * 100, gate.wait, on_slow=lambda n=n: ack(n)))
               for n in range(asked)]
    try:
        for _ in range(5):
            await asyncio.sleep(0)
        # The first BUSY are computed (and would reply at once); the others said "thinking…" first.
        assert sorted(acknowledged) == list(range(work.BUSY, asked))
    finally:
        gate.set()
    assert await asyncio.wait_for(asyncio.gather(*answers), LIMIT + 5) == [True] * asked
    assert work._queued == 0 and work._held == 0


async def test_held_answers_wait_until_every_interaction_in_flight_is_acknowledged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests stop arriving well before the last acknowledgement of a burst is sent: held answers
    wait for the acknowledgements, not only for the arrivals to stop."""
    monkeypatch.setattr(work, "_burst_watch", None)
    tracked = work.Work()
    acked = False
    with tracked.track(lambda: acked):  # an interaction still waiting for its first response
        monkeypatch.setattr(work, "_last_arrival", 0.0)  # and nothing new arriving
        held = asyncio.ensure_future(work.burst_over(0.005, 60.0))
        await asyncio.sleep(0.1)  # twenty quiet periods
        assert not held.done()
        acked = True
        await asyncio.wait_for(held, 5)
    assert not work.awaiting_acknowledgement()


async def test_a_message_in_flight_holds_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mention has no 3-second deadline: answers are not held for it."""
    monkeypatch.setattr(work, "_burst_watch", None)
    monkeypatch.setattr(work, "_last_arrival", 0.0)
    with work.Work().track():
        await asyncio.wait_for(work.burst_over(0.005, 60.0), 5)
