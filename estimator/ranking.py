"""One model over every card: the table rows and the page-level figures (ESTIMATOR.md §3, §5)."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec import Struct
from msgspec.structs import force_setattr

from .card import Card
from .memory import DEFAULT_CACHE_TYPE
from .memory import cache_type as canonical_cache_type
from .model import DEFAULT_CONTEXT, ModelSize, check_context
from .profile import READING_SPEED_TOK_S, REFERENCE, Profile
from .quants import Quant, ladder, quant
from .rows import Row, rate

__all__ = ["Query", "Row", "rate", "rate_all"]  # Row and rate live in rows.py; named here as before


class Query(Struct, frozen=True):
    """What to rate every card for: a model, a context, a quality floor or a forced level, a profile."""
    model: ModelSize
    context: int = DEFAULT_CONTEXT
    min_quality: str | None = None
    forced_quant: str | None = None
    profile: Profile = REFERENCE
    cache_type: str = DEFAULT_CACHE_TYPE  # llama.cpp KV-cache type: f16, q8_0, q4_0… or "K/V"

    def __post_init__(self) -> None:
        check_context(self.context)
        force_setattr(self, "cache_type", canonical_cache_type(self.cache_type))
        if self.min_quality is not None:
            quant(self.min_quality)
        if self.forced_quant is not None:
            quant(self.forced_quant)

    def need_gb(self, q: Quant, context: int | None = None) -> float:
        """The memory need at level `q` for this query's model, context and cache type."""
        ctx = self.context if context is None else context
        if self.cache_type == DEFAULT_CACHE_TYPE:  # profiles that predate cache types keep working
            return self.profile.need_gb(self.model, q, ctx)
        return self.profile.need_gb(self.model, q, ctx, cache_type=self.cache_type)

    def levels(self) -> tuple[Quant, ...]:
        if self.forced_quant is not None:
            return (quant(self.forced_quant),)
        levels_for = getattr(self.profile, "levels_for", None)  # a model's own file (gpt-oss: MXFP4)
        levels = levels_for(self.model) if levels_for is not None else self.profile.levels
        return ladder(levels, self.min_quality, self.profile.default_min_quality)


def rate_all(query: Query, cards: Sequence[Card]) -> list[Row]:
    """Every card, in catalog order. Needs are card-independent, so they are computed once."""
    p = query.profile
    levels = query.levels()
    needs = [query.need_gb(q) for q in levels]
    miss_need = query.need_gb(quant(p.miss_quant))
    return p.rate_many(query.model, cards, levels, needs, miss_need)


def table(rows: Sequence[Row], include_misses: bool = False) -> list[Row]:
    """Page order: tok/s descending, ties by card name; cards that cannot run it last (by memory)."""
    fitting = sorted((r for r in rows if r.runs), key=lambda r: (-r.tok_s, r.card.name))  # type: ignore[operator]
    if not include_misses:
        return fitting
    misses = sorted((r for r in rows if not r.runs), key=lambda r: (r.need_gb - r.card.memory_gb, r.card.position))
    return fitting + misses


class Summary(Struct, frozen=True):
    """The figures a table of cards boils down to (how many fit, the smallest and fastest, medians)."""
    cards_total: int
    cards_fit: int
    smallest: Row | None
    fastest: Row | None
    median_tok_s: float | None
    above_reading_speed: int
    closest_miss_gb: float | None
    distinct_quant_levels: int
    by_memory: dict[int, Row | None]


def closest_miss(query: Query, rows: Sequence[Row]) -> float | None:
    """How far the nearest card that cannot run it falls short, at the profile's miss level."""
    p = query.profile
    gaps = [r.need_gb - p.usable_gb(r.card) for r in rows if not r.runs]
    return min(gaps, default=None)


def summarize(query: Query, rows: Sequence[Row], memory_sizes: Sequence[int] = (8, 12, 16, 24)) -> Summary:
    ordered = table(rows)
    n = len(ordered)
    # `ordered` is sorted by speed already: the median needs no second sort.
    mid = n // 2
    median = None if not n else (ordered[mid].tok_s if n % 2
                                 else (ordered[mid - 1].tok_s + ordered[mid].tok_s) / 2)  # type: ignore[operator]
    smallest: Row | None = None
    wanted = set(memory_sizes)
    best: dict[float, Row] = {}
    levels: set[Quant | None] = set()
    for r in rows:  # catalog order, so "first seen wins" is the catalog-order tie-break
        if not r.runs:
            continue
        levels.add(r.quant)
        mem = r.card.memory_gb
        if smallest is None or mem < smallest.card.memory_gb:
            smallest = r
        if mem in wanted:
            held = best.get(mem)
            if held is None or r.tok_s > held.tok_s:  # type: ignore[operator]
                best[mem] = r
    return Summary(
        cards_total=len(rows),
        cards_fit=n,
        smallest=smallest,
        fastest=ordered[0] if ordered else None,
        median_tok_s=median,
        above_reading_speed=sum(1 for r in ordered if r.tok_s is not None and r.tok_s >= READING_SPEED_TOK_S),
        closest_miss_gb=closest_miss(query, rows),
        distinct_quant_levels=len(levels),
        by_memory={m: best.get(m) for m in memory_sizes},
    )


class ModelOnCard(Struct, frozen=True):
    """A model and its row on one card."""
    model: ModelSize
    row: Row


def models_on_card(models: Sequence[ModelSize], card: Card, context: int = DEFAULT_CONTEXT,
                   min_quality: str | None = None, profile: Profile = REFERENCE,
                   cache_type: str = DEFAULT_CACHE_TYPE) -> list[ModelOnCard]:
    """The reverse direction: every model the card runs, fastest first (ties by model name)."""
    check_context(context)
    levels = ladder(profile.levels, min_quality, profile.default_min_quality)
    out = []
    for m in models:
        needs = [Query(m, context, profile=profile, cache_type=cache_type).need_gb(lv) for lv in levels]
        row = rate(profile, m, card, levels, needs, miss_need=0.0)  # misses are dropped below
        if row.runs:
            out.append(ModelOnCard(m, row))
    out.sort(key=lambda x: (-x.row.tok_s, x.model.name or ""))  # type: ignore[operator]
    return out
