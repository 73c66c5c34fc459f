"""Command level: real `discord.Interaction` objects built from dict payloads, run through the
bot's CommandTree (as discord.py's own tests do). Replies go over real HTTP to the fake's REST
side; there is no gateway here. The engine is the real one behind a spy: these tests check what
the bot passes to it and how the bot presents its answers."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot import errors
from bot.cli.run import apply_endpoints
from bot.client import create_bot
from bot.exts.ask import slash as commands
from bot.exts.settings.commands import SAVED
from bot.i18n import t
from bot.state.store import Store
from tests.fakediscord import FakeDiscord, Recorded
from tests.fakediscord import payloads as P

from .conftest import TOKEN, make_settings, spy_engine

USER = 1_200_000_000_000_000_777
PATIENT = 3600.0  # an acknowledgement budget no answer exceeds


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, engine: Any, tmp_path: Path) -> AsyncIterator[discord.Client]:
    settings = make_settings(fake, tmp_path, cooldown_rate=3, cooldown_seconds=60)
    apply_endpoints(settings)
    store = await Store.open(tmp_path / "state.db")
    client = create_bot(settings, spy_engine(engine), store)
    # Time is the test's, not the machine's: an answer is always awaited before the reply (no defer on a
    # slow cold start) and the fake's 3 s interaction deadline never runs out while it is computed.
    client.ack_budget = PATIENT
    fake.clock = lambda: 0.0
    await client.login(TOKEN)  # GET /users/@me, /oauth2/applications/@me, then setup_hook()
    yield client
    await client.close()
    await store.close()


async def call(bot: discord.Client, fake: FakeDiscord, name: str, options: list[dict[str, Any]] | None = None,
               **kw: Any) -> Recorded:
    offered = kw.pop("offered", True)
    payload = P.interaction(2, P.command_data(name, options), user_id=kw.pop("user_id", USER), **kw)
    fake.register_interaction(payload, offered=offered)  # as if Discord had sent it: its 3 s start now
    interaction = discord.Interaction(data=payload, state=bot._connection)  # type: ignore[arg-type]
    bot.tree._from_interaction(interaction)  # what the client calls on INTERACTION_CREATE: _call + errors
    return await fake.wait_for(fake.callback_for(payload), timeout=5)


def opt(name: str, value: Any, otype: int = 3) -> dict[str, Any]:
    return P.option(name, value, otype)


async def test_fit_with_memory_passes_gigabytes(bot: discord.Client, fake: FakeDiscord) -> None:
    rec = await call(bot, fake, "fit", [opt("model", "llama 3.1 8b"), opt("memory-or-card", "12 Go")], locale="fr")
    args, kwargs = bot.engine.command.call_args
    assert args == ("can_run", "fr") and (kwargs["model"], kwargs["memory_gb"]) == ("llama 3.1 8b", 12.0)
    assert "card" not in kwargs
    assert rec.json["type"] == 4 and "GeForce RTX 3080 Ti" in rec.json["data"]["embeds"][0]["description"]


async def test_fit_with_a_card_passes_the_card(bot: discord.Client, fake: FakeDiscord) -> None:
    await call(bot, fake, "fit", [opt("model", "GLIDE"), opt("memory-or-card", "RTX 4090")])
    args, kwargs = bot.engine.command.call_args
    assert args == ("can_run", "en") and (kwargs["model"], kwargs["card"]) == ("GLIDE", "RTX 4090")
    assert "memory_gb" not in kwargs


async def test_speed_takes_a_card_count(bot: discord.Client, fake: FakeDiscord) -> None:
    await call(bot, fake, "speed", [opt("model", "GLIDE"), opt("card", "RTX 4090"), opt("gpus", 2, 4)])
    args, kwargs = bot.engine.command.call_args
    assert args == ("speed", "en") and (kwargs["model"], kwargs["card"]) == ("GLIDE", "RTX 4090")
    assert kwargs["gpu_count"] == 2


async def test_unknown_model_answer_is_ephemeral(bot: discord.Client, fake: FakeDiscord) -> None:
    rec = await call(bot, fake, "smallest", [opt("model", "glm 9.5v")])
    assert rec.json["data"]["flags"] & 64
    # from the engine: the nearest real names (GLM-4.5V, and GLM-5 since it is in the catalog)
    assert "Did you mean:\n- GLM-4.5V" in rec.json["data"]["embeds"][0]["description"]


async def test_too_long_question_gets_a_localized_message(bot: discord.Client, fake: FakeDiscord) -> None:
    rec = await call(bot, fake, "ask", [opt("question", "x" * 501)], locale="it")
    assert rec.json["data"]["flags"] & 64
    assert rec.json["data"]["content"] == "È troppo lungo: resta sotto i 500 caratteri."


async def test_cooldown_after_three_commands(bot: discord.Client, fake: FakeDiscord) -> None:
    for _ in range(3):
        rec = await call(bot, fake, "model", [opt("model", "GLIDE")])
        assert "embeds" in rec.json["data"]
    rec = await call(bot, fake, "model", [opt("model", "GLIDE")])
    assert rec.json["data"]["flags"] & 64
    assert rec.json["data"]["content"].startswith("You're asking a bit fast. Try again in ")
    other = await call(bot, fake, "model", [opt("model", "GLIDE")], user_id=USER + 1)
    assert "embeds" in other.json["data"]  # cooldowns are per user


@pytest.mark.allow_errors
async def test_unexpected_error_is_logged_and_the_user_told(
    bot: discord.Client, fake: FakeDiscord, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot.engine.command.side_effect = RuntimeError("engine exploded")
    with caplog.at_level(logging.ERROR, logger="bot.errors"):
        rec = await call(bot, fake, "speed", [opt("model", "GLIDE"), opt("card", "B200")], locale="de")
    assert rec.json["data"]["content"].startswith("Bei uns ist etwas schiefgelaufen.")
    assert rec.json["data"]["flags"] & 64
    [record] = [r for r in caplog.records if r.name == "bot.errors"]
    assert "command='speed'" in record.getMessage() and f"user={USER}" in record.getMessage()
    assert record.exc_info and "engine exploded" in str(record.exc_info[1])
    bot.engine.command.side_effect = None  # the spy forwards to the real engine again
    rec = await call(bot, fake, "speed", [opt("model", "GLIDE"), opt("card", "B200")], user_id=USER + 5)
    assert "embeds" in rec.json["data"]  # still running


async def test_settings_are_saved_for_managers(bot: discord.Client, fake: FakeDiscord) -> None:
    sub = {"name": "language", "type": 1, "options": [opt("language", "it")]}
    rec = await call(bot, fake, "settings", [sub], permissions=P.MEMBER_PERMS | P.MANAGE_GUILD, locale="en-GB")
    # The new language applies at once, to this confirmation too, whatever the member's client says.
    assert rec.json["data"]["flags"] & 64 and rec.json["data"]["content"].startswith(t("it", SAVED))
    assert t("it", SAVED) != t("en", SAVED)
    assert bot.store.guild(P.GUILD_ID).locale == "it"
    sub = {"name": "plain", "type": 1, "options": [opt("enabled", True, 5)]}
    await call(bot, fake, "settings", [sub], permissions=P.MEMBER_PERMS | P.MANAGE_GUILD, user_id=USER + 2)
    assert bot.store.guild(P.GUILD_ID).plain_enabled


async def test_settings_refused_in_dms(bot: discord.Client, fake: FakeDiscord) -> None:
    sub = {"name": "show", "type": 1, "options": []}
    # Discord hides a guild-only command in DMs; a stale client could still send it.
    rec = await call(bot, fake, "settings", [sub], in_guild=False, offered=False)
    assert rec.json["data"]["content"] == t("en", errors.GUILD_ONLY)


async def test_interaction_locale_is_remembered(bot: discord.Client, fake: FakeDiscord) -> None:
    await call(bot, fake, "help", locale="es-419")
    assert bot.store.user_locale(USER) == "es-419"


async def test_help_lists_every_command(bot: discord.Client, fake: FakeDiscord) -> None:
    rec = await call(bot, fake, "help")
    field = rec.json["data"]["embeds"][0]["fields"][0]["value"]
    for name in ("fit", "fastest", "smallest", "vram", "speed", "card", "model", "compare", "ask", "settings"):
        assert f"`/{name}`" in field


async def test_command_callbacks_can_be_called_directly(bot: discord.Client, fake: FakeDiscord) -> None:
    payload = fake.register_interaction(P.interaction(2, P.command_data("vram", []), user_id=USER)).payload
    interaction = discord.Interaction(data=payload, state=bot._connection)  # type: ignore[arg-type]
    await commands.vram.callback(interaction, "GLIDE", 8192, "Q6_K")  # type: ignore[call-arg]
    args, kwargs = bot.engine.command.call_args
    assert args == ("vram", "en") and kwargs["model"] == "GLIDE"
    assert kwargs["context"] == 8192 and kwargs["quant"] == "Q6_K"
    await fake.wait_for(fake.callback_for(payload))


async def test_vram_passes_the_cache_type(bot: discord.Client, fake: FakeDiscord) -> None:
    payload = fake.register_interaction(P.interaction(2, P.command_data("vram", []), user_id=USER)).payload
    interaction = discord.Interaction(data=payload, state=bot._connection)  # type: ignore[arg-type]
    await commands.vram.callback(interaction, "GLIDE", 32768, None, "q8_0")  # type: ignore[call-arg]
    assert bot.engine.command.call_args.kwargs["options"].cache_type == "q8_0"
    await fake.wait_for(fake.callback_for(payload))


async def test_settings_plain_adds_a_resolved_channel(bot: discord.Client, fake: FakeDiscord) -> None:
    channel = dict(P.channel(), permissions=str(P.MEMBER_PERMS))
    sub = {"name": "plain", "type": 1, "options": [opt("enabled", True, 5), opt("channel", str(P.CHANNEL_ID), 7)]}
    payload = P.interaction(2, P.command_data("settings", [sub]), user_id=USER,
                            permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
    payload["data"]["resolved"] = {"channels": {str(P.CHANNEL_ID): channel}}
    fake.register_interaction(payload)
    bot.tree._from_interaction(discord.Interaction(data=payload, state=bot._connection))  # type: ignore[arg-type]
    rec = await fake.wait_for(fake.callback_for(payload))
    g = bot.store.guild(P.GUILD_ID)
    assert g.plain_enabled and g.plain_channels == {P.CHANNEL_ID}
    assert f"<#{P.CHANNEL_ID}>" in rec.json["data"]["content"]
    assert rec.json["data"]["allowed_mentions"] == {"parse": []}


async def test_memory_autocomplete_offers_the_amount(bot: discord.Client, fake: FakeDiscord) -> None:
    data = P.command_data("fit", [opt("model", "GLIDE"), opt("memory-or-card", "12")], focused="memory-or-card")
    payload = fake.register_interaction(P.interaction(4, data, user_id=USER)).payload
    bot.tree._from_interaction(discord.Interaction(data=payload, state=bot._connection))  # type: ignore[arg-type]
    rec = await fake.wait_for(fake.callback_for(payload))
    assert rec.json["data"]["choices"] == [{"name": "12 GB", "value": "12 GB"}]


async def test_plain_message_uses_the_remembered_locale(bot: discord.Client, fake: FakeDiscord) -> None:
    """The remembered locale is evidence (issue 11): it decides when the words do not tell."""
    from bot.exts.ask import plain

    await bot.store.remember_locale(USER, "it")
    channel = discord.PartialMessageable(state=bot._connection, id=P.CHANNEL_ID, type=discord.ChannelType.private)
    data = P.message(P.CHANNEL_ID, P.user(USER), {"content": "llama 3.1 8b 12 GB?"})
    message = discord.Message(state=bot._connection, channel=channel, data=data)  # type: ignore[arg-type]
    await plain.handle(bot, message)  # type: ignore[arg-type]
    assert bot.engine.ask.call_args.args[:2] == ("llama 3.1 8b 12 GB?", None)
    assert bot.engine.ask.call_args.kwargs["hint"] == "it"
    rec = await fake.wait_for(lambda r: r.path == f"/channels/{P.CHANNEL_ID}/messages")
    assert "**Sì**, Llama 3.1 8B gira su una scheda da 12 GB." in rec.json["embeds"][0]["description"]


async def test_plain_message_in_english_is_answered_in_english_despite_the_locale(
    bot: discord.Client, fake: FakeDiscord,
) -> None:
    from bot.exts.ask import plain

    await bot.store.remember_locale(USER, "it")
    channel = discord.PartialMessageable(state=bot._connection, id=P.CHANNEL_ID, type=discord.ChannelType.private)
    data = P.message(P.CHANNEL_ID, P.user(USER), {"content": "can llama 3.1 8b run on 12 GB?"})
    message = discord.Message(state=bot._connection, channel=channel, data=data)  # type: ignore[arg-type]
    await plain.handle(bot, message)  # type: ignore[arg-type]
    assert bot.engine.ask.call_args.kwargs["hint"] == "it"
    rec = await fake.wait_for(lambda r: r.path == f"/channels/{P.CHANNEL_ID}/messages" and r.status == 200)
    assert "**Yes**, Llama 3.1 8B runs on a card with 12 GB." in rec.json["embeds"][0]["description"]


async def test_plain_message_over_the_length_limit_is_refused(bot: discord.Client, fake: FakeDiscord) -> None:
    from bot.exts.ask import plain

    limit = bot.settings.max_question_length
    channel = discord.PartialMessageable(state=bot._connection, id=P.CHANNEL_ID, type=discord.ChannelType.private)
    question = "can GLIDE run on 12 GB? "
    data = P.message(P.CHANNEL_ID, P.user(USER), {"content": question + "x" * (limit + 1 - len(question))})
    message = discord.Message(state=bot._connection, channel=channel, data=data)  # type: ignore[arg-type]
    await plain.handle(bot, message)  # type: ignore[arg-type]
    rec = await fake.wait_for(lambda r: r.path == f"/channels/{P.CHANNEL_ID}/messages")
    assert rec.json["content"] == "That is too long: please keep it under 500 characters."
    assert not bot.engine.ask.called


COMMANDS = [  # every answering slash command, with options that name known things
    ("fit", [opt("model", "GLIDE"), opt("memory-or-card", "12 GB")], "can_run"),
    ("fastest", [opt("model", "GLM-4.5V")], "fastest"),
    ("smallest", [opt("model", "GLM-4.5V")], "smallest"),
    ("vram", [opt("model", "Llama 3.1 8B")], "vram"),
    ("speed", [opt("model", "GLIDE"), opt("card", "RTX 4090")], "speed"),
    ("card", [opt("card", "RTX 3060")], "card_models"),
    ("model", [opt("model", "GLM-4.5V")], "model_info"),
    ("compare", [opt("model", "Llama 3.1 8B"), opt("card", "RTX 4090"), opt("card2", "RTX 3090")], "compare"),
    ("compare", [opt("model", "Llama 3.1 8B"), opt("card", "RTX 3060"), opt("model2", "Mistral 7B")], "compare"),
    ("ask", [opt("question", "how much VRAM does Llama 3.1 8B need?")], "vram"),
]


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize(("name", "options", "intent"), COMMANDS,
                         ids=[c[0] + ("-model2" if any(o["name"] == "model2" for o in c[1]) else "") for c in COMMANDS])
async def test_every_command_answers_under_the_servers_profile(
    bot: discord.Client, fake: FakeDiscord, engine: Any, name: str, options: list[dict[str, Any]], intent: str,
    profile: str,
) -> None:
    await bot.store.update_guild(P.GUILD_ID, profile=profile)
    rec = await call(bot, fake, name, options)
    body = rec.json["data"] if rec.json["type"] == 4 else None
    if body is None:  # deferred while the answer and its chart are made: the answer comes as an edit
        edit = await fake.wait_for(lambda r: r.method == "PATCH" and "/messages/@original" in r.path)
        body = edit.json
    method = "ask" if name == "ask" else "command"
    args, kwargs = getattr(bot.engine, method).call_args
    options = args[2] if name == "ask" else kwargs["options"]
    assert options.profile == profile  # what the bot passed on
    answered = getattr(engine, method)(*args, **kwargs)  # what the real engine made of it (cached, cheap)
    assert answered.intent == intent and answered.profile == profile and answered.facts["profile"] == profile
    assert body["embeds"][0]["description"].strip()


async def test_fastest_takes_an_optional_budget(bot: discord.Client, fake: FakeDiscord) -> None:
    rec = await call(bot, fake, "fastest", [opt("model", "Llama 3.1 8B"), opt("budget", "500 €")], locale="de")
    args, kwargs = bot.engine.command.call_args
    assert args == ("what_gpu", "de") and (kwargs["model"], kwargs["budget"]) == ("Llama 3.1 8B", "500 €")
    body = rec.json["data"] if rec.json["type"] == 4 else None
    if body is None:  # deferred while the answer is made: it comes as an edit
        body = (await fake.wait_for(lambda r: r.method == "PATCH" and "/messages/@original" in r.path)).json
    assert "500\u00a0€" in body["embeds"][0]["description"]
    rec = await call(bot, fake, "fastest", [opt("model", "Llama 3.1 8B")])
    if rec.json["type"] != 4:
        await fake.wait_for(
            lambda r: r.method == "PATCH" and "/messages/@original" in r.path and "500" not in str(r.json))
    args, kwargs = bot.engine.command.call_args
    assert args == ("fastest", "en") and "budget" not in kwargs


async def test_a_slow_answer_is_acknowledged_first(bot: discord.Client, fake: FakeDiscord) -> None:
    """With no time left in the budget the bot says "thinking…" (type 5) and the answer follows as an
    edit: the budget is the test's, so this holds on any machine."""
    bot.ack_budget = 0.0  # type: ignore[attr-defined]
    rec = await call(bot, fake, "fit", [opt("model", "llama 3.1 8b"), opt("memory-or-card", "12 GB")])
    assert rec.json["type"] == 5
    edit = await fake.wait_for(lambda r: r.method == "PATCH" and "/messages/@original" in r.path)
    assert "GeForce RTX 3080 Ti" in edit.json["embeds"][0]["description"]


