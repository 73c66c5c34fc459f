"""`tpsbot run`: start the bot, stop it cleanly on SIGTERM/SIGINT, and turn setup failures into
one clear sentence on stderr and a non-zero exit code (the codes are listed in the README)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import yarl
from pydantic import ValidationError

from answers.engine import Engine
from answers.knowledge.catalog_view import StoreError
from bot import chart
from bot.client import create_bot, http_connector
from bot.ops import collector, upkeep
from bot.ops.catalog_watch import CatalogWatcher, identity
from bot.ops.health import HealthServer, SystemdNotifier
from bot.ops.logs import setup_logging
from bot.ops.version import VERSION
from bot.settings import Settings, describe, warn_unknown
from bot.state import urls as state_urls
from bot.state.store import StateDatabaseError, open_state
from bot.web import links
from catalog.store import default_db_path

log = logging.getLogger(__name__)

# 2, 3 and 4 need a human (deploy/tpsbot.service does not restart on them); 5 may heal by itself.
EXIT_OK, EXIT_CONFIG, EXIT_DISCORD, EXIT_DATABASE, EXIT_NETWORK = 0, 2, 3, 4, 5
# Discord's REST API down (5xx) or something else answering in its place (an HTML page from a proxy
# or a captive portal) at login: tried again after 2, 4, 8… s (at most LOGIN_BACKOFF_MAX), then exit 5.
LOGIN_BACKOFF_MAX = 30.0


class SetupError(Exception):
    """Startup cannot go on; the message is the one sentence the operator sees."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def apply_endpoints(settings: Settings) -> None:
    """discord.py reads both addresses from class attributes, not from the client."""
    discord.http.Route.BASE = settings.api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def open_engine(db_path: Path | None) -> Engine:
    try:
        return await Engine.open(db_path)  # builds the catalog on first use
    except StoreError as exc:
        raise SetupError(f"Cannot open the catalog database: {exc}", EXIT_DATABASE) from exc
    except (OSError, sqlite3.Error) as exc:
        raise SetupError(f"Cannot open the catalog database ({db_path or 'default location'}): {exc}",
                         EXIT_DATABASE) from exc


async def serve(
    settings: Settings, *, engine: Engine | None = None, on_created: Callable[[discord.Client], None] | None = None,
    env_file: Path | None = None, own_process: bool = False, **client_options: Any,
) -> int:
    """Run until closed; → exit code. Raises SetupError for operator mistakes.

    Tests pass their own engine, a hook that receives the client, and client options. `own_process`:
    the process is the bot's alone (`tpsbot run`), so process-wide settings are made for it (the
    garbage collector, bot/ops/collector.py).
    """
    if settings.token is None or not settings.token.get_secret_value().strip():
        where = "in .env" if env_file is None else f"in {env_file.resolve()}" + (
            "" if env_file.is_file() else " (there is no such file)")
        raise SetupError(f"No bot token: set TPSBOT_TOKEN in the environment or {where}.", EXIT_CONFIG)
    if any(ch.isspace() or not ch.isprintable() for ch in settings.token.get_secret_value().strip()):
        # aiohttp would refuse the header with a traceback ("Forbidden control character").
        raise SetupError("The bot token contains a line break, space or control character: "
                         "copy it again into TPSBOT_TOKEN.", EXIT_CONFIG)
    apply_endpoints(settings)
    try:
        store = await open_state(settings)
    except StateDatabaseError as exc:
        # exc names the file or server and what is wrong with it; exit 4 (needs a human) or 5 (unreachable)
        where = "TPSBOT_DATABASE_URL" if settings.database_url else "TPSBOT_STATE_DB"
        raise SetupError(f"Cannot use the state database ({where}) {exc}.", exc.exit_code) from exc
    own_engine = engine is None
    catalog_path = settings.db or default_db_path()
    loaded = identity(catalog_path)  # before opening: a swap while loading is caught by the first check
    try:
        if engine is None:
            engine = await open_engine(settings.db)
        bot = create_bot(settings, engine, store, **client_options)
        if own_process:
            collector.settle()  # everything of start-up is loaded
        if on_created is not None:
            on_created(bot)
        _log_startup(settings, bot, catalog_path, store.where)  # a path, or a URL without its password
        stop = _install_signal_handlers(bot)
        try:
            async with bot, _background_services(settings, bot, catalog_path, loaded, own_engine):
                await login(bot, settings.token.get_secret_value(), settings.login_attempts)
                await bot.connect()
        except (discord.LoginFailure, discord.PrivilegedIntentsRequired, discord.ConnectionClosed) as exc:
            raise SetupError(*_refusal(exc)) from exc
        except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
            raise SetupError(f"Cannot reach Discord at {state_urls.mask(settings.api_base)} ({exc}); "
                             "check the network.", EXIT_NETWORK) from exc
        finally:
            stop()
    finally:
        await store.close()  # the engine holds no connection: the catalog is in memory
    return EXIT_OK


