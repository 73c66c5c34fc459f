"""End to end: the real bot (bot.runner.serve) against the fake Discord in tests/fakediscord."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from answers.api import AskOptions
from bot.client import NO_MENTIONS
from bot.errors import GENERIC, NO_PERMISSION
from bot.i18n import t
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

USER = 1_200_000_000_000_000_001


def fit_command(user_id: int = USER, **kw: Any) -> dict[str, Any]:
    data = P.command_data("fit", [P.option("model", "Llama 3.1 8B"), P.option("memory-or-card", "12 GB")])
    return P.interaction(2, data, user_id=user_id, **kw)


def fastest_command(model: str = "glm-4.5v", locale: str = "it") -> dict[str, Any]:
    return P.interaction(2, P.command_data("fastest", [P.option("model", model)]), user_id=USER, locale=locale)


def mention(text: str) -> str:
    return f"<@{P.BOT_ID}> {text}"


async def bot_reply_to(fake: FakeDiscord, message: dict[str, Any]) -> Any:
    return await fake.wait_for(
        lambda r: r.method == "POST" and r.path == f"/channels/{message['channel_id']}/messages"
        and str((r.json.get("message_reference") or {}).get("message_id")) == message["id"]
    )


def first_embed(body: dict[str, Any]) -> dict[str, Any]:
    return body["embeds"][0]


@pytest.fixture
async def reference_running(fake: FakeDiscord, engine: Any, tmp_path: Path):  # noqa: ANN201
    """A bot whose host chose the reference profile (TPSBOT_DEFAULT_PROFILE=reference): the site's figures."""
    async with RunningBot(make_settings(fake, tmp_path, default_profile="reference"), engine) as bot:
        yield bot


async def test_a_mention_answers_with_the_default_measured_profile(fake: FakeDiscord, running: RunningBot) -> None:
    msg = await fake.send_message(mention("can GLIDE run on 12 GB?"), author_id=USER, mentions=[fake.bot_user])
    rec = await bot_reply_to(fake, msg)
    text = first_embed(rec.json)["description"]
    direct = running.engine.ask("can GLIDE run on 12 GB?", options=AskOptions(profile="measured"))
    assert direct.text.splitlines()[0] in text  # the measured answer's first line
    assert "reference site's page for GLIDE" in text  # a page model: the page's figure in one line


async def test_mention_question_gets_the_reference_answer(fake: FakeDiscord, reference_running: RunningBot) -> None:
    msg = await fake.send_message(mention("can GLIDE run on 12 GB?"), author_id=USER, mentions=[fake.bot_user])
    rec = await bot_reply_to(fake, msg)
    text = first_embed(rec.json)["description"]
    assert "GeForce RTX 3080 Ti" in text
    assert "Q8_0" in text
    assert "110" in text
    assert "comfortable" in text.lower()


