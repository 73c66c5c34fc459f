"""One facts builder per intent: resolved entities + the catalog → a JSON-ready facts dict.

Builders are pure (no locale, no text): the templates turn facts into sentences. Hardware figures
come from the estimator through `answers.facts`; expensive parts (rating a model over all 818
cards, a card over all models) are cached in `Estimates`, keyed by everything that changes them.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from catalog.records import GpuRecord, ModelRecord
from estimator.card import MemoryCard
from estimator.memory import UnknownCacheType
from estimator.model import DEFAULT_CONTEXT, MAX_CONTEXT, InvalidInput, ModelSize
from estimator.profile import Profile
from estimator.quants import UnknownQuant, ladder, quant
from estimator.ranking import Query, Row, rate_all, summarize, table

from .facts import MEMORY_SIZES, card_brief, record_facts, row_facts, summary_facts
from .knowledge import Knowledge, model_size
from .profiles import Profiles

if TYPE_CHECKING:
    from estimator.setups import Setup

    from .scope import CpuOnly

TOP_FASTEST = 10
TOP_SMALLEST = 10
OLD_MODEL_YEARS = 2
MAX_MEMORY_GB = 4096  # a "memory" beyond this is a typo, not a card



class BadInput(Exception):
    """Input no answer can be built for; becomes the "invalid" intent."""

    def __init__(self, reason: str, **facts: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.facts = facts


@dataclass(frozen=True)
class Entities:
    model: ModelRecord | None = None
    card: GpuRecord | None = None
    card2: GpuRecord | None = None
    memory_gb: float | None = None
    levels: tuple[str, ...] = ()  # levels named together ("q8 or q4"): the level advice compares them
    setup: Setup | None = None  # several cards, a unified-memory machine, a card plus RAM
    cpu: CpuOnly | None = None  # no graphics card: the model runs from system RAM (answers/scope.py)
    model2: ModelRecord | None = None  # a second model compared with `model` (answers/versus.py)
    sides: tuple[Setup, Setup] | None = None  # two setups compared side by side (answers/versus.py)


@dataclass(frozen=True)
class Settings:
    profile: str = "reference"
    context: int = DEFAULT_CONTEXT
    min_quality: str | None = None
    quant: str | None = None
    task: str | None = None  # "what can I run" filter: coding | vision | reasoning | chat (answers.advice)
    cache_type: str = "f16"  # llama.cpp KV-cache type (estimator.memory.CACHE_TYPE_BYTES), "K/V" allowed


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a paged table: a card (model answers) or a model (card answers) and its rating."""

    name: str
    row: Row
    model: bool = False  # True: `name` is a model (the card_models table)

    def facts(self) -> dict[str, Any]:
        d = row_facts(self.row)
        return {"model": self.name, **d} if self.model else d


@dataclass
class Built:
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


@dataclass
class Rated:
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
        self._sizes: dict[int, ModelSize | None] = {}

    def profile(self, name: str) -> Profile:
        """The profile asked for; an unknown name raises (never a silent answer with another one)."""
        return self.profiles.get(name)

    def size_of(self, record: ModelRecord) -> ModelSize | None:
        key = id(record)
        if key not in self._sizes:
            self._sizes[key] = model_size(record)
        return self._sizes[key]

    def query(self, size: ModelSize, s: Settings) -> Query:
        try:
            return Query(size, context=s.context, min_quality=s.min_quality, forced_quant=s.quant,
                         profile=self.profile(s.profile), cache_type=s.cache_type)
        except UnknownCacheType as exc:
            raise BadInput("cache_type", text=exc.text) from None
        except UnknownQuant as exc:
            raise BadInput("quant", text=exc.text) from None
        except InvalidInput:
            raise BadInput("context", context=s.context) from None

    def rated(self, record: ModelRecord, s: Settings) -> Rated:
        size = self.size_of(record)
        if size is None:
            raise BadInput("no_params", model=record.name)
        key = (id(record), s)

        def make() -> Rated:
            q = self.query(size, s)
            rows = rate_all(q, self.kn.gpus_for(s.profile))
            return Rated(q, rows, summary_facts(q, rows, summarize(q, rows, MEMORY_SIZES)))

        return self._rated.get_or(key, make)

    def card_models(self, card: GpuRecord, s: Settings) -> list[tuple[ModelRecord, Row]]:
        """The models the advice rules may rank (a superset of `advice.runnable`) that run on `card`,
        fastest first; `card_fit_count` counts every catalog model that fits."""
        from .advice import MIN_DATE, MIN_PARAMS_B

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

    def card_fit_count(self, card: GpuRecord, s: Settings) -> int:
        """Every sized catalog model that runs on `card`: the ranked candidates one by one, the rest
        by size group (a 100,000-model catalog holds a few thousand distinct sizes)."""
        from .advice import MIN_DATE, MIN_PARAMS_B

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


