"""What a stored setting may hold, and the repair of a value that is out of range.

A value outside these ranges (`context='abc'`, `profile='bogus'`, written by hand, by another
program or by damage) is repaired to the default with a warning instead of stopping the bot: one
server's bad row must neither turn each of its answers into "something went wrong" nor keep
every other server from being answered. The default is what `/settings … default` would store.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from msgspec import Struct, field

from answers.knowledge.i18n import SUPPORTED
from answers.knowledge.profiles import PROFILE_NAMES

log = logging.getLogger(__name__)

# The /settings choices (bot/exts/settings/commands.py offers exactly these).
QUALITY_LEVELS = ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS")
MAX_CONTEXT_SETTING = 10_000_000  # /settings context's upper bound
# A Discord locale as interactions carry it ("en-US", "pt-BR", "fr").
_USER_LOCALE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")
GUILD_COLUMNS = ("guild_id", "locale", "context", "min_quality", "profile", "plain_enabled", "plain_channels")


class GuildSettings(Struct, frozen=True):
    locale: str | None = None
    context: int | None = None
    min_quality: str | None = None
    profile: str | None = None  # None: never chosen, the host's TPSBOT_DEFAULT_PROFILE applies
    plain_enabled: bool = False
    plain_channels: frozenset[int] = field(default_factory=frozenset)


DEFAULTS = GuildSettings()


def to_row(guild_id: int, g: GuildSettings) -> tuple[Any, ...]:
    """The stored form, the same in both backends (channels as a JSON list, a flag as 0/1)."""
    return (guild_id, g.locale, g.context, g.min_quality, g.profile, int(g.plain_enabled),
            json.dumps(sorted(g.plain_channels)))


def check_changes(changes: dict[str, object]) -> None:
    """A write from our own commands: a bad value is a bug, refused before it is stored."""
    probe = GuildSettings(**changes)  # type: ignore[arg-type]
    _, problems = from_row(to_row(0, probe))
    if problems:
        raise ValueError(f"refused setting values: {', '.join(p[0] for p in problems)}")


def from_row(row: tuple[Any, ...] | Any) -> tuple[GuildSettings, list[tuple[str, Any]]]:
    """→ (settings, [(column, bad stored value), …]); each bad value replaced by its default."""
    gid, locale, context, quality, profile, plain, channels = tuple(row)
    problems: list[tuple[str, Any]] = []

    def bad(column: str, value: Any, default: Any) -> Any:
        problems.append((column, value))
        return default

    if locale is not None and locale not in SUPPORTED:
        locale = bad("locale", locale, None)
    if context is not None and not (type(context) is int and 1 <= context <= MAX_CONTEXT_SETTING):
        context = bad("context", context, None)
    if quality is not None and quality not in QUALITY_LEVELS:
        quality = bad("min_quality", quality, None)
    if profile is not None and profile not in PROFILE_NAMES:
        profile = bad("profile", profile, None)
    if plain not in (0, 1):  # True/False compare equal to 1/0
        plain = bad("plain_enabled", plain, 0)
    ids = _channel_ids(channels)
    if ids is None:
        ids = bad("plain_channels", channels, frozenset())
    return GuildSettings(locale, context, quality, profile, bool(plain), ids), problems


def _channel_ids(raw: object) -> frozenset[int] | None:
    try:
        value = json.loads(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    if isinstance(value, list) and all(type(v) is int and v > 0 for v in value):
        return frozenset(value)
    return None


def warn_repaired(where: str, guild_id: object, problems: list[tuple[str, Any]]) -> None:
    for column, value in problems:
        log.warning("State database %s: %s of server %s is out of range (%.60r); using the default",
                    where, column, guild_id, value)


def valid_user_locale(value: object) -> bool:
    return isinstance(value, str) and _USER_LOCALE.fullmatch(value) is not None
