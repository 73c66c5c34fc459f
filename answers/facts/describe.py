"""Estimator results as plain, JSON-ready facts (unrounded floats): the CLI's `--json` contract and
the input of every answer template. Keys are only ever added here, never renamed or removed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

from answers.facts.picks import picks_facts
from answers.knowledge.catalog_view import access_kind
from catalog.records import GpuRecord, ModelRecord
from estimator.quants import Quant
from estimator.ranking import Query, Row, Summary, summarize, table

MEMORY_SIZES = (8, 12, 16, 24)


def model_facts(query: Query) -> dict[str, Any]:
    m = query.model
    return {
        "name": m.name,
        "params_b": m.params_b,
        "active_params_b": m.active_params_b,
        "max_context": m.max_context,  # None when the record does not say
        "cache_estimate": query.profile.cache_kind(m),  # "size" (from parameters) or "layout" (attention)
        # Tensors every file keeps low-bit whatever the level (gpt-oss' MXFP4 experts); None for most.
        "native_format": None if m.native is None else {
            "format": m.native.format, "bits_per_weight": m.native.bpw, "params_b": m.native.params_b,
            "active_params_b": m.native.active_params_b},
    }


def record_facts(rec: ModelRecord) -> dict[str, Any]:
    """A model record's own facts (who, when, size, weights, training), as every answer about it gives them."""
    return {
        "name": rec.name,
        "organization": rec.organization,
        "organization_type": rec.organization_type,
        "country": rec.country,
        "publication_date": rec.publication_date.isoformat() if rec.publication_date else None,
        "domain": list(rec.domain),
        "tasks": list(rec.tasks),
        "base_model": rec.base_model,
        "params_b": rec.params_b,
        "active_params_b": rec.active_params_b,
        "parameter_notes": rec.parameter_notes,
        "training_compute_flop": rec.training_compute_flop,
        "training_compute_method": rec.training_compute_method,
        "training_data_size": rec.training_data_size,
        "training_hardware": rec.training_hardware,
        "weights": rec.weights,
        "weights_kind": access_kind(rec.weights),
        "license": rec.license,
        "training_code": rec.training_code,
        "huggingface": rec.huggingface,
        "confidence": rec.confidence,
        "link": rec.link,
    }


@cache
def _month(day: dt.date | None) -> str | None:
    return day.strftime("%Y-%m") if day else None  # strftime is slow, and 818 rows share ~200 months


class Described(Protocol):
    """What a card's one-line description needs: a catalog record, a typical card of a size, a setup."""

    @property
    def name(self) -> str: ...
    @property
    def vendor(self) -> str: ...
    @property
    def memory_gb(self) -> float: ...
    @property
    def bandwidth_gbps(self) -> float: ...
    @property
    def release(self) -> dt.date | None: ...


def card_brief(c: Described) -> dict[str, Any]:
    """A card in facts: the keys every answer and report uses for it (name, vendor, memory, bandwidth,
    release month)."""
    return {"name": c.name, "vendor": c.vendor, "memory_gb": c.memory_gb, "bandwidth_gbps": c.bandwidth_gbps,
            "release": _month(c.release)}


class Rating(Protocol):
    """What a card's `Row` and a setup's `SetupRow` both say about a model: level, need, fit, speed."""

    @property
    def need_gb(self) -> float: ...
    @property
    def quant(self) -> Quant | None: ...
    @property
    def fit(self) -> str: ...
    @property
    def tok_s(self) -> float | None: ...
    @property
    def tok_s_low(self) -> float | None: ...
    @property
    def tok_s_high(self) -> float | None: ...
    @property
    def confidence(self) -> str | None: ...


def rating_facts(r: Rating) -> dict[str, Any]:
    """The rating keys every row in facts carries, for one card or a setup (answers/facts/setups.py)."""
    return {
        "need_gb": r.need_gb,
        "quant": r.quant.name if r.quant else None,
        "fit": r.fit,
        "tok_s": r.tok_s,
        "tok_s_low": r.tok_s_low,
        "tok_s_high": r.tok_s_high,
        "confidence": r.confidence,
    }


def row_facts(r: Row) -> dict[str, Any]:
    c = r.card
    return {
        "card": c.name,
        "vendor": c.vendor,
        "memory_gb": c.memory_gb,
        "bandwidth_gbps": c.bandwidth_gbps,
        "release": _month(c.release if isinstance(c, GpuRecord) else None),  # cards outside the catalog: unknown
        **rating_facts(r),
    }


def query_facts(query: Query) -> dict[str, Any]:
    return {
        "model": model_facts(query),
        "context": query.context,
        "profile": query.profile.name,
        "min_quality": query.min_quality or query.profile.default_min_quality,
        "quant": query.forced_quant,
        "cache_type": query.cache_type,  # llama.cpp KV-cache type ("f16" unless asked)
    }


def table_facts(query: Query, rows: Sequence[Row], include_misses: bool = False) -> dict[str, Any]:
    return {**query_facts(query), "rows": [row_facts(r) for r in table(rows, include_misses)]}


def _pick(r: Row | None, *keys: str) -> dict[str, Any] | None:
    if r is None:
        return None
    full = row_facts(r)
    return {k: full[k] for k in keys}


def summary_facts(query: Query, rows: Sequence[Row], s: Summary | None = None,
                  pick_rows: Sequence[Row] | None = None) -> dict[str, Any]:
    """The page's figures from `rows`; the home picks from `pick_rows` when given (shared-memory
    machines rated as the machine: answers/facts/shared_memory.py)."""
    s = s or summarize(query, rows, MEMORY_SIZES)
    fastest = s.fastest
    return {
        **query_facts(query),
        "cards_total": s.cards_total,
        "cards_fit": s.cards_fit,
        "smallest": _pick(s.smallest, "card", "memory_gb", "quant", "need_gb", "tok_s"),
        "fastest": _pick(fastest, "card", "tok_s", "memory_gb"),
        "median_tok_s": s.median_tok_s,
        "above_reading_speed": s.above_reading_speed,
        "by_memory": {str(n): _pick(r, "card", "quant", "need_gb", "tok_s", "fit") for n, r in s.by_memory.items()},
        "closest_miss_gb": s.closest_miss_gb,
        "distinct_quant_levels": s.distinct_quant_levels,
        "range_example": _pick(fastest, "card", "tok_s_low", "tok_s_high"),
        # Headline picks among cards a home user can buy and use, and the cheapest (answers/facts/picks.py).
        **picks_facts(rows if pick_rows is None else pick_rows, tuple(s.by_memory), s),
    }
