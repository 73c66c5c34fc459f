"""Facts from how it was asked, added to any answer's facts: the sources, the question quoted back by a
fallback, the line that comes first (cheapest, biggest, levels), a speed the asker states against the estimate,
the time an answer of the length asked takes, and a speed wanted against the estimate.
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Built, Entities, uses_epoch
from answers.facts.moe_run import improvable
from answers.records.asked import Asked


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
    if asked.observed_tok_s and intent in ("can_run", "speed", "offload"):
        seen = observed(built.facts, float(asked.observed_tok_s))
        if seen is not None:
            built.facts["observed"] = seen
    row = headline(built.facts) if intent in HEADLINE_INTENTS else None
    if row is not None and asked.output_tokens:
        n = asked.output_tokens  # "2000-token answers, how long?": the answer's length at the estimated speed
        built.facts["answer_time"] = {"output_tokens": n, "seconds": n / row["tok_s"],
                                      "low": n / row["tok_s_high"], "high": n / row["tok_s_low"]}
    if asked.target_tok_s and not _target_carried(built.facts):
        # "I want at least 30 tok/s on my 4070", "je vise 5 t/s" beside an offload: the estimate against the
        # speed wanted, in whatever answer leads with one speed
        row = headline(built.facts)
        if row is not None:
            built.facts["speed_wanted"] = wanted(float(asked.target_tok_s), row)


# The answers whose facts lead with one speed an answer's length is timed at.
HEADLINE_INTENTS = frozenset({"can_run", "speed", "offload"})


def wanted(target: float, row: dict[str, Any]) -> dict[str, Any]:
    """A speed wanted against the estimate: `met` when the estimate reaches it; `reach` says where it lies
    against the range too ("met", "range": only the top of the range reaches it, "below": not even that)."""
    met = row["tok_s"] >= target
    reach = "met" if met else "range" if row["tok_s_high"] >= target else "below"
    return {"target_tok_s": target, "estimate_tok_s": row["tok_s"], "met": met, "reach": reach,
            "tok_s_high": row["tok_s_high"]}


def _target_carried(facts: dict[str, Any]) -> bool:
    """The builder already weighed the answer against the speed wanted (the cards that reach it, what runs at
    it, how many people get it)."""
    keys = ("target_speed", "target_tok_s", "users_at_target")
    todo: list[Any] = [facts]
    while todo:
        obj = todo.pop()
        if isinstance(obj, dict):
            if any(obj.get(k) is not None for k in keys):
                return True
            todo.extend(obj.values())
        elif isinstance(obj, list):
            todo.extend(obj)
    return False


def headline(facts: dict[str, Any]) -> dict[str, Any] | None:
    """The speed the answer leads with (one card or setup, or the CPU alone), with its range; None without one."""
    row = facts.get("row") if isinstance(facts.get("row"), dict) else None
    verdict = facts.get("verdict")  # a media answer's verdict is a word ("runs"), not the one verdict's record
    lead = verdict.get("recommended") if isinstance(verdict, dict) else None
    if isinstance(lead, dict) and lead.get("tok_s"):
        # The level the answer leads with (the one verdict's), which is the row's unless that one crawls or
        # the card holds the model only below the usual quality ("my 4080 gets 20 tok/s on qwen3 32b").
        row = lead
    if not (row and row.get("tok_s")) and isinstance(facts.get("cpu"), dict):
        row = facts["cpu"].get("pick")
    if not row or not row.get("tok_s") or not row.get("tok_s_low") or not row.get("tok_s_high"):
        return None
    return row


def observed(facts: dict[str, Any], seen: float) -> dict[str, Any] | None:
    """The stated speed against the answer's estimate: within the range, below or above it; None when the
    answer has no speed to compare with."""
    row = headline(facts)
    if row is None:
        return None
    low, high = row["tok_s_low"], row["tok_s_high"]
    verdict = "below" if seen < low else "above" if seen > high else "within"
    if verdict == "within" and row.get("fit") == "offload" and improvable(seen, row["tok_s"]):
        # the range of an offload is wide: "you get 11, this setup gets about 18" is worth working on
        verdict = "short"
    return {"tok_s": seen, "estimate_tok_s": row["tok_s"], "low": low, "high": high, "quant": row.get("quant"),
            "verdict": verdict}
