"""The real bot process logs in to the fake Discord and syncs its commands."""

from __future__ import annotations

from tests.fakediscord import FakeDiscord

from .conftest import RunningBot


async def test_real_bot_logs_in(fake: FakeDiscord, running: RunningBot) -> None:
    assert running.client is not None and running.client.user is not None
    assert running.client.user.id == int(fake.bot_user["id"])
    assert any(op["op"] == 2 for op in fake.gateway_ops)  # IDENTIFY
    identify = next(op for op in fake.gateway_ops if op["op"] == 2)
    assert identify["d"]["token"] == running.settings.token.get_secret_value()
    names = {c["name"] for c in fake.commands}
    assert {"fit", "fastest", "smallest", "vram", "speed", "card", "model", "compare", "ask", "settings",
            "help"} <= names
    assert running.client.get_guild(int(fake.guild["id"])) is not None
