""""Is 16 GB enough, or too little?", "pouca memória demais?", "reichen 12 GB?": a verdict on the memory the hardware
has, from the largest dense model it runs at reading speed, and what each larger variant of the same hardware would
run (the variants the answer already names, `card_alternatives`). One rule decides the verdict (`verdict`); the
models and speeds come from the same ratings as the list they sit beside. Facts only, JSON-ready; the text is in
answers/templates/_also.md.j2."""

from __future__ import annotations

import re
from typing import Any

from answers.facts import advice
from answers.facts.common import Entities, Estimates, EstimateSettings

# The largest dense model a memory runs at reading speed, in billions of parameters, that draws the line between
# "small models only" and "the 24-32B class people want" (Gemma 3 27B, Qwen3 32B), and that class and 70B.
MID_CLASS_B = 20.0
LARGE_CLASS_B = 50.0
# A pace still usable for chat, if slow: half of reading speed (advice.READING_SPEED_TOK_S is 10).
USABLE_TOK_S = 5.0


def verdict(params_b: float | None) -> str:
    """"small" below the 24-32B class, "mid" up to it, "large" for 70B-class models; "none" when nothing runs."""
    if params_b is None:
        return "none"
    return "small" if params_b < MID_CLASS_B else "mid" if params_b < LARGE_CLASS_B else "large"


def _biggest_dense(est: Estimates, card: Any, s: EstimateSettings) -> dict[str, Any] | None:
    """The largest dense model `card` runs usably (USABLE_TOK_S or faster, at the levels the list allows): name,
    size, level, speed. Usable, not reading speed: a larger variant of a Mac has the same bandwidth, so what more
    memory buys is larger models at a slower pace, and that is the answer to "should I get more"."""
    dense = [(rec, row) for rec, row in est.card_models(card, s)
             if not rec.active_params_b and advice.runnable(rec) and row.runs and (row.tok_s or 0) >= USABLE_TOK_S]
    if not dense:
        return None
    rec, row = max(dense, key=lambda p: (p[0].params_b or 0, p[1].tok_s or 0))
    return {"model": rec.name, "params_b": rec.params_b, "quant": row.quant.name if row.quant else None,
            "tok_s": row.tok_s}


_SIZED = re.compile(r"^(.*\S)\s+(\d+)\s?GB$")
# Larger variants said beside the verdict: the next few sizes up, never a whole price list.
MAX_LARGER = 3


def _larger_variants(est: Estimates, card: Any, s: EstimateSettings) -> list[Any]:
    """The same hardware with more memory ("Apple M4 16 GB" → 24 GB, 32 GB; "RTX 4060 Ti 8 GB" → 16 GB): the catalog's
    records of the name with another memory size, smallest first."""
    m = _SIZED.match(card.name)
    if m is None:
        return []
    base = m.group(1)
    found = [c for c in est.kn.gpus_for(s.profile)
             if (o := _SIZED.match(c.name)) is not None and o.group(1) == base and c.memory_gb > card.memory_gb]
    return sorted(found, key=lambda c: c.memory_gb)[:MAX_LARGER]


def memory_enough(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """The memory's verdict and each larger variant's largest model; None without one card or machine."""
    card = e.card
    if card is None or e.card2 is not None:
        return None
    here = _biggest_dense(est, card, s)
    memory = next((c.get("memory_gb") for c in (facts.get("setup") or {}).get("cards") or ()), None)
    larger = []
    for other in _larger_variants(est, card, s):
        big = _biggest_dense(est, other, s)
        if big is not None:
            larger.append({"card": other.name, **big})
    return {"card": card.name, "memory_gb": memory or card.memory_gb, "biggest": here,
            "verdict": verdict(here["params_b"] if here else None), "larger": larger}
