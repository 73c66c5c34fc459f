"""What an operator relies on: the version, health and metrics while the bot serves the fake Discord,
systemd notifications, a newer catalog picked up without a restart, login retries, log lines, host
defaults, and settings mistakes answered in one line."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import socket
import tomllib
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.cli import run as runner
from bot.cli.parser import main as cli_main
from bot.exts.settings.commands import SAVED
from bot.i18n import t
from bot.ops.catalog_watch import CatalogWatcher
from bot.ops.health import SystemdNotifier, readiness
from bot.ops.logs import JsonFormatter, setup_logging
from bot.ops.version import VERSION
from bot.settings import Settings, unknown_names
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

from .conftest import RunningBot, make_settings

ROOT = Path(__file__).resolve().parents[2]
USER = 1_300_000_000_000_000_001


async def _interaction(fake: FakeDiscord, name: str, options: list[dict[str, Any]], **kw: Any) -> Any:
    payload = P.interaction(2, P.command_data(name, options), user_id=kw.pop("user_id", USER), **kw)
    await fake.dispatch("INTERACTION_CREATE", payload)
    return await fake.wait_for(fake.callback_for(payload), timeout=10)


async def _until(condition: Any, timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


def _answered(bot: Any) -> float:
    return sum(s.value for m in bot.metrics.requests.collect() for s in m.samples if s.name.endswith("_total"))


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


# -- version -----------------------------------------------------------------------------------


def test_version_comes_from_pyproject(capsys: pytest.CaptureFixture[str]) -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert VERSION == declared and VERSION != "0.1.0"
    with pytest.raises(SystemExit) as done:
        cli_main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"tpsbot {declared}"


def test_catalog_info_names_the_version(built_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["catalog", "info", "--db", str(built_db), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["version"] == VERSION and info["models"] > 0  # added; the other keys are still there


def test_changelog_has_an_upgrading_note_for_this_release() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    section = text.split(f"## {VERSION}", 1)[1].split("\n## ", 1)[0]
    assert "### Upgrading" in section
    assert "277025508352" in text and "2147600384" in text  # the invite's permission change is told


# -- health, readiness and metrics while serving -------------------------------------------------


async def test_health_and_metrics_while_serving(fake: FakeDiscord, engine: Any, tmp_path: Path,
                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    settings = make_settings(fake, tmp_path, http_port=0)
    async with RunningBot(settings, engine) as running:
        bot = running.client
        base = f"http://127.0.0.1:{bot.health.port}"  # type: ignore[union-attr]
        assert await _get(base + "/healthz") == (200, "ok\n")
        assert await _get(base + "/readyz") == (200, "ready\n")
        question = "can GLIDE run on 12 GB?"
        rec = await _interaction(fake, "ask", [P.option("question", question)])
        assert rec.json["type"] in (4, 5)
        await _interaction(fake, "smallest", [P.option("model", "glmm")])  # unknown: answered privately
        await _until(lambda: _answered(bot) == 2)  # the first may have been deferred ("thinking…")
        status, text = await _get(base + "/metrics")
        assert status == 200
        samples = {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
                   for line in text.splitlines() if line and not line.startswith("#")}
        assert samples['tpsbot_requests_total{intent="can_run",kind="command",outcome="answered"}'] == 1
        assert samples['tpsbot_requests_total{intent="not_found",kind="command",outcome="private"}'] == 1
        assert samples["tpsbot_ack_seconds_count"] == 2
        assert samples['tpsbot_answer_seconds_count{intent="can_run",kind="command"}'] == 1
        assert samples['tpsbot_answer_seconds_count{intent="not_found",kind="command"}'] == 1
        assert samples["tpsbot_guilds"] == 1 and samples["tpsbot_shards"] == 1
        assert samples["tpsbot_catalog_models"] == engine.knowledge.model_count()
        assert samples["process_resident_memory_bytes"] > 10e6
        assert f'tpsbot_info{{version="{VERSION}"}}' in samples
        # The gateway gone for good (no resume, every new session refused): not ready (503), still alive.
        fake.close_on_identify = 4000
        for session in fake.sessions:
            session.session_id = "gone-" + session.session_id
        await fake.drop_connections(code=4000)
        await _until(lambda: not bot.gateway_connected())  # type: ignore[union-attr]
        status, body = await _get(base + "/readyz")
        assert status == 503 and "gateway" in body
        assert (await _get(base + "/healthz"))[0] == 200
        fake.close_on_identify = None  # Discord back: a new session, ready again
        await _until(lambda: bot.gateway_connected(), timeout=30)  # type: ignore[union-attr]
        assert (await _get(base + "/readyz"))[0] == 200
    lines = [r for r in caplog.records if r.name == "bot.requests"]
    assert sorted((r.kind, r.intent, r.outcome, r.guild_id) for r in lines) == [  # type: ignore[attr-defined]
        ("command", "can_run", "answered", P.GUILD_ID), ("command", "not_found", "private", P.GUILD_ID)]
    assert all("GLIDE" not in r.getMessage() and "glmm" not in r.getMessage() for r in lines)
    startup = "\n".join(r.getMessage() for r in caplog.records if r.name in ("bot.cli.run", "bot.client"))
    assert f"tpsbot {VERSION} starting" in startup and str(settings.state_db) in startup
    assert "permissions=277025508352" in startup and "Plain questions: mentions" in startup


def test_readiness_names_what_is_missing() -> None:
    class Store:
        down: str | None = None

        def problem(self) -> str | None:
            return self.down

    class Stub:
        engine = None
        work = type("W", (), {"draining": False})()
        store = Store()

        def gateway_connected(self) -> bool:
            return False

    bot = Stub()
    assert readiness(bot) == ["gateway not connected", "catalog not loaded"]
    bot.work.draining = True
    bot.store.down = "the notification connection was lost"
    assert readiness(bot)[2:] == ["shutting down", "state database unreachable (the notification connection was lost)"]


async def test_health_listener_is_off_by_default(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    assert Settings(_env_file=None).http_port is None and Settings(_env_file=None).http_host == "127.0.0.1"  # type: ignore[call-arg]
    async with RunningBot(make_settings(fake, tmp_path), engine) as running:
        assert running.client.health is None  # type: ignore[union-attr]


async def test_guild_join_and_leave_are_logged(fake: FakeDiscord, running: RunningBot,
                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    gid = P.GUILD_ID + 1
    joined = P.guild(fake.bot_user, gid)
    del joined["unavailable"]  # as Discord sends it on a join (`unavailable: false` means "back online")
    await fake.dispatch("GUILD_CREATE", joined)
    await fake.dispatch("GUILD_DELETE", {"id": str(gid)})
    for _ in range(100):
        messages = [r.getMessage() for r in caplog.records if r.name == "bot.client"]
        if any("Removed from server" in m for m in messages):
            break
        await asyncio.sleep(0.02)
    assert any(f"Added to server {gid}" in m for m in messages)
    assert any(f"Removed from server {gid}" in m for m in messages)


# -- systemd -------------------------------------------------------------------------------------


def _listener(tmp_path: Path) -> tuple[socket.socket, str]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.setblocking(False)
    return sock, path


async def test_sd_notify_ready_and_watchdog(fake: FakeDiscord, engine: Any, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    sock, path = _listener(tmp_path)
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "200000")  # WatchdogSec=0.2 → a ping every 0.1 s
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    loop = asyncio.get_running_loop()
    got: list[str] = []
    async with RunningBot(make_settings(fake, tmp_path), engine):
        while not (any(m.startswith("READY=1") for m in got) and got[-1] == "WATCHDOG=1"):
            got.append((await asyncio.wait_for(loop.sock_recv(sock, 512), 10)).decode())
    got.append((await asyncio.wait_for(loop.sock_recv(sock, 512), 10)).decode())
    sock.close()
    ready = next(m for m in got if m.startswith("READY=1"))
    assert ready == "READY=1\nSTATUS=Serving 1 servers" and got[-1] == "STOPPING=1"


async def test_watchdog_pings_at_half_the_interval() -> None:
    notifier = SystemdNotifier({"NOTIFY_SOCKET": "", "WATCHDOG_USEC": "30000000"})
    assert notifier.watchdog_interval == 15.0 and not notifier.enabled
    assert SystemdNotifier({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}).watchdog_interval is None  # not us
    sent, slept = [], []
    notifier.notify = lambda state: sent.append(state) or True  # type: ignore[method-assign]

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 3:
            raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await notifier.watchdog(lambda: len(slept) != 1, sleep)  # a stalled moment: no ping
    assert slept == [15.0, 15.0, 15.0] and sent == ["WATCHDOG=1", "WATCHDOG=1"]


# -- a newer catalog without a restart -----------------------------------------------------------


async def test_watcher_swaps_in_a_replaced_catalog(built_db: Path, tmp_path: Path) -> None:
    from answers.engine import Engine
    from answers.knowledge.admin import import_epoch

    live = tmp_path / "catalog.db"
    shutil.copy(built_db, live)
    first = await Engine.open(live)
    swapped: list[Any] = []
    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # the controlled clock: each call is one interval
        slept.append(seconds)
        if len(slept) == 3:
            raise asyncio.CancelledError

    watcher = CatalogWatcher(live, Engine.open, swapped.append, interval=30, sleep=sleep)
    assert await watcher.check() is False and swapped == []  # unchanged file: nothing to do

    # Another process imports Epoch data: a new file is swapped in at the same path.
    other = tmp_path / "other.db"
    shutil.copy(built_db, other)
    await import_epoch(other, ROOT / "tests/data/epoch/edge_2026.csv")
    os.replace(other, live)
    assert await watcher.check() is True
    new = swapped[0]
    assert new.knowledge.model_count() > first.knowledge.model_count()
    assert await watcher.check() is False  # loaded once

    live.write_bytes(b"not a database")  # a broken file: keep answering from the loaded one
    assert await watcher.check() is False and len(swapped) == 1

    with pytest.raises(asyncio.CancelledError):
        await watcher.run()  # checks after every interval until stopped
    assert slept == [30, 30, 30]


def test_catalog_check_is_at_most_a_minute() -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        Settings(_env_file=None, catalog_check_seconds=61)  # type: ignore[call-arg]


# -- login against a Discord that is down or not Discord ----------------------------------------


class _Http:
    closed = 0
    connector = None

    async def close(self) -> None:
        self.closed += 1


class _Bot:
    def __init__(self, failures: list[BaseException]) -> None:
        self.failures = failures
        self.http = _Http()
        self.logins = 0

    async def login(self, token: str) -> None:
        self.logins += 1
        if self.failures:
            raise self.failures.pop(0)


def _server_error(status: int = 503) -> discord.DiscordServerError:
    response = type("R", (), {"status": status, "reason": "Service Unavailable"})()
    return discord.DiscordServerError(response, "<html>")  # type: ignore[arg-type]


async def test_login_retries_with_backoff_then_succeeds() -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    bot = _Bot([_server_error(), TypeError("string indices must be integers")])
    await runner.login(bot, "token", attempts=5, sleep=sleep)
    assert bot.logins == 3 and slept == [2.0, 4.0] and bot.http.closed == 2


async def test_login_gives_up_with_exit_5() -> None:
    async def sleep(seconds: float) -> None:
        pass

    bot = _Bot([_server_error(502) for _ in range(3)])
    with pytest.raises(runner.SetupError) as info:
        await runner.login(bot, "token", attempts=3, sleep=sleep)
    assert info.value.code == runner.EXIT_NETWORK == 5 and "HTTP 502" in str(info.value)
    assert "\n" not in str(info.value) and bot.logins == 3


async def test_html_at_login_from_the_fake_discord(fake: FakeDiscord, engine: Any, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fake.break_route("GET /users/@me", times=1)  # a proxy's HTML page once, then Discord again
    monkeypatch.setattr(runner, "LOGIN_BACKOFF_MAX", 0.01)
    async with RunningBot(make_settings(fake, tmp_path), engine) as running:
        assert running.client.user is not None  # type: ignore[union-attr]
    fake.break_route("GET /users/@me", times=10)
    with pytest.raises(runner.SetupError) as info:
        await runner.serve(make_settings(fake, tmp_path, login_attempts=2), engine=engine)
    assert info.value.code == 5 and "not Discord's API" in str(info.value)


# -- logs and settings mistakes -----------------------------------------------------------------


def test_bad_log_level_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TPSBOT_LOG_LEVEL", "verbose")
    assert runner.main(tmp_path / "none.env") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "TPSBOT_LOG_LEVEL" in err[0] and "DEBUG" in err[0]


def test_unknown_names_are_named_with_a_suggestion(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("TPSBOT_TOKEN=x\nTPSBOT_PLAIN_MODES=off\n")
    names = unknown_names(env, {"TPSBOT_LOG_LEVLE": "DEBUG", "TPSBOT_CACHE_DIR": "/tmp", "PATH": "/bin",
                                "TPSBOT_SOMETHING_ELSE": "1"})
    assert names == ["TPSBOT_LOG_LEVLE (did you mean TPSBOT_LOG_LEVEL?)",
                     "TPSBOT_PLAIN_MODES (did you mean TPSBOT_PLAIN_MODE?)", "TPSBOT_SOMETHING_ELSE"]


async def test_missing_token_names_the_env_file(tmp_path: Path) -> None:
    env = tmp_path / "bot.env"
    with pytest.raises(runner.SetupError) as info:
        await runner.serve(Settings(_env_file=None, state_db=tmp_path / "s.db"), env_file=env)  # type: ignore[call-arg]
    assert str(env.resolve()) in str(info.value) and "no such file" in str(info.value)


def test_json_log_lines(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    before = root.level
    handler = setup_logging("INFO", "sekrit", "json")
    try:
        logging.getLogger("bot.requests").info("command %s", "fit", extra={"intent": "can_run", "latency_ms": 12.5})
        logging.getLogger("x").warning("token sekrit here")
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
    # Only this handler's lines: a handler another test left behind may write plain lines to stderr too.
    ours = [line for line in capsys.readouterr().err.splitlines() if line.startswith("{")]
    first, second = (json.loads(line) for line in ours)
    assert first["message"] == "command fit" and first["intent"] == "can_run" and first["latency_ms"] == 12.5
    assert first["level"] == "INFO" and first["logger"] == "bot.requests"
    assert "sekrit" not in second["message"]
    assert isinstance(JsonFormatter(), logging.Formatter)


def test_debug_never_shows_gateway_payloads(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    before = root.level
    handler = setup_logging("DEBUG", None)
    try:
        gateway = logging.getLogger("discord.gateway")
        gateway.debug("For Shard ID %s: WebSocket Event: %s", 0,
                      {"t": "MESSAGE_CREATE", "d": {"content": "private words"}})
        gateway.debug("Shard ID %s has sent the IDENTIFY payload.", 0)
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
    err = capsys.readouterr().err
    assert "private words" not in err and "IDENTIFY" in err


# -- host defaults and a server's language everywhere -------------------------------------------


async def test_server_language_applies_to_help_and_settings(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    async with RunningBot(make_settings(fake, tmp_path), engine) as running:
        await running.client.store.update_guild(P.GUILD_ID, locale="it")  # type: ignore[union-attr]
        rec = await _interaction(fake, "help", [], locale="en-US")
        italian = running.client.engine.command("help", "it").text[:40]  # type: ignore[union-attr]
        assert rec.json["data"]["embeds"][0]["description"].startswith(italian)
        sub = {"name": "show", "type": 1, "options": []}
        rec = await _interaction(fake, "settings", [sub], locale="de", user_id=USER + 1,
                                 permissions=P.MEMBER_PERMS | P.MANAGE_GUILD)
        assert "**Lingua:**" in rec.json["data"]["content"]


async def test_host_defaults_and_server_overrides(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path, default_language="de", default_profile="measured")
    async with RunningBot(settings, engine) as running:
        bot = running.client
        rec = await _interaction(fake, "model", [P.option("model", "GLIDE")], locale="en-US")
        de = engine.command("model_info", "de", model="GLIDE").text[:30]
        assert rec.json["data"]["embeds"][0]["description"].startswith(de)
        assert bot.options_for(P.GUILD_ID).profile == "measured"  # type: ignore[union-attr]
        await bot.store.update_guild(P.GUILD_ID, locale="fr", profile="measured")  # type: ignore[union-attr]
        rec = await _interaction(fake, "model", [P.option("model", "GLIDE")], locale="en-US", user_id=USER + 2)
        fr = engine.command("model_info", "fr", model="GLIDE").text[:30]
        assert rec.json["data"]["embeds"][0]["description"].startswith(fr)
        sub = {"name": "language", "type": 1, "options": [P.option("language", "es")]}
        rec = await _interaction(fake, "settings", [sub], permissions=P.MEMBER_PERMS | P.MANAGE_GUILD,
                                 user_id=USER + 3)
        assert rec.json["data"]["content"].startswith(t("es", SAVED))


# -- charts: a font with every catalogue language's accents --------------------------------------

ACCENTS = "àèéìòùçãõñäöüßÀÉÇÑÖÜ"


def _glyphs_missing(font: Any) -> list[str]:
    box = bytes(font.getmask("\uffff"))  # a noncharacter: every font draws its missing-glyph box
    return [ch for ch in ACCENTS if bytes(font.getmask(ch)) == box or not font.getbbox(ch)[2]]


def test_chart_font_draws_every_accent() -> None:
    from PIL import ImageFont

    from bot import chart

    assert _glyphs_missing(ImageFont.load_default(13))  # Pillow's own font would not do: the test can tell
    chart._font.cache_clear()
    assert _glyphs_missing(chart._font(13)) == []
    a, e = chart._font(13).getmask("a"), chart._font(13).getmask("à")
    assert bytes(a) != bytes(e)  # the accent is drawn, not dropped


def test_every_setting_is_documented_in_env_example() -> None:
    documented = (ROOT / ".env.example").read_text()
    missing = [f"TPSBOT_{name.upper()}" for name in Settings.model_fields
               if f"TPSBOT_{name.upper()}=" not in documented]
    assert missing == []
