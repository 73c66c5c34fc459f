"""The know-how lines a message asked for (answers/knowledge/knowhow.json, read by answers/reading/knowhow_words.py),
said after whatever answer the message got, or instead of it when that answer did not understand the question:
"2x 7900 xtx, does vllm tensor parallel work there?" is answered even with no model named."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.knowledge.knowhow import entry, replaced_notes
from answers.rendering import markdown, render

# Answers that say nothing the know-how line needs beside it: the line is the answer.
ALONE = frozenset({"fallback"})
# Declines of a topic the know-how answers ("how do I install the nvidia driver on ubuntu", "80c hotspot, repaste?",
# "a prompt for always-valid json"): the sourced line is the answer an expert gives, so it replaces "not something
# I answer" instead of following it. Other declines (a closed model, a price) keep their text, the line after it.
ANSWERED_DECLINES = frozenset({"install", "troubleshoot", "prompts", "frontend"})
# Generic listings a message gets when it names a card or a model beside a problem ("qwen3 14b loops in ollama",
# "lm studio uses the igpu instead of my 4060"): the problem's line is the answer, so a list of models or a model's
# sheet that nobody asked for is left out rather than said after it.
UNASKED_LISTS = frozenset({"card_models", "model_info", "family_fit"})
# The entry holding sourced hourly rental prices: asked, it replaces the "rental prices are unknown" line.
CLOUD_PRICES = "cloud_gpu_rent"


def _covered(answer: Answer, key: str) -> bool:
    """The answer already says what entry `covered_by` names: a side note of that kind, or a truthy fact."""
    if not key:
        return False
    also = answer.facts.get("also")
    notes = also.get("notes") if isinstance(also, dict) else None
    return bool(answer.facts.get(key)) or any(isinstance(n, dict) and n.get("kind") == key for n in notes or ())


def _alone(answer: Answer) -> bool:
    """The line is the whole answer: "did not understand", or a decline it answers. A scope answer with content of
    its own (fine-tuning's memory rule, written as a fallback with `out_of_scope`) keeps it, the line after it."""
    if answer.intent in ALONE:
        return "out_of_scope" not in answer.facts
    if answer.intent == "power" and answer.facts.get("power") is None:
        return True  # "the pc shuts off, is it the psu?": no card named, so only "name the card" was said
    return answer.intent == "off_topic" and answer.facts.get("off_topic") in ANSWERED_DECLINES


def left_out_unless_answered(topic: str | None, ids: tuple[str, ...]) -> str | None:
    """The out-of-scope topic to say left out, or None when a know-how line asked answers it (a topic of
    ANSWERED_DECLINES with a line beside it: "how fast on my 4090, and which front-end for ollama?")."""
    return None if topic in ANSWERED_DECLINES and ids else topic


def side_kinds(kinds: list[str], ids: tuple[str, ...]) -> list[str]:
    """The engine side notes to say, less those a know-how entry asked replaces (its `replaces`)."""
    gone = replaced_notes(ids)
    return [k for k in kinds if k not in gone]


def facts_of(ids: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each id with its sources (the JSON `facts.knowhow`)."""
    return [{"id": k, "source": entry(k).source} for k in ids]


def ensured(answer: Answer, ids: tuple[str, ...], first: bool = False, listed: bool = False) -> Answer:
    """`answer` with the line of each know-how id it does not carry yet, after its text (before it when `first`: the
    engines' general notes answering "lm studio doesn't use the npu, right?"; instead of it when the answer is a
    fallback), and listed in its facts. `listed`: the message asked for models or a speed in words, so an unasked
    list (UNASKED_LISTS) is not dropped after a leading line."""
    have = {k.get("id") for k in answer.facts.get("knowhow") or () if isinstance(k, dict)}
    missing = tuple(k for k in ids if k not in have and not _covered(answer, entry(k).covered_by))
    if not missing:
        return answer
    added = facts_of(missing)
    lines = render.render(answer.locale, "_knowhow", {"knowhow": added}).strip()
    if not lines:
        return answer
    facts = {**answer.facts, "knowhow": [*(answer.facts.get("knowhow") or ()), *added]}
    leads = any(entry(k).leads for k in missing)
    if _alone(answer) or (leads and answer.intent in UNASKED_LISTS and not listed):
        return replace(answer, intent="knowhow", title=render.gettext(answer.locale, "Good to know"),
                       text=markdown.finish(lines), facts=facts)
    first = first or leads  # "my 3090 gets 4 tok/s, normal?": the line first, the expected speed after it
    text = f"{lines}\n{answer.text.lstrip()}" if first else f"{answer.text.rstrip()}\n{lines}"
    return replace(answer, text=markdown.finish(text), facts=facts)
