"""Facts from how it was asked, added to any answer's facts: the sources, the question quoted back by a
fallback, the line that comes first (cheapest, biggest, levels), a speed the asker states against the estimate.
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Built, Entities, uses_epoch
from answers.reading.asked import Asked


def as_asked(intent: str, built: Built, entities: Entities, asked: Asked, echo: str | None) -> None:
    """Add to `built` what the way it was asked says (`echo`: the question's start, for a fallback)."""
    if entities.model is not None and uses_epoch(entities.model):
        built.sources.add("epoch")
    if intent == "fallback" and echo is not None:
        built.facts["question"] = echo  # the question's start, quoted back
    if asked.lead == "cheapest" and intent == "smallest":
        built.facts["lead"] = "cheapest"
    if asked.lead and intent == "card_models":
        built.facts["lead"] = asked.lead  # "the biggest model for X": that line comes first
    if asked.observed_tok_s and intent in ("can_run", "speed"):
        seen = observed(built.facts, float(asked.observed_tok_s))
        if seen is not None:
            built.facts["observed"] = seen


def observed(facts: dict[str, Any], seen: float) -> dict[str, Any] | None:
    """The stated speed against the answer's estimate (one card or setup, or the CPU alone): within the
    range, below or above it; None when the answer has no speed to compare with."""
    row = facts.get("row") if isinstance(facts.get("row"), dict) else None
    lead = (facts.get("verdict") or {}).get("recommended")
    if isinstance(lead, dict) and lead.get("tok_s"):
        # The level the answer leads with (the one verdict's), which is the row's unless that one crawls or
        # the card holds the model only below the usual quality ("my 4080 gets 20 tok/s on qwen3 32b").
        row = lead
    if not (row and row.get("tok_s")) and isinstance(facts.get("cpu"), dict):
        row = facts["cpu"].get("pick")
    if not row or not row.get("tok_s") or row.get("tok_s_low") is None or row.get("tok_s_high") is None:
        return None
    low, high = row["tok_s_low"], row["tok_s_high"]
    verdict = "below" if seen < low else "above" if seen > high else "within"
    return {"tok_s": seen, "estimate_tok_s": row["tok_s"], "low": low, "high": high, "quant": row.get("quant"),
            "verdict": verdict}
