"""The Discord client as the bot runs it: the plain or the auto-sharded class (bot.core), chosen by the
shard settings, with the Discord features of bot/exts/ installed (python-discord's extensions, at
RoboDanny's size: a tuple of modules, each with `setup(bot)`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.core import (
    CONTEXTS,
    HTTP_CONNECTIONS,
    INSTALLS,
    NO_MENTIONS,
    PERMISSIONS,
    ShardedTpsBot,
    TpsBot,
    http_connector,
    intents_for,
    invite_url,
)
from bot.exts.ask import plain, slash
from bot.exts.pages import views
from bot.ops import gateway_guard
from bot.settings import Settings
from bot.state.store import StateStore as Store

if TYPE_CHECKING:
    from answers.engine import Engine

__all__ = ["CONTEXTS", "HTTP_CONNECTIONS", "INSTALLS", "NO_MENTIONS", "PERMISSIONS", "ShardedTpsBot", "TpsBot",
           "create_bot", "http_connector", "intents_for", "invite_url"]


# Loaded in this order at setup_hook: the commands (with /settings and /privacy), the page buttons
# (which outlive restarts), the plain-message handler.
EXTENSIONS = (slash, views, plain)


def create_bot(settings: Settings, engine: Engine, store: Store, **options: Any) -> TpsBot | ShardedTpsBot:
    """`options` go to discord.py (tests lower guild_ready_timeout)."""
    options.setdefault("connector", http_connector())
    # Several shard ids in one process, a count without ids (every shard here) or no fixed count
    # need the auto-sharded client; one shard id with a count runs as a plain client (one
    # process per shard).
    several = settings.shard_ids is None and (settings.shard_count or 1) > 1
    sharded = settings.auto_shard or several or (settings.shard_ids is not None and len(settings.shard_ids) > 1)
    cls = ShardedTpsBot if sharded else TpsBot
    gateway_guard.install()
    return cls(settings, engine, store, EXTENSIONS, **options)
