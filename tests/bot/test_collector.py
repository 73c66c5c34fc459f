"""In its own process (`tpsbot run`), the bot freezes what start-up loaded out of the garbage
collector's way (bot/ops/collector.py), so that collections during a burst do not walk it again."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.cli import run as runner
from bot.cli.run import serve
from bot.ops import collector, work
from bot.ops.metrics import Metrics
from tests.fakediscord import FakeDiscord

from .conftest import make_settings


@pytest.fixture
def collector_restored(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test process's collector as it was: frozen objects are never collected."""
    threshold = gc.get_threshold()
    monkeypatch.setattr(collector, "_settled", False)
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


async def _run_until_ready(fake: FakeDiscord, engine: Any, tmp_path: Path, **options: Any) -> dict[str, Any]:
    """Start the bot, wait until it is ready, close it. → what was true when the client was created."""
    seen: dict[str, Any] = {}

    def created(client: Any) -> None:
        seen.update(client=client, frozen=gc.get_freeze_count(), threshold=gc.get_threshold())

    task = asyncio.create_task(serve(make_settings(fake, tmp_path), engine=engine, on_created=created,
                                     guild_ready_timeout=0.05, **options))
    try:
        while "client" not in seen:
            assert not task.done(), task.result()
            await asyncio.sleep(0.01)
        ready = asyncio.ensure_future(seen["client"].wait_until_ready())
        await asyncio.wait({ready, task}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        assert ready.done(), "bot did not become ready"
    finally:
        if "client" in seen:
            await seen["client"].close()
        assert await asyncio.wait_for(task, 30) == 0
    return seen


async def test_the_bot_process_freezes_its_start_up(
        fake: FakeDiscord, engine: Any, tmp_path: Path, collector_restored: None) -> None:
    before = gc.get_freeze_count()
    seen = await _run_until_ready(fake, engine, tmp_path, own_process=True)
    assert seen["frozen"] > before  # the catalog and the rest of start-up
    assert seen["threshold"] == gc.get_threshold()  # young collections as often as ever, but in a burst


async def test_a_bot_inside_another_process_leaves_its_collector_alone(
        fake: FakeDiscord, engine: Any, tmp_path: Path, collector_restored: None) -> None:
    before, threshold = gc.get_freeze_count(), gc.get_threshold()
    seen = await _run_until_ready(fake, engine, tmp_path)
    assert seen["frozen"] == before and seen["threshold"] == threshold


class _Bot:
    def __init__(self) -> None:
        self.engine: Any = None
        self.metrics = Metrics()


async def test_a_catalog_swap_unfreezes_the_old_catalog_then_freezes_again(
        engine: Any, collector_restored: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "SETTLE_AFTER_SWAP", 0.0)
    collector.settle()
    assert gc.get_freeze_count() > 0
    bot = _Bot()
    runner._swap(bot, engine)
    assert bot.engine is engine
    assert gc.get_freeze_count() == 0  # the old catalog can be collected now
    for _ in range(3):
        await asyncio.sleep(0)
    assert gc.get_freeze_count() > 0  # settled again once the requests that used the old one are done


async def test_a_burst_collects_less_often_in_the_bot_process_only(collector_restored: None) -> None:
    young = gc.get_threshold()[0]
    with collector.burst():
        assert gc.get_threshold()[0] == young  # not the bot's own process: left alone
    collector.settle()
    with collector.burst():
        assert gc.get_threshold()[0] == collector.BURST_THRESHOLD
    assert gc.get_threshold()[0] == young  # the burst over: as often as before


async def test_held_answers_are_waited_for_with_fewer_collections(
        collector_restored: None, monkeypatch: pytest.MonkeyPatch) -> None:
    collector.settle()
    seen: list[int] = []
    real_sleep = asyncio.sleep

    async def looking(delay: float) -> None:
        seen.append(gc.get_threshold()[0])
        await real_sleep(0)

    monkeypatch.setattr(work, "_burst_watch", None)
    monkeypatch.setattr(work, "_last_arrival", time.monotonic() + 60)  # requests still arriving
    monkeypatch.setattr(asyncio, "sleep", looking)
    held = asyncio.ensure_future(work.burst_over(0.05, 60.0))
    while not seen:
        await real_sleep(0)
    work._last_arrival = 0.0  # the burst is over
    await asyncio.wait_for(held, 5)
    assert seen and set(seen) == {collector.BURST_THRESHOLD}
    assert gc.get_threshold()[0] != collector.BURST_THRESHOLD


async def test_a_catalog_swap_in_another_process_leaves_its_frozen_objects_frozen(
        engine: Any, collector_restored: None) -> None:
    gc.freeze()  # the embedding program's own choice
    frozen = gc.get_freeze_count()
    runner._swap(_Bot(), engine)
    assert gc.get_freeze_count() == frozen