def _virtual(rated: Rated, memory: float) -> dict[str, Any]:
    """What fits in `memory` GB whatever the card: the level, the need and the fit."""
    q = rated.query
    p = q.profile
    card = MemoryCard(memory)
    usable = p.usable_gb(card)
    for lv in q.levels():
        need = q.need_gb(lv)
        if need <= usable:
            return {"fits": True, "quant": lv.name, "need_gb": need, "fit": p.fit(need, card)}
    lowest = q.levels()[-1]
    need = q.need_gb(lowest)
    return {"fits": False, "quant": None, "need_gb": need, "short_gb": need - usable, "miss_quant": lowest.name}


def _short(rated: Rated, card: GpuRecord) -> float:
    """How much memory the card lacks at the most compressed level allowed."""
    q = rated.query
    return q.need_gb(q.levels()[-1]) - q.profile.usable_gb(card)


def _base(rated: Rated) -> dict[str, Any]:
    return dict(rated.summary)


# ---------------------------------------------------------------------------- builders
# Which builder answers which intent is declared in answers.intents_table.
Builder = Callable[[Estimates, Entities, Settings], Built]


def _model(e: Entities) -> ModelRecord:
    assert e.model is not None
    return e.model


def _on_setup(est: Estimates, e: Entities, s: Settings) -> Built:
    """Any hardware question about the asker's setup: verdict, level, speed and why, like one card."""
    from . import setups

    rated = est.rated(_model(e), s)
    q = rated.query
    constants = est.profiles.setup_constants()
    facts = {**_base(rated), **setups.rate(q.profile, q.model, e.setup, constants, s.context,
                                           s.min_quality, s.quant)}
    if facts["row"]["quant"] is None or facts.get("offload_below_floor"):
        setup = e.setup

        def on_setup(m: ModelRecord, at: Settings) -> Any:
            size = est.size_of(m)
            return None if size is None else setups.rate_setup(q.profile, size, setup, at.context, at.min_quality,
                                                              at.quant, constants=constants)

        facts["relative"] = _relative(est, _model(e), s, on_setup)
    if e.memory_gb is not None:  # "my 8 GB card and 32 GB of RAM": a typical card of that size stands in
        facts["typical_for_gb"] = e.memory_gb
    return Built(facts, sources={"gpus"})


# System memory assumed when a model does not fit and the asker did not say how much RAM they have: a
# common desktop's 32 GB of DDR4 (estimator.setups' default type). The answer says it is an assumption.
# Laptops get the same figure: no data file here says what RAM a given laptop GPU ships with.
GUESS_RAM_GB = 32.0


def _on_cpu(est: Estimates, e: Entities, s: Settings) -> Built:
    """A question that leaves the card out ("on CPU only", "no GPU"): the model in system RAM, its speed
    from the RAM's bandwidth; the RAM size and type the asker gave, else the need and the default type."""
    from . import setups

    assert e.cpu is not None
    rated = est.rated(_model(e), s)
    q = rated.query
    facts = {**_base(rated), "mode": "cpu", "cpu_only": True,
             "cpu": setups.cpu_facts(q.profile, q.model, est.profiles.setup_constants(), s.context, s.min_quality,
                                     s.quant, e.cpu.ram_gb, e.cpu.ram_type, s.cache_type, ram_mts=e.cpu.ram_mts,
                                     ram_channels=e.cpu.ram_channels)}
    return Built(facts, sources={"gpus"})