def _log_startup(settings: Settings, bot: Any, catalog_path: Path, state_path: Path | str) -> None:
    gpus, models = bot.metrics.catalog(bot.engine)
    shards = (f"shards {settings.shard_ids} of {settings.shard_count}" if settings.shard_ids else
              f"{settings.shard_count} shards" if settings.shard_count else
              "shards chosen by Discord" if settings.auto_shard else "1 shard")
    log.info("tpsbot %s starting: catalog %s (%d GPUs, %d models), state %s", VERSION, catalog_path, gpus, models,
             state_path)
    log.info("Plain questions: %s; %s; default language %s, profile %s; commands sync %s", settings.plain_mode,
             shards, settings.default_language or "per user", settings.default_profile, settings.sync_commands)
    log.info("Chart font: %s", chart.use_font(settings.chart_font))
    links.public_url = settings.public_url  # answers link to their full page (bot/web/links.py)
    if settings.web:
        log.info("Pages on the HTTP listener%s", f", linked as {settings.public_url}" if settings.public_url else "")


@contextlib.asynccontextmanager
async def _background_services(settings: Settings, bot: Any, catalog_path: Path, loaded: Any, watch: bool):
    """The health listener, systemd notifications and the catalog watcher, for as long as the bot runs."""
    notifier = SystemdNotifier()
    health = (HealthServer(bot, settings.http_host, settings.http_port, web_pages=settings.web)
              if settings.http_port is not None else None)
    tasks: list[asyncio.Task[Any]] = []
    try:
        if health is not None:
            try:
                await health.start()
            except OSError as exc:
                raise SetupError(f"Cannot listen on {settings.http_host}:{settings.http_port} for health checks "
                                 f"({exc.strerror or exc}); set TPSBOT_HTTP_PORT to a free port.", EXIT_CONFIG) from exc
        bot.health = health
        tasks.append(asyncio.create_task(_notify_ready(bot, notifier)))
        tasks.append(asyncio.create_task(notifier.watchdog(lambda: not bot.is_closed())))
        if watch:
            watcher = CatalogWatcher(catalog_path, Engine.open, lambda new: _swap(bot, new),
                                     settings.catalog_check_seconds, loaded=loaded)
            tasks.append(asyncio.create_task(watcher.run()))
        tasks.append(asyncio.create_task(upkeep.run(bot.store, settings, lambda: {g.id for g in bot.guilds})))
        yield
    finally:
        notifier.notify("STOPPING=1")
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if health is not None:
            await health.stop()


async def _notify_ready(bot: Any, notifier: SystemdNotifier) -> None:
    await bot.wait_until_ready()
    notifier.notify(f"READY=1\nSTATUS=Serving {len(bot.guilds)} servers")


def _swap(bot: Any, engine: Engine) -> None:
    bot.engine = engine  # one assignment: a request reads bot.engine once and keeps that engine
    collector.thaw()  # the old catalog was frozen with the rest of start-up: let it be collected
    gpus, models = bot.metrics.catalog(engine)
    bot.metrics.catalog_reloads.inc()
    log.info("Loaded the newer catalog file (%d GPUs, %d models) without a restart", gpus, models)


