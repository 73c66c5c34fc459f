"""/settings: per-server options, Manage Server only, always answered privately.

Discord hides the group from members without Manage Server (default_permissions), but server
admins can override that in Integrations, so the permission is checked again on every use.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice, Range
from msgspec import Struct

from answers.knowledge.i18n import SUPPORTED, display_name
from answers.rendering import format as fmt
from bot.context import OUTCOME, acked, locale_for
from bot.i18n import L_, N_, t
from bot.render import NO_MENTIONS
from bot.state.replies import not_saved
from bot.state.store import GuildSettings, StateWriteError
from bot.state.values import QUALITY_LEVELS

if TYPE_CHECKING:
    from bot.core import TpsBot

log = logging.getLogger(__name__)

SAVED = N_("Saved.")
SHOW = N_(
    "**Language:** {language}\n**Default context:** {context}\n**Minimum quality:** {quality}\n"
    "**Profile:** {profile}\n**Plain questions in channels:** {plain}\n**Channels:** {channels}"
)
AUTO = N_("automatic")
# A setting the server left to the host, and what the host gives it (TPSBOT_DEFAULT_*, else built in).
AUTO_HOST = N_("automatic (host default: {value})")
DEFAULT = N_("default")
ON = N_("on")
OFF = N_("off")
NONE = N_("none")
PROFILE_REFERENCE = N_("reference")
PROFILE_MEASURED = N_("measured")
HOST_DISABLED = N_(
    "Saved, but this bot's host has not enabled channel mode (TPSBOT_PLAIN_MODE=channels), so it "
    "only answers mentions and direct messages for now."
)


class SettingsGroup(app_commands.Group):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        if not interaction.permissions.manage_guild:
            raise app_commands.MissingPermissions(["manage_guild"])
        return True


settings_group = SettingsGroup(
    name="settings", description=L_("Change how this bot answers in this server"), guild_only=True,
    default_permissions=discord.Permissions(manage_guild=True),
    # Server settings: never part of the user-installed app, never in DMs.
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
    allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False),
)

# Room for the summary in one message (2,000 characters), whatever the number of channels.
MESSAGE_MAX = 2000


class PlainChannel(app_commands.Transformer):
    """A channel people write questions in: text, announcement or forum (its posts are threads).
    Categories and voice channels are not offered. The value is the interaction's resolved
    channel, which needs no guild cache."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news, discord.ChannelType.forum]

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Any:
        return value


class HostDefaults(Struct, frozen=True):
    """What the host's TPSBOT_DEFAULT_LANGUAGE and TPSBOT_DEFAULT_PROFILE give a server that never
    chose: shown beside "automatic", so an admin sees what applies and what a choice would change."""

    language: str | None = None
    profile: str = "measured"  # answers.knowledge.profiles.DEFAULT_PROFILE


