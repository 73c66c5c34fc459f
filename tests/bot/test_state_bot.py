"""The bot's own use of its state, through the fake Discord, against both backends: what /settings
saves is what a restarted bot answers with, and a user's language outlives the process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot
from .test_state_failures import bot_settings, settings_language

USER = 1_200_000_000_000_000_971


async def test_settings_and_languages_survive_a_restart(
        fake: FakeDiscord, engine: Any, tmp_path: Path, state_target: str | Path) -> None:
    settings = bot_settings(fake, tmp_path, state_target)
    async with RunningBot(settings, engine) as first:
        assert (await settings_language(fake, "pt", locale="pt-BR", user=USER)).status == 200
        await first.stop()
    async with RunningBot(settings, engine) as second:  # a new process: nothing in memory from the first
        store: Any = second.client.store  # type: ignore[union-attr]
        assert store.guild(P.GUILD_ID).locale == "pt" and store.user_locale(USER) == "pt-BR"
        show = {"name": "show", "type": 1, "options": []}
        payload = P.interaction(2, P.command_data("settings", [show]), user_id=USER, locale="pt-BR",
                                permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
        await fake.dispatch("INTERACTION_CREATE", payload)
        rec = await fake.wait_for(fake.callback_for(payload), timeout=10)
    assert rec.status == 200 and rec.json["data"]["content"].split("\n")[0].endswith(" pt")
