"""One card's rating for one model (a table row) and the rule that makes it, below both the profiles
(which build rows in bulk) and the ranking of every card (which orders them): neither imports the other
for these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from .card import Card
from .model import ModelSize
from .quants import Quant


class Rules(Protocol):
    """What `rate` asks of a profile (estimator.profile.Profile has these and more)."""

    def usable_gb(self, card: Card) -> float: ...
    def fit(self, need: float, card: Card) -> str: ...
    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float: ...
    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]: ...


class Row(NamedTuple):  # a tuple: 818 of these per estimate, so construction cost matters
    card: Card
    quant: Quant | None  # None: the card cannot run the model
    need_gb: float  # need at the chosen level (at the miss level when it cannot run it)
    fit: str  # comfortable | tight | no
    tok_s: float | None
    tok_s_low: float | None
    tok_s_high: float | None
    confidence: str | None

    @property
    def runs(self) -> bool:
        return self.quant is not None


def rate(p: Rules, model: ModelSize, card: Card, levels: Sequence[Quant], needs: Sequence[float],
         miss_need: float) -> Row:
    """The least compressed level the card holds, its fit and speed; or why it cannot run it."""
    usable = p.usable_gb(card)
    for q, need in zip(levels, needs, strict=True):
        if need <= usable:
            tok = p.tok_s(model, card, q)
            low, high, conf = p.tok_range(model, card, q, tok)
            return Row(card, q, need, p.fit(need, card), tok, low, high, conf)
    return Row(card, None, miss_need, "no", None, None, None, None)
