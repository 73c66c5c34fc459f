"""The "what can I run" answer (intent card_models) on a named card or on a memory size alone.

Facts keep every key the card_models answer always had (`card`, `models_fit`, `largest`, `rows`…);
`rows` are now the advice ranking of `answers.advice` (most capable first, one per family), each
row with its ranking inputs (family, score, params_b, publication_date, quant, tok_s).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec import UNSET
from msgspec.structs import replace

from answers.facts import advice
from answers.facts.advice import SizedCard
from answers.facts.common import (
    GUESS_RAM_GB,
    MAX_MEMORY_GB,
    BadInput,
    Built,
    Entities,
    Estimates,
    EstimateSettings,
    TableRow,
)
from answers.facts.describe import card_brief
from answers.facts.setup_rows import ram_facts, setup_facts
from answers.facts.setups import SetupCard, cpu_model_rows, model_rows, other_fits
from answers.facts.typed import Largest, Rule, WhatRunsFacts, facts_of
from catalog.records import GpuRecord, ModelRecord
from estimator.card import Card
from estimator.cpu_machine import CpuSpec, cpu_ram
from estimator.machine import effective_gbps
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.ranking import Row

if TYPE_CHECKING:
    from answers.records.asked import CpuOnly

TOP_PICKS = 15


_Pairs = list[tuple[ModelRecord, Row]]  # a model and its row on the hardware
# The hardware seen as one card: a catalog card, the typical card of a memory size, a setup or the RAM.
_Hardware = GpuRecord | SetupCard | SizedCard


def largest_dense_b(est: Estimates, s: EstimateSettings, card: Any) -> list[dict[str, Any]]:
    """"Which level fits 48 GB" with no model named: per visible level, the largest dense model (by
    the size-only estimate) the memory holds, found by bisection (need grows with the size)."""
    out: list[dict[str, Any]] = []
    probe = est.query(ModelSize(1.0), s)
    usable = probe.profile.usable_gb(card)
    for lv in probe.levels():
        def fits(params: float, lv: Any = lv) -> bool:
            return replace(probe, model=ModelSize(params)).need_gb(lv) <= usable

        if not fits(0.01):
            out.append({"quant": lv.name, "params_b": None})
            continue
        lo, hi = 0.01, 100_000.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        out.append({"quant": lv.name, "params_b": lo})
    return out


def card_models(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """What can I run: the models the hardware holds, ranked for advice (most capable first), the largest
    of them, and the rule the ranking used."""
    refused = _engine_off_card(est, e, s)
    if refused is not None:  # "mlx on a 4090", "exl3 on a radeon": the list under the engine that runs there
        s = replace(s, engine=None, quant=None)
    card, mode, pairs = _hardware(est, e, s)
    # "which model does at least 5 tok/s", "10+ t/s": the speed the asker wants, else reading speed
    speed = e.target_tok_s or advice.READING_SPEED_TOK_S
    if pairs is None:
        # Each model at the level people would run it: the least compressed that reaches that speed.
        pairs = est.card_models_at_speed(card, s, advice.GOOD_LEVEL, speed)
    task = s.task
    picks = advice.rank_models(pairs, task=task, min_tok_s=speed, language=s.language)
    big = advice.biggest(pairs, task=task, min_tok_s=speed)
    rows = [TableRow(p.record.name, p.row, model=True) for p in picks]
    facts = WhatRunsFacts(
        mode=mode, card=card_brief(card), memory_gb=card.memory_gb,
        typical_card=card.name if mode == "memory" else None,
        context=s.context, profile=est.profile(s.profile).name, min_quality=s.min_quality, quant=s.quant, task=task,
        lead=None, models_total=est.kn.sized_model_count(),
        models_fit=(len(pairs) if mode == "cpu" else len(pairs) + other_fits(est, e.setup, s)
                    if e.setup is not None else est.card_fit_count(card, s)),
        models_ranked=len(picks), largest=_largest(big),
        rows=[{**t.facts(), **p.facts()} for t, p in zip(rows[:TOP_PICKS], picks, strict=False)],
        level_sizes=largest_dense_b(est, s, card) if mode not in ("setup", "cpu") else [],
        rule=Rule(good_quant=advice.GOOD_LEVEL, min_tok_s=speed,
                  min_params_b=advice.MIN_PARAMS_B, min_date=advice.MIN_DATE.isoformat(),
                  year_weight=advice.YEAR_WEIGHT, score_epoch=advice.SCORE_EPOCH),
        setup=setup_facts(e.setup) if e.setup is not None else UNSET,
        cpu_only=True if e.cpu is not None else UNSET,
        cpu=_cpu_facts(est, e.cpu, card, e.cpu_spec) if e.cpu is not None else UNSET,
        target_tok_s=e.target_tok_s if e.target_tok_s else UNSET,
        fast=[p.facts() for p in advice.fast_picks(picks, TOP_PICKS, speed)] or UNSET)
    out = facts_of(facts)
    if refused is not None:  # the figures are the default engine's: `engine` says so (the asked one is in `asked`)
        out.update(engine_refused=refused, engine=refused["instead_engine"], engine_label=refused["instead"])
    work = _work(s, picks)
    if work:  # "pdf in italiano", "roleplay em pt-br": what the list did for the work named, said under it
        out["work"] = work
    return Built(out, table=rows, sources={"gpus"})


def _engine_off_card(est: Estimates, e: Entities, s: EstimateSettings) -> dict[str, Any] | None:
    """The engine asked never runs on the one card named (MLX on a GeForce, ExLlamaV3 on a Radeon): what the answer
    says instead of "0 models", the default engine's list following it."""
    # lazy: the engines' rules are read on the first answer that names an engine, not at start-up
    from estimator.engines import runs_on

    if not s.engine or e.card is None or e.setup is not None or e.cpu is not None:
        return None
    c = est.profiles.engine_constants()
    if runs_on(c, c.engine(s.engine), e.card):
        return None
    return {"engine": s.engine, "engine_label": c.engine(s.engine).label, "card": e.card.name,
            "instead": c.engine(None).label, "instead_engine": c.default_engine}


