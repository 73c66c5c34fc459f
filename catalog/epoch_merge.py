"""Merge an Epoch AI snapshot's records with the built-in (curated) model records.

Split from the reading (catalog.epoch) because merging is a different question: which Epoch row is
the same model as a built-in (exact name, then alias, then a loose match taken only when unique on
both sides), and which facts the curated record keeps. The result is reported by name so a refresh
can be reviewed before it is committed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import msgspec

from .epoch import DATASET, EpochSnapshot, epoch_provenance
from .records import ModelRecord, Provenance, checked
from .resolve import normalize  # the resolver's key: merge and lookup agree on what "the same name" means

__all__ = ["MergeReport", "merge_models", "name_key"]


class MergeReport(msgspec.Struct):
    """What a merge did, by model name, so a refresh can be reviewed before it is committed."""

    added: list[str]  # Epoch-only names, in file order
    updated: list[str]  # built-ins that gained facts
    unchanged: list[str]  # built-ins Epoch had nothing new for (matched or not)
    matched: dict[str, str] = {}  # built-in name → the Epoch name whose facts were used
    shadowed: list[str] = []  # Epoch names equal to a built-in's name/alias that another row filled


_NUMBER_RE = re.compile(r"\d+(?:\.\d+)*")
_PAREN_RE = re.compile(r"\(([^()]*)\)")
_SIZE_ONLY_RE = re.compile(r"^\s*\d+(?:\.\d+)?\s*[bmk]\s*$", re.I)
_SIZE_TOKEN_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*[bm]\b", re.I)
# Words that name a packaging of the same weights, not a different model.
_LOOSE_NOISE = frozenset({"instruct", "chat", "it", "base", "hf", "model"})
_SIZE_TOLERANCE = 0.10  # a size-less name match also needs Parameters within this of ours


def name_key(text: str) -> tuple[str, tuple[str, ...]]:
    """Exact-match key: the resolver's normalized form plus the numbers as written, because the
    normalized form alone makes "OPT-1.3B" and "OPT-13B" (or "Odyssey 12B"/"1.2B") the same."""
    return normalize(text), tuple(_NUMBER_RE.findall(text.replace(",", ".")))


def _loose_tokens(text: str, *, drop_sizes: bool = False) -> tuple[str, ...]:
    """Order-free words, ignoring packaging words and non-size parentheticals:
    "Qwen2.5 Instruct (7B)" ~ "Qwen2.5 7B", "DeepSeek-V2 (MoE-236B)" ~ "DeepSeek-V2"."""
    text = _PAREN_RE.sub(lambda m: f" {m.group(1)} " if _SIZE_ONLY_RE.match(m.group(1)) else " ", text.casefold())
    if drop_sizes:
        text = _SIZE_TOKEN_RE.sub(" ", text)
    return tuple(sorted(w for w in re.findall(r"[^\W_]+", text) if w not in _LOOSE_NOISE))


def _index(builtin: Sequence[ModelRecord]) -> tuple[dict, dict, dict, dict]:
    """Built-in indexes by exact name, by name or alias, and by loose words with and without sizes."""
    names: dict[tuple, int] = {}
    aliases: dict[tuple, int] = {}
    loose: dict[tuple, set[int]] = {}
    sizeless: dict[tuple, set[int]] = {}
    for i, record in enumerate(builtin):
        names.setdefault(name_key(record.name), i)
        for text in (record.name, *record.aliases):
            aliases.setdefault(name_key(text), i)
            loose.setdefault(_loose_tokens(text), set()).add(i)
            sizeless.setdefault(_loose_tokens(text, drop_sizes=True), set()).add(i)
    return names, aliases, loose, sizeless


def _match(builtin: Sequence[ModelRecord], epoch: Sequence[ModelRecord]) -> tuple[dict[int, int], set[int]]:
    """built-in index → Epoch index, and the Epoch indexes shadowed by a built-in name/alias.

    Tiers: exact normalized name, then exact alias (a clash with a built-in's key means the
    resolver would answer with the built-in anyway, so a losing row is shadowed, not added),
    then a loose match, taken only when unique on both sides.
    """
    names, aliases, loose, sizeless = _index(builtin)
    chosen: dict[int, tuple[int, int]] = {}  # built-in → (tier, epoch index)
    shadowed: set[int] = set()
    unmatched: list[int] = []
    for j, record in enumerate(epoch):
        key = name_key(record.name)
        hit = (0, names[key]) if key in names else (1, aliases[key]) if key in aliases else None
        if hit is None:
            unmatched.append(j)
            continue
        tier, i = hit
        if i not in chosen or tier < chosen[i][0]:
            if i in chosen:
                shadowed.add(chosen[i][1])
            chosen[i] = (tier, j)
        else:
            shadowed.add(j)

    claims: dict[int, list[int]] = {}
    for j in unmatched:
        record = epoch[j]
        candidates = loose.get(_loose_tokens(record.name), set())
        if not candidates and record.params_b:
            candidates = {i for i in sizeless.get(_loose_tokens(record.name, drop_sizes=True), set())
                          if builtin[i].params_b and
                          abs(builtin[i].params_b - record.params_b) <= _SIZE_TOLERANCE * builtin[i].params_b}
        if len(candidates) == 1:
            claims.setdefault(next(iter(candidates)), []).append(j)
    for i, js in claims.items():
        if i not in chosen and len(js) == 1:
            chosen[i] = (2, js[0])
    return {i: j for i, (_, j) in chosen.items()}, shadowed


# Fields where the curated record is authoritative even when Epoch disagrees.
_BUILTIN_WINS = frozenset({"name", "aliases", "params_b", "active_params_b", "architecture", "license", "provenance"})


def _empty(value: object) -> bool:
    return value is None or value == [] or value == ""


def _fill(base: ModelRecord, extra: ModelRecord, provenance: Provenance) -> ModelRecord | None:
    """The built-in with Epoch's facts filled into its empty fields; None when nothing is new."""
    update: dict[str, Any] = {}
    for field in ModelRecord.__struct_fields__:
        if field not in _BUILTIN_WINS and _empty(getattr(base, field)) and not _empty(getattr(extra, field)):
            update[field] = getattr(extra, field)
    if base.params_b is None and extra.params_b is not None:
        # Total and active are one fact: take Epoch's pair only when we have neither.
        update["params_b"], update["active_params_b"] = extra.params_b, extra.active_params_b
    if not update:
        return None
    data = msgspec.structs.asdict(base)
    data.update(update)
    data["provenance"] = {**base.provenance, "epoch": provenance}
    return checked(ModelRecord, data)


