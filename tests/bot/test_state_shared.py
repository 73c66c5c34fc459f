"""One PostgreSQL state for shards in several processes: what one process saves, the others use
at once (LISTEN/NOTIFY), also after their notification connection was cut."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg

from bot.state.base import Snapshot
from bot.state.open import open_store
from bot.state.values import GuildSettings, to_row
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

USER = 1_200_000_000_000_000_951

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


async def test_a_burst_of_new_users_reaches_the_other_process_whole(pg_url: str) -> None:
    """1,000 languages in one commit: their notification is cut under PostgreSQL's 8,000-byte limit."""
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        ids = [1_250_000_000_000_000_000 + i for i in range(1000)]
        waiters = [a.note_locale(uid, "fr") for uid in ids]
        assert [await w for w in waiters if w is not None] == [None] * 1000
        await until(lambda: all(b.user_locale(uid) == "fr" for uid in ids))
    finally:
        await a.close()
        await b.close()


async def test_a_restore_reaches_running_processes(pg_url: str) -> None:
    a, b = await open_store(pg_url), await open_store(pg_url)
    try:
        await a.update_guild(14, locale="de")
        await until(lambda: b.guild(14).locale == "de")
        await a.replace_all(Snapshot(2, [to_row(15, GuildSettings(locale="fr"))], [(7, "fr")], []))
        await until(lambda: b.guild(15).locale == "fr" and b.guild(14).locale is None and b.user_locale(7) == "fr")
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


async def test_two_bots_on_different_shards_share_a_servers_settings_at_once(
        fake: FakeDiscord, engine: Any, tmp_path: Path, pg_url: str) -> None:
    """Shard groups in two processes (here two clients, each with its own state connection): the
    language an admin sets through one is what the other answers with, without a restart — as
    when the server's shard moves to the other group after a change of shard count."""
    fake.shards = 2
    home = fake._shard_of(P.GUILD_ID, 2)  # noqa: SLF001 - which shard the fake routes the server to
    settings = [make_settings(fake, tmp_path / str(i), shard_count=2, shard_ids=[i], database_url=pg_url)
                for i in (home, 1 - home)]
    async with RunningBot(settings[0], engine) as first, RunningBot(settings[1], engine) as second:
        sub = {"name": "language", "type": 1, "options": [P.option("language", "it")]}
        payload = P.interaction(2, P.command_data("settings", [sub]), user_id=USER, locale="it",
                                permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
        await fake.dispatch("INTERACTION_CREATE", payload)  # reaches the first bot only
        assert (await fake.wait_for(fake.callback_for(payload), timeout=10)).status == 200
        assert first.client.store.guild(P.GUILD_ID).locale == "it"  # type: ignore[union-attr]
        other: Any = second.client
        await until(lambda: other.store.guild(P.GUILD_ID).locale == "it")
        show = {"name": "show", "type": 1, "options": []}
        payload = P.interaction(2, P.command_data("settings", [show]), user_id=USER + 1, locale="en-US",
                                permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
        await fake.dispatch("INTERACTION_CREATE", payload, shard=1 - home)  # the second bot answers
        rec = await fake.wait_for(fake.callback_for(payload), timeout=10)
        assert rec.status == 200 and rec.json["data"]["content"].split("\n")[0].endswith(" it"), rec.json
