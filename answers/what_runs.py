"""The "what can I run" answer (intent card_models) on a named card or on a memory size alone.

Facts keep every key the card_models answer always had (`card`, `models_fit`, `largest`, `rows`…);
`rows` are now the advice ranking of `answers.advice` (most capable first, one per family), each
row with its ranking inputs (family, score, params_b, publication_date, quant, tok_s).
"""

from __future__ import annotations

from typing import Any

from . import advice
from .intents import MAX_MEMORY_GB, BadInput, Built, Entities, Estimates, Settings, TableRow, _profile

TOP_PICKS = 15


def _card_facts(card: Any) -> dict[str, Any]:
    release = getattr(card, "release", None)
    return {"name": card.name, "vendor": card.vendor, "memory_gb": card.memory_gb,
            "bandwidth_gbps": card.bandwidth_gbps, "release": release.strftime("%Y-%m") if release else None}


def card_models(est: Estimates, e: Entities, s: Settings) -> Built:
    if e.card is not None:
        card: Any = e.card
        mode = "card"
    else:
        if e.memory_gb is None or not (0 < e.memory_gb <= MAX_MEMORY_GB):
            raise BadInput("memory", memory_gb=e.memory_gb)
        card = advice.typical_card(est.kn.gpus, e.memory_gb)
        if card is None:
            raise BadInput("memory", memory_gb=e.memory_gb)
        mode = "memory"
    task = getattr(s, "task", None)
    pairs = est.card_models(card, s)
    picks = advice.rank_models(pairs, task=task)
    big = advice.biggest(pairs, task=task)
    rows = [TableRow(p.record.name, p.row, model=True) for p in picks]
    facts: dict[str, Any] = {
        "mode": mode,
        "card": _card_facts(card),
        "memory_gb": card.memory_gb,
        "typical_card": card.name if mode == "memory" else None,
        "context": s.context, "profile": _profile(s.profile).name, "min_quality": s.min_quality, "quant": s.quant,
        "task": task,
        "lead": None,  # "biggest" when the question asks for the biggest model (set by the engine)
        "models_total": sum(1 for m in est.kn.models if est.size_of(m) is not None),
        "models_fit": len(pairs),
        "models_ranked": len(picks),
        "largest": None if big is None else {
            "model": big[0].name, "params_b": big[0].params_b, "quant": big[1].quant.name if big[1].quant else None,
            "tok_s": big[1].tok_s, "need_gb": big[1].need_gb},
        "rows": [{**t.facts(), **p.facts()} for t, p in zip(rows[:TOP_PICKS], picks)],
        "rule": {"good_quant": advice.GOOD_LEVEL, "min_tok_s": advice.READING_SPEED_TOK_S,
                 "min_params_b": advice.MIN_PARAMS_B, "min_date": advice.MIN_DATE.isoformat(),
                 "year_weight": advice.YEAR_WEIGHT, "score_epoch": advice.SCORE_EPOCH},
    }
    return Built(facts, table=rows, sources={"gpus"})
