"""The one line that says which stated conditions an answer could not use, and why (answers/facts/accounting.py)."""

from __future__ import annotations

from typing import Any

from answers.facts import accounting
from answers.rendering import format as fmt
from answers.rendering import i18n, markdown
from answers.rendering.i18n import N_

UNUSED_LINE = N_("Not used in these figures: %(items)s.")
REASONS = {
    accounting.ENGINE: N_("%(value)s (no speed model for this engine yet: the figures are llama.cpp's)"),
    accounting.FORMAT: N_("%(value)s (no model for this weight format yet: the figures are for a GGUF level)"),
    accounting.CORES: N_("%(value)s CPU cores (the speed follows the memory bandwidth, not the core count)"),
    accounting.OUTPUT: N_("answers of %(value)s tokens (the figures are speeds, not the time for a whole answer)"),
    accounting.TARGET: N_("%(value)s tokens per second wanted (this answer does not compare against it)"),
    accounting.NOT_USED: N_("%(value)s (this answer does not cover it)"),
}


def _value(key: str, said: dict[str, Any], item: str, lang: str) -> str:
    value = said.get(key)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return fmt.integer(value, lang) if float(value).is_integer() else fmt.decimal(value, 1, lang)
    return markdown.escape(item.split(": ", 1)[1] if ": " in item else item)


def unused_line(lang: str, said: dict[str, Any], unused: list[str], why: dict[str, str]) -> str | None:
    """"Not used in these figures: vllm (no speed model for this engine yet…)." in the answer's language."""
    items = []
    for key, item in zip(why, unused, strict=False):
        items.append(i18n.gettext(lang, REASONS[why[key]]) % {"value": _value(key, said, item, lang)})
    if not items:
        return None
    return i18n.gettext(lang, UNUSED_LINE) % {"items": "; ".join(items)}
