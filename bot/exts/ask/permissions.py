"""What the bot may do in the channel of a plain message, from `permissions_for(me)`.

Checked before sending: every request Discord refuses with 403 counts toward its invalid-request
limit (10,000 per 10 minutes → a temporary ban of the bot's IP), so the bot degrades instead —
no reply link without Read Message History, no chart without Attach Files, text without Embed
Links, and silence (a warning in the log) without Send Messages (Send Messages in Threads in a
thread or forum post).
"""

from __future__ import annotations

import logging

import discord
from msgspec import Struct

log = logging.getLogger(__name__)


class Capabilities(Struct, frozen=True):
    send: bool = True
    embed: bool = True
    attach: bool = True
    reply: bool = True
    missing_send: str = ""


def capabilities(message: discord.Message) -> Capabilities:
    guild = message.guild
    if guild is None:
        return Capabilities()  # a DM: no channel permissions apply
    me = guild.me
    channel = message.channel
    thread = isinstance(channel, discord.Thread)
    needed = "Send Messages in Threads" if thread else "Send Messages"
    try:
        perms = channel.permissions_for(me)
    except (discord.ClientException, AttributeError, TypeError):
        # The parent of a thread is not cached, or the channel is not either: do not guess.
        return Capabilities(send=False, missing_send=f"{needed} (channel not in the cache)")
    send = perms.view_channel and (perms.send_messages_in_threads if thread else perms.send_messages)
    return Capabilities(
        send=send, embed=perms.embed_links, attach=perms.attach_files, reply=perms.read_message_history,
        missing_send="" if send else ("View Channel" if not perms.view_channel else needed),
    )
