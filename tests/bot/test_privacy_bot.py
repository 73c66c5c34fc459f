"""Privacy and the owner's controls as users and operators meet them, through the fake Discord:
/privacy in the user's language with the host's retention times, /privacy erase, the blocklist
(one private line for interactions, silence for plain messages), a server's departure noted and
cancelled by its return, /settings outside the question cooldown, and a failed settings write
counted as an error."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import errors
from bot.exts.privacy.commands import ERASED, STORED
from bot.i18n import t
from bot.state.open import open_store
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot
from .test_state_failures import MANAGER, bot_settings

USER = 1_200_000_000_000_000_981
OTHER = 1_200_000_000_000_000_982


async def command(fake: FakeDiscord, name: str, sub: str | None = None, options: list[Any] | None = None,
                  **kw: Any) -> Any:
    opts = [{"name": sub, "type": 1, "options": options or []}] if sub else options or []
    payload = P.interaction(2, P.command_data(name, opts), user_id=kw.pop("user_id", USER), **kw)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return await fake.wait_for(fake.callback_for(payload), timeout=10)


def content(rec: Any) -> str:
    return str((rec.json.get("data") or {}).get("content"))


def metric(bot: Any, name: str, **labels: str) -> float:
    """The sum of the samples with these labels."""
    return sum(float(sample.value) for family in bot.metrics.registry.collect() for sample in family.samples
               if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()))


async def test_privacy_says_what_is_kept_in_the_users_language(
        fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = bot_settings(fake, tmp_path, tmp_path / "state.db", guild_retention_days=14, user_language_days=90)
    async with RunningBot(settings, engine) as bot:
        rec = await command(fake, "privacy", "show", locale="fr")
        store: Any = bot.client.store  # type: ignore[union-attr]
    assert rec.json["data"]["flags"] & 64  # ephemeral
    assert content(rec) == t("fr", STORED, user_days="90", guild_days="14")
    assert "90 jours" in content(rec) and "14 jours" in content(rec)
    assert store.user_locale(USER) is None  # asking what is kept keeps nothing


async def test_erase_deletes_the_users_language_and_is_not_undone_by_itself(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
        store: Any = bot.client.store  # type: ignore[union-attr]
        await command(fake, "help", locale="de")
        assert store.user_locale(USER) == "de"
        rec = await command(fake, "privacy", "erase", locale="de")
        assert content(rec) == t("de", ERASED)
        assert store.user_locale(USER) is None
    reopened = await open_store(state_target)
    try:
        assert reopened.user_locale(USER) is None
    finally:
        await reopened.close()


async def test_blocked_users_and_servers_get_one_private_line_and_nothing_else(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
        store: Any = bot.client.store  # type: ignore[union-attr]
        await store.block("user", USER)
        rec = await command(fake, "ask", options=[P.option("question", "can GLIDE run on 12 GB?")], locale="it")
        assert content(rec) == t("it", errors.BLOCKED) and rec.json["data"]["flags"] & 64
        rec = await command(fake, "help", user_id=OTHER)  # someone else in the same server: answered
        assert "embeds" in rec.json["data"]
        await store.block("guild", P.GUILD_ID)
        rec = await command(fake, "help", user_id=OTHER)
        assert content(rec) == t("en", errors.BLOCKED)
        assert metric(bot.client, "tpsbot_requests_total", outcome="blocked") == 2
        # A plain question from a blocked user (a DM): no answer. The next one, unblocked, is answered:
        # had the first been answered, its reply would be there before the second.
        await store.unblock("guild", P.GUILD_ID)
        dm = P.message(P.DM_CHANNEL_ID, P.user(USER), {"content": "can GLIDE run on 12 GB?"})
        await fake.dispatch("MESSAGE_CREATE", dm)
        await store.unblock("user", USER)
        await fake.dispatch("MESSAGE_CREATE", P.message(P.DM_CHANNEL_ID, P.user(USER), {"content": "GLIDE on 8 GB?"}))
        await fake.wait_for(lambda r: r.path == f"/channels/{P.DM_CHANNEL_ID}/messages" and r.status == 200)
        sent = [r for r in fake.requests if r.path == f"/channels/{P.DM_CHANNEL_ID}/messages"]
        assert len(sent) == 1 and sent[0].json["message_reference"]["message_id"] != dm["id"]


async def test_a_server_that_removes_the_bot_is_noted_and_its_return_cancels_it(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    gid = P.GUILD_ID + 7
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as bot:
        store: Any = bot.client.store  # type: ignore[union-attr]
        await store.update_guild(gid, locale="es")
        joined = P.guild(fake.bot_user, gid)
        del joined["unavailable"]
        await fake.dispatch("GUILD_CREATE", joined)
        await fake.dispatch("GUILD_DELETE", {"id": str(gid)})
        await until(lambda: gid in store._left)  # noqa: SLF001 - what the sweep will delete
        await fake.dispatch("GUILD_CREATE", joined)
        await until(lambda: gid not in store._left)  # noqa: SLF001
    reopened = await open_store(state_target)
    try:
        assert reopened._left == set()  # noqa: SLF001 - nothing waits for deletion
        assert (await reopened.sweep(0, 180))["servers"] == 0 and reopened.guild(gid).locale == "es"
    finally:
        await reopened.close()


async def test_settings_do_not_use_up_the_question_cooldown(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = bot_settings(fake, tmp_path, tmp_path / "state.db", cooldown_rate=1, cooldown_seconds=600)
    async with RunningBot(settings, engine):
        for _ in range(3):
            rec = await command(fake, "settings", "show", permissions=MANAGER)
            assert "**" in content(rec)  # the settings, not "you're asking a bit fast"
        await command(fake, "privacy", "show")
        first = await command(fake, "help")
        assert "embeds" in first.json["data"]  # the one question this cooldown allows
        second = await command(fake, "help")
        assert content(second) == t("en", errors.COOLDOWN, seconds=600)  # and the cooldown does work


@pytest.mark.allow_errors
async def test_a_settings_write_that_failed_counts_as_an_error(
        fake: FakeDiscord, engine: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with RunningBot(bot_settings(fake, tmp_path, tmp_path / "state.db"), engine) as bot:
        store: Any = bot.client.store  # type: ignore[union-attr]

        async def full(*_args: Any) -> Any:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "_write_guild", full)
        rec = await command(fake, "settings", "language", [P.option("language", "it")], permissions=MANAGER)
        assert content(rec).startswith("**Not saved.**")
        await until(lambda: metric(bot.client, "tpsbot_requests_total", intent="settings language") == 1)
        assert metric(bot.client, "tpsbot_requests_total", intent="settings language", outcome="state_error") == 1
        assert metric(bot.client, "tpsbot_errors_total", kind="state_error") == 1
        assert metric(bot.client, "tpsbot_state_errors_total", reason="full") == 1


async def until(condition: Any) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), 10)
