"""Estimator profiles: the rules that turn (model, card, quant) into memory need, fit and speed.

`reference` reproduces the reference calculator exactly (ESTIMATOR.md). Other profiles (the
calibrated `measured` one) implement the same interface, so tables and summaries are shared.
"""

from __future__ import annotations

from typing import Protocol

from .card import Card, card_factor
from .memory import RUNTIME_ALLOWANCE_GB, cache_gb, weights_gb
from .model import ModelSize
from .quants import DEFAULT_MIN_QUALITY, MISS_QUANT, REFERENCE_LADDER, Quant, quant

READING_SPEED_TOK_S = 10.0


class Profile(Protocol):
    name: str
    levels: tuple[Quant, ...]  # the ladder, least compressed first
    default_min_quality: str
    miss_quant: str

    def need_gb(self, model: ModelSize, q: Quant, context: int) -> float: ...
    def cache_kind(self, model: ModelSize) -> str: ...
    def usable_gb(self, card: Card) -> float: ...  # need ≤ usable ⇔ the card holds it
    def fit(self, need: float, card: Card) -> str: ...  # comfortable | tight
    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float: ...
    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]: ...


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

    def need_gb(self, model: ModelSize, q: Quant, context: int) -> float:
        return weights_gb(model.params_b, q.ref_bpw) + RUNTIME_ALLOWANCE_GB + cache_gb(model, context)[0]

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

    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float:
        gb_per_token = self.read_params_b(model) * q.ref_bpw / 8
        factor = card_factor(card.vendor, card.architecture, self.legacy_factor)
        return card.bandwidth_gbps * q.ref_eff * factor / gb_per_token

    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]:
        return 0.6 * tok_s, 1.6 * tok_s, "low"


REFERENCE = ReferenceProfile()
_PROFILES: dict[str, Profile] = {"reference": REFERENCE}


def register(profile: Profile) -> None:
    _PROFILES[profile.name] = profile


def get_profile(name: str) -> Profile:
    if name == "measured" and "measured" not in _PROFILES:
        from . import measured  # noqa: F401  (registers itself; kept lazy so `reference` stays light)
    try:
        return _PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown estimator profile {name!r}; known: reference, measured") from None


__all__ = ["Profile", "ReferenceProfile", "REFERENCE", "get_profile", "register", "quant", "READING_SPEED_TOK_S"]
