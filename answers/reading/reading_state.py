"""What one question's reading finds, filled in phase by phase by the parser (answers/reading/parse.py and its
phases: parse_hardware.py, parse_intent.py). Mutable while the phases run; the parser returns an immutable `Asked`.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from answers.reading import budget_words
from answers.reading.setup_words import SetupWords
from answers.reading.spans import Span
from answers.reading.tokens import Token
from catalog.resolve import Resolver


class Reading(Struct):
    """Everything one question's reading finds, filled in phase by phase (see `parse`)."""

    question: str
    models: Resolver
    gpus: Resolver
    locale: str | None
    text: str = ""
    folded: str = ""
    toks: list[Token] = field(default_factory=list)
    ftext: str = ""
    said: budget_words.Said | None = None
    local_price: tuple[str, budget_words.Said] | None = None
    local_prices: list[tuple[str, budget_words.Said]] = field(default_factory=list)
    cache_type: str | None = None
    quants: list[str] = field(default_factory=list)
    context: int | None = None
    memory: float | None = None
    mem_at: int | None = None
    ram: float | None = None
    memory_is_ram: bool = False  # the only memory size was said as system RAM ("128 gigs of ddr5", no card)
    memory_said: bool = False  # a memory size was typed, even one a card or machine name then took ("m4 pro 48gb")
    spans: list[Span] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    task: str | None = None
    model_span: Span | None = None
    pair: tuple[Span, Span] | None = None
    both: tuple[Span, Span] | None = None
    size_b: float | None = None
    typed_name: str | None = None
    size_stand_in: bool = False  # `size_b` was not said: levels asked about with no model
    # "…? and a 70b at q4?": answered apart (more_sizes.py)
    size_more: tuple[float, str | None, str | None] | None = None
    cards: list[Span] = field(default_factory=list)
    language: str | None = None
    unknown_card: str | None = None
    setup: SetupWords = field(default_factory=SetupWords)  # filled by the hardware phase
    gpu_count: int | None = None
    n_cards: int = 0
    has_model: bool = False
    flags: dict[str, Any] = field(default_factory=dict)
    intent: str = "fallback"
    model_text: str | None = None
    budget: dict[str, Any] | None = None
    asks: list[str] = field(default_factory=list)
    first: str | None = None
