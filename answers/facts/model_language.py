"""A question judging models in a language (intent `model_language`): "is Qwen3 or Llama better for German",
"best model for European Portuguese", "best roleplay model in French". The bot does not rate writing quality; it
says so in one line and gives what it can: whether each model named lists that language (its makers' model card,
answers/knowledge/model_languages.json), else the catalog's models that list it, on the asker's hardware with
their speed when hardware is named."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import Struct

from answers.facts.common import Built, Entities, Estimates, EstimateSettings
from answers.knowledge.model_languages import LanguageFamily, families, family_of
from estimator.card import MemoryCard
from estimator.profile import READING_SPEED_TOK_S

SHOWN = 6  # models listed on the hardware, largest first


class NamedSide(Struct, frozen=True):
    typed: str
    family: str | None  # the family label it belongs to; None: not on record
    lists: bool | None  # its makers list the language; None: no record
    note: str | None = None  # a variety or caveat for that language ("Brazilian Portuguese")
    source: str | None = None


class RunsRow(Struct, frozen=True):
    model: str
    quant: str
    tok_s: float


class LanguageFacts(Struct, frozen=True):
    language: str
    variety: bool
    named: tuple[NamedSide, ...]
    families: tuple[str, ...]  # the families listing it (no hardware named)
    rows: tuple[RunsRow, ...]  # the largest models listing it that run at reading speed on the hardware
    where: str | None  # the card's name or the memory size, when hardware was named
    memory_gb: float | None


def _side(typed: str, code: str) -> NamedSide:
    fam = family_of(typed)
    if fam is None:
        return NamedSide(typed, None, None)
    return NamedSide(typed, fam.label, code in fam.languages, fam.notes.get(code), fam.source)


def _lists(fam: LanguageFamily | None, code: str) -> bool:
    return fam is not None and code in fam.languages


def _rows(est: Estimates, e: Entities, s: EstimateSettings, code: str) -> tuple[RunsRow, ...]:
    card: Any = e.card if e.card is not None else MemoryCard(e.memory_gb) if e.memory_gb else None
    if card is None:
        return ()
    keep = [(rec, row) for rec, row in est.card_models(card, s)
            if _lists(family_of(rec.name), code) and row.tok_s is not None and row.tok_s >= READING_SPEED_TOK_S]
    keep.sort(key=lambda mr: (-(mr[0].params_b or 0.0), mr[0].name))
    return tuple(RunsRow(rec.name, row.quant.name if row.quant else "", float(row.tok_s or 0.0))
                 for rec, row in keep[:SHOWN])


def model_language(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    said = e.speaks
    if said is None:
        return Built({"languages": None})
    code = said.language
    named = tuple(_side(t, code) for t in said.names)
    rows = () if named else _rows(est, e, s, code)
    facts = LanguageFacts(
        language=code, variety=said.variety, named=named,
        families=tuple(f.label for f in families() if code in f.languages) if not named and not rows else (),
        rows=rows, where=e.card.name if e.card is not None else None,
        memory_gb=e.memory_gb if e.card is None else None)
    return Built({"languages": msgspec.to_builtins(facts)}, sources={"gpus"} if rows else set())
