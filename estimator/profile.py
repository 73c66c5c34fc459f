"""Estimator profiles: the rules that turn (model, card, quant) into memory need, fit and speed.

`reference` reproduces the reference calculator exactly (ESTIMATOR.md). Other profiles (the
calibrated `measured` one) implement the same interface, so tables and summaries are shared.
Nothing is registered here: callers build the profile they need (answers.profiles) and pass it in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from msgspec import Struct

from .card import Card, card_factor
from .memory import DEFAULT_CACHE_TYPE, RUNTIME_ALLOWANCE_GB, cache_gb, model_weights_gb, read_bpw
from .model import ModelSize
from .quants import DEFAULT_MIN_QUALITY, MISS_QUANT, REFERENCE_LADDER, Quant, quant
from .rows import Row

READING_SPEED_TOK_S = 10.0
# No decode step is faster than this, whatever the model size: each token launches and synchronises
# several kernels per layer (microseconds each). 0.25 ms (4,000 tok/s) is far above the fastest
# single-request llama.cpp decode in our measured data (280 tok/s). It belongs to the `measured` profile
# (whose fitted per-token time t0, ≥ 1.2 ms, is stricter still) and to answers that would otherwise call a
# reference figure reachable: the `reference` profile never applies it, because the site's pages for small
# models (a few hundred million parameters) show B200/MI355X rows well above it, and the reference must
# equal the site at every model size. An answer may say in one line that such a figure is out of reach.
MIN_SECONDS_PER_TOKEN = 0.25e-3
MAX_TOK_S = 1 / MIN_SECONDS_PER_TOKEN


class MemoryParts(Struct, frozen=True):
    """What a level's memory need is made of, as the profile computes it: the parts add up to
    `need_gb` exactly, so an answer can explain the total without knowing the profile's rules."""

    weights_gb: float
    cache_gb: float
    runtime_gb: float  # the runtime's own memory: a fixed allowance, or a compute buffer

    @property
    def total_gb(self) -> float:
        return self.weights_gb + self.cache_gb + self.runtime_gb


class HoldsRule(Struct, frozen=True):
    """When a card holds a level: need ≤ share × memory − reserve_gb."""

    share: float
    reserve_gb: float = 0.0

    def usable_gb(self, memory_gb: float) -> float:
        return self.share * memory_gb - self.reserve_gb


class Profile(Protocol):
    name: str
    levels: tuple[Quant, ...]  # the ladder, least compressed first
    default_min_quality: str
    miss_quant: str

    def need_gb(self, model: ModelSize, q: Quant, context: int, cache_type: str = "f16") -> float: ...
    def memory_parts(self, model: ModelSize, q: Quant, context: int,
                     cache_type: str = "f16") -> MemoryParts: ...  # sums to need_gb
    def holds_rule(self, card: Card) -> HoldsRule: ...  # usable_gb(card) == holds_rule(card).usable_gb(memory)
    def gb_per_token(self, model: ModelSize, q: Quant) -> float: ...  # weights read per token (1e9 bytes)
    def cache_kind(self, model: ModelSize) -> str: ...
    def usable_gb(self, card: Card) -> float: ...  # need ≤ usable ⇔ the card holds it
    def fit(self, need: float, card: Card) -> str: ...  # comfortable | tight
    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float: ...
    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]: ...
    def rate_many(self, model: ModelSize, cards: Sequence[Card], levels: Sequence[Quant], needs: Sequence[float],
                  miss_need: float) -> list[Row]: ...  # `ranking.rate` over every card, possibly faster


