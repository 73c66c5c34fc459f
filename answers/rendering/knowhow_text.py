"""The know-how lines a message asked for (answers/knowledge/knowhow.json, read by answers/reading/knowhow_words.py),
said after whatever answer the message got, or instead of it when that answer did not understand the question:
"2x 7900 xtx, does vllm tensor parallel work there?" is answered even with no model named."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.knowledge.knowhow import entry
from answers.rendering import markdown, render

# Answers that say nothing the know-how line needs beside it: the line is the answer.
ALONE = frozenset({"fallback"})


def facts_of(ids: tuple[str, ...]) -> list[dict[str, Any]]:
    """Each id with its sources (the JSON `facts.knowhow`)."""
    return [{"id": k, "source": entry(k).source} for k in ids]


def ensured(answer: Answer, ids: tuple[str, ...], first: bool = False) -> Answer:
    """`answer` with the line of each know-how id it does not carry yet, after its text (before it when `first`: the
    engines' general notes answering "lm studio doesn't use the npu, right?"; instead of it when the answer is a
    fallback), and listed in its facts."""
    have = {k.get("id") for k in answer.facts.get("knowhow") or () if isinstance(k, dict)}
    missing = tuple(k for k in ids if k not in have)
    if not missing:
        return answer
    added = facts_of(missing)
    lines = render.render(answer.locale, "_knowhow", {"knowhow": added}).strip()
    if not lines:
        return answer
    facts = {**answer.facts, "knowhow": [*(answer.facts.get("knowhow") or ()), *added]}
    if answer.intent in ALONE:
        return replace(answer, intent="knowhow", title=render.gettext(answer.locale, "Good to know"),
                       text=markdown.finish(lines), facts=facts)
    text = f"{lines}\n{answer.text.lstrip()}" if first else f"{answer.text.rstrip()}\n{lines}"
    return replace(answer, text=markdown.finish(text), facts=facts)
