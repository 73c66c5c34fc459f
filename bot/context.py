"""What a handler needs from the running bot, defined below the client so that commands, plain
questions, settings and buttons never import bot.client (which imports all of them: no loop).

`BotLike` is the client as handlers see it; `locale_for`, `forced_locale` and `options_for` are
the one place where a server's settings meet the host's defaults:

- language: a server's `/settings language`, else the host's TPSBOT_DEFAULT_LANGUAGE, forces the
  language of every reply (slash commands, /help, /settings, errors, plain questions); only
  without either do the user's Discord language, the server's preferred locale and TPSBOT_LOCALE
  decide.
- profile: a server's `/settings profile` when it chose one, else TPSBOT_DEFAULT_PROFILE.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from answers.api import AskOptions, Profile
from bot import locales

if TYPE_CHECKING:
    import discord
    from discord import app_commands

    from answers.engine import Engine
    from bot.ops.cooldown import UserCooldowns
    from bot.ops.metrics import Metrics
    from bot.ops.work import Work
    from bot.settings import Settings
    from bot.state.store import GuildSettings, StateStore


# Commands that are no questions (/privacy, /settings): they do not use up the question cooldown.
NO_COOLDOWN = frozenset({"privacy", "settings"})
# /privacy does not note the user's language: `/privacy erase` would be undone by its own interaction.
NO_LANGUAGE = frozenset({"privacy"})


class BotLike(Protocol):
    """The attributes of bot.client's TpsBot that handlers use."""

    settings: Settings
    engine: Engine
    store: StateStore
    cooldowns: UserCooldowns
    work: Work
    metrics: Metrics

    @property  # read-only here: the client's own Tree subclass stands in for it
    def tree(self) -> app_commands.CommandTree[Any]: ...

    @property
    def user(self) -> discord.ClientUser | None: ...


# Interaction.extras keys: what the handler answered, read by client.Tree to count the request.
INTENT = "tpsbot_intent"  # the intent the engine answered (default: the command's name)
OUTCOME = "tpsbot_outcome"  # "answered", "private" (the user's input was the problem) or an error kind

def forced_locale(bot: BotLike, guild_id: int | None) -> str | None:
    """The language every reply in this server must use, or None to follow the user and question."""
    setting = bot.store.guild(guild_id).locale if guild_id is not None else None
    return locales.first_supported(setting, bot.settings.default_language)


def locale_for(bot: BotLike, interaction: discord.Interaction[Any]) -> str:
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else None
    return locales.interaction_locale(interaction.locale.value, forced_locale(bot, interaction.guild_id),
                                      guild_locale, bot.settings.locale)


def profile_for(bot: BotLike, settings: GuildSettings) -> str:
    """The server's own choice, else the host's default (settings.profile None: never chosen)."""
    return settings.profile or bot.settings.default_profile


def options_for(bot: BotLike, guild_id: int | None, **overrides: Any) -> AskOptions:
    g = bot.store.guild(guild_id)
    # AskOptions refuses a profile it does not know (its __post_init__): the cast only tells mypy.
    return AskOptions(profile=cast("Profile", profile_for(bot, g)), context=g.context, min_quality=g.min_quality,
                      **overrides)


def acked(interaction: discord.Interaction[Any]) -> None:
    """Count the interaction's first response in the acknowledgement histogram (bot.metrics)."""
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None and interaction.response.is_done():
        metrics.acked(interaction.extras)
