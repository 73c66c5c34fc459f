"""What real servers do to a bot, end to end against the strict fake: locked-down channels, threads
and forums, system messages, two applications, shard settings, user installs, malformed gateway
frames, bursts and shutdown. Each test failed before the matching fix in bot/."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pytest

from bot.errors import GENERIC
from bot.i18n import t
from bot.state.store import Store
from tests.fakediscord import FakeDiscord, Recorded
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

USER = 1_200_000_000_000_000_501
QUESTION = "can llama 3.1 8b run on 12 GB?"  # a language model: the fastest 12 GB card by name
FASTEST = "what is the fastest GPU for GLM-4.5V?"


def mention(text: str, bot_id: int = P.BOT_ID) -> str:
    return f"<@{bot_id}> {text}"


def posts(fake: FakeDiscord, channel_id: int) -> list[Recorded]:
    return [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


async def reply_in(fake: FakeDiscord, channel_id: int) -> Recorded:
    return await fake.wait_for(lambda r: r.method == "POST" and r.path == f"/channels/{channel_id}/messages")


async def ask_mention(fake: FakeDiscord, text: str = QUESTION, channel_id: int = P.CHANNEL_ID,
                      **kw: Any) -> dict[str, Any]:
    return await fake.send_message(mention(text), author_id=USER, mentions=[fake.bot_user], channel_id=channel_id, **kw)


async def settle(seconds: float = 0.3) -> None:
    await asyncio.sleep(seconds)


# -- 1. channel permissions ----------------------------------------------------------------------


async def test_no_send_permission_means_no_request_and_a_warning(
    fake: FakeDiscord, running: RunningBot, caplog: pytest.LogCaptureFixture
) -> None:
    await fake.deny(P.CHANNEL_ID, P.SEND_MESSAGES)
    with caplog.at_level(logging.WARNING):
        await ask_mention(fake)
        await settle()
    assert posts(fake, P.CHANNEL_ID) == []  # not even an error reply: each 403 counts toward a ban
    assert any("Send Messages" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


async def test_no_embed_links_answers_in_text(fake: FakeDiscord, running: RunningBot) -> None:
    await fake.deny(P.CHANNEL_ID, P.EMBED_LINKS)
    await ask_mention(fake)
    rec = await reply_in(fake, P.CHANNEL_ID)
    assert rec.status == 200 and not rec.json.get("embeds")
    assert "GeForce RTX 3080 Ti" in rec.json["content"]


async def test_no_attach_files_sends_no_chart(fake: FakeDiscord, running: RunningBot) -> None:
    await fake.deny(P.CHANNEL_ID, P.ATTACH_FILES)
    await ask_mention(fake, FASTEST)
    rec = await reply_in(fake, P.CHANNEL_ID)
    assert rec.status == 200 and rec.files == []
    assert "B200" in rec.json["embeds"][0]["description"] and "image" not in rec.json["embeds"][0]


async def test_no_read_history_answers_without_the_reply_link(fake: FakeDiscord, running: RunningBot) -> None:
    await fake.deny(P.CHANNEL_ID, P.READ_MESSAGE_HISTORY)
    await ask_mention(fake)
    rec = await reply_in(fake, P.CHANNEL_ID)
    assert rec.status == 200 and "message_reference" not in rec.json


async def test_thread_without_send_in_threads_stays_silent(fake: FakeDiscord, running: RunningBot) -> None:
    await fake.deny(P.CHANNEL_ID, P.SEND_MESSAGES_IN_THREADS)
    await ask_mention(fake, channel_id=P.THREAD_ID)
    await settle()
    assert posts(fake, P.THREAD_ID) == []


# -- 2. threads and forums; 3. system messages --------------------------------------------------


async def _channels_bot(fake: FakeDiscord, engine: Any, tmp_path: Path, *opted: int) -> RunningBot:
    bot = RunningBot(make_settings(fake, tmp_path, plain_mode="channels"), engine)
    await bot.__aenter__()
    await bot.client.store.update_guild(P.GUILD_ID, plain_enabled=True, plain_channels=frozenset(opted))  # type: ignore[union-attr]
    return bot


async def test_opted_in_channel_covers_its_threads_and_forum_posts(fake: FakeDiscord, engine: Any,
                                                                   tmp_path: Path) -> None:
    bot = await _channels_bot(fake, engine, tmp_path, P.CHANNEL_ID, P.FORUM_ID)
    try:
        await fake.send_message(FASTEST, author_id=USER, channel_id=P.THREAD_ID)
        assert "B200" in (await reply_in(fake, P.THREAD_ID)).json["embeds"][0]["description"]
        await fake.send_message(FASTEST, author_id=USER + 1, channel_id=P.FORUM_POST_ID)
        assert "B200" in (await reply_in(fake, P.FORUM_POST_ID)).json["embeds"][0]["description"]
    finally:
        await bot.stop()


async def test_channel_picker_offers_only_usable_channel_types(fake: FakeDiscord, running: RunningBot) -> None:
    settings = next(c for c in fake.commands if c["name"] == "settings")
    plain = next(o for o in settings["options"] if o["name"] == "plain")
    channel = next(o for o in plain["options"] if o["name"] == "channel")
    assert set(channel["channel_types"]) == {0, 5, 15}  # text, announcement, forum; no category/voice


async def test_system_messages_are_ignored(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    bot = await _channels_bot(fake, engine, tmp_path, P.CHANNEL_ID)
    try:
        # "thread created": Discord puts the thread's name in the content
        await fake.send_message(FASTEST, author_id=USER, mtype=P.THREAD_CREATED)
        await fake.send_message(mention(QUESTION), author_id=USER + 1, mtype=P.MEMBER_JOIN, mentions=[fake.bot_user])
        await settle()
        assert posts(fake, P.CHANNEL_ID) == []
    finally:
        await bot.stop()


# -- 4. command sync per application ------------------------------------------------------------


async def test_switching_application_registers_its_commands(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path)
    async with RunningBot(settings, engine) as first:
        await first.stop()
    assert fake.primary.commands
    other = fake.add_application("other-token", P.APP2_ID, P.BOT2_ID)
    async with RunningBot(make_settings(fake, tmp_path, token="other-token"), engine) as second:
        await second.stop()
    assert {c["name"] for c in other.commands} == {c["name"] for c in fake.primary.commands}


# -- 5. shards ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ids", [None, [0, 1]])
async def test_shard_count_runs_every_shard(fake: FakeDiscord, engine: Any, tmp_path: Path,
                                            ids: list[int] | None) -> None:
    fake.shards = 2
    fake.guilds.append(P.guild(fake.bot_user, P.GUILD2_ID))
    async with RunningBot(make_settings(fake, tmp_path, shard_count=2, shard_ids=ids), engine) as bot:
        shards = sorted(op["d"]["shard"] for op in fake.gateway_ops if op["op"] == 2)
        assert shards == [[0, 2], [1, 2]]
        assert {g.id for g in bot.client.guilds} == {P.GUILD_ID, P.GUILD2_ID}  # type: ignore[union-attr]
        for gid, cid in ((P.GUILD_ID, P.CHANNEL_ID), (P.GUILD2_ID, P.CHANNEL2_ID)):
            await ask_mention(fake, channel_id=cid, guild_id=gid)
            assert (await reply_in(fake, cid)).status == 200


async def test_one_shard_of_two(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    fake.shards = 2
    fake.guilds.append(P.guild(fake.bot_user, P.GUILD2_ID))
    async with RunningBot(make_settings(fake, tmp_path, shard_count=2, shard_ids=[1]), engine) as bot:
        assert [op["d"]["shard"] for op in fake.gateway_ops if op["op"] == 2] == [[1, 2]]
        mine = [g for g in (P.GUILD_ID, P.GUILD2_ID) if (g >> 22) % 2 == 1]  # Discord's routing rule
        assert [g.id for g in bot.client.guilds] == mine  # type: ignore[union-attr]


# -- 6. errors after a public defer ---------------------------------------------------------------


@pytest.mark.allow_errors
async def test_error_after_a_public_defer_stays_private(
    fake: FakeDiscord, running: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot import chart

    def broken(answer: Any) -> bytes:
        raise RuntimeError("chart exploded")

    monkeypatch.setattr(chart, "render", broken)
    payload = P.interaction(2, P.command_data("fastest", [P.option("model", "GLM-4.5V")]), user_id=USER)
    first = await fake.send_interaction(payload)
    assert first.json["type"] == 5
    await fake.wait_for(lambda r: payload["token"] in r.path and r.method == "POST" and r.path.startswith("/webhooks/"))
    await settle(0.1)
    public = fake.visible_to_everyone(payload["token"])
    assert not any(t("en", GENERIC) in (m.get("content") or "") for m in public)
    private = [r for r in fake.requests if r.path.startswith("/webhooks/") and r.method == "POST" and r.status == 200
               and (r.response.get("flags") or 0) & 64]
    assert private and private[0].response["content"] == t("en", GENERIC)


# -- 7. user installs -------------------------------------------------------------------------------


async def test_commands_declare_install_types_and_contexts(fake: FakeDiscord, running: RunningBot) -> None:
    by_name = {c["name"]: c for c in fake.commands}
    assert sorted(by_name["fit"]["integration_types"]) == [0, 1]
    assert sorted(by_name["fit"]["contexts"]) == [0, 1, 2]
    assert by_name["settings"]["integration_types"] == [0] and by_name["settings"]["contexts"] == [0]


async def test_user_installed_command_in_a_server_without_the_bot(fake: FakeDiscord, running: RunningBot) -> None:
    data = P.command_data("fit", [P.option("model", "Llama 3.1 8B"), P.option("memory-or-card", "12 GB")])
    payload = P.interaction(2, data, user_id=USER, guild_id=P.GUILD2_ID, user_install=True)  # guild not cached
    rec = await fake.send_interaction(payload)
    assert rec.status == 200 and rec.json["type"] in (4, 5)
    if rec.json["type"] == 5:
        rec = await fake.wait_for(lambda r: payload["token"] in r.path and r.path.startswith("/webhooks/"))
    body = rec.json["data"] if rec.json.get("type") == 4 else rec.json
    assert "GeForce RTX 3080 Ti" in body["embeds"][0]["description"]
    dm = P.interaction(2, data, user_id=USER + 1, in_guild=False, user_install=True)  # a DM between friends
    assert (await fake.send_interaction(dm)).status == 200


# -- 8. malformed data ------------------------------------------------------------------------------

MALFORMED: list[str | bytes] = [
    "not json at all", "[1, 2, 3]", "null", '"text"', b"\x78\x9c garbage zlib", b"",
    json.dumps({"op": 0, "t": "MESSAGE_CREATE", "s": None, "d": {"id": "1", "channel_id": str(P.CHANNEL_ID)}}),
    json.dumps({"op": 0, "t": "MESSAGE_CREATE", "s": None,
                "d": P.message(P.CHANNEL_ID, dict(P.user(5), id="abc"), {"content": "x"}, guild_id=P.GUILD_ID)}),
    json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": None,
                "d": {k: v for k, v in P.interaction(2, P.command_data("help"), user_id=5).items() if k != "token"}}),
    json.dumps({"op": 0, "t": "GUILD_CREATE", "s": None, "d": {"id": "abc"}}),
    json.dumps({"op": 0, "t": "CHANNEL_UPDATE", "s": None, "d": {}}),
    json.dumps({"op": 0, "t": "MESSAGE_CREATE", "s": None, "d": None}),
    json.dumps({"op": 0, "t": "INTERACTION_CREATE", "s": None, "d": {"type": 2}}),
    json.dumps({"op": "x"}), json.dumps({"no": "op"}),
    zlib.compress(b"[]"),
]


async def test_malformed_gateway_frames_are_dropped(fake: FakeDiscord, running: RunningBot) -> None:
    for frame in MALFORMED:
        await fake.send_raw(frame)
    await settle(0.2)
    assert running.task is not None and not running.task.done()
    await ask_mention(fake)
    assert (await reply_in(fake, P.CHANNEL_ID)).status == 200
    assert len([op for op in fake.gateway_ops if op["op"] == 2]) == 1  # the same connection, no new IDENTIFY


async def test_state_row_with_invalid_json_is_repaired(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "state.db"
    store = await Store.open(path)
    await store.update_guild(7, locale="fr", plain_enabled=True, plain_channels=frozenset({3}))
    await store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE guild_settings SET plain_channels = '{oops' WHERE guild_id = 7")
    with caplog.at_level(logging.WARNING):
        store = await asyncio.wait_for(Store.open(path), 5)  # used to hang forever
    try:
        assert store.guild(7).locale == "fr" and store.guild(7).plain_channels == frozenset()
        assert any("plain_channels" in r.getMessage() for r in caplog.records)
    finally:
        await store.close()


# -- 9. bursts and shutdown ---------------------------------------------------------------------------


def fit(user: int) -> dict[str, Any]:
    data = P.command_data("fit", [P.option("model", "GLIDE"), P.option("memory-or-card", "12 GB")])
    return P.interaction(2, data, user_id=user)


async def test_burst_of_100_is_acknowledged_in_time(fake: FakeDiscord, running: RunningBot) -> None:
    payloads = [fit(USER + i) for i in range(100)]
    sent: dict[str, float] = {}
    for p in payloads:
        sent[p["id"]] = asyncio.get_running_loop().time()
        await fake.dispatch("INTERACTION_CREATE", p)
    acks = await asyncio.gather(*(fake.wait_for(fake.callback_for(p), timeout=30) for p in payloads))
    assert all(a.status == 200 for a in acks)  # none past the 3 s deadline
    for p in payloads:  # and every one got its answer
        await fake.wait_for(lambda r, p=p: p["token"] in r.path and r.path.startswith("/webhooks/") or
                            (fake.callback_for(p)(r) and r.json["type"] == 4), timeout=30)


async def test_sigterm_with_queued_work_answers_or_refuses_each(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    bot = RunningBot(make_settings(fake, tmp_path), engine)
    await bot.__aenter__()
    payloads = [fit(USER + i) for i in range(150)]
    for p in payloads[:100]:
        await fake.dispatch("INTERACTION_CREATE", p)
    os.kill(os.getpid(), signal.SIGTERM)
    for p in payloads[100:]:  # still arriving while the bot drains
        await fake.dispatch("INTERACTION_CREATE", p)
    assert await asyncio.wait_for(bot.task, 30) == 0  # type: ignore[arg-type]
    for p in payloads:
        acks = [r for r in fake.requests if fake.callback_for(p)(r)]
        assert acks and acks[0].status == 200, p["id"]
        if acks[0].json["type"] == 5:  # deferred: the answer (or a polite refusal) followed
            assert any(p["token"] in r.path and r.status == 200
                       for r in fake.requests if r.path.startswith("/webhooks/"))


# -- 11. smaller ------------------------------------------------------------------------------------


async def test_long_settings_summary_fits_one_message(fake: FakeDiscord, running: RunningBot) -> None:
    many = frozenset(P.CHANNEL_ID + 1000 + i for i in range(150))
    await running.client.store.update_guild(P.GUILD_ID, plain_channels=many)  # type: ignore[union-attr]
    sub = {"name": "show", "type": 1, "options": []}
    payload = P.interaction(2, P.command_data("settings", [sub]), user_id=USER,
                            permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
    rec = await fake.send_interaction(payload)
    assert rec.status == 200 and len(rec.json["data"]["content"]) <= 2000


async def test_reply_that_pings_the_bot_is_a_question(fake: FakeDiscord, running: RunningBot) -> None:
    ours = P.message(P.CHANNEL_ID, fake.bot_user, {"content": "earlier answer"}, guild_id=P.GUILD_ID)
    fake.messages[ours["id"]] = ours
    await fake.send_message(QUESTION, author_id=USER, mentions=[fake.bot_user], referenced=ours)
    assert (await reply_in(fake, P.CHANNEL_ID)).status == 200


async def test_message_from_an_uncached_server_is_not_a_dm(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    async with RunningBot(make_settings(fake, tmp_path, plain_mode="channels"), engine):
        # GUILD2 is not in this bot's cache (an outage, or a late GUILD_CREATE): chat there is not for us
        await fake.send_message(QUESTION, author_id=USER, guild_id=P.GUILD2_ID)
        await settle()
        assert posts(fake, P.CHANNEL2_ID) == []


def test_shutdown_task_is_kept() -> None:
    from bot.cli import run as runner

    class Closing:
        async def close(self) -> None:
            await asyncio.sleep(0)

    async def main() -> None:
        runner._close(Closing(), signal.SIGTERM)  # type: ignore[arg-type]
        assert runner._background, "the close task must be referenced until it ends"
        await asyncio.gather(*runner._background)

    asyncio.run(main())
