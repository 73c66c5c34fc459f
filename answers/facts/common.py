"""What every facts builder shares: the entities and settings it is given, what it returns, and the
per-process caches over the estimator (`Estimates`).

This sits below the builders (answers.facts.rating, setups, versus, what_runs, budget…), so they can
all use these types without importing each other.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec import Struct, field
from msgspec.structs import replace

from answers.facts.advice import MIN_DATE, MIN_PARAMS_B, at_reading_speed
from answers.facts.describe import MEMORY_SIZES, row_facts, summary_facts
from answers.facts.shared_memory import as_machines
from answers.knowledge.catalog_view import Knowledge, model_size
from answers.knowledge.profiles import DEFAULT_PROFILE, Profiles
from catalog.records import GpuRecord, ModelRecord
from estimator.card import Card
from estimator.cpu_machine import CpuSpec
from estimator.memory import UnknownCacheType
from estimator.model import DEFAULT_CONTEXT, InvalidInput, ModelSize
from estimator.profile import Profile
from estimator.quants import UnknownQuant
from estimator.ranking import Query, Row, rate_all, summarize, table

if TYPE_CHECKING:
    from answers.records.asked import CpuOnly, KvAsked, PowerAsked, SpeaksAsked
    from estimator.setups import Setup

MAX_MEMORY_GB = 4096  # a "memory" beyond this is a typo, not a card



class BadInput(Exception):
    """Input no answer can be built for; becomes the "invalid" intent."""

    def __init__(self, reason: str, **facts: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.facts = facts


class Entities(Struct, frozen=True):
    model: ModelRecord | None = None
    card: GpuRecord | None = None
    card2: GpuRecord | None = None
    memory_gb: float | None = None
    levels: tuple[str, ...] = ()  # levels named together ("q8 or q4"): the level advice compares them
    setup: Setup | None = None  # several cards, a unified-memory machine, a card plus RAM
    cpu: CpuOnly | None = None  # no graphics card: the model runs from system RAM (answers/reading/scope.py)
    # the processor named ("7950x", "EPYC 9654", with "16 cores" said): its cores, channels and RAM
    # (catalog/data/hardware/cpus.json); None when none was named or the table does not list it
    cpu_spec: CpuSpec | None = None
    model2: ModelRecord | None = None  # a second model compared with `model` (answers/facts/versus.py)
    sides: tuple[Setup, Setup] | None = None  # two setups compared side by side (answers/facts/versus.py)
    more_sides: tuple[Setup, ...] = ()  # sides beyond the second, each answered (answers/facts/more_sides.py)
    ram_type: str | None = None  # "DDR5" said without an amount ("my 8 GB GPU with ddr5"): the assumed RAM's type
    ram_mts: int | None = None  # "DDR5-6000" said without an amount: the assumed RAM's speed
    ram_channels: int | None = None  # "4 channels" said without an amount: the assumed RAM's channels
    ram_from_platform: tuple[str, ...] = ()  # RAM keys a platform named without them filled ("a threadripper")
    prompt_tokens: int | None = None  # a prompt's length: prefill and time to first token (answers/facts/serving.py)
    users: int | None = None  # people served at once (answers/facts/serving.py)
    per_day: int | None = None  # "200 users a day": a daily count, served at the requests it puts at once
    per_day_requests: bool = False  # that count is of requests, not people
    target_tok_s: float | None = None  # the speed each should get ("how many at 20 tok/s each")
    backend: str | None = None  # the runtime backend a prefill figure is for (CUDA, ROCm, Vulkan, Metal, SYCL)
    # The setup's card stands in for a size said without a card ("my 8 GB card and 32 GB of RAM"): a typical
    # card of that memory. False when the asker named the card ("my laptop has a 4070 with 8 GB").
    card_stand_in: bool = False
    power: PowerAsked | None = None  # a kWh price and hours a day said (answers/facts/power.py)
    speaks: SpeaksAsked | None = None  # a language models are judged in (answers/facts/model_language.py)
    kv: KvAsked | None = None  # a question about the KV cache itself (answers/facts/kv_cache.py)


class EstimateSettings(Struct, frozen=True):
    profile: str = DEFAULT_PROFILE
    context: int = DEFAULT_CONTEXT
    min_quality: str | None = None
    quant: str | None = None
    task: str | None = None  # "what can I run" filter: coding | vision | reasoning | chat (answers.advice)
    cache_type: str = "f16"  # llama.cpp KV-cache type (estimator.memory.CACHE_TYPE_BYTES), "K/V" allowed
    cache_said: bool = False  # the question or an option named the cache type (the memory answer compares types)
    engine: str | None = None  # the engine that runs it (estimator.engines); None: llama.cpp
    split: str | None = None  # several cards: layer | row | tensor; None: the engine's own (estimator.engine_profile)
    link: str | None = None  # the link between the cards: pcie3 | pcie4 | pcie5 | nvlink; None: PCIe without P2P
    # the language the work is in ("pdf in italiano"), ISO 639-1, never "en": a list puts first the models whose
    # makers list it (answers/knowledge/model_languages.json)
    language: str | None = None
    documents: bool = False  # the model is for summarising documents: rated at DOCUMENT_CONTEXT unless one is said


class TableRow(Struct, frozen=True):
    """One row of a paged table: a card (model answers) or a model (card answers) and its rating."""

    name: str
    row: Row
    model: bool = False  # True: `name` is a model (the card_models table)

    def facts(self) -> dict[str, Any]:
        d = row_facts(self.row)
        return {"model": self.name, **d} if self.model else d


class Built(Struct):
    facts: dict[str, Any]
    table: list[TableRow] | None = None  # every row, for paged tables (facts carry the top N as dicts)
    sources: set[str] = field(default_factory=set)  # "gpus", "epoch"
    key: Any = None  # cache key of a shared (cached) table


class Lru(OrderedDict):
    """A small least-recently-used cache."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_or(self, key: Any, make: Callable[[], Any]) -> Any:
        try:
            self.move_to_end(key)
            return self[key]
        except KeyError:
            value = self[key] = make()
            if len(self) > self.size:
                self.popitem(last=False)
            return value


