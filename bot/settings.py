"""Bot settings, read from the environment or a `.env` file (prefix `TPSBOT_`).

Every field is documented in `.env.example`; keep the two in step.
"""

from __future__ import annotations

import difflib
import logging
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from answers.api import MAX_QUESTION_CHARS
from answers.knowledge.i18n import SUPPORTED
from bot.state import urls as state_urls
from catalog.store import default_db_path

DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"

# off: slash commands only; mentions: also answer when mentioned and in DMs (no privileged intent);
# channels: also read every message in channels a server opted in (needs the Message Content intent).
PlainMode = Literal["off", "mentions", "channels"]
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
ENV_PREFIX = "TPSBOT_"
DEFAULT_HTTP_HOST = "127.0.0.1"
MAX_SHARDS = 100_000
# An IPv4 or IPv6 address or a host name: letters, digits, dots, hyphens, colons (no spaces, no scheme).
_HOST = re.compile(r"[A-Za-z0-9.:%_-]{1,253}")
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
    # Discord puts at most 2,500 servers on a shard: 100,000 shards is beyond any bot.
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    auto_shard: bool = False
    log_level: str = "INFO"
    log_format: Literal["text", "json"] = "text"  # json: one JSON object per line (log collectors)
    # Host-wide defaults for servers that did not choose (their /settings override these).
    default_language: str | None = None  # forces the reply language like a server's /settings language
    default_profile: Literal["reference", "measured"] = "measured"  # answers.knowledge.profiles.DEFAULT_PROFILE
    # Health and metrics listener (/healthz, /readyz, /metrics); off unless a port is given.
    http_port: int | None = Field(default=None, ge=0, le=65535)  # 0: any free port (tests)
    # localhost only unless told otherwise (0.0.0.0 in a container); empty (a blank .env line) is the default
    http_host: str = DEFAULT_HTTP_HOST
    # The calculator's pages (bot/web, docs/web.md) on the same listener; needs TPSBOT_HTTP_PORT.
    web: bool = False
    # Where people reach those pages (https://tps.example.org): table and summary answers link to the
    # full page. Empty: no link.
    public_url: str | None = None
    # How often the running bot looks for a newer catalog file (an import or rebuild by another process).
    # At least a second: each check is a stat of the file, and a tiny interval would keep a core busy.
    catalog_check_seconds: float = Field(default=30.0, ge=1, le=60, allow_inf_nan=False)
    # A TrueType font for the charts; empty: DejaVu Sans from the system's font folders.
    chart_font: Path | None = None
    # Discord answering 5xx or an HTML page at login: tries before giving up (exit 5), with backoff.
    login_attempts: int = Field(default=5, ge=1, le=20)
    api_base: str = DISCORD_API  # → discord.http.Route.BASE (a REST proxy in large deployments)
    gateway_url: str = DISCORD_GATEWAY  # → DiscordWebSocket.DEFAULT_GATEWAY
    cooldown_rate: int = Field(default=5, ge=1, le=1000)  # questions a user may ask per cooldown_seconds
    # A day at most: discord.py's cooldown adds it to the clock, which an infinite value overflows.
    cooldown_seconds: float = Field(default=20.0, ge=1, le=86_400, allow_inf_nan=False)
    max_question_length: int = Field(default=MAX_QUESTION_CHARS, ge=1, le=MAX_QUESTION_CHARS)  # answers' limit at most
    # auto: sync slash commands when their definition changed since the last sync (kept in the state db).
    sync_commands: Literal["auto", "always", "never"] = "auto"
    # Privacy (docs/self-hosting.md, "Privacy"): days after a server removes the bot before its settings
    # and usage counts are deleted (adding the bot back before then keeps them), and days a user's
    # remembered language is kept without being used. /privacy tells users both.
    guild_retention_days: int = Field(default=30, ge=0, le=3650)
    user_language_days: int = Field(default=180, ge=1, le=3650)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        # "0,1,2" in an env file reads better than a JSON list
        if isinstance(value, str):
            parts = [part.strip() for part in value.strip().strip("[]").split(",") if part.strip()]
            if not all(part.isascii() and part.isdigit() for part in parts):
                raise ValueError("must be shard numbers separated by commas, e.g. 0,1")
            return [int(part) for part in parts] or None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _distinct_ids(cls, value: list[int] | None) -> list[int] | None:
        # Each id twice would open two gateway connections for one shard: every event handled twice.
        if value is not None and len(set(value)) != len(value):
            raise ValueError("names a shard twice")
        if value is not None and any(i < 0 for i in value):
            raise ValueError("shard ids start at 0")
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgresql_url(cls, value: object) -> object:
        if isinstance(value, SecretStr):
            value = value.get_secret_value()
        if isinstance(value, str):
            if not value.strip():  # an empty line in .env: the SQLite state
                return None
            state_urls.check(value)  # one sentence, without the URL (it may hold a password)
        return value

    @field_validator("http_host", mode="before")
    @classmethod
    def _host(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip()
            if not value:  # a blank .env line must not mean every interface
                return DEFAULT_HTTP_HOST
            if not _HOST.fullmatch(value):
                raise ValueError("must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0")
        return value

    @field_validator("api_base", "gateway_url")
    @classmethod
    def _endpoint(cls, value: str, info: ValidationInfo) -> str:
        schemes = ("https://", "http://") if info.field_name == "api_base" else ("wss://", "ws://")
        try:
            parts = urlsplit(value)
            parts.port  # noqa: B018 - raises on a port out of range
        except ValueError:
            raise ValueError(f"must be a {schemes[0]}… URL") from None
        if not value.startswith(schemes) or not parts.hostname:
            raise ValueError(f"must be a {schemes[0]}… URL")
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

    @field_validator("public_url")
    @classmethod
    def _page_address(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        return public_address(value)

    @field_validator("http_port", "chart_font", "db", "state_db", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _web_needs_port(self) -> Settings:
        if self.web and self.http_port is None:
            raise ValueError("TPSBOT_WEB=1 needs TPSBOT_HTTP_PORT: the pages are served by that listener")
        return self

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


def describe(exc: ValidationError) -> str:
    """Every refused setting in one line: `TPSBOT_COOLDOWN_SECONDS: …; TPSBOT_SHARD_IDS: …`."""
    return "; ".join(
        (f"{ENV_PREFIX}{'_'.join(str(p) for p in err['loc']).upper()}: " if err["loc"] else "")
        + " ".join(err["msg"].removeprefix("Value error, ").split())
        for err in exc.errors()
    )


def public_address(value: str) -> str:
    """TPSBOT_PUBLIC_URL: an http(s) address with a host and no query, fragment or credentials (it is
    written into public messages), without its trailing slash."""
    text = value.strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("must be an http:// or https:// address, such as https://tps.example.org")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError("must be a plain address: no ?query, #fragment or user:password@")
    if len(text) > 200 or any(ch.isspace() or ch in "<>()[]\"'" for ch in text):
        raise ValueError("must be a plain address of at most 200 characters (no spaces, brackets or quotes)")
    return text.rstrip("/")


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