async def test_fastest_in_italian_lists_b200_first(
    fake: FakeDiscord, reference_running: RunningBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = reference_running.engine
    seen: list[str] = []
    real_command = engine.command

    def spy(intent: str, locale: str, **kw: Any) -> Any:
        seen.append(locale)
        return real_command(intent, locale, **kw)

    monkeypatch.setattr(engine, "command", spy)
    payload = fastest_command("glm-4.5v", "it")
    first = await fake.send_interaction(payload)
    assert first.json["type"] == 5  # deferred: the chart takes a moment
    edit = await fake.wait_for(lambda r: r.method == "PATCH" and "/messages/@original" in r.path
                               and payload["token"] in r.path)
    assert seen == ["it"]  # the user's Discord language reached the engine
    description = first_embed(edit.json)["description"]
    rows = [line for line in description.splitlines() if line.startswith("1. ")]
    assert rows and rows[0].startswith("1. **B200**")
    assert [name for name, _ in edit.files] == ["speed.png"]
    assert first_embed(edit.json)["image"]["url"] == "attachment://speed.png"
    labels = [c["label"] for row in edit.json["components"] for c in row["components"]]
    assert labels == ["Indietro", "Avanti"]  # previous page first, in Italian
    reference = AskOptions(profile="reference")
    italian = real_command("fastest", "it", model="glm-4.5v", options=reference)
    english = real_command("fastest", "en", model="glm-4.5v", options=reference)
    assert italian.text.splitlines()[0] in description
    assert italian.locale == "it" and italian.text != english.text


async def test_autocomplete_suggests_glm_4_5v(fake: FakeDiscord, running: RunningBot) -> None:
    data = P.command_data("fastest", [P.option("model", "glm45")], focused="model")
    rec = await fake.send_interaction(P.interaction(4, data, user_id=USER))
    assert rec.json["type"] == 8
    names = [c["name"] for c in rec.json["data"]["choices"]]
    assert "GLM-4.5V" in names and len(names) <= 25


async def test_page_button_works_after_restart(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path)
    payload = fastest_command("glm-4.5v", "en-US")
    async with RunningBot(settings, engine) as first:
        await fake.send_interaction(payload)
        edit = await fake.wait_for(lambda r: r.method == "PATCH" and payload["token"] in r.path)
        await first.stop()
    message_id = edit.response["id"]
    next_button = edit.json["components"][0]["components"][1]
    assert not next_button.get("disabled")
    fake.gateway_ops.clear()
    async with RunningBot(settings, engine):  # a new process: nothing in memory from the first
        press = fake.press(message_id, next_button["custom_id"], user_id=USER)
        rec = await fake.send_interaction(press)
    assert rec.json["type"] == 7  # the message was updated in place
    description = first_embed(rec.json["data"])["description"]
    assert "\n11. **" in description and "\n1. **" not in description
    buttons = rec.json["data"]["components"][0]["components"]
    assert buttons[0].get("disabled") is not True  # "previous" is live on page 2


async def test_settings_refused_without_manage_server(fake: FakeDiscord, running: RunningBot) -> None:
    data = P.command_data("settings", [{"name": "show", "type": 1, "options": []}])
    rec = await fake.send_interaction(P.interaction(2, data, user_id=USER, permissions=P.MEMBER_PERMS))
    assert rec.json["type"] == 4
    assert rec.json["data"]["flags"] & 64  # ephemeral
    assert rec.json["data"]["content"] == t("en", NO_PERMISSION)
    allowed = P.MEMBER_PERMS | P.MANAGE_GUILD
    rec = await fake.send_interaction(P.interaction(2, data, user_id=USER + 1, permissions=allowed))
    assert rec.json["data"]["content"] != t("en", NO_PERMISSION) and rec.json["data"]["flags"] & 64


async def test_everyone_in_a_question_pings_no_one(fake: FakeDiscord, running: RunningBot) -> None:
    msg = await fake.send_message(mention("@everyone can GLIDE run on 12 GB? <@&1> <@42>"), author_id=USER,
                                  mentions=[fake.bot_user], mention_everyone=True)
    rec = await bot_reply_to(fake, msg)
    # parse=[] and no users/roles lists: Discord pings nobody, the replied-to author included
    assert rec.json["allowed_mentions"] == NO_MENTIONS.to_dict() == {"parse": []}


async def test_200_concurrent_interactions_are_all_answered(fake: FakeDiscord, running: RunningBot) -> None:
    payloads = [fit_command(USER + i) for i in range(200)]
    await asyncio.gather(*(fake.dispatch("INTERACTION_CREATE", p) for p in payloads))
    records = await asyncio.gather(*(fake.wait_for(fake.callback_for(p), timeout=60) for p in payloads))
    assert all(r.status == 200 for r in records)  # all within Discord's 3 s
    bodies = []
    for p, r in zip(payloads, records, strict=True):
        if r.json["type"] == 4:  # answered at once
            bodies.append(r.json["data"])
        else:  # a burst: acknowledged first, then the "thinking…" message was edited into the answer
            assert r.json["type"] == 5
            edit = await fake.wait_for(lambda x, p=p: x.method == "PATCH" and p["token"] in x.path, timeout=60)
            bodies.append(edit.json)
    generic = t("en", GENERIC)
    assert not any(b.get("content") == generic for b in bodies)
    assert all("GeForce RTX 3080 Ti" in first_embed(b)["description"] for b in bodies)


async def test_bot_resumes_after_the_gateway_drops(fake: FakeDiscord, running: RunningBot) -> None:
    before = len(fake.gateway_ops)
    await fake.drop_connections(code=4000)
    await fake.wait_for(lambda op: op["op"] in (2, 6) and fake.gateway_ops.index(op) >= before, gateway=True)
    resumed = [op for op in fake.gateway_ops[before:] if op["op"] == 6]
    assert resumed and resumed[0]["d"]["session_id"] == fake.sessions[0].session_id
    await asyncio.sleep(0.05)  # let RESUMED be handled before the next event
    msg = await fake.send_message(mention("can llama 3.1 8b run on 12 GB?"), author_id=USER, mentions=[fake.bot_user])
    rec = await bot_reply_to(fake, msg)
    assert "GeForce RTX 3080 Ti" in first_embed(rec.json)["description"]


async def test_direct_message_question(fake: FakeDiscord, running: RunningBot) -> None:
    msg = await fake.send_message("can llama 3.1 8b run on 12 GB?", author_id=USER, guild=False)
    rec = await bot_reply_to(fake, msg)
    assert "GeForce RTX 3080 Ti" in first_embed(rec.json)["description"]


async def test_plain_channel_mode_answers_questions_not_chat(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path, plain_mode="channels")
    async with RunningBot(settings, engine) as bot:
        identify = next(op for op in fake.gateway_ops if op["op"] == 2)
        assert identify["d"]["intents"] & (1 << 15)  # Message Content requested in this mode only
        await bot.client.store.update_guild(P.GUILD_ID, plain_enabled=True,  # type: ignore[union-attr]
                                            plain_channels=frozenset({P.CHANNEL_ID}))
        chat = await fake.send_message("hello everyone, how was your weekend?", author_id=USER)
        question = await fake.send_message("what is the fastest GPU for GLM-4.5V?", author_id=USER + 1)
        rec = await bot_reply_to(fake, question)
        assert "B200" in first_embed(rec.json)["description"]
        assert rec.files and rec.files[0][0] == "speed.png"  # fastest → chart
        await asyncio.sleep(0.1)
        assert not [r for r in fake.requests if isinstance(r.json, dict) and str((r.json.get("message_reference") or {})
                                                              .get("message_id")) == chat["id"]]
