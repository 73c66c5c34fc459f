"""JSON payloads shaped like Discord's, with only what discord.py 2.7 reads."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from typing import Any

_ids = itertools.count(1_300_000_000_000_000_000)

BOT_ID = 1_100_000_000_000_000_001
APP_ID = BOT_ID
GUILD_ID = 1_100_000_000_000_000_100
CHANNEL_ID = 1_100_000_000_000_000_200
OWNER_ID = 1_100_000_000_000_000_300
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 10, 1 << 11, 1 << 14, 1 << 15
READ_MESSAGE_HISTORY, USE_APPLICATION_COMMANDS, SEND_MESSAGES_IN_THREADS = 1 << 16, 1 << 31, 1 << 38
# @everyone's default set, as far as this bot cares: view, send, embed, attach, history, commands, threads
MEMBER_PERMS = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
                | USE_APPLICATION_COMMANDS | SEND_MESSAGES_IN_THREADS)
# A second application (dev vs prod bot) with its own token, bot user and command set.
BOT2_ID = 1_100_000_000_000_000_002
APP2_ID = BOT2_ID
# Routed to the other shard of two: (guild_id >> 22) % 2 differs from GUILD_ID's.
GUILD2_ID = 1_100_000_000_004_194_804
CHANNEL2_ID = 1_100_000_000_000_000_201
DM_CHANNEL_ID = 1_100_000_000_000_000_290
# Channels of every kind the bot must tell apart (all in GUILD_ID).
THREAD_ID = 1_100_000_000_000_000_210  # public thread under CHANNEL_ID
FORUM_ID = 1_100_000_000_000_000_220
FORUM_POST_ID = 1_100_000_000_000_000_221  # a post (thread) in FORUM_ID
CATEGORY_ID = 1_100_000_000_000_000_230
VOICE_ID = 1_100_000_000_000_000_240
# Message types Discord marks as system messages (not replies, not chat): thread created, member join.
THREAD_CREATED, MEMBER_JOIN = 18, 7


def snowflake() -> int:
    return next(_ids)


def now() -> str:
    return datetime.now(UTC).isoformat()


def user(uid: int, name: str = "someone", *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name, "avatar": None, "bot": bot}


def member(u: dict[str, Any], permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"user": u, "roles": [], "joined_at": now(), "deaf": False, "mute": False, "flags": 0}
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(cid: int = CHANNEL_ID, guild_id: int | None = GUILD_ID, name: str = "general", ctype: int = 0,
            parent_id: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"id": str(cid), "type": ctype, "name": name, "position": 0, "permission_overwrites": [],
                            "nsfw": False, "parent_id": str(parent_id) if parent_id else None, "topic": None,
                            "rate_limit_per_user": 0, "flags": 0}
    if ctype == 15:  # forum
        data.update(available_tags=[], default_reaction_emoji=None, default_sort_order=None, default_forum_layout=0)
    if ctype == 2:  # voice
        data.update(bitrate=64000, user_limit=0, rtc_region=None)
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def thread(tid: int, parent_id: int, name: str, guild_id: int = GUILD_ID) -> dict[str, Any]:
    return {
        "id": str(tid), "guild_id": str(guild_id), "parent_id": str(parent_id), "owner_id": str(OWNER_ID),
        "name": name, "type": 11, "last_message_id": None, "rate_limit_per_user": 0, "message_count": 1,
        "member_count": 1, "flags": 0, "applied_tags": [],
        "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "archive_timestamp": now(),
                            "locked": False, "create_timestamp": now()},
    }


def guild_channels() -> list[dict[str, Any]]:
    return [channel(guild_id=None), channel(CATEGORY_ID, None, "topics", 4), channel(VOICE_ID, None, "voice", 2),
            channel(FORUM_ID, None, "help-forum", 15)]


def guild_threads() -> list[dict[str, Any]]:
    return [thread(THREAD_ID, CHANNEL_ID, "gpu chat"), thread(FORUM_POST_ID, FORUM_ID, "which card for llama?")]


def guild(bot_user: dict[str, Any], gid: int = GUILD_ID, preferred_locale: str = "en-US") -> dict[str, Any]:
    return {
        "id": str(gid), "name": "Fake server", "owner_id": str(OWNER_ID), "preferred_locale": preferred_locale,
        "icon": None, "splash": None, "discovery_splash": None, "banner": None, "description": None,
        "features": [], "emojis": [], "stickers": [], "voice_states": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        "roles": [{"id": str(gid), "name": "@everyone", "permissions": str(MEMBER_PERMS), "position": 0,
                   "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
        "channels": guild_channels() if gid == GUILD_ID else [channel(CHANNEL2_ID, None)],
        "threads": guild_threads() if gid == GUILD_ID else [],
        "members": [member(bot_user)], "member_count": 2, "large": False, "unavailable": False,
        "joined_at": now(), "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
        "system_channel_flags": 0, "afk_timeout": 300, "max_members": 500000, "vanity_url_code": None,
    }


def message(channel_id: int, author: dict[str, Any], body: dict[str, Any], *, guild_id: int | None = None,
            mid: int | None = None, mtype: int = 0) -> dict[str, Any]:
    data = {
        "id": str(mid or snowflake()), "channel_id": str(channel_id), "author": author,
        "content": body.get("content") or "", "timestamp": now(), "edited_timestamp": None, "tts": False,
        "mention_everyone": body.get("mention_everyone", False), "mentions": body.get("mentions", []),
        "mention_roles": [], "attachments": body.get("attachments", []), "embeds": body.get("embeds") or [],
        "pinned": False, "type": mtype, "flags": body.get("flags") or 0, "components": body.get("components") or [],
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
        data["member"] = {k: v for k, v in member(author).items() if k != "user"}
    return data


def interaction(itype: int, data: dict[str, Any] | None, *, user_id: int, locale: str = "en-US",
                guild_locale: str | None = "en-US", permissions: int = MEMBER_PERMS, in_guild: bool = True,
                msg: dict[str, Any] | None = None, guild_id: int = GUILD_ID, app_id: int = APP_ID,
                user_install: bool = False) -> dict[str, Any]:
    """An INTERACTION_CREATE payload. user_install: the user installed the app to their account, so
    Discord sends it from wherever they are — a server the bot is not in, a DM with a friend (context 2)."""
    u = user(user_id, f"user{user_id % 10000}")
    owners = {"1": str(user_id)} if user_install else {"0": str(guild_id)} if in_guild else {"0": "0"}
    payload: dict[str, Any] = {
        "id": str(snowflake()), "application_id": str(app_id), "type": itype, "token": f"tok{snowflake()}",
        "version": 1, "locale": locale, "channel_id": str(CHANNEL_ID), "app_permissions": str(MEMBER_PERMS),
        "entitlements": [], "attachment_size_limit": 8 * 1024 * 1024, "authorizing_integration_owners": owners,
        "context": 0 if in_guild else (2 if user_install else 1),
    }
    if data is not None:
        payload["data"] = data
    if in_guild:
        payload.update(guild_id=str(guild_id), guild_locale=guild_locale, member=member(u, permissions),
                       channel=channel(guild_id=guild_id))
    else:
        payload.update(user=u, channel={"id": str(CHANNEL_ID), "type": 1, "recipients": [u]})
    if msg is not None:
        payload["message"] = msg
    return payload


def command_data(name: str, options: list[dict[str, Any]] | None = None, *,
                 focused: str | None = None) -> dict[str, Any]:
    opts = [dict(o) for o in options or []]
    for o in opts:
        if o["name"] == focused:
            o["focused"] = True
    return {"id": str(snowflake()), "name": name, "type": 1, "options": opts}


def option(name: str, value: Any, otype: int = 3) -> dict[str, Any]:
    return {"name": name, "type": otype, "value": value}
