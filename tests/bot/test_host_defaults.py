"""The host's defaults (TPSBOT_DEFAULT_PROFILE, TPSBOT_DEFAULT_LANGUAGE) against a server's own
choice, on both state backends: a server's choice wins, even when it chose what the built-in
default is; a server that never chose follows the host; "Automatic" goes back to that. A state
written before "not chosen" could be stored is upgraded, and copies carry "not chosen" through."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg

from bot.context import profile_for
from bot.exts.settings.commands import AUTO_HOST, PROFILE_MEASURED, PROFILE_REFERENCE
from bot.i18n import t
from bot.state.migrations import LATEST, MIGRATIONS
from bot.state.open import open_store
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot
from .test_state_copy import cli, where
from .test_state_failures import bot_settings

USER = 1_400_000_000_000_000_001
MANAGER = P.MEMBER_PERMS | P.MANAGE_GUILD
# The schema version just before a server's profile could be "not chosen" (NULL).
BEFORE_UNSET = 2


async def settings(fake: FakeDiscord, sub: str, value: str | None = None, *, locale: str = "en-US") -> str:
    """A server admin's `/settings SUB VALUE` → the private reply's text."""
    options = [P.option(sub, value)] if value is not None else []
    payload = P.interaction(2, P.command_data("settings", [{"name": sub, "type": 1, "options": options}]),
                            user_id=USER, locale=locale, permissions=MANAGER)
    await fake.dispatch("INTERACTION_CREATE", payload)
    rec = await fake.wait_for(fake.callback_for(payload), timeout=10)
    assert rec.status == 200, rec.json
    return str(rec.json["data"]["content"])


def profile_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Profile:**"))


async def test_a_server_that_chose_reference_keeps_it_on_a_measured_host(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    host = bot_settings(fake, tmp_path, state_target, default_profile="measured")
    async with RunningBot(host, engine) as running:
        bot: Any = running.client
        assert bot.options_for(P.GUILD_ID).profile == "measured"  # never chose: the host's default
        text = await settings(fake, "profile", "reference")
        assert profile_line(text) == f"**Profile:** {t('en', PROFILE_REFERENCE)}"
        assert bot.options_for(P.GUILD_ID).profile == "reference"
        await running.stop()
    async with RunningBot(host, engine) as restarted:  # read back from the state, not from memory
        assert restarted.client.options_for(P.GUILD_ID).profile == "reference"  # type: ignore[union-attr]


async def test_a_server_that_never_chose_follows_the_host_default(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    measured = bot_settings(fake, tmp_path, state_target, default_profile="measured")
    async with RunningBot(measured, engine) as running:
        await settings(fake, "language", "en")  # the server has a row now, but no profile chosen
        assert running.client.options_for(P.GUILD_ID).profile == "measured"  # type: ignore[union-attr]
        text = await settings(fake, "show")
        expected = t("en", AUTO_HOST, value=t("en", PROFILE_MEASURED))
        assert profile_line(text) == f"**Profile:** {expected}" and "(host default: measured)" in expected
        await running.stop()
    # The operator changes the host's default: a server that never chose follows it.
    reference = bot_settings(fake, tmp_path, state_target, default_profile="reference")
    async with RunningBot(reference, engine) as again:
        assert again.client.options_for(P.GUILD_ID).profile == "reference"  # type: ignore[union-attr]
        await again.stop()
    # With no host default set, a server that never chose gets the built-in default: measured (issue 28).
    async with RunningBot(bot_settings(fake, tmp_path, state_target), engine) as built_in:
        assert built_in.client.options_for(P.GUILD_ID).profile == "measured"  # type: ignore[union-attr]


async def test_automatic_returns_a_server_to_the_host_defaults(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    host = bot_settings(fake, tmp_path, state_target, default_profile="measured", default_language="de")
    async with RunningBot(host, engine) as running:
        bot: Any = running.client
        await settings(fake, "profile", "reference")
        await settings(fake, "language", "it")
        assert bot.options_for(P.GUILD_ID).profile == "reference"
        text = await settings(fake, "profile", "auto", locale="it")
        assert bot.store.guild(P.GUILD_ID).profile is None and bot.options_for(P.GUILD_ID).profile == "measured"
        italian = t("it", AUTO_HOST, value=t("it", PROFILE_MEASURED))
        assert italian != t("en", AUTO_HOST, value=t("en", PROFILE_MEASURED)) and italian in text
        text = await settings(fake, "language", "auto")  # the host's German applies again, and says so
        assert bot.store.guild(P.GUILD_ID).locale is None
        assert t("de", AUTO_HOST, value="Deutsch") in text and "**Sprache:**" in text


def _pre_migration_rows(kind: str) -> list[str]:
    """Server 1 chose "reference", server 2 only set a language (its profile took the column's
    default, 'reference'), server 3 chose "measured": what schema version 2 left behind."""
    return [
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        f"INSERT INTO schema_version VALUES ({BEFORE_UNSET})",
        *(getattr(step, kind) for step in MIGRATIONS[:BEFORE_UNSET]),
        "INSERT INTO guild_settings (guild_id, locale, profile) VALUES (1, 'fr', 'reference')",
        "INSERT INTO guild_settings (guild_id, locale) VALUES (2, 'it')",
        "INSERT INTO guild_settings (guild_id, profile) VALUES (3, 'measured')",
    ]


async def _write_pre_migration_state(target: str | Path) -> None:
    if isinstance(target, Path):
        with sqlite3.connect(target) as db:
            for sql in _pre_migration_rows("sqlite"):
                db.executescript(sql)
        return
    conn = await asyncpg.connect(target)
    try:
        for sql in _pre_migration_rows("postgresql"):
            await conn.execute(sql)
    finally:
        await conn.close()


async def test_an_older_state_is_upgraded_to_not_chosen_keeping_every_other_setting(
        state_target: str | Path) -> None:
    assert LATEST > BEFORE_UNSET
    await _write_pre_migration_state(state_target)
    store = await open_store(state_target)
    try:
        assert await store.version() == LATEST
        got = {gid: (store.guild(gid).locale, store.guild(gid).profile) for gid in (1, 2, 3)}
        # "reference" could not be told from "never chose" before: both now follow the host.
        assert got == {1: ("fr", None), 2: ("it", None), 3: (None, "measured")}
        measured_host = SimpleNamespace(settings=SimpleNamespace(default_profile="measured"))
        assert [profile_for(measured_host, store.guild(g)) for g in (1, 2, 3)] == ["measured"] * 3  # type: ignore[arg-type]
        await store.update_guild(4, locale="es")  # a new row takes "not chosen", not 'reference'
        await store.update_guild(1, profile="reference")  # and a choice of "reference" is kept
    finally:
        await store.close()
    store = await open_store(state_target)
    assert (store.guild(4).profile, store.guild(1).profile) == (None, "reference")
    await store.close()


EXPECTED = {1: None, 2: "reference", 3: "measured"}  # never chose, chose reference, chose measured


async def _source(tmp_path: Path) -> Path:
    source = tmp_path / "source.db"
    store = await open_store(source)
    await store.update_guild(1, locale="fr")
    await store.update_guild(2, profile="reference")
    await store.update_guild(3, profile="measured")
    await store.close()
    return source


async def _profiles(target: str | Path) -> dict[int, str | None]:
    store = await open_store(target, listen=False)
    try:
        return {g: store.guild(g).profile for g in EXPECTED}
    finally:
        await store.close()


async def test_backup_and_restore_carry_not_chosen(state_target: str | Path, tmp_path: Path) -> None:
    backup = tmp_path / "backup.db"
    assert await cli(["state", "backup", str(backup), "--state-db", str(await _source(tmp_path))]) == 0
    assert await cli(["state", "restore", str(backup), *where(state_target)]) == 0
    assert await _profiles(state_target) == EXPECTED


async def test_migrate_to_postgresql_carries_not_chosen(tmp_path: Path, pg_url: str) -> None:
    assert await cli(["state", "migrate", "--from", str(await _source(tmp_path)), "--to", pg_url]) == 0
    assert await _profiles(pg_url) == EXPECTED
