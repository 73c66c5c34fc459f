"""Work scheduling that keeps the event loop free to acknowledge Discord within its 3 seconds.

- `compute()` runs engine queries and chart drawing in ONE worker thread: acknowledgements and
  replies (event-loop work) never wait behind a queue of answers, and the engine and the chart code are
  only ever used from a single thread. More workers would not help: the work is CPU-bound Python
  (one GIL) and the host may have two cores.
- `Work` counts handlers in flight so that shutdown can stop taking new work, let the queue finish
  within a grace period, and only then close the connection; it also knows which interactions in
  flight still wait for their acknowledgement, so that a burst's answers wait until none does.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from bot.ops import collector

log = logging.getLogger(__name__)
T = TypeVar("T")

_executor: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tpsbot-compute")
    return _executor


_queued = 0  # compute jobs submitted and not finished
_held = 0  # answers of a burst held back until its acknowledgements are out (within())
_last_arrival = 0.0  # when the last handler started (Work.track)
# Interactions in flight, each by its "acknowledged yet?" check (Work.track); read by the burst watch.
_unacked: dict[int, Callable[[], bool]] = {}
_tokens = itertools.count()  # one key in `_unacked` per handler in flight
_burst_watch: asyncio.Task[None] | None = None  # the one watch held answers wait on (burst_over)


async def compute(fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """fn(*args, **kwargs) in the compute thread."""
    return await _submit(fn, args, kwargs)


def _submit(fn: Callable[..., T], args: Any, kwargs: Any) -> asyncio.Future[T]:
    """Queue fn in the compute thread and count it in `_queued` at once, not when a task gets to
    run: the handlers a burst starts in one turn of the event loop all saw an empty queue and
    computed their answers in the middle of the acknowledgements (224 of 1,000)."""
    global _queued
    future = asyncio.get_running_loop().run_in_executor(_pool(), functools.partial(fn, *args, **kwargs))
    _queued += 1
    future.add_done_callback(_finished)
    return future


def _finished(_: asyncio.Future[Any]) -> None:
    global _queued
    _queued -= 1


class Work:
    # Events already read from the socket start their handlers a moment later: the queue counts as
    # empty only after this long without new work.
    QUIET = 0.5

    def __init__(self) -> None:
        self.in_flight = 0
        self.draining = False
        self._last_start = 0.0

    @contextlib.contextmanager
    def track(self, acknowledged: Callable[[], bool] | None = None) -> Iterator[None]:
        """A handler in flight; `acknowledged` tells whether its interaction has had its first
        response (none for a message, which has no 3-second deadline)."""
        global _last_arrival
        self.in_flight += 1
        self._last_start = _last_arrival = time.monotonic()
        token = next(_tokens)
        if acknowledged is not None:
            _unacked[token] = acknowledged
        try:
            yield
        finally:
            self.in_flight -= 1
            _unacked.pop(token, None)

    async def drain(self, grace: float) -> bool:
        """Stop taking new work (handlers check `draining`); wait up to `grace` s for what is in
        flight. → True if everything finished."""
        self.draining = True
        started = time.monotonic()
        log.info("Finishing the requests in flight (up to %.0f s) before closing", grace)
        while time.monotonic() - started < grace:
            if self.in_flight == 0 and time.monotonic() - self._last_start >= self.QUIET:
                log.info("All requests finished in %.1f s", time.monotonic() - started)
                return True
            await asyncio.sleep(0.05)
        log.warning("Closing with %d requests still in flight after %.0f s", self.in_flight, grace)
        return False


# Answers usually take milliseconds: reply directly (one request) when the answer is ready within
# this budget, else acknowledge first ("thinking…") so a queue of answers never misses Discord's
# 3-second deadline.
ACK_BUDGET = 0.25
# With this many answers queued or held, a new one is acknowledged first and held (within()). One:
# a burst's first answers are computed while its acknowledgements go out, and right after a start
# each is a first of its kind (imports, templates: tens of milliseconds); with three, the compute
# thread took 180–200 ms of CPU during 1,000 acknowledgements, with one 50–70 ms.
BUSY = 1


async def within(budget: float, fn: Callable[..., T], /, *args: Any, on_slow: Callable[[], Any], **kwargs: Any) -> T:
    """compute(fn, ...) and, if it is not done after `budget` s, await on_slow() (the defer) meanwhile.
    With other jobs already queued (a burst) the answer cannot be quick: on_slow() right away, and
    the answer is computed only once the burst's acknowledgements are out — the compute thread would
    otherwise take the GIL from the event loop that sends them (on two cores, half of its time)."""
    global _held
    if _queued + _held >= BUSY:
        _held += 1
        try:
            await on_slow()
            await burst_over()
        finally:
            _held -= 1
        return await compute(fn, *args, **kwargs)
    task = _submit(fn, args, kwargs)
    # A budget of 0 acknowledges first whatever happens (the job may well finish within this turn).
    done = (await asyncio.wait({task}, timeout=budget))[0] if budget > 0 else set()
    if not done:
        try:
            await on_slow()
        except BaseException:
            task.add_done_callback(_consume)
            raise
        result = await task
        await burst_over()  # acknowledged already: let the rest of the burst be acknowledged first
        return result
    return await task


async def burst_over(quiet: float = 0.05, limit: float = 3.0) -> None:
    """Wait until no new request arrived for `quiet` s and no interaction in flight still waits for
    its acknowledgement (at most `limit` s): during a burst, acknowledgements go out before answers,
    which can wait (the token lasts 15 minutes). Requests stop arriving well before the last of a
    burst's acknowledgements is sent (1,000 arrived within 0.6 s, the acknowledgements took 1.2 s):
    answers computed in between took the GIL from the loop sending the rest.

    Every held answer waits on one shared watch: a burst of 1,000 answers each polling on its own
    woke the event loop 20,000 times a second, on the very loop that sends the acknowledgements."""
    global _burst_watch
    loop = asyncio.get_running_loop()
    if _burst_watch is None or _burst_watch.done() or _burst_watch.get_loop() is not loop:
        _burst_watch = loop.create_task(_watch_burst(quiet, limit))
    await asyncio.shield(_burst_watch)  # one answer cancelled does not end the others' wait


async def _watch_burst(quiet: float, limit: float) -> None:
    started = time.monotonic()
    with collector.burst():  # fewer collections while the acknowledgements go out
        while (time.monotonic() - _last_arrival < quiet or awaiting_acknowledgement()) \
                and time.monotonic() - started < limit:
            await asyncio.sleep(quiet)


def awaiting_acknowledgement() -> bool:
    """Whether an interaction in flight has not had its first response yet."""
    return not all(acknowledged() for acknowledged in list(_unacked.values()))


def _consume(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()
