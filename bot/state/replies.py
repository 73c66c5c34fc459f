"""What a user is told when a setting could not be saved, in their language.

The previous value stays in place (a write is one transaction), so every sentence says so; the
reason tells whether trying again may help or the bot's host must act.
"""

from __future__ import annotations

from bot.i18n import N_, t
from bot.state.errors import BUSY, FULL, READ_ONLY, UNREACHABLE, StateWriteError

NOT_SAVED = N_("**Not saved.** {reason} The previous settings stay in place.")
REASON_TEXT = {
    READ_ONLY: N_("The bot's settings storage has become read-only; please tell the bot's host."),
    FULL: N_("The disk that holds the bot's settings is full; please tell the bot's host."),
    BUSY: N_("The bot's settings storage is busy right now; please try again in a moment."),
    UNREACHABLE: N_("The bot cannot reach its settings database right now; please try again later."),
}
FAILED_TEXT = N_("The bot's settings storage reported an error; please tell the bot's host.")


def not_saved(locale: str | None, error: StateWriteError) -> str:
    return t(locale, NOT_SAVED, reason=t(locale, REASON_TEXT.get(error.reason, FAILED_TEXT)))
