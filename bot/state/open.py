"""Which backend holds the state: PostgreSQL when a `postgresql://` URL is given
(TPSBOT_DATABASE_URL), else the SQLite file (TPSBOT_STATE_DB, or state.db beside the catalog)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.state.base import WRITE_TIMEOUT, StateStore
from bot.state.errors import StateDatabaseError, StateSettingError
from bot.state.sqlite import SqliteState
from bot.state.urls import SCHEMES, mask

if TYPE_CHECKING:
    from bot.state.postgres import PostgresState


def is_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(SCHEMES)


async def open_store(target: str | Path, *, listen: bool = True, write_timeout: float = WRITE_TIMEOUT) -> StateStore:
    """A `postgresql://` URL or a SQLite path → the opened store (checked and migrated); `listen`:
    follow other processes' writes (a running bot), not needed by one-off commands.
    Raises StateDatabaseError (or StateUnavailableError) with a one-line reason."""
    if is_url(target):
        return await _postgres().open(str(target), listen=listen, write_timeout=write_timeout)
    if isinstance(target, str) and "://" in target:
        raise StateSettingError(f"{mask(target.split('://')[0])}:// is not a state database; use postgresql://…")
    return await SqliteState.open(target, write_timeout=write_timeout, watch=listen)


def configured_target(settings: object) -> str | Path:
    """The state the bot's settings name (bot.settings.Settings)."""
    url = getattr(settings, "database_url", None)
    if url is not None:
        return url.get_secret_value()
    return settings.state_db_path()  # type: ignore[attr-defined]


MISSING_DRIVER = ("a postgresql:// URL needs the PostgreSQL driver, which is not installed: "
                  "pip install \"tpsbot[postgres]\" (from a checkout: pip install -e \".[postgres]\")")


def _postgres() -> type[PostgresState]:
    """The PostgreSQL backend, imported only when asked for: asyncpg is an optional extra, and a SQLite
    deployment never loads it."""
    try:
        from bot.state.postgres import PostgresState  # lazy: asyncpg, an optional extra
    except ImportError as exc:
        if exc.name != "asyncpg" and not (exc.name or "").startswith("asyncpg."):
            raise
        raise StateDatabaseError(MISSING_DRIVER) from exc
    return PostgresState
