"""The "what can I run" answer (intent card_models) on a named card or on a memory size alone.

Facts keep every key the card_models answer always had (`card`, `models_fit`, `largest`, `rows`…);
`rows` are now the advice ranking of `answers.advice` (most capable first, one per family), each
row with its ranking inputs (family, score, params_b, publication_date, quant, tok_s).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from answers.facts import advice
from answers.facts.common import GUESS_RAM_GB, MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, Settings, TableRow
from answers.facts.describe import card_brief
from answers.facts.setups import cpu_model_rows, model_rows, other_fits, ram_facts, setup_facts
from estimator.machine import effective_gbps, ram_spec
from estimator.model import ModelSize
from estimator.quants import quant

TOP_PICKS = 15


def largest_dense_b(est: Estimates, s: Settings, card: Any) -> list[dict[str, Any]]:
    """"Which level fits 48 GB" with no model named: per visible level, the largest dense model (by
    the size-only estimate) the memory holds, found by bisection (need grows with the size)."""
    out = []
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


def card_models(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.cpu is not None:
        card, pairs = cpu_model_rows(est, e.cpu.ram_gb or GUESS_RAM_GB, e.cpu.ram_type, s, e.cpu.ram_mts,
                                     e.cpu.ram_channels)
        mode = "cpu"
    elif e.setup is not None:
        card, pairs = model_rows(est, e.setup, s)
        mode = "setup"
    elif e.card is not None:
        card = e.card
        mode = "card"
    else:
        if e.memory_gb is None or not (0 < e.memory_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=e.memory_gb)
        card = advice.typical_card(est.kn.gpus, e.memory_gb)
        if card is None:
            raise BadInput("memory", memory_gb=e.memory_gb)
        mode = "memory"
    task = s.task
    if mode not in ("setup", "cpu"):
        pairs = est.card_models(card, s)
    picks = advice.rank_models(pairs, task=task)
    big = advice.biggest(pairs, task=task)
    rows = [TableRow(p.record.name, p.row, model=True) for p in picks]
    facts: dict[str, Any] = {
        "mode": mode,
        "card": card_brief(card),
        "memory_gb": card.memory_gb,
        "typical_card": card.name if mode == "memory" else None,
        "context": s.context, "profile": est.profile(s.profile).name, "min_quality": s.min_quality, "quant": s.quant,
        "task": task,
        "lead": None,  # "biggest" when the question asks for the biggest model (set by the engine)
        "models_total": est.kn.sized_model_count(),
        "models_fit": (len(pairs) if mode == "cpu" else len(pairs) + other_fits(est, e.setup, s)
                       if e.setup is not None else est.card_fit_count(card, s)),
        "models_ranked": len(picks),
        "largest": None if big is None else {
            "model": big[0].name, "params_b": big[0].params_b, "quant": big[1].quant.name if big[1].quant else None,
            "tok_s": big[1].tok_s, "need_gb": big[1].need_gb,
            # held only more compressed than the ranking's level: said so in the answer
            "below_good_level": bool(big[1].quant and big[1].quant.rank > quant(advice.GOOD_LEVEL).rank)},
        "rows": [{**t.facts(), **p.facts()} for t, p in zip(rows[:TOP_PICKS], picks)],
        "level_sizes": largest_dense_b(est, s, card) if mode not in ("setup", "cpu") else [],
        "rule": {"good_quant": advice.GOOD_LEVEL, "min_tok_s": advice.READING_SPEED_TOK_S,
                 "min_params_b": advice.MIN_PARAMS_B, "min_date": advice.MIN_DATE.isoformat(),
                 "year_weight": advice.YEAR_WEIGHT, "score_epoch": advice.SCORE_EPOCH},
    }
    if e.setup is not None:
        facts["setup"] = setup_facts(e.setup)
    if e.cpu is not None:
        constants = est.profiles.setup_constants()
        spec = ram_spec(constants.machine, e.cpu.ram_type, e.cpu.ram_mts, e.cpu.ram_channels, card.memory_gb)
        facts["cpu_only"] = True
        facts["cpu"] = {"ram_gb": card.memory_gb, "ram_assumed": e.cpu.ram_gb is None,
                        **ram_facts(spec, effective_gbps(constants.machine, spec, "cpu_only")),
                        "ram_type": spec.kind,
                        "ram_type_assumed": e.cpu.ram_type is None,
                        "ram_bandwidth_gbps": card.bandwidth_gbps, "ram_usable_share": constants.ram_usable_share}
    return Built(facts, table=rows, sources={"gpus"})