def merge_models(
    builtin: Sequence[ModelRecord],
    epoch: Sequence[ModelRecord],
    snapshot: EpochSnapshot | None = None,
) -> tuple[list[ModelRecord], MergeReport]:
    """Built-ins (in their order, enriched from Epoch) followed by Epoch-only records (file order)."""
    matches, shadowed = _match(builtin, epoch)
    fallback = epoch_provenance(snapshot.snapshot_date, snapshot.sha256) if snapshot else None
    report = MergeReport(added=[], updated=[], unchanged=[])
    merged: list[ModelRecord] = []
    for i, base in enumerate(builtin):
        j = matches.get(i)
        filled = None
        if j is not None:
            extra = epoch[j]
            report.matched[base.name] = extra.name
            provenance = fallback or extra.provenance.get("epoch") or Provenance(source="epoch", detail=DATASET)
            filled = _fill(base, extra, provenance)
        merged.append(filled or base)
        (report.updated if filled else report.unchanged).append(base.name)

    used = set(matches.values())
    seen = {r.name for r in builtin}
    for j, record in enumerate(epoch):
        if j in used:
            continue
        if j in shadowed:
            report.shadowed.append(record.name)
            continue
        if not record.name or record.name in seen:
            continue
        seen.add(record.name)
        if "epoch" not in record.provenance:
            provenance = fallback or Provenance(source="epoch", detail=DATASET)
            record = msgspec.structs.replace(record, provenance={**record.provenance, "epoch": provenance})
        merged.append(record)
        report.added.append(record.name)
    return merged, report
