"""/privacy: what the bot keeps about a user and a server, for how long, and `/privacy erase` to
delete the user's own data now. Always private (ephemeral), never cooled down, and it does not note
the user's language itself (an erase would otherwise be undone by the same interaction).

A blocked server or user (`tpsbot admin block`) gets errors.BLOCKED instead of any of this."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from answers.rendering import format as fmt
from bot.context import OUTCOME, acked, locale_for
from bot.i18n import L_, N_, t
from bot.render import NO_MENTIONS
from bot.state.errors import StateWriteError
from bot.state.replies import FAILED_TEXT, REASON_TEXT

if TYPE_CHECKING:
    from bot.core import TpsBot

log = logging.getLogger(__name__)

STORED = N_(
    "**What this bot keeps, and for how long**\n"
    "• **Your language** (the one your Discord app uses), to answer your plain questions in it. It is "
    "deleted after {user_days} days without use, or now with `/privacy erase`.\n"
    "• **For each server:** the options its admins chose with /settings, and how many questions of each "
    "kind were asked there (no names, no text). Both are deleted {guild_days} days after the server "
    "removes the bot.\n"
    "• **Your questions and the answers are not stored.** The host's logs note the server and the kind "
    "of each request, and the question that caused an error."
)
ERASED = N_("Done: the language this bot kept for you is erased. It is kept again the next time you use "
            "the bot (see `/privacy`).")
NOT_ERASED = N_("**Not erased.** {reason}")



privacy_group = app_commands.Group(name="privacy", description=L_("What this bot keeps about you, and erasing it"))


@privacy_group.command(name="show", description=L_("What this bot keeps about you and this server, and for how long"))
async def show(interaction: discord.Interaction[TpsBot]) -> None:
    bot = interaction.client
    locale = locale_for(bot, interaction)
    text = t(locale, STORED, user_days=fmt.integer(bot.settings.user_language_days, locale),
             guild_days=fmt.integer(bot.settings.guild_retention_days, locale))
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    acked(interaction)


@privacy_group.command(name="erase", description=L_("Erase what this bot keeps about you"))
async def erase(interaction: discord.Interaction[TpsBot]) -> None:
    bot = interaction.client
    locale = locale_for(bot, interaction)
    try:
        await bot.store.forget_user(interaction.user.id)
    except StateWriteError as exc:
        log.warning("Could not erase the data of user %s (%s: %s)", interaction.user.id, exc.reason, exc.detail)
        interaction.extras[OUTCOME] = "state_error"  # counted as an error, not "answered"
        bot.metrics.error("state_error")
        reason = t(locale, REASON_TEXT.get(exc.reason, FAILED_TEXT))
        await interaction.response.send_message(t(locale, NOT_ERASED, reason=reason), ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
        acked(interaction)
        return
    await interaction.response.send_message(t(locale, ERASED), ephemeral=True, allowed_mentions=NO_MENTIONS)
    acked(interaction)
