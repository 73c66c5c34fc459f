"""Which catalogue locale a reply uses.

A server's /settings language (or the host's TPSBOT_DEFAULT_LANGUAGE, see bot.context) forces the
reply's language everywhere. Without it — slash commands, buttons: the user's Discord client
language, then the server's preferred locale, then the bot default. Plain messages carry no
locale: the user's last known interaction locale, then the server's preferred locale, then None,
which lets the engine answer in the language of the question.
"""

from __future__ import annotations

from answers.knowledge.i18n import catalogue_locale


def first_supported(*codes: str | None) -> str | None:
    for code in codes:
        lang = catalogue_locale(code)
        if lang is not None:
            return lang
    return None


def interaction_locale(
    user_locale: str | None, forced: str | None, guild_locale: str | None, default: str
) -> str:
    return first_supported(forced, user_locale, guild_locale) or default


def message_locale(remembered: str | None, forced: str | None, guild_locale: str | None) -> str | None:
    return first_supported(forced, remembered, guild_locale)