async def test_the_servers_context_reaches_the_answer(bot: discord.Client, fake: FakeDiscord, engine: Any) -> None:
    """A server set to 131,072 tokens: Llama 3.1 8B's cache alone is then 16 GiB (32 layers × 8 KV heads ×
    128 × 2 × 2 bytes × 131,072), so no level fits 90 % of a 12 GB card; at the default 4,096 it fits."""
    await bot.store.update_guild(P.GUILD_ID, context=131072)
    rec = await call(bot, fake, "fit", [opt("model", "Llama 3.1 8B"), opt("memory-or-card", "12 GB")])
    args, kwargs = bot.engine.command.call_args
    assert kwargs["options"].context == 131072
    long = engine.command(*args, **kwargs)
    assert long.facts["context"] == 131072
    cache_gib = 32 * 8 * 128 * 2 * 2 * 131072 / 2**30
    assert cache_gib == 16.0 and long.facts["virtual"]["fits"] is False
    short = engine.command("can_run", "en", model="Llama 3.1 8B", memory_gb=12.0)
    assert short.facts["virtual"]["fits"] is True
    assert rec.json["data"]["embeds"][0]["description"] == long.text


async def test_speed_passes_the_engine_and_the_answer_uses_it(bot: discord.Client, fake: FakeDiscord,
                                                               engine: Any) -> None:
    """/speed engine:vLLM reaches the engine as AskOptions.engine, and the real engine's answer is vLLM's
    (its facts say so); without the option nothing is forced (llama.cpp, the default)."""
    await call(bot, fake, "speed", [opt("model", "Llama 3.1 8B"), opt("card", "RTX 4090"), opt("engine", "vllm")],
               locale="it")
    args, kwargs = bot.engine.command.call_args
    assert args == ("speed", "it") and kwargs["options"].engine == "vllm"
    assert engine.command(*args, **kwargs).facts["engine"] == "vllm"
    await call(bot, fake, "vram", [opt("model", "Llama 3.1 8B"), opt("engine", "exllamav2")])
    assert bot.engine.command.call_args.kwargs["options"].engine == "exllamav2"
    await call(bot, fake, "fit", [opt("model", "GLIDE"), opt("memory-or-card", "RTX 4090")], user_id=USER + 9)
    args, kwargs = bot.engine.command.call_args
    assert args[0] == "can_run" and kwargs["options"].engine is None


def test_every_estimating_command_offers_the_engine_choices() -> None:
    """The estimating commands carry an `engine` option whose choices are the engines the estimator knows."""
    from answers.knowledge.profiles import load_engine_constants
    known = set(load_engine_constants().engines)
    for command in (commands.fit, commands.fastest, commands.smallest, commands.vram, commands.speed,
                    commands.card, commands.compare):
        param = next(p for p in command.parameters if p.name == "engine")
        assert not param.required and {c.value for c in param.choices} == known, command.name
