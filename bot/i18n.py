"""Bot-only strings and the slash-command translator, both fed by `answers.i18n` catalogues.

Mark strings with `N_()` (plain msgid) or `L_()` (a `locale_str` for command metadata) so that
`pybabel extract -k N_ -k L_ bot/` finds them. Command and option names stay English on purpose:
they are what users type and what help pages show; descriptions and choices are localized.
"""

from __future__ import annotations

import discord
from discord import app_commands

from answers.knowledge.i18n import DEFAULT, N_, catalogue_locale, gettext

__all__ = ["N_", "L_", "Translator", "t"]


def L_(msgid: str) -> app_commands.locale_str:
    """A command description/choice msgid, translated by `Translator` at sync time."""
    return app_commands.locale_str(msgid)


def t(locale: str | None, msgid: str, /, **values: object) -> str:
    """Translate a bot msgid and fill its `{placeholders}`."""
    text = gettext(locale or DEFAULT, msgid)
    return text.format(**values) if values else text


class Translator(app_commands.Translator):
    _FIXED = {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if context.location in self._FIXED:
            return None
        lang = catalogue_locale(locale.value)
        if lang is None or lang == DEFAULT:
            return None  # Discord falls back to the English default
        text = gettext(lang, string.message)
        # Discord rejects the whole sync if any description or choice name passes 100 characters.
        return text[:100] if text != string.message else None
