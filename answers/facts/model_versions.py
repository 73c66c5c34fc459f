"""A model's released versions, when a message asks which exist ("is there a thinking version?", "esiste la versione
base?", "128k or 256k?"): each base, instruct, thinking and dated checkpoint with its day, context and repository
(answers/knowledge/model_versions.json), and plainly whether a thinking and a base version exist.

    add_versions(intent, facts, model, asked)   # facts["versions"]

Facts only (JSON-ready): answers/templates/_versions.md.j2 writes them after the answer.
"""

from __future__ import annotations

from typing import Any

from answers.knowledge.model_versions import line_of

_SKIP = frozenset({"ambiguous", "not_found", "invalid", "fallback", "help"})


def add_versions(intent: str, facts: dict[str, Any], model: Any, asked: Any) -> None:
    """Add `facts["versions"]` when the versions are asked and the model's line is on record."""
    name = getattr(model, "name", None)
    if intent in _SKIP or "versions" not in asked.also or not name:
        return
    line = line_of(name)
    if line is None:
        facts["versions"] = {"model": name, "known": False}
        return
    kinds = {v.kind for v in line.versions}
    facts["versions"] = {
        "model": line.model, "known": True, "source": line.source,
        "thinking": bool(kinds & {"thinking", "hybrid"}), "base": "base" in kinds,
        "list": [{"name": v.name, "kind": v.kind, "released": v.released, "context": v.context, "repo": v.repo,
                  "note": v.note} for v in line.versions],
    }
