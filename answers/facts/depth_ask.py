""""Is that only with an empty context?", "and once the chat gets long?": the headline decode speed is measured at
an almost empty context; the answer adds the speed at a few typical depths (estimator/long_context.py, through
answers/facts/long_context.py), so the asker sees how far it falls as the conversation fills. Pure: no text."""

from __future__ import annotations

from typing import Any

from answers.facts import long_context
from answers.facts.as_asked import headline
from answers.facts.common import Entities, Estimates, EstimateSettings
from estimator.model import DEFAULT_CONTEXT

# The depths people mean by "a long chat" or "a full context": a working session (8k), a long chat or a code file
# in context (32k); each one up to the model's own length.
DEPTHS = (8192, 32768)


def at_depths(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """{"tok_s", "quant", "depths": [{"context", "tok_s", "tok_s_low", "tok_s_high"}…]}: the answer's headline
    speed and its fall at each depth, for a model held whole; None when the answer already gives a deep figure
    (a context was said), has no headline speed, or names no model."""
    row = headline(facts)
    if e.model is None or row is None or facts.get("decode_at_context") or s.context > DEFAULT_CONTEXT:
        return None
    if not (row.get("fit") in ("comfortable", "tight") or row.get("fits") is True):
        return None  # offloaded: the RAM, not the cache, sets the pace
    q = est.rated(e.model, s).query
    ceiling = q.model.max_context or max(DEPTHS)
    found = []
    for depth in (d for d in DEPTHS if d <= ceiling):
        deep = long_context.at_depth(q, depth, row, e.card, e.setup)
        if deep is not None:
            found.append({k: deep[k] for k in ("context", "tok_s", "tok_s_low", "tok_s_high")})
    if not found:
        return None
    return {"tok_s": row["tok_s"], "quant": row.get("quant"), "depths": found}