def _runs_row(guess: dict[str, Any] | None) -> dict[str, Any] | None:
    """`offload_guess` (kept for JSON readers): the offload row when the assumed RAM runs it at a usable speed."""
    return guess["row"] if guess is not None and guess["outcome"] == "runs" else None


def _offload_assumed(est: Estimates, rated: Rated, card: GpuRecord | None, s: Settings) -> dict[str, Any] | None:
    """The card plus `GUESS_RAM_GB` of RAM, whatever the outcome (runs, too slow, no room): the one rule
    every answer that mentions offloading follows (answers.setups.assumed_offload). None without a card,
    or for a unified-memory machine (its RAM is the memory already counted)."""
    from estimator.setups import Device, Setup

    from . import setups

    if card is None or getattr(card, "unified_memory", False):
        return None
    q = rated.query
    return setups.assumed_offload(q.profile, q.model, Setup((Device(card),)), est.profiles.setup_constants(),
                                  s.context, s.min_quality, s.quant, GUESS_RAM_GB)


def _relative(est: Estimates, rec: ModelRecord, s: Settings, row_of: Callable[[ModelRecord, Settings], Any]) -> dict[str, Any] | None:
    """The largest smaller model of the asked one's line that runs well on the same hardware
    (answers/relatives.py), for a "no" or "only lower" answer. `row_of(model, settings)` rates it there."""
    from .relatives import best_relative

    profile = est.profile(s.profile)
    levels = [lv.name for lv in ladder(profile.levels, s.min_quality, profile.default_min_quality)]

    def rate(m: ModelRecord, level: str | None) -> Any:
        try:
            return row_of(m, replace(s, quant=level) if level else s)
        except BadInput:  # a record without a parameter count: not a candidate
            return None

    return best_relative(est.kn.models, rec, levels, rate)


def _fastest_of(est: Estimates, m: ModelRecord, s: Settings, cards: Sequence[GpuRecord]) -> Row | None:
    """The fastest of `cards` that runs `m` at the settings' level (ties: catalog order, as
    `Rated.best_with_memory`); only those cards are rated, not the whole catalog."""
    size = est.size_of(m)
    if size is None or not cards:
        return None
    runs = [r for r in rate_all(est.query(size, s), cards) if r.runs]
    return min(runs, key=lambda r: (-(r.tok_s or 0.0), r.card.position), default=None)


