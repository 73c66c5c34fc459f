"""Facts of a declined topic (answers/lexicon/off_topic.toml; decided by answers/facts/routing.py `declined`):
the topic, and what the bot can still say about what was named in passing. A card named: its memory and the
model it runs best (the first of its own list, answers/facts/rating.py `card_models`). A model named: its size,
the memory it needs at Q4_K_M and the smallest memory class of the usual cards that holds it (the model's own
memory answer, `vram`). Nothing else is estimated: the question was not about either."""

from __future__ import annotations

from typing import Any

from answers.facts import rating
from answers.facts.common import Built, Entities, Estimates, EstimateSettings
from catalog.records import ModelRecord

LEVEL = "Q4_K_M"  # the level people download first: the size line is given at it


FAMILY_SHOWN = 4  # the sizes of a family named ("llama 3") said in one line


def build(est: Estimates, e: Entities, s: EstimateSettings, topic: str, line: tuple[ModelRecord, ...] = ()) -> Built:
    """`line`: the models a family's name stands for, when the name was a family's ("llama 3")."""
    facts: dict[str, Any] = {"off_topic": topic, "profile": est.profile(s.profile).name}
    sources: set[str] = set()
    if e.card is not None:
        listed = rating.card_models(est, Entities(card=e.card), s)
        rows = listed.facts.get("rows") or []
        facts["card"] = {"name": e.card.name, "memory_gb": e.card.memory_gb}
        if rows:
            best = rows[0]
            facts["card"]["best"] = {"model": best["model"], "quant": best["quant"], "tok_s": best["tok_s"]}
        sources |= listed.sources
    sized = [m for m in line if est.size_of(m) is not None]
    if len(sized) > 1:  # "is chatgpt better than llama 3": Llama 3's sizes, each with its need, in one line
        shown = sorted(sized[:FAMILY_SHOWN], key=lambda m: getattr(est.size_of(m), "params_b", 0.0))
        facts["family"] = [_need(est, m, s) for m in shown]
        facts["context"] = s.context
        sources.add("gpus")
    elif e.model is not None and est.size_of(e.model) is not None:
        facts["model"] = _model_line(est, e.model, s)
        sources.add("gpus")
    if e.model2 is not None and est.size_of(e.model2) is not None and not facts.get("family"):
        facts["model2"] = _model_line(est, e.model2, s)  # "is X smarter than Y": both sizes
    return Built(facts, sources=sources)


def _need(est: Estimates, model: ModelRecord, s: EstimateSettings) -> dict[str, Any]:
    levels = rating.vram(est, Entities(model=model), s).facts.get("levels") or []
    level = next((lv for lv in levels if lv["quant"] == LEVEL), levels[-1] if levels else None)
    return {"name": model.name, "quant": level["quant"] if level else None,
            "need_gb": level["need_gb"] if level else None}


def _model_line(est: Estimates, model: ModelRecord, s: EstimateSettings) -> dict[str, Any]:
    """The model's size, its need at `LEVEL` (or its smallest level listed) and the smallest memory class
    holding it ("8" GB), else the smallest card that does."""
    need = rating.vram(est, Entities(model=model), s).facts
    levels = need.get("levels") or []
    level = next((lv for lv in levels if lv["quant"] == LEVEL), levels[-1] if levels else None)
    out: dict[str, Any] = {"name": model.name, "params_b": need["model"]["params_b"], "context": need["context"]}
    if level is not None:
        out.update(quant=level["quant"], need_gb=level["need_gb"])
    held = [int(k) for k, v in (need.get("by_memory") or {}).items() if v is not None]
    if held:
        out["memory_class_gb"] = min(held)
    else:
        smallest = (need.get("picks") or {}).get("smallest") or need.get("smallest")
        if smallest:
            out["smallest_card"] = {"card": smallest["card"], "memory_gb": smallest["memory_gb"]}
    return out
