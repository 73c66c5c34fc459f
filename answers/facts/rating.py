"""One facts builder per intent: resolved entities + the catalog → a JSON-ready facts dict.

Builders are pure (no locale, no text): the templates turn facts into sentences. Hardware figures
come from the estimator through `answers.facts`; expensive parts (rating a model over all 818
cards, a card over all models) are cached in `Estimates`, keyed by everything that changes them.
"""

from __future__ import annotations

import datetime as dt
from types import ModuleType
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType
from msgspec.structs import replace

from answers.facts import advice, long_context
from answers.facts import fits_instead as fi
from answers.facts import quant_advice as qa
from answers.facts import verdict as vd
from answers.facts import when_short as sh
from answers.facts.advice import typical_record
from answers.facts.common import (
    MAX_MEMORY_GB,
    BadInput,
    Built,
    Entities,
    Estimates,
    EstimateSettings,
    Rated,
    TableRow,
    base_facts,
    card_row,
    model_of,
    uses_epoch,
)
from answers.facts.describe import record_facts, row_facts
from answers.facts.gguf_file import file_facts
from answers.facts.kinds import kinds_for
from answers.facts.kv_cache import records as kv_records
from answers.facts.level_paths import offload_pick, with_best_fit
from answers.facts.more_channels import more_channels
from answers.facts.picks import best_of_size, best_with_memory, home_tier, listed
from answers.facts.typed import (
    CardFit,
    CardRows,
    CpuFit,
    HardwareKinds,
    MemoryFit,
    MemoryNeed,
    ModelFigures,
    NoCard,
    Overview,
    facts_of,
)
from answers.lexicon import CACHE_TYPES
from catalog.records import GpuRecord, ModelRecord
from estimator.card import MemoryCard
from estimator.memory import cache_shape
from estimator.model import Layout
from estimator.quants import quant
from estimator.setups import Device, Setup, pool_of
from estimator.wired_limit import raised_limit

TOP_FASTEST = 10
TOP_SMALLEST = 10
OLD_MODEL_YEARS = 2


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
    out: dict[str, Any] = {"fits": False, "quant": None, "need_gb": need, "short_gb": need - usable,
                           "miss_quant": lowest.name}
    # "Even at the most compressed level": the ladder's last level (below the usual minimum quality too);
    # a level the asker named is that level, and whether a more compressed one would fit.
    last = qa.every_level(q)[-1]
    out["lowest"] = {"quant": last.name, "need_gb": q.need_gb(last), "short_gb": q.need_gb(last) - usable}
    if q.forced_quant is not None:
        out["forced"] = True
        out["smaller_level"] = fi.on_card(q, card, q.forced_quant)  # a "no" names what fits instead
        out["smaller_level_fits"] = out["smaller_level"] is not None
    return out


def _short(rated: Rated, card: GpuRecord) -> float:
    """How much memory the card lacks at the most compressed level of the whole ladder (the level the asker
    forced, if any): the answer says "even at the most compressed level", and a level below the usual
    minimum quality that fits is answered as "only at a lower quality" before this is ever said."""
    q = rated.query
    return q.need_gb(qa.every_level(q)[-1]) - q.profile.usable_gb(card)


def _setups() -> ModuleType:
    # lazy: the setup rules (answers/facts/setups.py: RAM offload, CPU-only, the Mac wired limit) are only
    # for a question about the asker's setup; a one-card or memory-size answer starts without them
    from answers.facts import setups

    return setups


# ---------------------------------------------------------------------------- builders