def _work(s: EstimateSettings, picks: list[advice.Pick]) -> dict[str, Any]:
    """The work named beside the list: the language (how many of the picks shown list it, the first pick's
    standing) and documents (the context the list was rated at)."""
    out: dict[str, Any] = {}
    if s.language:
        shown = picks[:TOP_PICKS]
        out["language"] = s.language
        out["listing"] = sum(advice.lists_language(p.record.name, s.language) for p in shown)
        out["first_lists"] = bool(shown) and advice.lists_language(shown[0].record.name, s.language)
    if s.documents:
        out["documents_context"] = s.context
    return out


def _hardware(est: Estimates, e: Entities, s: EstimateSettings) -> tuple[_Hardware, str, _Pairs | None]:
    """(the hardware seen as one card, the answer's mode, its model rows when the hardware's own rules
    give them). The card is a catalog card, the typical card of a memory size, or a setup or the RAM
    seen as one; a setup and the CPU rate their models themselves, a card leaves it to the caller."""
    if e.cpu is not None:
        card, pairs = cpu_model_rows(est, e.cpu.ram_gb or GUESS_RAM_GB, e.cpu.ram_type, s, e.cpu.ram_mts,
                                     e.cpu.ram_channels, cpu=e.cpu_spec)
        return card, "cpu", pairs
    if e.setup is not None:
        card, pairs = model_rows(est, e.setup, s)
        return card, "setup", pairs
    if e.card is not None:
        return e.card, "card", None
    if e.memory_gb is None or not (0 < e.memory_gb <= MAX_MEMORY_GB):
        raise BadInput("memory", memory_gb=e.memory_gb)
    typical = advice.typical_card(est.kn.gpus, e.memory_gb)
    if typical is None:
        raise BadInput("memory", memory_gb=e.memory_gb)
    return typical, "memory", None


def _largest(big: tuple[ModelRecord, Row] | None) -> Largest | None:
    """The biggest model the hardware holds at reading speed, with its level and speed."""
    if big is None:
        return None
    record, row = big
    return Largest(model=record.name, params_b=record.params_b, quant=row.quant.name if row.quant else None,
                   tok_s=row.tok_s, need_gb=row.need_gb,
                   below_good_level=bool(row.quant and row.quant.rank > quant(advice.GOOD_LEVEL).rank))


def _cpu_facts(est: Estimates, cpu: CpuOnly, card: Card, spec_of: CpuSpec | None) -> dict[str, Any]:
    """No graphics card: the RAM the models run from (its size, type and bandwidth, and which of them
    were assumed), so the answer can say what it took for granted."""
    constants = est.profiles.setup_constants()
    # the CPU named fills what was not said (a Snapdragon X's LPDDR5X), as the rows were rated
    spec = cpu_ram(constants.machine, spec_of, cpu.ram_type, cpu.ram_mts, cpu.ram_channels, card.memory_gb)
    return {"ram_gb": card.memory_gb, "ram_assumed": cpu.ram_gb is None,
            **ram_facts(spec, effective_gbps(constants.machine, spec, "cpu_only")),
            "ram_type": spec.kind,
            "ram_type_assumed": cpu.ram_type is None,
            "ram_bandwidth_gbps": card.bandwidth_gbps, "ram_usable_share": constants.ram_usable_share}