class Rated(Struct):
    query: Query
    rows: list[Row]
    summary: dict[str, Any]
    _ordered: list[Row] | None = None
    _by_memory: dict[float, Row] | None = None

    @property
    def ordered(self) -> list[Row]:
        """Table order (fastest first), runners only; sorted on first use."""
        if self._ordered is None:
            self._ordered = table(self.rows)
        return self._ordered

    def best_with_memory(self, memory_gb: float) -> Row | None:
        """Among cards with exactly this much memory that run it, the fastest; ties by catalog order."""
        if self._by_memory is None:
            best: dict[float, Row] = {}
            for r in self.rows:
                if r.runs:
                    seen = best.get(r.card.memory_gb)
                    if seen is None or (-r.tok_s, r.card.position) < (-seen.tok_s, seen.card.position):  # type: ignore[operator]
                        best[r.card.memory_gb] = r
            self._by_memory = best
        return self._by_memory.get(memory_gb)


class Estimates:
    """Per-process caches over the estimator (one Engine keeps one)."""

    def __init__(self, knowledge: Knowledge, profiles: Profiles, size: int = 512) -> None:
        self.kn = knowledge
        self.profiles = profiles
        self._rated = Lru(size)
        self._card_models = Lru(64)
        self.kinds_memo = Lru(64)  # "what do I need" per rated model (answers/facts/kinds.py)
        self._sizes: dict[int, ModelSize | None] = {}

    def profile(self, name: str) -> Profile:
        """The profile asked for; an unknown name raises (never a silent answer with another one)."""
        return self.profiles.get(name)

    def size_of(self, record: ModelRecord) -> ModelSize | None:
        key = id(record)
        if key not in self._sizes:
            self._sizes[key] = model_size(record)
        return self._sizes[key]

    def query(self, size: ModelSize, s: EstimateSettings) -> Query:
        try:
            return Query(size, context=s.context, min_quality=s.min_quality, forced_quant=s.quant,
                         profile=self.profiles.get(s.profile, s.engine, s.split, s.link),
                         cache_type=s.cache_type)
        except UnknownCacheType as exc:
            raise BadInput("cache_type", text=exc.text) from None
        except UnknownQuant as exc:
            raise BadInput("quant", text=exc.text) from None
        except InvalidInput:
            raise BadInput("context", context=s.context) from None

    def rated(self, record: ModelRecord, s: EstimateSettings) -> Rated:
        size = self.size_of(record)
        if size is None:
            raise BadInput("no_params", model=record.name)
        key = (id(record), s)
        return self._rated.get_or(key, lambda: self.rated_size(size, s))

    def rated_size(self, size: ModelSize, s: EstimateSettings) -> Rated:
        """`rated` for a size without a record (the command line's `--params 8`, or a record's size with
        `--params`/`--active` changed). Not cached: a size's layout is left out of its equality, so a
        bare 8.03 B would find Llama 3.1 8B's figures."""
        q = self.query(size, s)
        rows = rate_all(q, self.kn.gpus_for(s.profile))
        machines = as_machines(q, rows, self.profiles.setup_constants())  # picks name them as machines
        return Rated(q, rows, summary_facts(q, rows, summarize(q, rows, MEMORY_SIZES), machines))

    def card_models(self, card: Card, s: EstimateSettings) -> list[tuple[ModelRecord, Row]]:
        """The models the advice rules may rank (a superset of `advice.runnable`) that run on `card`,
        fastest first; `card_fit_count` counts every catalog model that fits."""
        def make() -> list[tuple[ModelRecord, Row]]:
            out = []
            cards = [card]
            for rec in self.kn.rankable_models(MIN_PARAMS_B, MIN_DATE):
                size = self.size_of(rec)
                if size is None:
                    continue
                row = rate_all(self.query(size, s), cards)[0]
                if row.runs:
                    out.append((rec, row))
            out.sort(key=lambda mr: (-mr[1].tok_s, mr[0].name))  # type: ignore[operator]
            return out

        return self._card_models.get_or((card.position, card.name, s), make)

    def card_models_at_speed(self, card: Card, s: EstimateSettings, good_level: str,
                             min_tok_s: float) -> list[tuple[ModelRecord, Row]]:
        """`card_models`, each model at the least compressed level down to `good_level` that reaches
        `min_tok_s` when its own level (the least compressed that fits) does not: an 8B model at Q8_0 on
        a 16 GB MacBook Air crawls, at Q4_K_M it is what people run. Unchanged when a level is asked for."""
        pairs = self.card_models(card, s)
        if s.quant is not None:
            return pairs

        def rerate(rec: ModelRecord, level: str) -> Row | None:
            size = self.size_of(rec)
            return None if size is None else rate_all(self.query(size, replace(s, quant=level)), [card])[0]

        def make() -> list[tuple[ModelRecord, Row]]:
            return at_reading_speed(pairs, rerate, good_level, min_tok_s)

        return self._card_models.get_or(("at_speed", card.position, card.name, s, good_level, min_tok_s), make)

    def every_model_on(self, card: Card, s: EstimateSettings) -> list[tuple[ModelRecord, ModelSize, Row]]:
        """Every sized catalog model that runs on `card`, fastest first (ties by name): the command
        line's `tpsbot card` list (the answers rank `card_models`' candidates instead)."""
        out = []
        cards = [card]
        for rec in self.kn.models:
            size = self.size_of(rec)
            if size is None:
                continue
            row = rate_all(self.query(size, s), cards)[0]
            if row.runs:
                out.append((rec, size, row))
        out.sort(key=lambda x: (-x[2].tok_s, x[1].name or ""))  # type: ignore[operator]
        return out

    def card_fit_count(self, card: Card, s: EstimateSettings) -> int:
        """Every sized catalog model that runs on `card`: the ranked candidates one by one, the rest
        by size group (a 100,000-model catalog holds a few thousand distinct sizes)."""
        def make() -> int:
            cards = [card]
            others = sum(n for size, n in self.kn.other_sizes(MIN_PARAMS_B, MIN_DATE)
                         if rate_all(self.query(size, s), cards)[0].runs)
            return len(self.card_models(card, s)) + others

        return self._card_models.get_or(("fit_count", card.position, card.name, s), make)


