"""Bot settings, read from the environment or a `.env` file (prefix `TPSBOT_`).

Every field is documented in `.env.example`; keep the two in step.
"""

from __future__ import annotations

import difflib
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from dotenv import dotenv_values
from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from answers.api import MAX_QUESTION_CHARS
from answers.knowledge.i18n import SUPPORTED
from catalog.store import default_db_path

DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"

# off: slash commands only; mentions: also answer when mentioned and in DMs (no privileged intent);
# channels: also read every message in channels a server opted in (needs the Message Content intent).
PlainMode = Literal["off", "mentions", "channels"]
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
ENV_PREFIX = "TPSBOT_"
# Read from the environment by answers/ and catalog/ themselves, not by this class.
# Read elsewhere, not settings of the bot: the start-up cache folder, and the test suite's PostgreSQL server.
OTHER_NAMES = frozenset({"TPSBOT_CACHE_DIR", "TPSBOT_TEST_DATABASE_URL"})


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, env_file=".env", extra="ignore")

    token: SecretStr | None = None
    db: Path | None = None  # catalog database; None → the engine's default
    state_db: Path | None = None  # per-server settings; None → beside the catalog, see state_db_path()
    # postgresql://user:password@host:5432/db → the per-server state lives there instead of state_db
    # (one state for shards on several machines); a secret, as it may carry a password.
    database_url: SecretStr | None = None
    locale: str = "en"  # last resort for replies when nothing else names a language
    plain_mode: PlainMode = "mentions"
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    auto_shard: bool = False
    log_level: str = "INFO"
    log_format: Literal["text", "json"] = "text"  # json: one JSON object per line (log collectors)
    # Host-wide defaults for servers that did not choose (their /settings override these).
    default_language: str | None = None  # forces the reply language like a server's /settings language
    default_profile: Literal["reference", "measured"] = "reference"
    # Health and metrics listener (/healthz, /readyz, /metrics); off unless a port is given.
    http_port: int | None = Field(default=None, ge=0, le=65535)  # 0: any free port (tests)
    http_host: str = "127.0.0.1"  # localhost only unless told otherwise (0.0.0.0 in a container)
    # How often the running bot looks for a newer catalog file (an import or rebuild by another process).
    catalog_check_seconds: float = Field(default=30.0, gt=0, le=60)
    # A TrueType font for the charts; empty: DejaVu Sans from the system's font folders.
    chart_font: Path | None = None
    # Discord answering 5xx or an HTML page at login: tries before giving up (exit 5), with backoff.
    login_attempts: int = Field(default=5, ge=1, le=20)
    api_base: str = DISCORD_API  # → discord.http.Route.BASE (a REST proxy in large deployments)
    gateway_url: str = DISCORD_GATEWAY  # → DiscordWebSocket.DEFAULT_GATEWAY
    cooldown_rate: int = Field(default=5, ge=1)  # questions a user may ask per cooldown_seconds
    cooldown_seconds: float = Field(default=20.0, gt=0)
    max_question_length: int = Field(default=MAX_QUESTION_CHARS, ge=1, le=MAX_QUESTION_CHARS)  # answers' limit at most
    # auto: sync slash commands when their definition changed since the last sync (kept in the state db).
    sync_commands: Literal["auto", "always", "never"] = "auto"

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        # "0,1,2" in an env file reads better than a JSON list
        if isinstance(value, str):
            value = value.strip().strip("[]")
            return [int(part) for part in value.split(",") if part.strip()] or None
        return value

    @field_validator("database_url")
    @classmethod
    def _postgresql_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql://user:password@host:port/database URL")
        return value

    @field_validator("locale", "default_language")
    @classmethod
    def _known_locale(cls, value: str | None) -> str | None:
        if value == "":  # an empty line in .env: not set
            return None
        if value is not None and value not in SUPPORTED:
            raise ValueError(f"must be one of {', '.join(SUPPORTED)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in LOG_LEVELS:  # logging.setLevel would raise a traceback later
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return value

    @field_validator("http_port", "chart_font", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _shards_need_count(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("TPSBOT_SHARD_IDS needs TPSBOT_SHARD_COUNT")
        if self.shard_ids and self.shard_count and max(self.shard_ids) >= self.shard_count:
            raise ValueError("every shard id must be below TPSBOT_SHARD_COUNT")
        return self

    def state_db_path(self) -> Path:
        # A separate file: the catalog db is rebuilt by atomically replacing its file, which would
        # wipe anything else stored in it.
        if self.state_db is not None:
            return self.state_db
        return (self.db or default_db_path()).parent / "state.db"



def unknown_names(env_file: Path | None, environ: Mapping[str, str] | None = None) -> list[str]:
    """`TPSBOT_*` names in the environment or the .env file that no setting reads, each with a
    close match when there is one: "TPSBOT_LOG_LEVLE (did you mean TPSBOT_LOG_LEVEL?)"."""
    known = {ENV_PREFIX + name.upper() for name in Settings.model_fields} | OTHER_NAMES
    names = {k.upper() for k in (os.environ if environ is None else environ) if k.upper().startswith(ENV_PREFIX)}
    if env_file is not None and env_file.is_file():
        names |= {k.upper() for k in dotenv_values(env_file) if k.upper().startswith(ENV_PREFIX)}
    out = []
    for name in sorted(names - known):
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
        out.append(f"{name} (did you mean {close[0]}?)" if close else name)
    return out


def warn_unknown(env_file: Path | None, log: logging.Logger) -> None:
    for name in unknown_names(env_file):
        log.warning("Unknown setting %s is ignored", name)