def can_run(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    if e.setup is not None:
        return _on_setup(est, e, s)
    rec = _model(e)
    rated = est.rated(rec, s)
    facts = _base(rated)
    from . import quant_advice as qa

    if e.card is not None:
        r = card_row(rated, e.card)
        facts["mode"] = "card"
        facts["row"] = row_facts(r)
        if not r.runs:
            facts["short_gb"] = _short(rated, e.card)
            facts["lower"] = qa.lower_fit(rated.query, e.card)  # the floor never turns "fits lower" into "No"
            if rated.query.forced_quant is not None:  # "…-q6_K on a 7600": would a more compressed level fit?
                q, forced = rated.query, quant(rated.query.forced_quant)
                facts["smaller_level_fits"] = any(q.need_gb(lv) <= q.profile.usable_gb(e.card)
                                                  for lv in q.profile.levels if lv.rank > forced.rank)
            facts["offload_assumed"] = _offload_assumed(est, rated, e.card, s)
            facts["offload_guess"] = _runs_row(facts["offload_assumed"])
        facts["cache_hint"] = qa.cache_hint(rated.query, e.card, r.quant)
        if not r.runs:
            card = e.card
            facts["relative"] = _relative(est, rec, s, lambda m, at: _fastest_of(est, m, at, [card]))
    elif e.memory_gb is not None:
        if not (0 < e.memory_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=e.memory_gb)
        facts["mode"] = "memory"
        facts["memory_gb"] = e.memory_gb
        best = rated.best_with_memory(e.memory_gb)
        facts["row"] = row_facts(best) if best else None
        from .picks import best_with_memory, home_tier  # the pick among cards a home user can buy and use

        home, data_centre = best_with_memory(rated.rows, e.memory_gb)
        facts["home_row"] = {**row_facts(home), "data_centre": data_centre} if home else None
        facts["row_is_home"] = best is not None and home_tier(best.card) is not None
        facts["virtual"] = _virtual(rated, e.memory_gb)
        facts["cards_with_memory"] = sum(1 for g in est.kn.gpus_for(s.profile) if g.memory_gb == e.memory_gb)
        held = quant(facts["virtual"]["quant"]) if facts["virtual"]["fits"] else None
        facts["lower"] = None if held else qa.lower_fit(rated.query, MemoryCard(e.memory_gb))
        if held is None:
            from .advice import typical_record

            typical = typical_record(est.kn.gpus_for(s.profile), e.memory_gb)
            facts["offload_assumed"] = _offload_assumed(est, rated, typical, s)
            facts["offload_guess"] = _runs_row(facts["offload_assumed"])
        facts["cache_hint"] = qa.cache_hint(rated.query, MemoryCard(e.memory_gb), held)
        if best is None and held is None:
            sized = [g for g in est.kn.gpus_for(s.profile) if g.memory_gb == e.memory_gb]
            facts["relative"] = _relative(est, rec, s, lambda m, at: _fastest_of(est, m, at, sized))
    else:
        facts["mode"] = "overview"
    return Built(facts, sources={"gpus"})


def fastest(est: Estimates, e: Entities, s: Settings) -> Built:
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    facts["rows"] = [row_facts(r) for r in rated.ordered[:TOP_FASTEST]]
    return Built(facts, table=[TableRow(r.card.name, r) for r in rated.ordered], sources={"gpus"})


def smallest(est: Estimates, e: Entities, s: Settings) -> Built:
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    runners = sorted((r for r in rated.rows if r.runs), key=lambda r: (r.card.memory_gb, r.card.position))
    facts["rows"] = [row_facts(r) for r in runners[:TOP_SMALLEST]]
    return Built(facts, table=[TableRow(r.card.name, r) for r in runners], sources={"gpus"})


def vram(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    rated = est.rated(_model(e), s)
    q = rated.query
    facts = _base(rated)
    p = q.profile
    levels = q.levels()
    # The profile's own breakdown: weights + cache + runtime is each level's need, under either profile.
    parts = [p.memory_parts(q.model, lv, q.context, q.cache_type) for lv in levels]
    facts["levels"] = [{"quant": lv.name, "need_gb": q.need_gb(lv), "weights_gb": part.weights_gb}
                       for lv, part in zip(levels, parts)]
    facts["cache_gb"] = parts[0].cache_gb  # the same at every level
    facts["cache_kind"] = p.cache_kind(q.model)
    facts["runtime_gb"] = parts[0].runtime_gb
    rule = p.holds_rule(MemoryCard(1.0))  # a discrete card: the rule every answer about "N GB" uses
    facts["holds_share"] = rule.share
    facts["reserve_gb"] = rule.reserve_gb
    return Built(facts, sources={"gpus"})


def speed(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    if e.setup is not None:
        return _on_setup(est, e, s)
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    if e.card is not None:
        r = card_row(rated, e.card)
        facts["row"] = row_facts(r)
        if not r.runs:
            facts["short_gb"] = _short(rated, e.card)
            facts["offload_assumed"] = _offload_assumed(est, rated, e.card, s)
        elif rated.ordered:
            facts["rank"] = next(i for i, x in enumerate(rated.ordered, 1) if x is r)
    else:
        facts["row"] = None
    return Built(facts, sources={"gpus"})


def what_gpu(est: Estimates, e: Entities, s: Settings) -> Built:
    return Built(_base(est.rated(_model(e), s)), sources={"gpus"})


def why_quant(est: Estimates, e: Entities, s: Settings) -> Built:
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    counts: dict[str, int] = {}
    for r in rated.rows:
        if r.quant:
            counts[r.quant.name] = counts.get(r.quant.name, 0) + 1
    order = [lv.name for lv in rated.query.levels()]
    facts["levels"] = [{"quant": n, "cards": counts[n]} for n in order if n in counts]
    facts["advice"] = _level_advice(est, rated, e)
    return Built(facts, sources={"gpus"})


def _level_advice(est: Estimates, rated: Rated, e: Entities) -> dict[str, Any] | None:
    """"Which level fits 48 GB / a 4090", "q8 or q4": every level with its fit (answers/quant_advice.py)."""
    from . import advice, quant_advice as qa

    if e.card is None and e.memory_gb is None and not e.levels:
        return None
    q = rated.query
    if e.card is not None:
        card: Any = e.card
        target = {"kind": "card", "card": e.card.name, "memory_gb": e.card.memory_gb}
    elif e.memory_gb is not None:
        card = advice.typical_card(est.kn.gpus, e.memory_gb)
        target = {"kind": "memory", "memory_gb": e.memory_gb, "typical_card": card.name if card else None}
    else:
        card, target = None, None
    rows = qa.level_rows(q, card)
    if e.levels:
        asked = [lv for lv in e.levels if any(r["quant"] == lv for r in rows)]
        extra = [lv for lv in e.levels if lv not in asked]
        rows_asked = [r for r in rows if r["quant"] in asked]
        for name in extra:  # a level outside the profile's ladder ("F16"): rated on its own
            rows_asked += qa.level_rows(replace(q, forced_quant=name), card)
        if card is None and len(rows_asked) >= 2:
            # No hardware named: the speed ratio between levels is the same on any card; a typical 24 GB one shows it.
            ref = advice.typical_card(est.kn.gpus, 24)
            if ref is not None:
                for r in rows_asked:
                    r["tok_s_typical"] = q.profile.tok_s(q.model, ref, quant(r["quant"]))
    else:
        rows_asked = []
    among = rows_asked if len(rows_asked) >= 2 else rows  # "q8 or q4 on a 3060": advise between those two
    rec = qa.recommend(among) if card is not None else None
    return {
        "target": target, "levels": rows, "asked": rows_asked, "recommended_quant": rec["quant"] if rec else None,
        "recommended_lower": bool(rec and rec["lower_quality"]), "trade_off": qa.trade_off(among, rec),
        "recommended_slow": qa.below_reading_speed(rec),
        "floor_quant": q.min_quality or q.profile.default_min_quality,
    }

def accuracy(est: Estimates, e: Entities, s: Settings) -> Built:
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    facts["confidence"] = rated.ordered[0].confidence if rated.ordered else None
    return Built(facts, sources={"gpus"})


def two_gpus(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.setup is not None:
        return _on_setup(est, e, s)
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    q = rated.query
    lowest = q.levels()[-1]
    facts["need_lowest_gb"] = q.need_gb(lowest)
    facts["lowest_quant"] = lowest.name
    return Built(facts, sources={"gpus"})


def offload(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.setup is not None:
        return _on_setup(est, e, s)
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    facts["miss_quant"] = rated.query.profile.miss_quant
    return Built(facts, sources={"gpus"})


def info(est: Estimates, e: Entities, s: Settings) -> Built:
    """Facts about the model itself (maker, licence, release…): no estimate."""
    rec = _model(e)
    facts = {"model": {"name": rec.name, "params_b": rec.params_b, "active_params_b": rec.active_params_b},
             "record": record_facts(rec)}
    return Built(facts, sources={"epoch"} if uses_epoch(rec) else set())


def release(est: Estimates, e: Entities, s: Settings) -> Built:
    built = info(est, e, s)
    rec = _model(e)
    if rec.publication_date:
        age = (dt.date.today() - rec.publication_date).days / 365.25
        built.facts["age_years"] = age
        built.facts["old"] = age > OLD_MODEL_YEARS
    return built


def card_models(est: Estimates, e: Entities, s: Settings) -> Built:
    # The advice ranking on a card or a memory size alone (answers/what_runs.py).
    from .what_runs import card_models as ranked

    return ranked(est, e, s)


def compare(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.model2 is not None or e.sides is not None:
        from . import versus  # two models, or two setups, side by side

        return versus.compare(est, e, s)
    assert e.card is not None and e.card2 is not None
    if e.model is None:
        return _compare_cards(est, e, s)
    rated = est.rated(_model(e), s)
    facts = _base(rated)
    a, b = card_row(rated, e.card), card_row(rated, e.card2)
    facts["mode"] = "model"
    facts["a"], facts["b"] = row_facts(a), row_facts(b)
    from . import quant_advice as qa

    for key, row in (("a", a), ("b", b)):
        if row.quant is None:  # as in the fit answer: a card that holds it only below the floor says so
            low = qa.lower_fit(rated.query, row.card)
            if low is not None and getattr(row.card, "bandwidth_gbps", 0) > 1:
                low["tok_s"] = rated.query.profile.tok_s(rated.query.model, row.card, quant(low["quant"]))
            facts[key]["lower"] = low
    facts["ratio"] = (a.tok_s / b.tok_s) if a.tok_s and b.tok_s else None  # each at its own best level
    facts["same_level"] = _same_level(rated.query, a, b)
    return Built(facts, sources={"gpus"})


def _same_level(q: Query, a: Row, b: Row) -> dict[str, Any] | None:
    """A fair comparison: both cards at the best level both hold (the more compressed of their two
    picks). `levels_differ` says whether that changed anything."""
    if a.quant is None or b.quant is None:
        return None
    common = a.quant if a.quant.rank >= b.quant.rank else b.quant
    p = q.profile
    ta, tb = p.tok_s(q.model, a.card, common), p.tok_s(q.model, b.card, common)
    return {"quant": common.name, "a_tok_s": ta, "b_tok_s": tb, "ratio": ta / tb,
            "levels_differ": a.quant.name != b.quant.name}


TYPICAL_SIZES_B = (8.0, 32.0)  # "two typical sizes": an 8B and a 32B dense model
BETWEEN_SIZES_B = (14.0, 24.0)  # common sizes between those two (Qwen 14B, Mistral Small 24B)


def _compare_cards(est: Estimates, e: Entities, s: Settings) -> Built:
    """Two cards, no model: memory, bandwidth, and the speed of an 8B and a 32B model on each."""
    assert e.card is not None and e.card2 is not None
    cards = [e.card, e.card2]
    sizes = []
    for params in TYPICAL_SIZES_B:
        q = est.query(ModelSize(params, name=f"{params:g}B"), s)
        a, b = rate_all(q, cards)
        sizes.append({"params_b": params, "a": row_facts(a), "b": row_facts(b), "same_level": _same_level(q, a, b)})
    if all(bool(z["a"]["quant"]) == bool(z["b"]["quant"]) for z in sizes):
        # "3060 12 GB vs 4060 Ti 16 GB": the 8B fits both, the 32B neither, so nothing shows what the extra
        # memory buys; the first in-between size that only one card holds says it.
        for params in BETWEEN_SIZES_B:
            q = est.query(ModelSize(params, name=f"{params:g}B"), s)
            a, b = rate_all(q, cards)
            if bool(a.quant) != bool(b.quant):
                sizes.append({"params_b": params, "a": row_facts(a), "b": row_facts(b), "same_level": None})
                sizes.sort(key=lambda z: z["params_b"])
                break
    facts = {
        "mode": "cards",
        "cards": [card_brief(c) for c in cards],
        "bandwidth_ratio": e.card.bandwidth_gbps / e.card2.bandwidth_gbps,
        "sizes": sizes, "context": s.context, "profile": est.profile(s.profile).name, "cache_type": s.cache_type,
    }
    return Built(facts, sources={"gpus"})


def _longest(fits: Callable[[int], bool], upper: int) -> int | None:
    """The largest context in [1, upper] that still fits, by bisection (need grows with context)."""
    if not fits(1):
        return None
    if fits(upper):
        return upper
    lo, hi = 1, upper  # fits(lo), not fits(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def longest_context(est: Estimates, e: Entities, s: Settings) -> Built:
    rec = _model(e)
    rated = est.rated(rec, s)
    q = rated.query
    p = q.profile
    facts = _base(rated)
    if e.card is not None:
        card: Any = e.card
        facts["target"] = {"kind": "card", "card": e.card.name, "memory_gb": e.card.memory_gb}
    elif e.memory_gb is not None:
        if not (0 < e.memory_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=e.memory_gb)
        card = MemoryCard(e.memory_gb)
        facts["target"] = {"kind": "memory", "memory_gb": e.memory_gb}
    else:
        # No card: the fastest card that runs it stands in (the question is about the model).
        if not rated.ordered:
            facts["target"] = None
            facts["levels"] = []
            return Built(facts, sources={"gpus"})
        card = rated.ordered[0].card
        facts["target"] = {"kind": "card", "card": card.name, "memory_gb": card.memory_gb}
    usable = p.usable_gb(card)
    model_max = rec.architecture.max_context if rec.architecture else None
    upper = min(model_max, MAX_CONTEXT) if model_max else MAX_CONTEXT
    levels = q.levels()
    out = []
    for lv in (levels[0], levels[-1]) if len(levels) > 1 else levels:
        longest = _longest(lambda c, lv=lv: q.need_gb(lv, c) <= usable, upper)
        out.append({"quant": lv.name, "context": longest})
    # "Its best level": the least compressed level that holds any context at all.
    best = next((x for x in out if x["context"] is not None), None)
    if best is None or out[0]["context"] is None:
        for lv in levels:
            longest = _longest(lambda c, lv=lv: q.need_gb(lv, c) <= usable, upper)
            if longest is not None:
                best = {"quant": lv.name, "context": longest}
                break
    facts["best"] = best
    facts["lowest"] = out[-1] if len(out) > 1 else None
    facts["with_cache"] = None
    if best is not None and q.cache_type == "f16" and best["context"] < upper:
        # The KV cache is what limits the context here: a q8_0 cache (llama.cpp -ctk/-ctv q8_0) halves it.
        alt = replace(q, cache_type="q8_0")
        lv = quant(best["quant"])
        longer = _longest(lambda c: alt.need_gb(lv, c) <= usable, upper)
        if longer is not None and longer > best["context"]:
            facts["with_cache"] = {"cache_type": "q8_0", "quant": best["quant"], "context": longer}
    facts["model_max_context"] = model_max
    facts["cache_kind"] = p.cache_kind(q.model)
    facts["limit"] = upper
    return Built(facts, sources={"gpus"})


def model_info(est: Estimates, e: Entities, s: Settings) -> Built:
    rec = _model(e)
    built = info(est, e, s)
    if est.size_of(rec) is not None:
        built.facts.update(_base(est.rated(rec, s)))
        built.sources.add("gpus")
    return built


def help_(est: Estimates, e: Entities, s: Settings) -> Built:
    return Built({"profile": est.profile(s.profile).name, "models_total": est.kn.model_count(), "cards_total": len(est.kn.gpus_for(s.profile))})


def fallback(est: Estimates, e: Entities, s: Settings) -> Built:
    facts: dict[str, Any] = {"profile": est.profile(s.profile).name}
    if e.model is not None:
        facts["model"] = {"name": e.model.name}
    return Built(facts)
