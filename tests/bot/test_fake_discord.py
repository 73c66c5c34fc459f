"""The fake Discord refuses what Discord refuses: each rule here is one the bot tests rely on."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P
from tests.fakediscord.rules import command_problems, message_problems

COMMAND = {"name": "fastest", "type": 1, "description": "The fastest cards for a model",
           "description_localizations": {"it": "Le schede più veloci", "fr": "Les cartes les plus rapides"},
           "options": [{"name": "model", "type": 3, "description": "Model name", "required": True}]}


def test_one_invalid_translation_fails_the_whole_command_set() -> None:
    assert command_problems([COMMAND]) == []
    too_long = dict(COMMAND, description_localizations={"it": "x" * 101, "fr": "ok"})
    assert command_problems([too_long])
    bad_locale = dict(COMMAND, description_localizations={"en": "English"})  # no bare "en" on Discord
    assert command_problems([bad_locale])
    upper_name = dict(COMMAND, name_localizations={"de": "Schnellste"})
    assert command_problems([upper_name])


def test_command_schema_rules() -> None:
    assert command_problems([dict(COMMAND, description="")])  # 1–100 characters
    assert command_problems([dict(COMMAND, name="Fastest")])
    optional_first = [{"name": "a", "type": 3, "description": "a"},
                      {"name": "b", "type": 3, "description": "b", "required": True}]
    assert command_problems([dict(COMMAND, options=optional_first)])
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    assert command_problems([dict(COMMAND, options=[dict(COMMAND["options"][0], choices=choices)])])
    assert command_problems([COMMAND, COMMAND])  # duplicate names
    assert command_problems([dict(COMMAND, integration_types=[0, 2])])


def test_message_limits() -> None:
    assert message_problems({"content": "x" * 2000}) == []
    assert message_problems({"content": "x" * 2001})
    assert message_problems({"embeds": [{"description": "x" * 4097}]})
    assert message_problems({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]})  # 6,000 in all
    assert message_problems({"embeds": [{"title": "t"}] * 11})
    assert message_problems({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]})
    button = {"type": 2, "style": 2, "label": "Next", "custom_id": "x" * 101}
    assert message_problems({"content": "a", "components": [{"type": 1, "components": [button]}]})
    assert message_problems({})  # empty


NO_PINGS = {"allowed_mentions": {"parse": []}}  # the fake fixture checks every message allows no pings


async def _post(fake: FakeDiscord, path: str, body: Any, method: str = "POST") -> tuple[int, Any]:
    if "callback" not in path:
        body = {**body, **NO_PINGS}
    async with aiohttp.ClientSession() as http:
        async with http.request(method, fake.api_base + path, json=body) as resp:
            return resp.status, (await resp.json(content_type=None) if resp.status != 204 else None)


@pytest.mark.invalid_requests
async def test_interaction_deadline_and_single_acknowledgement(fake: FakeDiscord) -> None:
    now = [100.0]
    fake.clock = lambda: now[0]
    late = fake.register_interaction(P.interaction(2, P.command_data("help"), user_id=1)).payload
    now[0] += 3.5
    status, body = await _post(fake, f"/interactions/{late['id']}/{late['token']}/callback", {"type": 5})
    assert (status, body["code"]) == (404, 10062)
    ok = fake.register_interaction(P.interaction(2, P.command_data("help"), user_id=1)).payload
    status, _ = await _post(fake, f"/interactions/{ok['id']}/{ok['token']}/callback", {"type": 5})
    assert status == 200
    status, body = await _post(fake, f"/interactions/{ok['id']}/{ok['token']}/callback", {"type": 5})
    assert (status, body["code"]) == (400, 40060)
    now[0] += 16 * 60  # the token lasts 15 minutes
    status, body = await _post(fake, f"/webhooks/{P.APP_ID}/{ok['token']}", {"content": "late"})
    assert status == 401 and body["code"] == 50027


async def test_first_followup_after_a_public_defer_is_public(fake: FakeDiscord) -> None:
    p = fake.register_interaction(P.interaction(2, P.command_data("fastest"), user_id=1)).payload
    await _post(fake, f"/interactions/{p['id']}/{p['token']}/callback", {"type": 5})
    status, msg = await _post(fake, f"/webhooks/{P.APP_ID}/{p['token']}", {"content": "oops", "flags": 64})
    assert status == 200 and msg["id"] == fake.originals[p["token"]]  # it edited "thinking…"
    assert [m["content"] for m in fake.visible_to_everyone(p["token"])] == ["oops"]  # flag 64 ignored


async def test_channel_permissions_are_enforced(fake: FakeDiscord) -> None:
    await fake.deny(P.CHANNEL_ID, P.EMBED_LINKS)
    status, body = await _post(fake, f"/channels/{P.CHANNEL_ID}/messages", {"embeds": [{"title": "x"}]})
    assert (status, body["code"]) == (403, 50013)
    status, _ = await _post(fake, f"/channels/{P.CHANNEL_ID}/messages", {"content": "x"})
    assert status == 200
    await fake.deny(P.CHANNEL_ID, P.SEND_MESSAGES_IN_THREADS)
    status, _ = await _post(fake, f"/channels/{P.THREAD_ID}/messages", {"content": "x"})
    assert status == 403  # threads follow their parent's overwrites
    assert fake.invalid_requests == 2
    fake.invalid_requests = 0  # counted on purpose here


async def test_rate_limited_route_answers_429_with_headers(fake: FakeDiscord) -> None:
    fake.limit_route("POST /channels/{}/messages", every=2, retry_after=0.25)
    async with aiohttp.ClientSession() as http:
        url = f"{fake.api_base}/channels/{P.CHANNEL_ID}/messages"
        async with http.post(url, json={"content": "1", **NO_PINGS}) as first:
            assert first.status == 200 and first.headers["X-RateLimit-Bucket"]
        async with http.post(url, json={"content": "2", **NO_PINGS}) as second:
            assert second.status == 429
            assert (await second.json())["retry_after"] == 0.25
            assert second.headers["X-RateLimit-Remaining"] == "0" and second.headers["X-RateLimit-Scope"] == "shared"


def test_message_content_is_blank_without_the_intent() -> None:
    fake = FakeDiscord()
    from tests.fakediscord.server import App, Session

    session = Session("s", (0, 1), 1 << 9, App(P.APP_ID, fake.bot_user))
    chat = P.message(P.CHANNEL_ID, P.user(5), {"content": "hello"}, guild_id=P.GUILD_ID)
    assert fake._without_content(session, chat)["content"] == ""
    mention = P.message(P.CHANNEL_ID, P.user(5), {"content": "<@1> hi", "mentions": [fake.bot_user]},
                        guild_id=P.GUILD_ID)
    assert fake._without_content(session, mention)["content"] == "<@1> hi"
    dm = P.message(P.DM_CHANNEL_ID, P.user(5), {"content": "hi"})
    assert fake._without_content(session, dm)["content"] == "hi"
    session.intents |= 1 << 15
    assert fake._without_content(session, chat)["content"] == "hello"


def test_guild_events_go_to_the_guilds_shard() -> None:
    fake = FakeDiscord()
    assert {fake._shard_of(P.GUILD_ID, 2), fake._shard_of(P.GUILD2_ID, 2)} == {0, 1}
    assert fake._shard_of(None, 2) == 0  # DMs: shard 0


async def test_user_install_needs_the_declared_install_type(fake: FakeDiscord) -> None:
    fake.primary.commands = [dict(COMMAND, integration_types=[0], contexts=[0])]
    with pytest.raises(AssertionError, match="install"):
        fake.register_interaction(P.interaction(2, P.command_data("fastest"), user_id=1, user_install=True,
                                                in_guild=False))
    fake.primary.commands = [dict(COMMAND, integration_types=[0, 1], contexts=[0, 1, 2])]
    fake.register_interaction(P.interaction(2, P.command_data("fastest"), user_id=1, user_install=True, in_guild=False))
    await asyncio.sleep(0)
