"""Bot settings, read from the environment or a `.env` file (prefix `TPSBOT_`).

Every field is documented in `.env.example`; keep the two in step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from answers.api import MAX_QUESTION_CHARS
from answers.rendering.i18n import SUPPORTED

DISCORD_API = "https://discord.com/api/v10"
DISCORD_GATEWAY = "wss://gateway.discord.gg/"

# off: slash commands only; mentions: also answer when mentioned and in DMs (no privileged intent);
# channels: also read every message in channels a server opted in (needs the Message Content intent).
PlainMode = Literal["off", "mentions", "channels"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TPSBOT_", env_file=".env", extra="ignore")

    token: SecretStr | None = None
    db: Path | None = None  # catalog database; None → the engine's default
    state_db: Path | None = None  # per-server settings; None → beside the catalog, see state_db_path()
    locale: str = "en"  # last resort for replies when nothing else names a language
    plain_mode: PlainMode = "mentions"
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    auto_shard: bool = False
    log_level: str = "INFO"
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

    @field_validator("locale")
    @classmethod
    def _known_locale(cls, value: str) -> str:
        if value not in SUPPORTED:
            raise ValueError(f"must be one of {', '.join(SUPPORTED)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.upper()

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
        from catalog.store import default_db_path

        return (self.db or default_db_path()).parent / "state.db"