# ---------------------------------------------------------------------------- fact helpers
def card_row(rated: Rated, card: GpuRecord) -> Row:
    rows = rated.rows
    if 0 <= card.position < len(rows) and rows[card.position].card is card:
        return rows[card.position]
    for r in rows:
        if r.card is card:
            return r
    # A card outside the catalog list (should not happen): rate it alone.
    return rate_all(rated.query, [card])[0]


def uses_epoch(rec: ModelRecord | None) -> bool:
    return rec is not None and any(p.source == "epoch" for p in rec.provenance.values())


def model_of(e: Entities) -> ModelRecord:
    """The model a builder that needs one is given (the intent table checks it was named)."""
    assert e.model is not None
    return e.model


def base_facts(rated: Rated) -> dict[str, Any]:
    """The model's own figures (its summary over every card): where every rating answer's facts start."""
    return dict(rated.summary)


# Which builder answers which intent is declared in answers.intents_table.
Builder = Callable[[Estimates, Entities, EstimateSettings], Built]

# System memory assumed when a model does not fit and the asker did not say how much RAM they have: a
# common desktop's 32 GB of DDR4 (estimator.setups' default type). The answer says it is an assumption.
# Laptops get the same figure: no data file here says what RAM a given laptop GPU ships with.
GUESS_RAM_GB = 32.0