class ReferenceProfile:
    """The reference calculator's rules, unchanged (ESTIMATOR.md §1–4)."""

    name = "reference"
    levels = REFERENCE_LADDER
    default_min_quality = DEFAULT_MIN_QUALITY
    miss_quant = MISS_QUANT
    holds_share = 0.90
    comfortable_share = 0.70
    moe_read_factor = 1.62  # active experts plus the shared layers
    legacy_factor = 0.85

    def need_gb(self, model: ModelSize, q: Quant, context: int, cache_type: str = DEFAULT_CACHE_TYPE) -> float:
        return model_weights_gb(model, q.ref_bpw) + RUNTIME_ALLOWANCE_GB + cache_gb(model, context, cache_type)[0]

    def memory_parts(self, model: ModelSize, q: Quant, context: int,
                     cache_type: str = DEFAULT_CACHE_TYPE) -> MemoryParts:
        return MemoryParts(model_weights_gb(model, q.ref_bpw), cache_gb(model, context, cache_type)[0],
                           RUNTIME_ALLOWANCE_GB)

    def holds_rule(self, card: Card) -> HoldsRule:
        return HoldsRule(self.holds_share)

    def cache_kind(self, model: ModelSize) -> str:
        return "layout" if model.layout is not None else "size"

    def usable_gb(self, card: Card) -> float:
        return self.holds_share * card.memory_gb

    def fit(self, need: float, card: Card) -> str:
        return "comfortable" if need / card.memory_gb <= self.comfortable_share else "tight"

    def read_params_b(self, model: ModelSize) -> float:
        if model.is_moe:
            assert model.active_params_b is not None
            return self.moe_read_factor * model.active_params_b  # uncapped, as the reference does
        return model.params_b

    def gb_per_token(self, model: ModelSize, q: Quant) -> float:
        return self.read_params_b(model) * read_bpw(model, q.ref_bpw) / 8

    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float:
        gb_per_token = self.gb_per_token(model, q)
        factor = card_factor(card.vendor, card.architecture, self.legacy_factor)
        return card.bandwidth_gbps * q.ref_eff * factor / gb_per_token  # uncapped: the site's figure

    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]:
        return 0.6 * tok_s, 1.6 * tok_s, "low"

    def rate_many(self, model: ModelSize, cards: Sequence[Card], levels: Sequence[Quant], needs: Sequence[float],
                  miss_need: float) -> list[Row]:
        """`ranking.rate_all` for these rules in one tight loop: every estimate rates all 818 cards.

        The arithmetic and its order are those of `usable_gb`, `fit`, `tok_s` and `tok_range`, so the
        figures are identical to the generic path (a property test compares both).
        """
        new_row = tuple.__new__  # Row's generated __new__ is a Python lambda: skip it in this loop
        read = self.read_params_b(model)
        per_level = [(q, need, q.ref_eff, read * read_bpw(model, q.ref_bpw) / 8)
                     for q, need in zip(levels, needs, strict=True)]
        comfy = self.comfortable_share
        rows: list[Row] = []
        append = rows.append
        for card, mem, usable, bandwidth, factor in self._card_constants(cards):
            for q, need, eff, gb_per_token in per_level:
                if need <= usable:
                    tok = bandwidth * eff * factor / gb_per_token  # uncapped, as the site
                    append(new_row(Row, (card, q, need, "comfortable" if need / mem <= comfy else "tight", tok,
                                         0.6 * tok, 1.6 * tok, "low")))
                    break
            else:
                append(new_row(Row, (card, None, miss_need, "no", None, None, None, None)))
        return rows

    def _card_constants(self, cards: Sequence[Card]) -> list[tuple[Card, float, float, float, float]]:
        """Per-card figures that do not depend on the model, kept for the last few card lists
        (the catalog's list is the same object for the life of a process)."""
        cache = self.__dict__.setdefault("_constants", {})
        hit = cache.get(id(cards))
        if hit is not None and hit[0] is cards and len(hit[1]) == len(cards):
            return hit[1]
        consts = [(c, c.memory_gb, self.holds_share * c.memory_gb, c.bandwidth_gbps,
                   card_factor(c.vendor, c.architecture, self.legacy_factor)) for c in cards]
        if len(cache) >= 4:
            cache.pop(next(iter(cache)))
        cache[id(cards)] = (cards, consts)  # holding `cards` keeps its id from being reused
        return consts


REFERENCE = ReferenceProfile()

__all__ = ["HoldsRule", "MemoryParts", "Profile", "ReferenceProfile", "REFERENCE", "quant", "READING_SPEED_TOK_S",
           "MIN_SECONDS_PER_TOKEN", "MAX_TOK_S"]
