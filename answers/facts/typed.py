"""The typed facts record of each intent family typed so far (issue 29): the fit and speed family (can_run and
speed on one card, in a memory size, or over every card, after the model's figures every rating answer starts
with; no card, the CPU alone, the fastest and smallest cards, the memory a model needs) and what runs
(card_models). Each record keeps its keys in the `--json` order; a field left `UNSET` is a
key the answer does not have (`facts_of` leaves it out), a field set to None is a key whose value is null.
Values other families share (a row, a verdict, the picks, a card) stay dicts, shaped by
answers/facts/describe.py, verdict.py and picks.py.
"""

from __future__ import annotations

from typing import Any

from msgspec import UNSET, Struct, UnsetType
from msgspec.structs import asdict


def facts_of(*records: Struct) -> dict[str, Any]:
    """The facts dict the rendering and `--json` read: each record's keys in order, `UNSET` ones left out;
    a nested record becomes a dict the same way. Other values are kept as they are (dates stay dates)."""
    out: dict[str, Any] = {}
    for record in records:
        for key, value in asdict(record).items():
            if value is not UNSET:
                out[key] = facts_of(value) if isinstance(value, Struct) else value
    return out


class ModelFigures(Struct, kw_only=True):
    """The model's own figures over every card (answers/facts/describe.py summary_facts): where every rating
    answer's facts start."""

    model: dict[str, Any]
    context: int
    profile: str
    min_quality: str | None
    quant: str | None
    cache_type: str
    cards_total: int
    cards_fit: int
    smallest: dict[str, Any] | None
    fastest: dict[str, Any] | None
    median_tok_s: float | None
    above_reading_speed: Any
    by_memory: dict[str, Any]
    closest_miss_gb: float | None
    distinct_quant_levels: Any
    range_example: dict[str, Any] | None
    picks: dict[str, Any]
    cheapest: dict[str, Any]


class CardFit(Struct, kw_only=True):
    """One card: its row and verdict and, when the model does not run there, what it lacks, the level below
    the floor that fits, offload with an assumed RAM, how many cards would do and a smaller relative."""

    mode: str  # "card"
    row: dict[str, Any]
    file: dict[str, Any] | None  # the published file the weights are taken from (answers/facts/gguf_file.py)
    verdict: dict[str, Any]  # the one verdict's keys (answers/facts/verdict.py summary_keys)
    recommended_quant: str | None
    levels_named: Any
    short_gb: float | UnsetType = UNSET
    lower: Any = UNSET
    smaller_level: dict[str, Any] | None | UnsetType = UNSET  # a level was forced: the largest that fits
    smaller_level_fits: bool | UnsetType = UNSET  # … whether there is one
    raise_wired_limit: dict[str, Any] | UnsetType = UNSET  # a Mac short of only its default GPU share
    offload_assumed: dict[str, Any] | None | UnsetType = UNSET
    offload_guess: dict[str, Any] | None | UnsetType = UNSET
    several_cards: dict[str, Any] | None | UnsetType = UNSET
    cache_hint: Any
    relative: Any = UNSET
    # a long context keeps the level off the card: the longest context at which it fits whole (fits_instead.py)
    shorter_context: dict[str, Any] | None | UnsetType = UNSET


class MemoryFit(Struct, kw_only=True):
    """A memory size ("on 16 GB"): the best card of that size and the home pick, the verdict for the card the
    answer names, what fits whatever the card and, when nothing does, offload and a smaller relative."""

    mode: str  # "memory"
    memory_gb: float
    row: dict[str, Any] | None
    home_row: dict[str, Any] | None
    row_is_home: bool
    verdict_card: str | None | UnsetType = UNSET  # the typical card the verdict is about, none of the size holds it
    verdict: dict[str, Any]  # the one verdict's keys (answers/facts/verdict.py summary_keys)
    recommended_quant: str | None
    levels_named: Any
    virtual: dict[str, Any]
    cards_with_memory: int
    lower: Any
    offload_assumed: dict[str, Any] | None | UnsetType = UNSET
    offload_guess: dict[str, Any] | None | UnsetType = UNSET
    cache_hint: Any
    relative: Any = UNSET


class Overview(Struct, kw_only=True):
    """No hardware named: the kinds of hardware that run it (answers/facts/kinds.py)."""

    mode: str  # "overview"
    hardware_kinds: Any



class CpuFit(Struct, kw_only=True):
    """No graphics card: the model in system RAM (answers/facts/setups.py cpu_facts)."""

    mode: str  # "cpu"
    cpu_only: bool
    cpu: dict[str, Any]


class HardwareKinds(Struct, kw_only=True):
    """"What do I need for X": the cheapest of every kind of hardware that runs it (answers/facts/kinds.py)."""

    hardware_kinds: Any


class CardRows(Struct, kw_only=True):
    """The fastest or the smallest cards for a model, the top rows (the table holds every row)."""

    rows: list[dict[str, Any]]


class NoCard(Struct, kw_only=True):
    """"How fast is X" with no hardware named: the model's figures only."""

    row: None = None


class MemoryNeed(Struct, kw_only=True):
    """How much memory a model needs (intent vram): each level's need with the profile's own breakdown."""

    levels: list[dict[str, Any]]  # quant, need_gb, weights_gb
    cache_gb: float  # the same at every level
    cache_kind: Any
    runtime_gb: float
    holds_share: float  # the rule every answer about "N GB" uses (a discrete card)
    reserve_gb: float
    cache_types: list[dict[str, Any]] | UnsetType = UNSET  # "how much does a q8 kv cache save": every type
    # Why the cache is that size (estimator.memory.cache_shape): layers whose cache grows, sliding-window
    # layers, key/value heads, KiB per token. None when the layout is not on record.
    cache_shape: dict[str, Any] | None = None

# --------------------------------------------------------------------------- what runs (card_models)
class Rule(Struct, frozen=True):
    """The rule the ranking used (answers/facts/advice.py), said under the list."""

    good_quant: str
    min_tok_s: float
    min_params_b: float
    min_date: str  # ISO date
    year_weight: float
    score_epoch: float


class Largest(Struct, frozen=True):
    """The biggest model the hardware holds at reading speed, with its level and speed."""

    model: str
    params_b: float | None
    quant: str | None
    tok_s: float | None
    need_gb: float | None
    below_good_level: bool  # held only more compressed than the ranking's level: said so in the answer


class WhatRunsFacts(Struct, frozen=True):
    """The facts of "what can I run" (intent card_models), in the `--json` shape: keys in this order; `setup`,
    `cpu_only` and `cpu` present only for a setup or a machine without a card."""

    mode: str  # card | memory | setup | cpu
    card: dict[str, Any]  # answers/facts/describe.py card_brief
    memory_gb: float
    typical_card: str | None  # the typical card of a memory size (mode memory)
    context: int
    profile: str
    min_quality: str | None
    quant: str | None
    task: str | None
    lead: str | None  # "biggest" when the question asks for the biggest model (answers/facts/as_asked.py)
    models_total: int
    models_fit: int
    models_ranked: int
    largest: Largest | None
    rows: list[dict[str, Any]]  # the top rows only
    level_sizes: list[dict[str, Any]]
    rule: Rule
    setup: dict[str, Any] | UnsetType = UNSET
    cpu_only: bool | UnsetType = UNSET
    cpu: dict[str, Any] | UnsetType = UNSET
    target_tok_s: float | UnsetType = UNSET  # a speed wanted, the ranking's floor instead of reading speed
    fast: list[dict[str, Any]] | UnsetType = UNSET  # fast models not in `rows` (advice.fast_picks)
