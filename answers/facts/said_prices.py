"""The card a price said beside a budget belongs to ("5090 tá uns 18k aqui, 3090 usada uns 4500"): the card of the
comparison whose name holds the words typed before the price. Pure: the typed words and the resolved entities in,
a card out."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from catalog.text import fold

if TYPE_CHECKING:
    from answers.facts.common import Entities
    from estimator.setups import Setup

_NUMBER_RE = re.compile(r"\d{3,5}")  # a card's model number inside what was typed ("3090er", "rtx5090")


def cards_of(e: Entities) -> list[Any]:
    """Every card of the comparison, first side first: the two cards, then each side's and each further side's."""
    return _every([e.card, e.card2], (*(e.sides or ()), *e.more_sides))


def _every(cards: list[Any], sides: tuple[Setup, ...]) -> list[Any]:
    found: list[Any] = [c for c in cards if c is not None]
    for side in sides:
        found += [d.card for d in side.devices]
    return found


def pair_card(typed: tuple[str, ...], cards: list[Any], sides: tuple[Setup, ...]) -> Any | None:
    """The card a second one is offered of: the first of the typed candidates that is a card of the comparison."""
    every = _every(cards, sides)
    return next((c for t in typed if (c := _holding(t, every)) is not None), None)


def card_of(typed: str, e: Entities) -> Any | None:
    """The card whose name holds the model number typed ("3090er" → GeForce RTX 3090), the shortest such name
    first (a "3090" is the 3090, not the 3090 Ti); None when no card of the comparison has it."""
    return _holding(typed, cards_of(e))


def _holding(typed: str, cards: list[Any]) -> Any | None:
    m = _NUMBER_RE.search(fold(typed))
    if m is None:
        return None
    number = m.group(0)
    holding = [c for c in cards if re.search(rf"(?<!\d){number}(?!\d)", fold(c.name))]
    return min(holding, key=lambda c: len(c.name)) if holding else None


def side_memory(e: Entities) -> dict[str, float]:
    """Each side's memory in GB by the name the budget's sides carry: a card's own, a setup's cards together."""
    out: dict[str, float] = {c.name: float(c.memory_gb or 0.0) for c in (e.card, e.card2) if c is not None}
    for side in (*(e.sides or ()), *e.more_sides):
        out[side.label] = float(sum((d.card.memory_gb or 0.0) * d.count for d in side.devices))
    return out
