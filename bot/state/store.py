"""Per-server settings and remembered user languages: the bot's state.

The state lives behind one interface (`StateStore`, bot/state/base.py) with two backends: a
SQLite file (the default, bot/state/sqlite.py) and PostgreSQL (TPSBOT_DATABASE_URL, for shards
on several machines, bot/state/postgres.py). This module keeps the names the rest of the bot
imports.
"""

from __future__ import annotations

import logging

from bot.state.base import StateStore
from bot.state.errors import StateDatabaseError, StateUnavailableError, StateWriteError
from bot.state.open import configured_target, open_store
from bot.state.sqlite import SqliteState as Store
from bot.state.values import GuildSettings

log = logging.getLogger(__name__)

__all__ = ["GuildSettings", "StateDatabaseError", "StateStore", "StateUnavailableError", "StateWriteError",
           "Store", "open_state"]


async def open_state(settings: object) -> StateStore:
    """The state the settings name (bot.settings.Settings), opened and checked."""
    store = await open_store(configured_target(settings))
    log.info("State: %s at %s (schema %d), %d servers with settings", store.kind, store.where,
             await store.version(), store.server_count())
    return store
