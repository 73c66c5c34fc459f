"""The sourced side lines (answers/knowledge/side_notes.json, chosen by answers/facts/also.py) kept when an
answer's text is written anew: two engines weighed ("tensorrt-llm or vllm", engine_versus_text.py) or the formats
and engines named ("lm studio or ollama?", format_notes.py) replace the first answer's text, never what it was
asked beside."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.api import Answer
from answers.rendering import markdown, render


def notes_of(facts: dict[str, Any], skip: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """The side notes in `facts` (its `also`), less the kinds the new text already says."""
    also = facts.get("also")
    notes = also.get("notes") if isinstance(also, dict) else None
    return [n for n in notes or () if isinstance(n, dict) and n.get("kind") not in skip]


def with_notes(text: str, notes: list[dict[str, Any]], lang: str) -> str:
    """`text` with each note's line after it, in the answer's language."""
    if not notes:
        return text
    lines = render.render(lang, "_also", {"also": {"notes": notes}}).strip()
    return markdown.finish(f"{text.rstrip()}\n{lines}") if lines else text


def ensured(answer: Answer, kinds: list[str]) -> Answer:
    """`answer` with the line of each note kind in `kinds` it does not carry yet (in its facts, or in a joined
    part's), said after its text and listed in its facts: an engine named beside a speed is never dropped."""
    facts = answer.facts
    have = {n.get("kind") for n in notes_of(facts)}
    for part in facts.get("parts") or ():
        have |= {n.get("kind") for n in notes_of(part.get("facts") or {})}
    if "format_notes" in facts:
        have.add("ollama_llamacpp")  # the engines' own answer already weighs Ollama against llama.cpp
    missing = [{"kind": k} for k in kinds if k not in have]
    if not missing:
        return answer
    got = facts.get("also")
    also: dict[str, Any] = got if isinstance(got, dict) else {}
    new_facts = {**facts, "also": {**also, "notes": [*(also.get("notes") or ()), *missing]}}
    return replace(answer, text=with_notes(answer.text, missing, answer.locale), facts=new_facts)
