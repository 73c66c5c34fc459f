"""One PostgreSQL state for shards in several processes: what one process saves, the others use
at once (LISTEN/NOTIFY), also after their notification connection was cut."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import asyncpg

from bot.state.open import open_store

# Generous: a notification arrives in milliseconds; the bound only keeps a broken test from hanging.
WAIT = 10.0


async def until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), WAIT)


async def test_two_processes_see_each_others_settings_and_languages(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        await a.update_guild(11, locale="de", profile="measured")
        await until(lambda: b.guild(11).locale == "de")
        assert b.guild(11).profile == "measured"
        await b.update_guild(11, locale=None)  # "automatic" again, from the other shard
        await until(lambda: a.guild(11).locale is None)
        assert a.guild(11).profile == "measured"
        assert await a.keep_locale(500, "it")
        await until(lambda: b.user_locale(500) == "it")
    finally:
        await a.close()
        await b.close()


async def test_changes_made_while_the_notification_connection_was_down_are_read_back(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        listener: Any = b._listener  # noqa: SLF001 - the connection this test cuts
        pid = listener.get_server_pid()
        admin = await asyncpg.connect(pg_url)
        await admin.execute("SELECT pg_terminate_backend($1)", pid)
        await admin.close()
        await until(lambda: listener.is_closed())
        await a.update_guild(12, context=65536)  # its notification reaches no one in b
        await until(lambda: b.guild(12).context == 65536)  # b reconnects and re-reads everything
    finally:
        await a.close()
        await b.close()


async def test_a_change_of_the_same_server_from_two_processes_keeps_both(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        await asyncio.gather(*(s.update_guild(13, **kw) for s, kw in
                               ((a, {"locale": "fr"}), (b, {"min_quality": "Q8_0"}))))
        for s in (a, b):
            await until(lambda s=s: (s.guild(13).locale, s.guild(13).min_quality) == ("fr", "Q8_0"))
    finally:
        await a.close()
        await b.close()
