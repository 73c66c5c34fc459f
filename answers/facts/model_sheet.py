"""Facts for every model fact a message asks beside its main answer, so none is dropped: what the licence allows
for commercial use and on what conditions, the base model a fine-tune comes from, the publication day, dense or a
mixture of experts; on a family, each size's context, kind and day ("gemma 3: what context, and may I use it
commercially?" gets the 128k and 32k sizes and the Gemma terms, not the family's names and a licence name).

    add_sheet(intent, built, model, asked)   # built.facts["sheet"]; model: the resolved record, or None

Facts only (JSON-ready): answers/templates/_sheet.md.j2 writes them after the answer, one line per fact asked; a
fact the records lack is said not known (`not_known`). Keys are added, never replace a builder's.
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Built
from answers.knowledge.licence_terms import terms_facts
from answers.knowledge.model_languages import family_of as language_family
from answers.knowledge.thinking_modes import mode_of
from answers.records.asked import Asked
from catalog.records import ModelRecord

# The side asks this module answers (answers/lexicon/also.toml).
SHEET_KINDS = ("commercial", "license", "base_model", "release_date", "moe_dense", "thinking", "languages",
               "context_window", "params")
# Answers that already carry the asked fact: not said twice.
_ALREADY = {"release_date": ("release",), "moe_dense": ("parameters",), "languages": ("model_language",)}
_SKIP_INTENTS = frozenset({"ambiguous", "not_found", "invalid", "fallback", "help"})
# A family answer that already lists each size's kind, context and day (answers/templates/_family.md.j2).
_FAMILY_SHEET_INTENTS = frozenset({"longest_context", "model_info"})


def add_sheet(intent: str, built: Built, model: ModelRecord | None, asked: Asked) -> None:
    """Add `facts["sheet"]` for the model facts asked that this answer does not already carry."""
    if intent in _SKIP_INTENTS:
        return
    said = {intent, *asked.intents}
    kinds = [k for k in SHEET_KINDS if k in asked.also and not said & set(_ALREADY.get(k, ()))]
    if not kinds:
        return
    facts = built.facts
    family = facts.get("family")
    if isinstance(family, dict):
        sheet = _family_sheet(kinds, family, intent, said)
    elif model is not None and "media" not in facts:
        sheet = _model_sheet(kinds, model, facts)
    else:
        return
    if sheet:
        facts["sheet"] = sheet
        if intent == "model_info" and not _hardware_said(asked):
            # "what is it based on?", "does it have a thinking mode?": a facts question; the sheet's card lines
            # (how many cards run it, the smallest, the fastest) would be verdicts nobody asked for
            facts["facts_only"] = True


def _hardware_said(asked: Asked) -> bool:
    return bool(asked.card or asked.memory_gb or asked.setup or "hardware" in asked.also)


def _model_sheet(kinds: list[str], rec: ModelRecord, facts: dict[str, Any]) -> dict[str, Any]:
    also = facts.get("also") or {}
    out: dict[str, Any] = {"model": rec.name}
    not_known: list[str] = []
    if "commercial" in kinds or "license" in kinds:
        terms = terms_facts(rec.name, rec.license) if rec.license else None
        # the licence alone asked: its terms are said where they limit a business (a plain Apache-2.0 or MIT
        # needs no second line after its name)
        if terms is not None and ("commercial" in kinds or terms["commercial"] != "yes"):
            out["commercial"] = [terms]
        elif terms is None and "license" not in also.get("not_known", ()):
            not_known.append("commercial")
    if "base_model" in kinds:
        if rec.base_model:
            out["base_model"] = rec.base_model
        else:
            not_known.append("base_model")
    if "release_date" in kinds:
        if rec.publication_date is not None:
            out["release_date"] = rec.publication_date.isoformat()
        else:
            not_known.append("release_date")
    if "moe_dense" in kinds and "params" not in also and "experts" not in also:
        if rec.params_b is not None:
            out["moe_dense"] = {"total_b": rec.params_b, "active_b": rec.active_params_b, "moe": rec.is_moe}
        else:
            not_known.append("moe_dense")
    if "languages" in kinds:
        family = language_family(rec.name)
        if family is not None:
            out["languages"] = {"languages": list(family.languages), "source": family.source}
        else:
            not_known.append("languages")
    if "thinking" in kinds:
        thinking = _thinking(rec.name)
        if thinking is not None:
            out["thinking"] = thinking
        else:
            not_known.append("thinking")
    if not_known:
        out["not_known"] = not_known
    return out if len(out) > 1 else {}


def _thinking(name: str) -> dict[str, Any] | None:
    """Whether the model reasons first and how that is switched (answers/knowledge/thinking_modes.json)."""
    m = mode_of(name)
    return None if m is None else {"mode": m.mode, "switch": m.switch, "source": m.source}


def _family_sheet(kinds: list[str], family: dict[str, Any], intent: str, said: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"family": family.get("name")}
    members = family.get("members") or []
    # each size's kind, context and day, when asked and not already listed by the answer
    if {"context_window", "moe_dense", "params", "release_date"} & set(kinds) and not said & _FAMILY_SHEET_INTENTS \
            and not ("parameters" in said and not {"context_window", "release_date"} & set(kinds)):
        out["members"] = True
    if "commercial" in kinds or "license" in kinds:
        groups: dict[str, dict[str, Any]] = {}
        for m in members:
            t = terms_facts(m["name"], m.get("license"))
            key = f"{t['license']}|{t['commercial']}|{t['url']}"
            groups.setdefault(key, {**t, "sizes": []})["sizes"].append(m["size"])
        limiting = [g for g in groups.values() if "commercial" in kinds or g["commercial"] != "yes"]
        if limiting:  # the licence alone asked: said where its terms limit a business (as for one model)
            out["commercial"] = limiting
    if "languages" in kinds and family.get("languages") and not said & _FAMILY_SHEET_INTENTS:
        out["languages"] = {"languages": family["languages"], "source": family.get("languages_source")}
    if "thinking" in kinds:  # one line per mode among the sizes ("Qwen3: hybrid", Kimi K2: two models)
        modes: dict[str, dict[str, Any]] = {}
        for m in members:
            t = _thinking(m["name"]) or {"mode": "unknown", "switch": None, "source": None}
            modes.setdefault(f"{t['mode']}|{t['switch']}", {**t, "sizes": []})["sizes"].append(m["size"])
        out["thinking_modes"] = list(modes.values())
    return out if len(out) > 1 else {}
