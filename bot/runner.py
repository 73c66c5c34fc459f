"""`tpsbot run`: start the bot, stop it cleanly on SIGTERM/SIGINT, and turn setup failures into
one clear sentence on stderr and a non-zero exit code."""

from __future__ import annotations

import asyncio
import logging
import signal
import sqlite3
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import yarl

from .client import create_bot
from .logs import setup_logging
from .settings import Settings
from .store import StateDatabaseError, Store

log = logging.getLogger(__name__)

# 2, 3 and 4 need a human (deploy/tpsbot.service does not restart on them); 5 may heal by itself.
EXIT_OK, EXIT_CONFIG, EXIT_DISCORD, EXIT_DATABASE, EXIT_NETWORK = 0, 2, 3, 4, 5


class SetupError(Exception):
    """Startup cannot go on; the message is the one sentence the operator sees."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def apply_endpoints(settings: Settings) -> None:
    """discord.py reads both addresses from class attributes, not from the client."""
    discord.http.Route.BASE = settings.api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def open_engine(db_path: Path | None) -> Any:
    from answers.engine import Engine  # imported late: tests hand serve() an engine of their own
    from answers.knowledge.catalog_view import StoreError

    try:
        return await Engine.open(db_path)  # builds the catalog on first use
    except StoreError as exc:
        raise SetupError(f"Cannot open the catalog database: {exc}", EXIT_DATABASE) from exc
    except (OSError, sqlite3.Error) as exc:
        raise SetupError(f"Cannot open the catalog database ({db_path or 'default location'}): {exc}", EXIT_DATABASE) from exc


async def serve(
    settings: Settings, *, engine: Any = None, on_created: Callable[[discord.Client], None] | None = None,
    **client_options: Any,
) -> int:
    """Run until closed; → exit code. Raises SetupError for operator mistakes.

    Tests pass their own engine, a hook that receives the client, and client options.
    """
    if settings.token is None or not settings.token.get_secret_value().strip():
        raise SetupError("No bot token: set TPSBOT_TOKEN in the environment or in .env.", EXIT_CONFIG)
    if any(ch.isspace() or not ch.isprintable() for ch in settings.token.get_secret_value().strip()):
        # aiohttp would refuse the header with a traceback ("Forbidden control character").
        raise SetupError("The bot token contains a line break, space or control character: "
                         "copy it again into TPSBOT_TOKEN.", EXIT_CONFIG)
    apply_endpoints(settings)
    state_path = settings.state_db_path()
    try:
        store = await Store.open(state_path)
    except StateDatabaseError as exc:
        raise SetupError(f"Cannot write the state database {exc}; set TPSBOT_STATE_DB to a writable file.", EXIT_DATABASE) from exc
    own_engine = engine is None
    try:
        if own_engine:
            engine = await open_engine(settings.db)
        bot = create_bot(settings, engine, store, **client_options)
        if on_created is not None:
            on_created(bot)
        stop = _install_signal_handlers(bot)
        try:
            async with bot:
                await bot.start(settings.token.get_secret_value())
        except (discord.LoginFailure, discord.PrivilegedIntentsRequired, discord.ConnectionClosed) as exc:
            raise SetupError(*_refusal(exc)) from exc
        except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
            raise SetupError(f"Cannot reach Discord at {settings.api_base} ({exc}); check the network.", EXIT_NETWORK) from exc
        finally:
            stop()
    finally:
        await store.close()  # the engine holds no connection: the catalog is in memory
    return EXIT_OK


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
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, lambda s=sig: _close(bot, s))
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


def run_bot(settings: Settings) -> int:
    """Entry point for `tpsbot run`; → process exit code."""
    token = settings.token.get_secret_value() if settings.token else None
    setup_logging(settings.log_level, token)
    try:
        return asyncio.run(serve(settings))
    except SetupError as exc:
        print(f"tpsbot: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:  # a second Ctrl-C while closing
        return 130


def main(env_file: Path | None = Path(".env")) -> int:
    """`tpsbot run --env-file …`: read the settings, then run_bot(); bad settings → one sentence."""
    from pydantic import ValidationError

    try:
        settings = Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        problems = "; ".join(
            (f"TPSBOT_{'_'.join(str(p) for p in err['loc']).upper()}: " if err["loc"] else "") + err["msg"]
            for err in exc.errors()
        )
        print(f"tpsbot: invalid settings: {problems}.", file=sys.stderr)
        return EXIT_CONFIG
    return run_bot(settings)
