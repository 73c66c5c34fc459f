"""JSON payloads shaped like Discord's, with only what discord.py 2.7 reads."""

from __future__ import annotations

import itertools
from datetime import datetime, timezone
from typing import Any

_ids = itertools.count(1_300_000_000_000_000_000)

BOT_ID = 1_100_000_000_000_000_001
APP_ID = BOT_ID
GUILD_ID = 1_100_000_000_000_000_100
CHANNEL_ID = 1_100_000_000_000_000_200
OWNER_ID = 1_100_000_000_000_000_300
MANAGE_GUILD = 1 << 5
MEMBER_PERMS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)  # view, send, embed, attach, history, use commands


def snowflake() -> int:
    return next(_ids)


def now() -> str:
    return datetime.now(timezone.utc).isoformat()


def user(uid: int, name: str = "someone", *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name, "avatar": None, "bot": bot}


def member(u: dict[str, Any], permissions: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"user": u, "roles": [], "joined_at": now(), "deaf": False, "mute": False, "flags": 0}
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(cid: int = CHANNEL_ID, guild_id: int | None = GUILD_ID, name: str = "general") -> dict[str, Any]:
    data: dict[str, Any] = {"id": str(cid), "type": 0, "name": name, "position": 0, "permission_overwrites": [],
                            "nsfw": False, "parent_id": None, "topic": None, "rate_limit_per_user": 0}
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


def guild(bot_user: dict[str, Any], gid: int = GUILD_ID, preferred_locale: str = "en-US") -> dict[str, Any]:
    return {
        "id": str(gid), "name": "Fake server", "owner_id": str(OWNER_ID), "preferred_locale": preferred_locale,
        "icon": None, "splash": None, "discovery_splash": None, "banner": None, "description": None,
        "features": [], "emojis": [], "stickers": [], "voice_states": [], "presences": [], "threads": [],
        "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        "roles": [{"id": str(gid), "name": "@everyone", "permissions": str(MEMBER_PERMS), "position": 0,
                   "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
        "channels": [channel(guild_id=None)],
        "members": [member(bot_user)], "member_count": 2, "large": False, "unavailable": False,
        "joined_at": now(), "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
        "system_channel_flags": 0, "afk_timeout": 300, "max_members": 500000, "vanity_url_code": None,
    }


def message(channel_id: int, author: dict[str, Any], body: dict[str, Any], *, guild_id: int | None = None,
            mid: int | None = None) -> dict[str, Any]:
    data = {
        "id": str(mid or snowflake()), "channel_id": str(channel_id), "author": author,
        "content": body.get("content") or "", "timestamp": now(), "edited_timestamp": None, "tts": False,
        "mention_everyone": body.get("mention_everyone", False), "mentions": body.get("mentions", []),
        "mention_roles": [], "attachments": body.get("attachments", []), "embeds": body.get("embeds") or [],
        "pinned": False, "type": 0, "flags": body.get("flags") or 0, "components": body.get("components") or [],
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
        data["member"] = {k: v for k, v in member(author).items() if k != "user"}
    return data


def interaction(itype: int, data: dict[str, Any] | None, *, user_id: int, locale: str = "en-US",
                guild_locale: str | None = "en-US", permissions: int = MEMBER_PERMS, in_guild: bool = True,
                msg: dict[str, Any] | None = None) -> dict[str, Any]:
    u = user(user_id, f"user{user_id % 10000}")
    payload: dict[str, Any] = {
        "id": str(snowflake()), "application_id": str(APP_ID), "type": itype, "token": f"tok{snowflake()}",
        "version": 1, "locale": locale, "channel_id": str(CHANNEL_ID), "app_permissions": str(MEMBER_PERMS),
        "entitlements": [], "attachment_size_limit": 8 * 1024 * 1024, "authorizing_integration_owners": {},
        "context": 0 if in_guild else 1,
    }
    if data is not None:
        payload["data"] = data
    if in_guild:
        payload.update(guild_id=str(GUILD_ID), guild_locale=guild_locale, member=member(u, permissions),
                       channel=channel())
    else:
        payload.update(user=u, channel={"id": str(CHANNEL_ID), "type": 1, "recipients": [u]})
    if msg is not None:
        payload["message"] = msg
    return payload


def command_data(name: str, options: list[dict[str, Any]] | None = None, *, focused: str | None = None) -> dict[str, Any]:
    opts = [dict(o) for o in options or []]
    for o in opts:
        if o["name"] == focused:
            o["focused"] = True
    return {"id": str(snowflake()), "name": name, "type": 1, "options": opts}


def option(name: str, value: Any, otype: int = 3) -> dict[str, Any]:
    return {"name": name, "type": otype, "value": value}
