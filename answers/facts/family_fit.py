"""Which size of a family runs on the asker's hardware ("which qwen3 should I get for my 6700 XT", "what llama
can I run on 8 GB"): every member rated by the one verdict, the pick said.

An ambiguous model name beside hardware asks this: rather than "did you mean…", each member (the family's,
answers/facts/family.py, else the resolver's near names) is rated as "can it run" rates it, and the answer
picks the largest that runs at reading speed at the usual quality (`runs`); when none does, it says so and
names the fastest of the rest. The facts builder for each member is passed in, so this module stays a pure
rule over ratings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from answers.facts.common import Built
from catalog.records import ModelRecord

# Hardware questions an ambiguous model name can be answered for by rating every member.
FIT_INTENTS = frozenset({"can_run", "speed", "what_gpu", "card_models", "fastest", "why_quant", "offload"})
MAX_MEMBERS = 10  # a family larger than this is cut to its largest members (the pick is among the large)


def _member(rec: ModelRecord, built: Built) -> dict[str, Any]:
    v = built.facts.get("verdict") or {}
    rec_level = v.get("recommended") or {}
    return {"model": rec.name, "params_b": rec.params_b, "outcome": v.get("outcome", "no"),
            "quant": rec_level.get("quant"), "need_gb": rec_level.get("need_gb"), "tok_s": rec_level.get("tok_s"),
            "tok_s_low": rec_level.get("tok_s_low"), "tok_s_high": rec_level.get("tok_s_high"),
            "below_floor": bool(rec_level.get("below_floor"))}


def family_fit(name: str, hardware: str, profile: str, records: Sequence[ModelRecord],
               rate: Callable[[ModelRecord], Built | None]) -> Built | None:
    """Facts of the `family_fit` answer, or None when fewer than two members can be rated."""
    # Largest first, the newest of equal sizes first (Llama 3.1 8B before Llama 3 8B): the pick is the first
    # that runs well.
    ranked = sorted(records, key=lambda r: (r.params_b or 0.0, r.publication_date or dt.date.min),
                    reverse=True)[:MAX_MEMBERS]
    rows, sources = [], {"gpus"}
    for rec in ranked:
        built = rate(rec)
        if built is not None:
            rows.append(_member(rec, built))
            sources |= built.sources
    if len(rows) < 2:
        return None
    runs = [r for r in rows if r["outcome"] == "runs"]
    pick = runs[0] if runs else None  # the largest that runs well: more parameters, more capable
    usable = [r for r in rows if r["tok_s"]]
    fastest_other = None if pick is not None or not usable else max(usable, key=lambda r: r["tok_s"])
    rows.reverse()  # shown smallest first, as a family is listed
    return Built({"family": name, "hardware": hardware, "profile": profile, "members": rows,
                  "pick": pick["model"] if pick else None,
                  "closest": fastest_other["model"] if fastest_other else None}, sources=sources)
