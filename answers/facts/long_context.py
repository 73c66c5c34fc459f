"""The decode speed at the long context a question states ("at 100k context, how fast?"): the headline speed is
measured at an almost empty context, and every token also reads the conversation cache, so the answer adds
the speed once that context is filled (estimator/long_context.py). Pure: no text."""

from __future__ import annotations

from typing import Any

from answers.facts.as_asked import headline
from estimator.long_context import slowdown
from estimator.model import DEFAULT_CONTEXT
from estimator.quants import UnknownQuant, quant
from estimator.ranking import Query

MIN_SLOWDOWN = 1.05  # under 5 % slower the headline figure stands as it is


def added(q: Query, context: int, facts: dict[str, Any]) -> dict[str, Any]:
    """`facts` with `decode_at_context` ({"context", "quant", "tok_s", "tok_s_low", "tok_s_high"}) when the
    context asked is long and the model runs whole in the memory (an offloaded row's speed is another story)."""
    row = headline(facts)
    if context <= DEFAULT_CONTEXT or row is None or row.get("fit") not in ("comfortable", "tight"):
        return facts
    try:
        level = quant(row["quant"])
    except (UnknownQuant, KeyError, TypeError):
        return facts
    cache_gib = q.profile.memory_parts(q.model, level, context, q.cache_type).cache_gb
    factor = slowdown(cache_gib, q.profile.gb_per_token(q.model, level))
    if factor >= MIN_SLOWDOWN:
        facts["decode_at_context"] = {"context": context, "quant": level.name, "tok_s": row["tok_s"] / factor,
                                      "tok_s_low": row["tok_s_low"] / factor, "tok_s_high": row["tok_s_high"] / factor}
    return facts
