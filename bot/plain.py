"""Plain questions: when the bot is mentioned, in DMs, and in channels a server opted in to.

Replies go through the same engine, presentation and error policy as slash commands, and never
ping: the client default and every send use AllowedMentions.none().
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from answers.api import SPECS, Answer, AskOptions

from . import chart, errors, locales, render, views
from .commands import TOO_LONG
from .render import NO_MENTIONS

if TYPE_CHECKING:
    from .client import TpsBot

log = logging.getLogger(__name__)


def install(bot: TpsBot) -> None:
    async def on_message(message: discord.Message) -> None:
        await handle(bot, message)

    bot.event(on_message)


def trigger(bot: TpsBot, message: discord.Message) -> str | None:
    """Why the bot should answer: "dm", "mention", "channel", or None to ignore the message."""
    mode = bot.settings.plain_mode
    if mode == "off" or message.author.bot or message.webhook_id is not None or bot.user is None:
        return None
    if message.guild is None:
        return "dm"
    # raw_mentions holds user ids only: @everyone/@here and role pings do not count as asking us.
    if bot.user.id in message.raw_mentions:
        return "mention"
    if mode == "channels":
        g = bot.store.guild(message.guild.id)
        if g.plain_enabled and message.channel.id in g.plain_channels:
            return "channel"
    return None


def question_text(bot: TpsBot, message: discord.Message) -> str:
    assert bot.user is not None
    return re.sub(rf"<@!?{bot.user.id}>", " ", message.content).strip()


async def handle(bot: TpsBot, message: discord.Message) -> None:
    why = trigger(bot, message)
    if why is None:
        return
    guild = message.guild
    setting = bot.store.guild(guild.id if guild else None).locale
    preferred = guild.preferred_locale.value if guild else None
    locale = locales.message_locale(bot.store.user_locale(message.author.id), setting, preferred)

    async def reply(text: str) -> None:
        await message.channel.send(render.plain_text(text), reference=reference(message), allowed_mentions=NO_MENTIONS)

    try:
        question = question_text(bot, message)
        if not question:
            return
        too_long = len(question) > bot.settings.max_question_length
        retry = None if too_long else bot.cooldowns.hit(message.author.id)
        if why == "channel" and (too_long or retry is not None):
            return  # in an opted-in channel that is probably chat: do not add noise
        if too_long:
            raise errors.UserError(TOO_LONG, limit=bot.settings.max_question_length)
        if retry is not None:
            raise errors.OnCooldown(retry)
        options = bot.options_for(guild.id if guild else None)
        # The server's /settings language forces the reply's; the user's and server's Discord locales
        # are only evidence beside the question's own words.
        hint = locales.first_supported(bot.store.user_locale(message.author.id), preferred)
        answer = bot.engine.ask(question, locales.first_supported(setting), options, hint=hint)
        if why == "channel" and SPECS[answer.intent].quiet:
            return
        await send_answer(message, answer, options)
    except Exception as exc:
        await errors.handle(
            exc, locale=locale, reply=reply,
            context={"where": "message", "trigger": why, "user": message.author.id,
                     "guild": guild.id if guild else None, "channel": message.channel.id,
                     "content": message.content[:200]},
        )


async def send_answer(message: discord.Message, answer: Answer, options: AskOptions) -> None:
    view = views.page_view(views.state_for(answer, options), answer)
    png = None
    if SPECS[answer.intent].chart and answer.table:
        png = await asyncio.to_thread(chart.render, answer)
    embed = render.answer_embed(answer, chart=chart.FILENAME if png else None)
    kwargs: dict[str, Any] = {"embed": embed, "reference": reference(message), "allowed_mentions": NO_MENTIONS}
    if view:
        kwargs["view"] = view
    if png:
        kwargs["file"] = discord.File(io.BytesIO(png), chart.FILENAME)
    await message.channel.send(**kwargs)


def reference(message: discord.Message) -> discord.MessageReference:
    # The question may be deleted before we answer: then send without the reply link.
    return message.to_reference(fail_if_not_exists=False)
