"""Which program to train with, for the run worked out (answers/facts/finetune_run.py): one pick for the cards and the
method, and a short line on each language-model trainer the question names (how it uses several cards, whether its
makers still develop it; answers/knowledge/fine_tuning.toml `llm_trainer`, with sources).

The pick: a full fine-tune, or a model that only fits split over several cards, goes to a trainer that shards it
(axolotl; LLaMA-Factory the same with a web interface); a run that fits one card goes to Unsloth, which is built for
one card and whose documented multi-GPU mode copies the model on each card (faster, no more memory).
"""

from __future__ import annotations

from typing import Any

from answers.knowledge.fine_tuning import fine_tuning
from answers.records.asked import TrainAsked


def _reason(run: dict[str, Any], count: int, card_gb: float | None) -> str:
    """Why the pick: "full", "split" (the run needs more than one card holds), "copies" (several cards, the run fits
    one) or "one_card"."""
    if run.get("method") == "full":
        return "full"
    need = (run.get("memory") or {}).get("counted_gb")
    if count > 1 and card_gb is not None and need is not None and need > card_gb:
        return "split"
    return "copies" if count > 1 else "one_card"


def tool_facts(train: TrainAsked | None, run: dict[str, Any], count: int,
               card_gb: float | None) -> dict[str, Any] | None:
    """`finetune_tool` of a fine-tuning run when the question asks which program to use or names one; None else.
    Unsloth and axolotl both named on one card is left to the know-how line that weighs exactly those two."""
    if train is None:
        return None
    rows = {r.trainer: r for r in fine_tuning().llm_trainers}
    named = [t for t in train.trainers if t in rows]
    if not train.tool_asked and not named:
        return None
    reason = _reason(run, count, card_gb)
    if reason == "one_card" and {"Unsloth", "Axolotl"} <= set(named) and not train.tool_asked:
        return None
    pick = "Unsloth" if reason in ("one_card", "copies") else "Axolotl"
    notes = [{"trainer": t, "several": rows[t].several, "maintained": rows[t].maintained, "source": rows[t].source,
              "url": rows[t].url} for t in named if t != pick or t == "Unsloth" and count > 1]
    return {"pick": pick, "reason": reason, "cards": count, "named": named, "notes": notes,
            "source": rows[pick].source, "url": rows[pick].url}
