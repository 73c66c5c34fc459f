"""The one line that says which stated conditions an answer could not use, and why (answers/facts/accounting.py)."""

from __future__ import annotations

from typing import Any

from answers.facts import accounting
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown

UNUSED_LINE = N_("Not used in these figures: %(items)s.")
REASONS = {
    accounting.ENGINE: N_("%(value)s (no speed model for this engine yet: the figures are llama.cpp's)"),
    accounting.FORMAT: N_("%(value)s (no model for this weight format yet: the figures are for a GGUF level)"),
    accounting.CORES: N_("%(value)s CPU cores (the figures assume a typical CPU of this kind; generation speed "
                          "follows the memory bandwidth)"),
    accounting.OUTPUT: N_("answers of %(value)s tokens (the figures are speeds, not the time for a whole answer)"),
    accounting.TARGET: N_("%(value)s tokens per second wanted (this answer does not compare against it)"),
    accounting.NOT_USED: N_("%(value)s (this answer does not cover it)"),
}


# The side asks an answer can leave uncovered (answers/facts/stated.py TRACKED_ASKS), as the line names them.
ASKS = {"value": N_("the value for money"),
        "memory_enough": N_("whether the memory is enough")}


def _value(key: str, said: dict[str, Any], item: str, lang: str) -> str:
    if key == "asks":
        kinds = (item.split(": ", 1)[1] if ": " in item else item).split(", ")
        return ", ".join(i18n.gettext(lang, ASKS[k]) for k in kinds if k in ASKS)
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


# A length asked for ("2000-token answers, how long?") at the estimated speed; a speed wanted against the estimate.
ANSWER_TIME = N_("An answer of %(tokens)s tokens takes about %(seconds)s s at that speed (%(low)s–%(high)s s).")
TARGET = {
    True: N_("That reaches the %(target)s tokens per second you want."),
    False: N_("That is below the %(target)s tokens per second you want."),
}
# the speed wanted lies inside the estimate's range, above its middle: only the range's top reaches it
TARGET_RANGE = N_("That is below the %(target)s tokens per second you want; only the top of the range (%(high)s) "
                  "reaches it.")


def _seconds(value: float, lang: str) -> str:
    return fmt.integer(value, lang) if value >= 10 else fmt.decimal(value, 1, lang)


def asked_lines(facts: dict[str, Any], lang: str) -> list[str]:
    """The lines that answer a length or a speed the asker named (answers/facts/as_asked.py)."""
    lines = []
    t = facts.get("answer_time")
    if t:
        lines.append(i18n.gettext(lang, ANSWER_TIME) % {
            "tokens": fmt.integer(t["output_tokens"], lang), "seconds": _seconds(t["seconds"], lang),
            "low": _seconds(t["low"], lang), "high": _seconds(t["high"], lang)})
    target = facts.get("speed_wanted")
    if target:
        ranged = target.get("reach") == "range"
        lines.append(i18n.gettext(lang, TARGET_RANGE if ranged else TARGET[bool(target["met"])]) % {
            "target": _speed(target["target_tok_s"], lang), "high": _speed(target.get("tok_s_high", 0.0), lang)})
    return lines


def _speed(value: float, lang: str) -> str:
    return fmt.integer(value, lang) if float(value).is_integer() else fmt.decimal(value, 1, lang)
