"""Plain questions: when the bot is mentioned, in DMs, and in channels a server opted in to.

Replies go through the same engine, presentation and error policy as slash commands, and never
ping: the client default and every send use AllowedMentions.none().
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from answers.api import SPECS, Answer, AskOptions
from bot import chart, context, errors, locales, render
from bot.errors import TOO_LONG
from bot.exts.ask.permissions import Capabilities, capabilities
from bot.exts.pages import views
from bot.ops import work
from bot.render import NO_MENTIONS

if TYPE_CHECKING:
    from bot.core import TpsBot

log = logging.getLogger(__name__)


def trigger(bot: TpsBot, message: discord.Message) -> str | None:
    """Why the bot should answer: "dm", "mention", "channel", or None to ignore the message."""
    mode = bot.settings.plain_mode
    if mode == "off" or message.author.bot or message.webhook_id is not None or bot.user is None:
        return None
    if message.is_system():
        return None  # "thread created" carries the thread's name; Discord refuses replies to these anyway
    if message.guild is None:
        # A server message whose server is not in the cache (outage, late GUILD_CREATE) is no DM.
        return "dm" if getattr(message.channel, "guild_id", None) is None else None
    # raw_mentions holds user ids only: @everyone/@here and role pings do not count as asking us.
    # `mentions` also holds the author of a message replied to with the ping on.
    if bot.user.id in message.raw_mentions or any(u.id == bot.user.id for u in message.mentions):
        return "mention"
    if mode == "channels":
        g = bot.store.guild(message.guild.id)
        channel = message.channel
        # Threads and forum posts belong to the channel (or forum) that was opted in.
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        if g.plain_enabled and (channel.id in g.plain_channels or parent in g.plain_channels):
            return "channel"
    return None


def question_text(bot: TpsBot, message: discord.Message) -> str:
    assert bot.user is not None
    return re.sub(rf"<@!?{bot.user.id}>", " ", message.content).strip()


async def handle(bot: TpsBot, message: discord.Message) -> None:
    why = trigger(bot, message)
    if why is None or bot.work.draining:
        return
    if bot.store.is_blocked(message.author.id, message.guild.id if message.guild else None):
        return  # the owner's blocklist: no answer, and no message to say so (it would be noise in a channel)
    can = capabilities(message)
    if not can.send:
        # No request at all: a refused one counts toward Discord's invalid-request ban.
        log.warning("Not answering in channel %s of server %s: the bot lacks %s there",
                    message.channel.id, getattr(message.guild, "id", None), can.missing_send)
        return
    with bot.work.track():
        await _handle(bot, message, why, can)


async def _handle(bot: TpsBot, message: discord.Message, why: str, can: Capabilities) -> None:
    guild = message.guild
    started = bot.metrics.clock()
    forced = context.forced_locale(bot, guild.id if guild else None)
    preferred = guild.preferred_locale.value if guild else None
    locale = locales.message_locale(bot.store.user_locale(message.author.id), forced, preferred)
    intent, outcome = "ask", "ignored"

    async def reply(text: str) -> None:
        await message.channel.send(render.plain_text(text), allowed_mentions=NO_MENTIONS, **reference(message, can))

    try:
        question = question_text(bot, message)
        if not question:
            return
        outcome = "dropped"  # the rules below may drop it silently in an opted-in channel
        too_long = len(question) > bot.settings.max_question_length
        retry = None if too_long else bot.cooldowns.hit(message.author.id)
        if why == "channel" and (too_long or retry is not None):
            return  # in an opted-in channel that is probably chat: do not add noise
        if too_long:
            raise errors.UserError(TOO_LONG, limit=bot.settings.max_question_length)
        if retry is not None:
            raise errors.OnCooldown(retry)
        options = context.options_for(bot, guild.id if guild else None)
        # The server's /settings language (or the host's default) forces the reply's; the user's and
        # server's Discord locales are only evidence beside the question's own words.
        hint = locales.first_supported(bot.store.user_locale(message.author.id), preferred)
        answer = await work.compute(bot.engine.ask, question, forced, options, hint=hint)
        intent = answer.intent
        if why == "channel" and SPECS[answer.intent].quiet:
            return
        await send_answer(message, answer, options, can)
        outcome = "private" if SPECS[answer.intent].private else "answered"
    except Exception as exc:
        outcome = await errors.handle(
            exc, locale=locale, reply=reply,
            context={"where": "message", "trigger": why, "user": message.author.id,
                     "guild": guild.id if guild else None, "channel": message.channel.id,
                     "content": message.content[:200]},
        )
        bot.metrics.error(outcome)
    finally:
        if outcome != "ignored":
            bot.metrics.request("message", intent, outcome, started, guild.id if guild else None)


async def send_answer(message: discord.Message, answer: Answer, options: AskOptions,
                      can: Capabilities = Capabilities()) -> None:
    kwargs: dict[str, Any] = {"allowed_mentions": NO_MENTIONS, **reference(message, can)}
    if not can.embed:  # no Embed Links here: the same answer as text, no buttons (they redraw embeds)
        await message.channel.send(render.answer_text(answer), **kwargs)
        return
    view = views.page_view(views.state_for(answer, options), answer)
    png = None
    if can.attach and SPECS[answer.intent].chart and answer.table:
        png = await work.compute(chart.render, answer)
    kwargs["embed"] = render.answer_embed(answer, chart=chart.FILENAME if png else None)
    if view:
        kwargs["view"] = view
    if png:
        kwargs["file"] = discord.File(io.BytesIO(png), chart.FILENAME)
    await message.channel.send(**kwargs)


def reference(message: discord.Message, can: Capabilities = Capabilities()) -> dict[str, Any]:
    """The reply link, when the bot may read the channel's history (Discord refuses it otherwise)."""
    if not can.reply:
        return {}
    # The question may be deleted before we answer: then send without the reply link.
    return {"reference": message.to_reference(fail_if_not_exists=False)}


def setup(bot: TpsBot) -> None:
    """Extension entry: plain questions (mentions, direct messages, opted-in channels)."""
    bot.message_handlers.append(handle)
