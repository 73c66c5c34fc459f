"""Family answers: a fact question on a family name ("when did Gemma 3 come out", "who makes Qwen3")
answers for the family instead of asking which member was meant.

The rule (also in the README, "Model families"):

- A name is split into words at spaces, hyphens and underscores ("Qwen3-30B-A3B" → Qwen3 · 30B · A3B),
  compared without case.
- The **members** of a typed name are the catalog records whose words start with the typed words and
  continue with a **size word**: a parameter count such as 8B, 0.6B, 135M, 8x7B, or an effective size
  such as E2B. What follows the size word stays part of the member's size label (30B-A3B, 11B Vision).
  The typed words may be written together or apart: "qwen3", "qwen 3" and "llama3" match on the
  letters of whole words, never in the middle of one.
- So "llama 3" is Llama 3 8B and 70B (not Llama 3.1 or 3.3: "3.1" is another word), "gemma 3" is
  Gemma 3 1B/4B/12B/27B (not Gemma 3n: "3n" is another word), "qwen3" is Qwen3 0.6B…235B-A22B (not
  Qwen3-Coder: "Coder" is not a size).
- A family needs at least two members (same-name records count once, the first in catalog order).
  With fewer, an ambiguous name keeps its "did you mean" list.

Only fact questions use it (`FAMILY_INTENTS`); hardware questions need one model and keep asking.
Pure functions over catalog records: the engine calls `family_facts` where an ambiguous model name
would otherwise become a "did you mean" answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from msgspec import Struct

# the one description of a record
from answers.facts.describe import record_facts
from answers.knowledge.model_languages import family_of as language_family
from catalog.records import ModelRecord

# Facts about the models themselves: an answer for every member reads naturally.
# "longest_context" or "model_info" on a family ("when did qwen3.5 come out, what context, any MoE?") gives each
# member's sheet: mixture of experts or dense, its context and its publication date, all the records hold.
FAMILY_INTENTS = frozenset({"release", "maker", "open_source", "parameters", "purpose", "download", "compute",
                            "longest_context", "model_info"})
MIN_MEMBERS = 2
OTHERS_SHOWN = 5  # near names that are not members, named after the answer

_WORD = re.compile(r"[^\s\-_\u2013\u2014]+")  # en and em dashes split words too ("gemma 3 – …")
# 8B, 0.6B, 135M, 1.5b, 8x7B, 8x22B, E2B (an effective size: Gemma 3n).
_SIZE = re.compile(r"^(?:e?\d+(?:\.\d+)?|\d+x\d+(?:\.\d+)?)[bm]$", re.IGNORECASE)


def is_size_word(word: str) -> bool:
    return bool(_SIZE.match(word))


def words(name: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(name))


class Member(Struct, frozen=True):
    record: ModelRecord
    family_name: str  # the member's own spelling of the family part ("Qwen3", "Gemma 3")
    size: str  # the rest of its name, from the size word on ("30B-A3B", "11B Vision")


def member_of(typed: str, record: ModelRecord, named: bool = False) -> Member | None:
    """The record as a member of the family named by `typed`, or None (see the module rule).
    `named`: a variant name made of letters ("Llama 4 Scout") also counts where a size word would."""
    key = "".join(w.group().casefold() for w in words(typed))
    if not key:
        return None
    ws = words(record.name)
    joined = ""
    for k, w in enumerate(ws):
        joined += w.group().casefold()
        if not key.startswith(joined[:len(key)]):
            return None
        if len(joined) >= len(key):
            nxt = ws[k + 1].group() if k + 1 < len(ws) else ""
            if joined != key or not (is_size_word(nxt) or (named and nxt.isalpha())):
                return None
            return Member(record, record.name[:w.end()], record.name[ws[k + 1].start():])
    return None


def members(typed: str, records: Iterable[ModelRecord]) -> list[Member]:
    """The family's members, smallest first (by total parameters; unknown sizes last).
    Members named by size come first; only a family with fewer than two of them is read by variant
    names ("Llama 4" → Scout, Maverick), so "Qwen3" never takes in Qwen3-Coder."""
    records = list(records)
    seen: dict[str, Member] = {}
    for named in (False, True):
        for rec in records:
            m = member_of(typed, rec, named)
            if m is not None and rec.name not in seen:
                seen[rec.name] = m
        if len(seen) >= MIN_MEMBERS:
            break
    return sorted(seen.values(), key=lambda m: (m.record.params_b is None, m.record.params_b or 0.0, m.record.name))


def _distinct(values: Iterable[str | None]) -> list[str]:
    return list(dict.fromkeys(v for v in values if v))


def _member_facts(m: Member) -> dict[str, Any]:
    arch = m.record.architecture
    return {**record_facts(m.record), "size": m.size, "max_context": arch.max_context if arch is not None else None}


def family_facts(typed: str, records: Sequence[ModelRecord], candidates: Sequence[str] = ()) -> dict[str, Any] | None:
    """`facts["family"]` for a typed family name, or None when it names fewer than two members.
    `candidates` (the resolver's near names) that are not members are kept as `others`."""
    ms = members(typed, records)
    if len(ms) < MIN_MEMBERS:
        return None
    facts = [_member_facts(m) for m in ms]
    dated = sorted((f for f in facts if f["publication_date"]), key=lambda f: f["publication_date"])
    kinds = _distinct(f["weights_kind"] or "unknown" for f in facts)
    licences: dict[str, list[str]] = {}
    for f in facts:
        if f["license"]:
            licences.setdefault(f["license"], []).append(f["size"])
    names = {f["name"] for f in facts}
    return {
        "name": ms[0].family_name,
        "query": typed,
        "sizes": [f["size"] for f in facts],
        "members": facts,
        "first_date": dated[0]["publication_date"] if dated else None,
        "first": dated[0]["name"] if dated else None,
        "last_date": dated[-1]["publication_date"] if dated else None,
        "last": dated[-1]["name"] if dated else None,
        # Every member published on the first and on the last date: four Gemma 3 sizes came out the same day,
        # and naming one of them "the first" would be arbitrary.
        "first_names": [f["name"] for f in dated if f["publication_date"] == dated[0]["publication_date"]],
        "last_names": [f["name"] for f in dated if f["publication_date"] == dated[-1]["publication_date"]],
        "same_date": bool(dated) and dated[0]["publication_date"] == dated[-1]["publication_date"],
        "undated": [f["name"] for f in facts if not f["publication_date"]],
        "organizations": _distinct(f["organization"] for f in facts),
        "licenses": [{"license": k, "sizes": v} for k, v in licences.items()],
        # "all": every member's weights are published; "some"; "none"; "unknown": the records do not say.
        "open": ("all" if kinds == ["open"] else "some" if "open" in kinds
                 else "unknown" if kinds == ["unknown"] else "none"),
        "mixture": any(f["active_params_b"] is not None and f["params_b"] is not None
                       and f["active_params_b"] < f["params_b"] for f in facts),  # a mixture of experts among them
        "open_sizes": [f["size"] for f in facts if f["weights_kind"] == "open"],
        "domain": _distinct(d for f in facts for d in f["domain"]),
        "tasks": _distinct(t for f in facts for t in f["tasks"]),
        "others": [c for c in candidates if c not in names][:OTHERS_SHOWN],
        **_languages(ms[0].record.name),
    }


def _languages(name: str) -> dict[str, Any]:
    """The languages the family's makers list (answers/knowledge/model_languages.json, with its source), if on
    record: "does Gemma 3 speak German officially" is answered from the model cards."""
    family = language_family(name)
    if family is None:
        return {"languages": [], "languages_source": None}
    return {"languages": list(family.languages), "languages_source": family.source}
