"""Startup and shutdown: one clear sentence and a non-zero exit for operator mistakes; SIGTERM
closes cleanly; the auto-sharded client works against the same fake."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from bot.cli import run as runner
from bot.cli.run import EXIT_CONFIG, EXIT_DATABASE, EXIT_DISCORD, SetupError, serve
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import TOKEN, RunningBot, make_settings


async def test_missing_token(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="TPSBOT_TOKEN") as info:
        await serve(make_settings(fake, tmp_path, token=None), engine=engine)
    assert info.value.code == EXIT_CONFIG


def test_run_bot_prints_one_sentence_and_exits_non_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.settings import Settings

    code = runner.run_bot(Settings(_env_file=None, state_db=tmp_path / "s.db"))  # type: ignore[call-arg]
    err = capsys.readouterr().err.strip().splitlines()
    assert code == EXIT_CONFIG and len(err) == 1 and err[0].startswith("tpsbot: No bot token")


@pytest.mark.invalid_requests
async def test_rejected_token(fake: FakeDiscord, engine: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake.valid_token = "another-token"
    with pytest.raises(SetupError, match="rejected the bot token") as info:
        await serve(make_settings(fake, tmp_path), engine=engine)
    assert info.value.code == EXIT_DISCORD
    assert TOKEN not in caplog.text


async def test_missing_privileged_intent(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    fake.close_on_identify = 4014
    with pytest.raises(SetupError, match="Message Content intent") as info:
        await serve(make_settings(fake, tmp_path, plain_mode="channels"), engine=engine, guild_ready_timeout=0.05)
    assert info.value.code == EXIT_DISCORD


async def test_unwritable_state_database(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(SetupError, match="state database") as info:
        await serve(make_settings(fake, tmp_path, state_db=tmp_path / "file" / "state.db"), engine=engine)
    assert info.value.code == EXIT_DATABASE


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])  # SIGHUP: a closed terminal
async def test_sigterm_closes_cleanly(fake: FakeDiscord, engine: Any, tmp_path: Path, sig: signal.Signals) -> None:
    # Without the bot's own handler the signal would end the test run: a no-op stands in meanwhile.
    previous = signal.signal(sig, lambda *_: None)
    try:
        bot = RunningBot(make_settings(fake, tmp_path), engine)
        await bot.__aenter__()
        os.kill(os.getpid(), sig)  # the handler serve() installed closes the client
        assert await asyncio.wait_for(bot.task, 10) == 0  # type: ignore[arg-type]
        assert bot.client is not None and bot.client.is_closed()
    finally:
        signal.signal(sig, previous)


async def test_auto_sharded_client(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    async with RunningBot(make_settings(fake, tmp_path, auto_shard=True), engine) as bot:
        assert type(bot.client).__name__ == "ShardedTpsBot"
        assert any(r.path == "/gateway/bot" for r in fake.requests)  # shard count asked from the gateway
        identify = next(op for op in fake.gateway_ops if op["op"] == 2)
        assert identify["d"]["shard"] == [0, 1]
        payload = P.interaction(2, P.command_data("help"), user_id=99)
        rec = await fake.send_interaction(payload)
        assert rec.json["type"] == 4
        assert bot.client.gateway_connected()  # type: ignore[union-attr]  # /readyz: every shard connected
        scraped = bot.client.metrics.expose().decode()  # type: ignore[union-attr]
        assert "tpsbot_shards 1.0" in scraped


async def test_unreachable_discord(engine: Any, tmp_path: Path) -> None:
    fake = FakeDiscord()  # never started: nothing listens on its port
    fake.port = 9  # discard port, closed on test machines
    with pytest.raises(SetupError, match="Cannot reach Discord") as info:
        await serve(make_settings(fake, tmp_path), engine=engine)
    assert info.value.code == runner.EXIT_NETWORK


async def test_gateway_rejecting_the_token(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    fake.close_on_identify = 4004
    with pytest.raises(SetupError, match="rejected the bot token"):
        await serve(make_settings(fake, tmp_path), engine=engine, guild_ready_timeout=0.05)


def test_invalid_settings_are_one_sentence(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TPSBOT_PLAIN_MODE", "sometimes")
    assert runner.main(None) == EXIT_CONFIG
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tpsbot: invalid settings: TPSBOT_PLAIN_MODE")


async def test_cli_process_runs_logs_no_token_and_stops_on_sigterm(
    fake: FakeDiscord, catalog_db: Path, tmp_path: Path
) -> None:
    """The real `tpsbot run` process: logs in, DEBUG logs never show the token, SIGTERM → exit 0."""
    import sys

    env = dict(os.environ, TPSBOT_TOKEN=TOKEN, TPSBOT_DB=str(catalog_db), TPSBOT_STATE_DB=str(tmp_path / "s.db"),
               TPSBOT_API_BASE=fake.api_base, TPSBOT_GATEWAY_URL=fake.gateway_url, TPSBOT_LOG_LEVEL="DEBUG")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c",
        "import sys; from bot.cli.parser import main; sys.exit(main(['run', '--env-file', '/nonexistent']))",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_for(lambda op: op["op"] == 2, gateway=True, timeout=60)
        await fake.wait_for(lambda r: r.method == "PUT", timeout=60)  # commands synced: setup done
        proc.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
    log = stderr.decode()
    assert proc.returncode == 0, log[-2000:]
    assert "Received SIGTERM, closing" in log
    assert TOKEN not in log
