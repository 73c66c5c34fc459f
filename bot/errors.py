"""The one error policy, for slash commands, autocomplete, buttons and plain messages.

Precedence (first match wins; wrappers such as CommandInvokeError are unwrapped first):

1. `UserError` (raised by our own code: input too long, bad memory value, cooldown…) → its
   localized message, ephemeral. Not logged: it is the user's mistake, not ours.
2. discord.py's expected failures → a localized ephemeral message, logged at DEBUG:
   MissingPermissions (Manage Server for /settings), NoPrivateMessage (server-only command),
   CommandOnCooldown, TransformerError (an option value Discord let through but we cannot read),
   CommandNotFound (a command an older release registered, or a forged interaction).
3. Discord refused the request with 403 (a permission changed under us): logged at WARNING,
   nothing sent — a reply would be refused too, and every 403 counts toward Discord's
   invalid-request limit (10,000 per 10 minutes → a temporary ban).
   The interaction is gone (NotFound 10062 unknown interaction / 10015 unknown webhook, i.e. a
   reply after the 3 s or 15 min window) → logged at WARNING, nothing sent: there is nowhere to send.
4. Anything else → logged at ERROR with its context (where, user, server, channel, locale, input)
   and the traceback; the user gets the localized generic error; the bot keeps running.

Replying about an error must itself never raise: failures there are logged and swallowed.

Where the message goes: interactions → ephemeral (a follow-up once the response was deferred);
plain messages → a reply in the channel, except in channels opted in to plain questions, where
cooldown and too-long messages are dropped silently rather than answered. Autocomplete cannot
show a message: discord.py logs its exceptions and the user simply gets no suggestions.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot import context
from bot.i18n import N_, t
from bot.render import NO_MENTIONS

log = logging.getLogger(__name__)

GENERIC = N_("Something went wrong on our side. The error was logged; please try again later.")
NO_PERMISSION = N_("You need the Manage Server permission to change this server's settings.")
GUILD_ONLY = N_("This command only works in a server.")
COOLDOWN = N_("You're asking a bit fast. Try again in {seconds} s.")
BAD_INPUT = N_("I could not read that value. Please check it and try again.")
RESTARTING = N_("The bot is restarting. Please ask again in a minute.")
TOO_LONG = N_("That is too long: please keep it under {limit} characters.")
EMPTY = N_("Please type a question.")
UNKNOWN_COMMAND = N_("This command is no longer offered. Type / to see the current ones.")
# A server or user on the owner's blocklist (`tpsbot admin block`): one private line, nothing else.
BLOCKED = N_("This bot is not available here.")

_GONE_CODES = {10062, 10015, 10008}


class UserError(app_commands.AppCommandError):
    """An expected problem whose message the user should see; msgid + format values.

    An AppCommandError so that raising it from a check reaches CommandTree.on_error."""

    def __init__(self, msgid: str, /, **values: object) -> None:
        super().__init__(msgid)
        self.msgid = msgid
        self.values = values

    def message(self, locale: str | None) -> str:
        return t(locale, self.msgid, **self.values)


class OnCooldown(UserError):
    def __init__(self, retry_after: float) -> None:
        super().__init__(COOLDOWN, seconds=max(1, round(retry_after)))
        self.retry_after = retry_after


def unwrap(error: BaseException) -> BaseException:
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    if isinstance(error, app_commands.TransformerError) and isinstance(error.__cause__, UserError):
        return error.__cause__
    return error


def kind_of(error: BaseException) -> str:
    """A short name for /metrics' errors counter and the request log's outcome."""
    error = unwrap(error)
    if isinstance(error, OnCooldown) or isinstance(error, app_commands.CommandOnCooldown):
        return "cooldown"
    if isinstance(error, UserError):
        return {RESTARTING: "restarting", BLOCKED: "blocked"}.get(error.msgid, "user_input")
    if isinstance(error, (app_commands.MissingPermissions, app_commands.NoPrivateMessage)):
        return "not_allowed"
    if isinstance(error, app_commands.TransformerError):
        return "bad_value"
    if isinstance(error, app_commands.CommandNotFound):
        return "unknown_command"
    if isinstance(error, discord.NotFound) and error.code in _GONE_CODES:
        return "expired"
    if isinstance(error, discord.Forbidden):
        return "forbidden"
    return "unexpected"


def classify(error: BaseException) -> tuple[str | None, UserError | None]:
    """→ (log level name or None, user-facing error or None); None user error = send nothing."""
    error = unwrap(error)
    if isinstance(error, UserError):
        return None, error
    if isinstance(error, app_commands.MissingPermissions):
        return "debug", UserError(NO_PERMISSION)
    if isinstance(error, app_commands.NoPrivateMessage):
        return "debug", UserError(GUILD_ONLY)
    if isinstance(error, app_commands.CommandOnCooldown):
        return "debug", OnCooldown(error.retry_after)
    if isinstance(error, app_commands.TransformerError):
        return "debug", UserError(BAD_INPUT)
    if isinstance(error, app_commands.CommandNotFound):  # registered by an older release, or a forged name
        return "debug", UserError(UNKNOWN_COMMAND)
    if isinstance(error, discord.NotFound) and error.code in _GONE_CODES:
        return "warning", None
    if isinstance(error, discord.Forbidden):
        return "warning", None
    return "error", UserError(GENERIC)


async def handle(
    error: BaseException,
    *,
    locale: str | None,
    reply: Callable[[str], Awaitable[Any]],
    context: dict[str, Any],
) -> str:
    """Log and answer one error; → its kind (kind_of)."""
    level, user_error = classify(error)
    original = unwrap(error)
    where = " ".join(f"{k}={v!r}" for k, v in context.items())
    if level == "error":
        log.error("Unexpected error (%s)", where, exc_info=original)
    elif level == "warning" and isinstance(original, discord.Forbidden):
        log.warning("Discord refused the reply for lack of permission (%s): %s", where, original)
    elif level == "warning":
        log.warning("Interaction expired before the reply (%s): %s", where, original)
    elif level == "debug":
        log.debug("Expected error (%s): %r", where, original)
    if user_error is not None:
        try:
            await reply(user_error.message(locale))
        except Exception:
            log.warning("Could not tell the user about an error (%s)", where, exc_info=True)
    return kind_of(original)


def interaction_context(interaction: discord.Interaction) -> dict[str, Any]:
    command = interaction.command.qualified_name if interaction.command else None
    data: Mapping[str, Any] = interaction.data or {}
    return {
        "command": command,
        "custom_id": data.get("custom_id"),
        "options": data.get("options"),
        "user": interaction.user.id,
        "guild": interaction.guild_id,
        "channel": interaction.channel_id,
        "locale": str(interaction.locale),
    }


PUBLIC_DEFER = "tpsbot_public_defer"  # Interaction.extras key: a public "thinking…" awaits its answer


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        if interaction.extras.pop(PUBLIC_DEFER, False):
            # The first follow-up after a public defer would replace "thinking…" for everyone,
            # ignoring its ephemeral flag: remove "thinking…" first, then answer privately.
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                log.debug("Could not delete the deferred response", exc_info=True)
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        context.acked(interaction)
