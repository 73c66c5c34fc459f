"""Privacy and the owner's controls in the state, against both backends, on a controlled clock:
a server's data is deleted a set time after it removed the bot (rejoining cancels it), unused
languages expire, a user's erase reaches every process, usage counts add up across processes, and
the blocklist is followed by a running process."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import asyncpg

from bot.state.control import DAY
from bot.state.open import open_store

T0 = 1_800_000_000.0  # a fixed wall-clock time (2027-01-15), far from any real "now"
USER_A, USER_B, USER_OLD = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002, 1_300_000_000_000_000_003
WAIT = 10.0  # only keeps a broken test from hanging: a SQLite file is looked at every second


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now

    def days(self, n: float) -> None:
        self.now = T0 + n * DAY


async def until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), WAIT)


async def rows(target: str | Path, sql: str) -> list[tuple[object, ...]]:
    """What another process reads now."""
    if isinstance(target, Path):
        with contextlib.closing(sqlite3.connect(target)) as db:
            return [tuple(r) for r in db.execute(sql).fetchall()]
    conn = await asyncpg.connect(target)
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


async def test_a_server_that_left_is_deleted_after_the_retention_time_and_rejoining_cancels(
        state_target: str | Path) -> None:
    clock = Clock()
    store = await open_store(state_target)
    store.clock = clock
    try:
        for gid, lang in ((1, "de"), (2, "fr"), (3, "it")):
            await store.update_guild(gid, locale=lang)
            store.count_request(gid, "speed", "answered")
        await store.flush_counts()
        await store.guild_left(1)
        await store.guild_left(2)
        clock.days(1)
        await store.guild_back(2)  # added back the next day: kept
        clock.days(29.9)
        assert await store.sweep(30, 180) == {"servers": 0, "user_languages": 0}  # not yet
        assert store.guild(1).locale == "de"
        clock.days(30.01)
        assert await store.sweep(30, 180) == {"servers": 1, "user_languages": 0}
        assert store.guild(1).locale is None and store.guild(2).locale == "fr" and store.guild(3).locale == "it"
    finally:
        await store.close()
    assert await rows(state_target, "SELECT guild_id FROM guild_settings ORDER BY guild_id") == [(2,), (3,)]
    assert await rows(state_target, "SELECT DISTINCT guild_id FROM request_counts ORDER BY guild_id") == [(2,), (3,)]
    assert await rows(state_target, "SELECT guild_id FROM guild_left") == []


async def test_a_departure_noted_by_one_process_is_cancelled_by_a_rejoin_after_a_restart(
        state_target: str | Path) -> None:
    """A server that added the bot back while it was offline shows up at the next start: the record
    of its departure is read at start, so the rejoin cancels it."""
    clock = Clock()
    first = await open_store(state_target)
    first.clock = clock
    await first.update_guild(5, locale="es")
    await first.guild_left(5)
    await first.close()
    second = await open_store(state_target)
    second.clock = clock
    try:
        await second.guild_back(5)
        clock.days(400)
        assert (await second.sweep(30, 180))["servers"] == 0 and second.guild(5).locale == "es"
    finally:
        await second.close()


async def test_unused_languages_expire_and_used_ones_stay(state_target: str | Path) -> None:
    clock = Clock()
    store = await open_store(state_target)
    store.clock = clock
    try:
        assert await store.keep_locale(USER_A, "fr") and await store.keep_locale(USER_B, "de")
        assert store.note_locale(USER_B, "de") is None  # the same day: no second write
        clock.days(100)
        assert await store.keep_locale(USER_B, "de")  # used again on day 100: its clock restarts
        clock.days(180.2)
        assert (await store.sweep(30, 180))["user_languages"] == 0  # a day's grace: days are whole
        clock.days(181.7)
        assert await store.sweep(30, 180) == {"servers": 0, "user_languages": 1}
        assert store.user_locale(USER_A) is None and store.user_locale(USER_B) == "de"
    finally:
        await store.close()
    assert await rows(state_target, "SELECT user_id FROM user_locale") == [(USER_B,)]


async def test_languages_kept_before_the_expiry_existed_get_a_full_period(state_target: str | Path) -> None:
    clock = Clock()
    store = await open_store(state_target)
    store.clock = clock
    try:
        await store.remember_locale(USER_OLD, "pt-BR")
    finally:
        await store.close()
    if isinstance(state_target, Path):  # as a release before this one left it: a language, no day
        with contextlib.closing(sqlite3.connect(state_target)) as db, db:
            db.execute("DELETE FROM user_seen")
    else:
        conn = await asyncpg.connect(state_target)
        await conn.execute("DELETE FROM user_seen")
        await conn.close()
    store = await open_store(state_target)
    store.clock = clock
    try:
        clock.days(1000)
        assert (await store.sweep(30, 180))["user_languages"] == 0  # dated now, not deleted
        clock.days(1181)
        assert (await store.sweep(30, 180))["user_languages"] == 1
    finally:
        await store.close()


async def test_an_erase_is_not_undone_by_a_pending_write(state_target: str | Path) -> None:
    store = await open_store(state_target)
    try:
        await store.remember_locale(USER_A, "it")
        store.flush_gather = 5.0  # the next group commit waits: the language is pending, not written
        store.note_locale(USER_A, "fr")
        await store.forget_user(USER_A)
        store.flush_gather = 0.0
        await store.save_locales()
        assert store.user_locale(USER_A) is None
    finally:
        await store.close()
    assert await rows(state_target, f"SELECT locale FROM user_locale WHERE user_id = {USER_A}") == []
    assert await rows(state_target, f"SELECT day FROM user_seen WHERE user_id = {USER_A}") == []


async def test_an_erase_reaches_the_other_process(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        await a.remember_locale(USER_B, "es")
        await until(lambda: b.user_locale(USER_B) == "es")
        await a.forget_user(USER_B)
        await until(lambda: b.user_locale(USER_B) is None)
    finally:
        await a.close()
        await b.close()


async def test_usage_counts_add_up_across_processes(state_target: str | Path) -> None:
    clock = Clock()
    a, b = await open_store(state_target), await open_store(state_target)
    a.clock = b.clock = clock
    try:
        for _ in range(3):
            a.count_request(7, "speed", "answered")
        b.count_request(7, "speed", "unexpected")  # an error on our side
        b.count_request(None, "can_run", "cooldown")  # a direct message; a cooldown is not an error
        await a.flush_counts()
        await b.flush_counts()
        await a.flush_counts()  # nothing new: nothing counted twice
        stats = await a.stats(30)
        clock.days(31)
        assert await a.stats(30) == []  # older than the window asked for
    finally:
        await a.close()
        await b.close()
    assert stats == [{"guild_id": "7", "intent": "speed", "requests": 4, "errors": 1},
                     {"guild_id": None, "intent": "can_run", "requests": 1, "errors": 0}]


async def test_the_blocklist_reaches_a_running_process(state_target: str | Path) -> None:
    bot, admin = await open_store(state_target), await open_store(state_target, listen=False)
    try:
        await admin.block("user", USER_A, "spam")
        await admin.block("guild", 77)
        await until(lambda: bot.is_blocked(USER_A, None) and bot.is_blocked(USER_B, 77))
        assert not bot.is_blocked(USER_B, 78)
        assert [(e["kind"], e["id"], e["reason"]) for e in await admin.blocklist()] == [
            ("guild", "77", ""), ("user", str(USER_A), "spam")]
        assert await admin.unblock("user", USER_A) and not await admin.unblock("user", USER_A)
        await until(lambda: not bot.is_blocked(USER_A, None))
        assert bot.is_blocked(USER_B, 77)
    finally:
        await bot.close()
        await admin.close()


async def test_a_backup_brings_back_the_blocklist_pending_deletions_and_language_ages(
        state_target: str | Path, tmp_path: Path) -> None:
    from bot.state import copy

    clock = Clock()
    store = await open_store(state_target, listen=False)
    store.clock = clock
    try:
        await store.block("user", USER_A, "spam")
        await store.update_guild(9, locale="pt")
        await store.guild_left(9)
        await store.remember_locale(USER_B, "es")
        await copy.backup(state_target, tmp_path / "backup.db")
        await store.unblock("user", USER_A)
        await store.guild_back(9)
    finally:
        await store.close()
    await copy.restore(state_target, tmp_path / "backup.db")
    store = await open_store(state_target, listen=False)
    store.clock = clock
    try:
        assert store.is_blocked(USER_A, None)
        clock.days(181.7)  # both the departure and the language's last use are as they were backed up
        assert await store.sweep(30, 180) == {"servers": 1, "user_languages": 1}
    finally:
        await store.close()


async def test_the_sweep_keeps_a_server_the_bot_is_in_and_writes_counts_every_minute(tmp_path: Path) -> None:
    """The bot's periodic chores (bot/ops/upkeep.py) on a controlled clock: counts written each minute, the
    sweep an hour apart, and a server the bot is in kept though its return could not be noted."""
    from types import SimpleNamespace

    from bot.ops import upkeep

    clock = Clock()
    store = await open_store(tmp_path / "state.db")
    store.clock = clock
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += seconds

    try:
        for gid in (1, 2):
            await store.update_guild(gid, locale="de")
            await store.guild_left(gid)
        store.count_request(3, "speed", "answered")  # a server that stays
        settings = SimpleNamespace(guild_retention_days=0, user_language_days=180)
        await upkeep.run(store, settings, lambda: {2}, sleep=sleep, rounds=1)
        assert slept == [upkeep.COUNTS_EVERY] and (await store.stats(1))[0]["requests"] == 1
        assert store.guild(1).locale is None and store.guild(2).locale == "de"  # 2 is back: kept
        assert store._left == set()  # noqa: SLF001 - and no longer waits for deletion
    finally:
        await store.close()