def describe(settings: GuildSettings, locale: str, host: HostDefaults = HostDefaults(),
             room: int = MESSAGE_MAX) -> str:
    text = _describe(settings, locale, host, None)
    shown = len(settings.plain_channels)
    while len(text) > room and shown > 0:  # list fewer channels, then say how many more
        shown = max(0, min(shown - 1, shown - (len(text) - room) // 24))
        text = _describe(settings, locale, host, shown)
    return text


def _profile_name(profile: str, locale: str) -> str:
    return t(locale, PROFILE_MEASURED if profile == "measured" else PROFILE_REFERENCE)


def _describe(settings: GuildSettings, locale: str, host: HostDefaults, shown: int | None) -> str:
    channels = sorted(settings.plain_channels)
    listed = ", ".join(f"<#{c}>" for c in channels[:shown])
    if shown is not None and shown < len(channels):
        listed = f"{listed}, … (+{len(channels) - shown})" if listed else f"… ({len(channels)})"
    # Unset language without a host default: the member's own language decides ("automatic").
    auto_language = (t(locale, AUTO_HOST, value=display_name(host.language)) if host.language
                     else t(locale, AUTO))
    return t(
        locale, SHOW,
        language=settings.locale or auto_language,
        context=fmt.integer(settings.context, locale) if settings.context else t(locale, DEFAULT),
        quality=settings.min_quality or t(locale, DEFAULT),
        profile=(_profile_name(settings.profile, locale) if settings.profile
                 else t(locale, AUTO_HOST, value=_profile_name(host.profile, locale))),
        plain=t(locale, ON if settings.plain_enabled else OFF),
        channels=listed or t(locale, NONE),
    )


def host_defaults(bot: TpsBot) -> HostDefaults:
    return HostDefaults(bot.settings.default_language, bot.settings.default_profile)


async def save(interaction: discord.Interaction[TpsBot], note: str | None = None, **changes: object) -> None:
    bot = interaction.client
    assert interaction.guild_id is not None  # guild_only + interaction_check
    try:
        new = await bot.store.update_guild(interaction.guild_id, **changes)
    except StateWriteError as exc:  # answered within the write budget, well inside Discord's 3 s
        log.warning("Setting not saved for server %s (%s: %s)", interaction.guild_id, exc.reason, exc.detail)
        # An error in /metrics (tpsbot_errors_total{kind="state_error"}, and the request's outcome), not
        # an answered request: the admin was told "not saved".
        interaction.extras[OUTCOME] = "state_error"
        bot.metrics.error("state_error")
        text = not_saved(locale_for(bot, interaction), exc)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        acked(interaction)
        return
    locale = locale_for(bot, interaction)
    head = f"{t(locale, note or SAVED)}\n\n"
    text = head + describe(new, locale, host_defaults(bot), MESSAGE_MAX - len(head))
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    acked(interaction)


@settings_group.command(name="show", description=L_("Show this server's settings"))
async def show(interaction: discord.Interaction[TpsBot]) -> None:
    bot = interaction.client
    text = describe(bot.store.guild(interaction.guild_id), locale_for(bot, interaction), host_defaults(bot))
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    acked(interaction)


@settings_group.command(name="language", description=L_("Answer language when a member's own is unknown"))
@app_commands.describe(language=L_("Automatic uses the server's preferred language"))
@app_commands.choices(
    # Every catalogue under locales/, named in its own language ("Italiano", "Português (Brasil)").
    language=[Choice(name=L_("Automatic"), value="auto"), *(Choice(name=display_name(c), value=c) for c in SUPPORTED)]
)
async def language(interaction: discord.Interaction[TpsBot], language: str) -> None:
    await save(interaction, locale=None if language == "auto" else language)


@settings_group.command(name="context", description=L_("Default context length for this server"))
@app_commands.describe(tokens=L_("Tokens of context; 0 restores the default (4,096)"))
async def context(interaction: discord.Interaction[TpsBot], tokens: Range[int, 0, 10_000_000]) -> None:
    await save(interaction, context=tokens or None)


@settings_group.command(name="quality", description=L_("Hide cards that need a lower quality than this"))
@app_commands.describe(level=L_("Minimum quantization level"))
@app_commands.choices(
    level=[Choice(name=L_("Default"), value="default")] + [Choice(name=q, value=q) for q in QUALITY_LEVELS]
)
async def quality(interaction: discord.Interaction[TpsBot], level: str) -> None:
    await save(interaction, min_quality=None if level == "default" else level)


@settings_group.command(name="profile", description=L_("Reference estimates or measured speeds"))
@app_commands.describe(profile=L_("Which speeds to show"))
@app_commands.choices(
    # Automatic: back to "never chosen", the host's default (TPSBOT_DEFAULT_PROFILE) applies again.
    profile=[Choice(name=L_("Automatic"), value="auto"), Choice(name=L_("Reference estimates"), value="reference"),
             Choice(name=L_("Measured speeds (default)"), value="measured")]
)
async def profile(interaction: discord.Interaction[TpsBot], profile: str) -> None:
    await save(interaction, profile=None if profile == "auto" else profile)


@settings_group.command(name="plain", description=L_("Answer plain questions in chosen channels"))
@app_commands.describe(
    enabled=L_("On or off"), channel=L_("The channel to add or remove; leave empty to switch all of them")
)
async def plain(
    interaction: discord.Interaction[TpsBot], enabled: bool,
    channel: app_commands.Transform[app_commands.AppCommandChannel, PlainChannel] | None = None,
) -> None:
    # AppCommandChannel comes straight from the interaction's resolved data: it needs no guild cache.
    bot = interaction.client
    current = bot.store.guild(interaction.guild_id)
    changes: dict[str, object] = {"plain_enabled": enabled}
    if channel is not None:
        channels = set(current.plain_channels)
        (channels.add if enabled else channels.discard)(channel.id)
        changes = {"plain_channels": frozenset(channels), "plain_enabled": enabled or current.plain_enabled}
    note = HOST_DISABLED if enabled and bot.settings.plain_mode != "channels" else None
    await save(interaction, note, **changes)