def _on_setup(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """Any hardware question about the asker's setup: verdict, level, speed and why, like one card."""
    setup = e.setup
    assert setup is not None  # every caller checks it
    rated = est.rated(model_of(e), s)
    q = rated.query
    constants = est.profiles.setup_constants()
    facts = {**base_facts(rated), **_setups().rate(q.profile, q.model, setup, constants, s.context,
                                           s.min_quality, s.quant, s.cache_type)}
    facts.update(vd.summary_keys(_setups().verdict(q.profile, q.model, setup, constants, s, facts["row"])))
    if "ram_channels" in e.ram_from_platform and facts["row"].get("ram_channels"):
        facts["row"]["ram_from_platform"] = True  # "on a threadripper": its channels taken, and said
    if facts["row"]["quant"] is None or facts.get("offload_below_floor"):

        def on_setup(m: ModelRecord, at: EstimateSettings) -> Any:
            size = est.size_of(m)
            return None if size is None else _setups().rate_setup(q.profile, size, setup, at.context, at.min_quality,
                                                              at.quant, constants=constants)

        facts["relative"] = sh.relative(est, model_of(e), s, on_setup)
    if e.memory_gb is not None and e.card_stand_in:  # "my 8 GB card and 32 GB of RAM": a typical card of that size
        facts["typical_for_gb"] = e.memory_gb
    return Built(long_context.added(q, s.context, facts, setup=setup),
                 sources={"gpus"})


def _on_cpu(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """A question that leaves the card out ("on CPU only", "no GPU"): the model in system RAM, its speed
    from the RAM's bandwidth; the RAM size and type the asker gave, else the need and the default type."""
    assert e.cpu is not None
    rated = est.rated(model_of(e), s)
    q = rated.query
    cpu = _setups().cpu_facts(q.profile, q.model, est.profiles.setup_constants(), s.context, s.min_quality, s.quant,
                              e.cpu.ram_gb, e.cpu.ram_type, s.cache_type, ram_mts=e.cpu.ram_mts,
                              ram_channels=e.cpu.ram_channels, cpu=e.cpu_spec)
    cpu["more_channels"] = more_channels(est.profiles.setup_constants(), q.profile, q.model, cpu, s.context,
                                         s.cache_type)  # "would quad channel or a Threadripper help?"
    facts = facts_of(ModelFigures(**base_facts(rated)), CpuFit(mode="cpu", cpu_only=True, cpu=cpu))
    return Built(long_context.added(q, s.context, facts), sources={"gpus"})  # the RAM reads the cache too


def can_run(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """Can it run: on the CPU, on a setup, on one card, in a memory size, or the overview of all cards."""
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    if e.setup is not None:
        return _on_setup(est, e, s)
    rec = model_of(e)
    rated = est.rated(rec, s)
    figures = ModelFigures(**base_facts(rated))
    mode: CardFit | MemoryFit | Overview
    if e.card is not None:
        mode = _on_card(est, e, s, e.card, rec, rated)
    elif e.memory_gb is not None:
        mode = _in_memory(est, e, s, e.memory_gb, rec, rated)
    else:
        mode = Overview(mode="overview", hardware_kinds=kinds_for(est, rated, s))
    facts = facts_of(figures, mode)
    return Built(long_context.added(rated.query, s.context, facts, e.card)
                 if e.card else facts, sources={"gpus"})


def _on_card(est: Estimates, e: Entities, s: EstimateSettings, card: GpuRecord, rec: ModelRecord,
             rated: Rated) -> CardFit:
    """The answer for one card: its row and verdict and, when it does not run there, what it lacks, the
    level below the floor that fits, offload with an assumed RAM and a smaller relative."""
    r = card_row(rated, card)
    used = r.quant.name if r.runs and r.quant else None
    fit = CardFit(mode="card", row=row_facts(r), file=file_facts(rec.name, used),
                  **vd.summary_keys(vd.decide(vd.card_levels(rated.query, card),
                                                                               card.name)),
                  cache_hint=qa.cache_hint(rated.query, card, r.quant))
    if r.runs:
        return fit
    offload = sh.offload_assumed(est, rated, card, s, e.ram_type, e.ram_mts, e.ram_channels, e.cpu_spec)
    q = rated.query
    forced = quant(q.forced_quant) if q.forced_quant is not None else None
    smaller = fi.on_card(q, card, q.forced_quant) if q.forced_quant is not None else None
    raised = None
    if card.unified_memory:  # a Mac named as a card that misses only macOS' default GPU share
        raised = raised_limit(est.profiles.setup_constants(), q.profile, q.model, Setup((Device(card),)),
                              q.context, s.min_quality, s.quant)
    return replace(
        fit, short_gb=_short(rated, card),
        lower=qa.lower_fit(q, card),  # the floor never turns "fits lower" into "No"
        # "…-q6_K on a 7600": the largest more compressed level that fits
        smaller_level=smaller if forced is not None else UNSET,
        smaller_level_fits=smaller is not None if forced is not None else UNSET,
        raise_wired_limit=_setups().raised_facts(raised) if raised is not None else UNSET,
        offload_assumed=offload, offload_guess=sh.runs_row(offload), several_cards=sh.how_many(est, rated, card, s),
        relative=sh.relative(est, rec, s, lambda m, at: sh.fastest_of(est, m, at, [card])),
        shorter_context=fi.shorter_context(q, card, forced or quant(q.profile.miss_quant)))


def _in_memory(est: Estimates, e: Entities, s: EstimateSettings, memory_gb: float, rec: ModelRecord,
               rated: Rated) -> MemoryFit:
    """The answer for a memory size ("on 16 GB"): the best card of that size and the home pick, the verdict
    for the card the answer names, what fits whatever the card, and when nothing does, offload with an
    assumed RAM and a smaller relative."""
    if not (0 < memory_gb <= MAX_MEMORY_GB):
        raise BadInput("memory", memory_gb=memory_gb)
    best = best_of_size(rated.best_with_memory(memory_gb), rated.rows, memory_gb, s.profile)
    home, data_centre = best_with_memory(rated.rows, memory_gb)
    # The verdict is about the card the answer names (the home pick under a non-reference profile);
    # when nothing of that size holds it at the usual quality, about a typical card of the size.
    shown = home if s.profile != "reference" and home else best
    verdict_card: str | None | UnsetType = UNSET
    if shown is None:
        typical = typical_record(est.kn.gpus_for(s.profile), memory_gb)
        target: Any = typical if typical is not None else MemoryCard(memory_gb)
        verdict_card = typical.name if typical is not None else None
    else:
        target = shown.card
    virtual = _virtual(rated, memory_gb)
    held = quant(virtual["quant"]) if virtual["fits"] else None
    offload: dict[str, Any] | None | UnsetType = UNSET
    if held is None:
        offload = sh.offload_assumed(est, rated, typical_record(est.kn.gpus_for(s.profile), memory_gb), s,
                                   e.ram_type, e.ram_mts, e.ram_channels)
    relative: Any = UNSET
    if best is None and held is None:
        sized = [g for g in est.kn.gpus_for(s.profile) if g.memory_gb == memory_gb]
        relative = sh.relative(est, rec, s, lambda m, at: sh.fastest_of(est, m, at, sized))
    return MemoryFit(
        mode="memory", memory_gb=memory_gb, row=row_facts(best) if best else None,
        home_row={**row_facts(home), "data_centre": data_centre} if home else None,
        row_is_home=best is not None and home_tier(best.card) is not None, verdict_card=verdict_card,
        **vd.summary_keys(vd.decide(vd.card_levels(rated.query, target), getattr(target, "name", None))),
        virtual=virtual, cards_with_memory=sum(1 for g in est.kn.gpus_for(s.profile) if g.memory_gb == memory_gb),
        lower=None if held else qa.lower_fit(rated.query, MemoryCard(memory_gb)),
        offload_assumed=offload, offload_guess=UNSET if isinstance(offload, UnsetType) else sh.runs_row(offload),
        cache_hint=qa.cache_hint(rated.query, MemoryCard(memory_gb), held), relative=relative)


def fastest(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rated = est.rated(model_of(e), s)
    top = CardRows(rows=[row_facts(r) for r in rated.ordered[:TOP_FASTEST]])
    facts = facts_of(ModelFigures(**base_facts(rated)), top)
    return Built(facts, table=[TableRow(r.card.name, r) for r in rated.ordered], sources={"gpus"})


def smallest(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rated = est.rated(model_of(e), s)
    runners = sorted(listed(rated.rows, s.profile), key=lambda r: (r.card.memory_gb, r.card.position))
    top = CardRows(rows=[row_facts(r) for r in runners[:TOP_SMALLEST]])
    facts = facts_of(ModelFigures(**base_facts(rated)), top)
    return Built(facts, table=[TableRow(r.card.name, r) for r in runners], sources={"gpus"})


def vram(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    rated = est.rated(model_of(e), s)
    q = rated.query
    p = q.profile
    levels = q.levels()
    # The profile's own breakdown: weights + cache + runtime is each level's need, under either profile.
    parts = [p.memory_parts(q.model, lv, q.context, q.cache_type) for lv in levels]
    rule = p.holds_rule(MemoryCard(1.0))  # a discrete card: the rule every answer about "N GB" uses
    need = MemoryNeed(levels=[{"quant": lv.name, "need_gb": q.need_gb(lv), "weights_gb": part.weights_gb,
                               "file": file_facts(q.model.name, lv.name)}
                              for lv, part in zip(levels, parts, strict=True)],
                      cache_gb=parts[0].cache_gb, cache_kind=p.cache_kind(q.model), runtime_gb=parts[0].runtime_gb,
                      holds_share=rule.share, reserve_gb=rule.reserve_gb,
                      # "how much does a q8 kv cache save": the cache at every type people name
                      cache_types=[{"type": t, "cache_gb": p.memory_parts(q.model, levels[0], q.context, t).cache_gb}
                                   for t in CACHE_TYPES] if s.cache_said else UNSET,
                      cache_shape=_cache_shape(q.model.layout))
    return Built(facts_of(ModelFigures(**base_facts(rated)), need, *kv_records(est, e, s, q)), sources={"gpus"})


def _cache_shape(layout: Layout | None) -> dict[str, Any] | None:
    """Why the cache is that size, for the sentence under the needs (None without a layout)."""
    return msgspec.structs.asdict(shape) if layout is not None and (shape := cache_shape(layout)) else None


def speed(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.cpu is not None:
        return _on_cpu(est, e, s)
    if e.setup is not None:
        return _on_setup(est, e, s)
    rated = est.rated(model_of(e), s)
    if e.card is not None:
        # "How fast" and "can it run" about one card are one verdict (answers/facts/verdict.py): the same facts.
        built = can_run(est, e, s)
        r = card_row(rated, e.card)
        if r.runs and rated.ordered:
            built.facts["rank"] = next(i for i, x in enumerate(rated.ordered, 1) if x is r)
        return built
    return Built(facts_of(ModelFigures(**base_facts(rated)), NoCard()), sources={"gpus"})


def what_gpu(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rated = est.rated(model_of(e), s)  # "what do I need": the cards, and the cheapest of every kind of hardware
    return Built(facts_of(ModelFigures(**base_facts(rated)), HardwareKinds(hardware_kinds=kinds_for(est, rated, s))),
                 sources={"gpus"})


def why_quant(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rated = est.rated(model_of(e), s)
    facts = base_facts(rated)
    counts: dict[str, int] = {}
    for r in rated.rows:
        if r.quant:
            counts[r.quant.name] = counts.get(r.quant.name, 0) + 1
    order = [lv.name for lv in rated.query.levels()]
    facts["levels"] = [{"quant": n, "cards": counts[n]} for n in order if n in counts]
    facts["advice"] = _level_advice(est, rated, e, s)
    return Built(facts, sources={"gpus"})


def _setup_level_rows(est: Estimates, q: Any, setup: Setup) -> list[dict[str, Any]]:
    """qa.level_rows' rows for a setup held whole (no system RAM): each level rated by the setup rules."""
    levels = _setups().held_levels(q.profile, q.model, setup, est.profiles.setup_constants(), q.context,
                                   q.min_quality, q.forced_quant)
    return [{"quant": r.quant, "need_gb": r.need_gb, "quality": qa.QUALITY.get(r.quant, "small_loss"),
             "lower_quality": quant(r.quant).rank > qa.floor_rank(q), "fits": r.fits, "fit": r.fit, "tok_s": r.tok_s}
            for r in levels]


def _level_advice(est: Estimates, rated: Rated, e: Entities, s: EstimateSettings) -> dict[str, Any] | None:
    """"Which level fits 48 GB / a 4090", "q8 or q4": every level with its fit (answers/facts/quant_advice.py)."""
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
    usable = None
    if e.setup is not None and e.setup.unified and e.setup.gpu_count == 1:
        # A Mac, a Ryzen AI Max, a DGX Spark: what its GPU may hold, as its own answer counts it.
        usable = pool_of(est.profiles.setup_constants(), q.profile, e.setup).total_usable
    if e.setup is not None and e.setup.gpu_count > 1:
        # "which quant fits 2x 3090": the levels on the cards together, with the setup's own speed, the
        # figures "can 2x 3090 run it" gives (never one card of the pair).
        rows = _setup_level_rows(est, q, e.setup)
        target = {"kind": "card", "card": e.setup.label,
                  "memory_gb": sum(d.card.memory_gb * d.count for d in e.setup.devices)}
    else:
        rows = qa.level_rows(q, card, usable)
    if e.levels:
        asked = [lv for lv in e.levels if any(r["quant"] == lv for r in rows)]
        extra = [lv for lv in e.levels if lv not in asked]
        rows_asked = [r for r in rows if r["quant"] in asked]
        for name in extra:  # a level outside the profile's ladder ("F16"): rated on its own
            more = qa.level_rows(replace(q, forced_quant=name), card, usable)
            # "bf16 vs q4": a 16-bit (or 8-bit) file comes before the 4-bit one, as the ladder orders levels, so
            # the advice weighs the larger first; a file of the ladder's own widths (UD-Q4_K_XL) goes after
            rows_asked = more + rows_asked if quant(name).bpw >= 8 else rows_asked + more
        if card is None and len(rows_asked) >= 2:
            # No hardware named: the speed ratio between levels is the same on any card; a typical 24 GB one shows it.
            ref = advice.typical_card(est.kn.gpus, 24)
            if ref is not None:
                for r in rows_asked:
                    r["tok_s_typical"] = q.profile.tok_s(q.model, ref, quant(r["quant"]))
        rows_asked = with_best_fit(rows_asked, rows, moe=bool(q.model.active_params_b))
    else:
        rows_asked = []
    among = rows_asked if len(rows_asked) >= 2 else rows  # "q8 or q4 on a 3060": advise between those two
    rec = qa.recommend(among) if card is not None else None
    one_card = e.setup is None or (e.setup.gpu_count == 1 and not e.setup.unified)  # "a 3090 + 64 GB of RAM" too
    if rec is None and e.card is not None and one_card and not any(r["fits"] for r in among):
        # none fits whole: each level shown with part of it in system RAM, so "q8 or q4" gets figures
        shown = [r["quant"] for r in (rows_asked or rows)]
        said = e.setup  # a card with its RAM said: that amount, type and speed; else the assumed
        ram = ((said.ram_type, said.ram_mts, said.ram_channels) if said is not None
               else (e.ram_type, e.ram_mts, e.ram_channels))
        offs = sh.level_offloads(est, rated, e.card, s, shown, ram, e.cpu_spec,
                                 said.ram_gb if said is not None else None)
        for r in (rows_asked or rows):
            r["offload"] = offs.get(r["quant"])
    return {**_advice(q, target, rows, rows_asked, among, rec), "cache_hint": qa.hint_for(q, card, rec),
            "offload_pick": offload_pick(rows_asked or rows) if rec is None else None}


def _advice(q: Any, target: Any, rows: list[dict[str, Any]], rows_asked: list[dict[str, Any]],
            among: list[dict[str, Any]], rec: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "target": target, "levels": rows, "asked": rows_asked, "recommended_quant": rec["quant"] if rec else None,
        "recommended_lower": bool(rec and rec["lower_quality"]), "trade_off": qa.trade_off(among, rec),
        "recommended_slow": qa.below_reading_speed(rec),
        "floor_quant": q.min_quality or q.profile.default_min_quality,
    }


def accuracy(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rated = est.rated(model_of(e), s)
    facts = base_facts(rated)
    facts["confidence"] = rated.ordered[0].confidence if rated.ordered else None
    return Built(facts, sources={"gpus"})


def two_gpus(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.setup is None and e.card is not None and not e.card.unified_memory:
        # "Is a second 3060 worth it for Mistral Small 24B?": the asker's card twice, rated as the setup it
        # makes, as "2x 3060" is (one 3060 cannot hold it at the usual quality; two hold it at Q5_K_M).
        e = replace(e, setup=Setup((Device(e.card, 2),)))
    if e.setup is not None:
        return _on_setup(est, e, s)
    rated = est.rated(model_of(e), s)
    facts = base_facts(rated)
    q = rated.query
    lowest = q.levels()[-1]
    facts["need_lowest_gb"] = q.need_gb(lowest)
    facts["lowest_quant"] = lowest.name
    facts["home_cards"] = sh.home_cards(est, rated, s)  # "2 or 3 cards?": counted in 24 GB cards, not pro ones
    return Built(facts, sources={"gpus"})


def offload(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.setup is not None:
        return _on_setup(est, e, s)
    # "offload llama 70b with a 3090" names the card and no RAM: the card's own answer, which rates the
    # offload with a common amount of RAM and says so; with no card, the overview.
    on_card = e.cpu is None and (e.card is not None or e.memory_gb is not None)
    built = can_run(est, e, s) if on_card else Built(base_facts(est.rated(model_of(e), s)), sources={"gpus"})
    built.facts["miss_quant"] = est.rated(model_of(e), s).query.profile.miss_quant
    return built


def info(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """Facts about the model itself (maker, licence, release…): no estimate."""
    rec = model_of(e)
    facts = {"model": {"name": rec.name, "params_b": rec.params_b, "active_params_b": rec.active_params_b},
             "record": record_facts(rec)}
    return Built(facts, sources={"epoch"} if uses_epoch(rec) else set())


def release(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    built = info(est, e, s)
    rec = model_of(e)
    if rec.publication_date:
        age = (dt.date.today() - rec.publication_date).days / 365.25
        built.facts["age_years"] = age
        built.facts["old"] = age > OLD_MODEL_YEARS
    return built


def memory_cards(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """"Best 8 GB card": the cards of that size, each with what it runs (answers/facts/memory_cards.py)."""
    # lazy: it reads the launch prices and exchange rates (catalog.currency), not needed at start-up
    from answers.facts.memory_cards import facts as cards_of_size

    assert e.memory_gb is not None
    return Built(cards_of_size(est, e.memory_gb, s), sources={"gpus"})


def card_models(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    # The advice ranking on a card or a memory size alone (answers/facts/what_runs.py).
    # lazy: what_runs needs the setup rules (RAM offload, CPU-only); only a "what can I run" answer uses them
    from answers.facts.what_runs import card_models as ranked

    return ranked(est, e, s)


def model_info(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    rec = model_of(e)
    built = info(est, e, s)
    if est.size_of(rec) is not None:
        rated = est.rated(rec, s)
        built.facts.update(base_facts(rated), hardware_kinds=kinds_for(est, rated, s))
        built.sources.add("gpus")
        if s.quant is not None:  # "qwen3 235b ud-q2_k_xl size": the weights at the level asked
            q = rated.query
            level = quant(s.quant)
            parts = q.profile.memory_parts(q.model, level, q.context, q.cache_type)
            built.facts["weights_at"] = {"quant": level.name, "weights_gb": parts.weights_gb,
                                         "file": file_facts(rec.name, level.name)}
    return built


def help_(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    return Built({"profile": est.profile(s.profile).name, "models_total": est.kn.model_count(),
                  "cards_total": len(est.kn.gpus_for(s.profile))})


def fallback(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    facts: dict[str, Any] = {"profile": est.profile(s.profile).name}
    if e.model is not None:
        facts["model"] = {"name": e.model.name}
    return Built(facts)
