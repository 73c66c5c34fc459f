"""Metric labels come from a closed set: an interaction naming commands the bot does not have
(stale registrations, a forged client) is counted under "other", answered, and logged without a
traceback; the metrics page does not grow with each new name."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

USER = 1300000000000000001


async def _until(condition: Any, timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


def _labels(bot: Any) -> set[tuple[str, ...]]:
    return {tuple(s.labels.values()) for m in bot.metrics.requests.collect() for s in m.samples
            if s.name.endswith("_total")}


def _errors(bot: Any) -> float:
    return sum(s.value for m in bot.metrics.errors.collect() for s in m.samples if s.name.endswith("_total"))


def _series(bot: Any) -> set[tuple[str, tuple[tuple[str, str], ...]]]:
    return {(s.name, tuple(sorted(s.labels.items()))) for m in bot.metrics.registry.collect() for s in m.samples}


async def test_unknown_command_names_are_counted_as_other(fake: FakeDiscord, engine: Any, tmp_path,
                                                          caplog) -> None:
    caplog.set_level(logging.DEBUG)
    async with RunningBot(make_settings(fake, tmp_path), engine) as running:
        bot = running.client
        await fake.wait_for(lambda r: r.method == "PUT", timeout=30)  # commands synced
        fake.primary.commands = []  # as if an older release had registered other commands
        for i in range(20):
            payload = P.interaction(2, P.command_data(f"forged-{i}", []), user_id=USER + i)
            await fake.dispatch("INTERACTION_CREATE", payload)
        await _until(lambda: sum(1 for r in caplog.records if r.name == "bot.requests") >= 20 and _errors(bot) >= 20)
        series = _series(bot)
        for i in range(20, 40):
            payload = P.interaction(2, P.command_data(f"forged-{i}", []), user_id=USER + i)
            await fake.dispatch("INTERACTION_CREATE", payload)
        rec = await fake.wait_for(fake.callback_for(payload), timeout=10)  # the user is told, privately
        assert "no longer offered" in rec.json["data"]["content"] and rec.json["data"]["flags"] & 64
        await _until(lambda: sum(1 for r in caplog.records if r.name == "bot.requests") >= 40)
        labels = _labels(bot)
        assert not any("forged" in v for label in labels for v in label), labels
        assert ("command", "other", "unknown_command") in labels
        assert _series(bot) == series  # twenty more names: not one more time series
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records if r.exc_info]
    assert not [r for r in caplog.records if "forged" in r.getMessage() and r.levelno >= logging.WARNING]


def test_every_error_kind_is_a_known_label() -> None:
    import discord
    from discord import app_commands

    from bot import errors
    from bot.ops.metrics import ERROR_KINDS, OUTCOMES

    samples: list[BaseException] = [
        errors.OnCooldown(3.0), errors.UserError(errors.RESTARTING), errors.UserError(errors.BLOCKED),
        errors.UserError(errors.BAD_INPUT), app_commands.NoPrivateMessage(), app_commands.CommandNotFound("x", []),
        discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(), "no"), RuntimeError("bug")]
    kinds = {errors.kind_of(e) for e in samples}
    assert kinds <= set(ERROR_KINDS) <= OUTCOMES, kinds - set(ERROR_KINDS)
