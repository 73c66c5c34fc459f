"""Two models loaded at once on one card (read by answers.reading.at_once): the facts of `can_run`
with `together`.

- Both loaded at once need the sum of their memory: each model's weights, its own context cache and
  its own runtime overhead (two programs, or two models in one server, each keep theirs).
- Both are put at one common level, the least compressed at which the sum fits the card's usable memory
  (the profile's own ladder and minimum quality); a level the asker names is used as is.
- Used one at a time, each runs at about its own speed on the card. Generating at once they share the
  memory bandwidth that decode speed is bound by, so each gets about half (BOTH_GENERATING_SHARE).
"""

from __future__ import annotations

from typing import Any

from answers.facts.advice import typical_record
from answers.facts.common import Estimates, EstimateSettings
from catalog.records import GpuRecord, ModelRecord
from estimator.card import MemoryCard

BOTH_GENERATING_SHARE = 0.5  # two decodes at once split the bandwidth: about half each


def facts(est: Estimates, first: ModelRecord, second: ModelRecord, s: EstimateSettings,
          card: GpuRecord | None, memory_gb: float | None) -> dict[str, Any] | None:
    """Both models on one card (or on `memory_gb` of memory, with a typical card's speeds)."""
    profile = est.profile(s.profile)
    if card is None:
        if memory_gb is None:
            return None
        speed_card = typical_record(est.kn.gpus_for(s.profile), memory_gb)
        usable = profile.usable_gb(MemoryCard(memory_gb))
        total_gb = memory_gb
    else:
        speed_card, usable, total_gb = card, profile.usable_gb(card), card.memory_gb
    q1, q2 = est.rated(first, s).query, est.rated(second, s).query
    levels = q1.levels()
    chosen = next((lv for lv in levels if q1.need_gb(lv) + q2.need_gb(lv) <= usable), None)
    shown = chosen or levels[-1]  # none fits: the sum at the most compressed level tried
    out: dict[str, Any] = {"fits": chosen is not None, "quant": shown.name, "usable_gb": usable,
                           "memory_gb": total_gb, "card": card.name if card is not None else None,
                           "speed_card": speed_card.name if speed_card is not None else None,
                           "share_when_both": BOTH_GENERATING_SHARE}
    models = []
    for rec, q in ((first, q1), (second, q2)):
        need = q.need_gb(shown)
        tok = profile.tok_s(q.model, speed_card, shown) if (chosen is not None and speed_card is not None) else None
        models.append({"model": rec.name, "quant": shown.name, "need_gb": need, "tok_s": tok,
                       "tok_s_both": None if tok is None else tok * BOTH_GENERATING_SHARE})
    out["models"] = models
    out["need_gb"] = sum(m["need_gb"] for m in models)
    if chosen is None:
        out["short_gb"] = out["need_gb"] - usable
    else:
        out["fit"] = profile.fit(out["need_gb"], MemoryCard(total_gb) if card is None else card)
    return out
