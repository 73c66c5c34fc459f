"""What an operator reads: Discord's 429s in /metrics, Discord ids as strings in JSON logs (jq and
JavaScript round numbers past 2**53), and deploy files that do what their headers say."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest

from bot.ops.logs import setup_logging
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings
from .test_privacy_bot import metric, until

ROOT = Path(__file__).resolve().parents[2]
USER = 1_200_000_000_000_504_002  # rounds to …504000 as a JSON number in jq


SHARED_BUCKET = "shared"


async def test_discord_rate_limits_are_counted(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    fake.limit_route("POST /channels/{}/messages", every=2, retry_after=0.05)
    async with RunningBot(make_settings(fake, tmp_path), engine) as running:
        for text in ("can GLIDE run on 12 GB?", "GLIDE on 8 GB?"):
            await fake.dispatch("MESSAGE_CREATE", P.message(P.DM_CHANNEL_ID, P.user(USER), {"content": text}))
        # discord.py waits and sends the refused reply again: both arrive, one 429 is counted
        await until(lambda: len([r for r in fake.requests if r.path.endswith("/messages") and r.status == 200]) == 2)
        # the fake's limit is a route's shared bucket (Discord's X-RateLimit-Scope: shared)
        assert metric(running.client, "tpsbot_discord_rate_limits_total", scope=SHARED_BUCKET) == 1


def test_json_logs_write_discord_ids_as_strings(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    before = root.level
    handler = setup_logging("INFO", None, "json")
    try:
        logging.getLogger("bot.requests").info("command fit answered", extra={
            "guild_id": P.GUILD_ID, "user": USER, "latency_ms": 12.5, "count": 3, "big": 2**60})
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
    line = next(line for line in capsys.readouterr().err.splitlines() if line.startswith("{"))
    data = json.loads(line)
    assert data["guild_id"] == str(P.GUILD_ID) and data["user"] == str(USER)
    assert data["big"] == str(2**60)  # any integer a reader would round
    assert data["count"] == 3 and data["latency_ms"] == 12.5  # other numbers stay numbers
    assert f'"{USER}"' in line


# -- deploy files --------------------------------------------------------------------------------


def unit(name: str) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for line in (ROOT / "deploy" / name).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


def test_template_unit_has_readiness_a_watchdog_and_one_port_per_instance() -> None:
    text = (ROOT / "deploy" / "tpsbot@.service").read_text()
    u = unit("tpsbot@.service")
    assert u["Type"] == ["notify"] and u["NotifyAccess"] == ["main"] and int(u["WatchdogSec"][0]) > 0
    assert "MPLBACKEND" not in text  # no matplotlib: the charts are drawn with Pillow
    assert "/etc/tpsbot/%i.env" in u["EnvironmentFile"]
    assert not any(v.startswith("TPSBOT_HTTP_PORT") for v in u.get("Environment", []))  # never one for all
    ports = re.findall(r"^#\s+/etc/tpsbot/\w+\.env\s.*TPSBOT_HTTP_PORT=(\d+)", text, re.M)
    assert len(ports) >= 2 and len(set(ports)) == len(ports)  # the example gives each instance its own


def test_compose_header_commands_read_the_root_env_file() -> None:
    text = (ROOT / "deploy" / "compose.yaml").read_text()
    commands = [line for line in text.splitlines() if re.match(r"#\s+docker compose ", line)]
    assert commands and all("--env-file .env" in c and "-f deploy/compose.yaml" in c for c in commands)
    assert "env_file: ../.env" in text  # the bot's settings: the same file, relative to deploy/