async def login(bot: Any, token: str, attempts: int,
                sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
    """bot.login(), tried again while Discord answers 5xx or something that is not Discord's API
    (an HTML page) — discord.py already retried each 5xx a few times itself."""
    for attempt in range(1, attempts + 1):
        try:
            await bot.login(token)
            return
        except (discord.DiscordServerError, TypeError, KeyError, ValueError, aiohttp.ContentTypeError) as exc:
            what = (f"HTTP {exc.status}" if isinstance(exc, discord.HTTPException)
                    else f"a page that is not Discord's API ({type(exc).__name__})")
            if attempt == attempts:
                raise SetupError(f"Discord's API answered {what} at login, {attempts} times; it may be down "
                                 f"(see discordstatus.com) or TPSBOT_API_BASE points elsewhere.", EXIT_NETWORK) from exc
            delay = min(LOGIN_BACKOFF_MAX, 2.0 ** attempt)
            log.warning("Discord's API answered %s at login (attempt %d of %d); trying again in %.0f s",
                        what, attempt, attempts, delay, exc_info=not isinstance(exc, discord.HTTPException))
            # The next login opens a new session; closing this one closed its connector too.
            await bot.http.close()
            bot.http.connector = http_connector()
            await sleep(delay)


def _refusal(exc: Exception) -> tuple[str, int]:
    """Discord said no at login or on the gateway: the sentence for the operator, and the exit code."""
    code = getattr(exc, "code", None)
    if isinstance(exc, discord.LoginFailure) or code == 4004:
        return "Discord rejected the bot token (TPSBOT_TOKEN): copy it again from the developer portal.", EXIT_DISCORD
    if isinstance(exc, discord.PrivilegedIntentsRequired) or code == 4014:
        return (
            "Discord refused the Message Content intent: enable it for the application in the developer portal "
            "(Bot → Privileged Gateway Intents) or set TPSBOT_PLAIN_MODE=mentions.", EXIT_DISCORD,
        )
    if code == 4011:
        return "Discord requires sharding for this many servers: set TPSBOT_AUTO_SHARD=true.", EXIT_CONFIG
    if code in (4010, 4012, 4013):
        return f"Discord refused the connection settings (close code {code}): check TPSBOT_SHARD_* values.", EXIT_CONFIG
    return f"Discord closed the connection for good (close code {code}).", EXIT_DISCORD


def _install_signal_handlers(bot: discord.Client):
    # discord.py does not close on SIGTERM by itself (by design): close the client, which ends
    # bot.start() and lets the finally blocks close the databases.
    loop = asyncio.get_running_loop()
    installed = []
    # SIGHUP (a closed terminal, `kill -HUP`) closes too: its default would kill the bot without
    # saving what is pending. It does not reload anything: settings are read at start.
    for sig in (signal.SIGTERM, signal.SIGINT, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])):
        try:
            loop.add_signal_handler(sig, _close, bot, sig)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
            pass

    def remove() -> None:
        for sig in installed:
            loop.remove_signal_handler(sig)

    return remove


# Tasks started from signal handlers; kept here so they are not garbage-collected mid-way.
_background: set[asyncio.Task[None]] = set()
# Under docker's default 10 s stop timeout: time for queued answers before the connection closes.
SHUTDOWN_GRACE = 8.0


def _close(bot: discord.Client, sig: signal.Signals) -> None:
    log.info("Received %s, closing", sig.name)
    task = asyncio.get_running_loop().create_task(shutdown(bot))
    _background.add(task)
    task.add_done_callback(_background.discard)


async def shutdown(bot: discord.Client, grace: float = SHUTDOWN_GRACE) -> None:
    """Stop taking new work (new interactions get a polite "restarting"), let what is queued
    finish within `grace` seconds, then close."""
    work = getattr(bot, "work", None)
    if work is not None and not work.draining:
        await work.drain(grace)
    await bot.close()


# How long the compute thread may hold the GIL while the event loop waits for it (CPython's default
# is 5 ms). Every socket read or write of the event loop releases the GIL and must win it back: with
# an answer being computed, each cost up to 5 ms, which in a burst of 1,000 acknowledgements added up
# to seconds. 0.5 ms costs the compute thread little (answers take milliseconds).
SWITCH_INTERVAL = 0.0005


def run_bot(settings: Settings, env_file: Path | None = None) -> int:
    """Entry point for `tpsbot run`; → process exit code."""
    sys.setswitchinterval(SWITCH_INTERVAL)  # this process is the bot: see SWITCH_INTERVAL
    token = settings.token.get_secret_value() if settings.token else None
    url = settings.database_url.get_secret_value() if settings.database_url else ""
    setup_logging(settings.log_level, token, settings.log_format, state_urls.secrets(url))
    warn_unknown(env_file, log)
    try:
        return asyncio.run(serve(settings, env_file=env_file, own_process=True))
    except SetupError as exc:
        print(f"tpsbot: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:  # a second Ctrl-C while closing
        return 130


def main(env_file: Path | None = Path(".env")) -> int:
    """`tpsbot run --env-file …`: read the settings, then run_bot(); bad settings → one sentence."""
    try:
        settings = Settings(_env_file=env_file)
    except ValidationError as exc:
        print(f"tpsbot: invalid settings: {describe(exc)}.", file=sys.stderr)
        return EXIT_CONFIG
    return run_bot(settings, env_file)
