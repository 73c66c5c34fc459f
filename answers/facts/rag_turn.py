"""A retrieval set-up on one card (an embedder, a reranker and a language model named together): the embedding
answer (answers/facts/media_other.py, rag_pairs.py) with the language model's card answer for the assumed RAG
prompt, then each memory, the total against the card and the time per question (estimator/rag_turn.py)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from answers.api import Answer, AskOptions
from answers.facts.common import Built
from answers.facts.voice_parts import language_model_named
from answers.records.asked import Asked
from estimator.rag_turn import RagConstants, rag_turn

DATA = Path(__file__).resolve().parents[2] / "estimator" / "data" / "rag_turn.json"


@cache
def constants() -> RagConstants:
    return RagConstants.from_dict(json.loads(DATA.read_text("utf-8")))


def _encoders(facts: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The embedding answer's models on the card, by role (the first of each)."""
    out: dict[str, dict[str, Any]] = {}
    for f in (facts, *(p.get("facts", {}) for p in facts.get("parts") or ())):
        if f.get("media") == "embedding" and f.get("tokens_per_second") and f.get("role"):
            out.setdefault(str(f["role"]), f)
    return out


def with_rag_turn(engine: Any, media: Answer | None, q: Asked, lang: str, options: AskOptions,
                  inline: bool) -> Answer | None:
    """The embedding answer, with the whole question's time and memory when a language model is named beside it
    on a card ("bge-m3 + bge-reranker + qwen3 8b on a 4060 ti"); unchanged otherwise."""
    if media is None or media.facts.get("media") != "embedding" or not media.facts.get("card"):
        return media
    named = language_model_named(q)
    if named is None and q.model_size_b is None:
        return media
    enc = _encoders(media.facts)
    embedder = enc.get("embedder")
    if embedder is None:
        return media
    c = constants()
    asked = replace(q, media=None, model=named, model2=None, more_models=(), prompt_tokens=c.prompt_tokens)
    part = engine._answer("prefill", lang, options, asked, inline=True)
    row = part.facts.get("row") or {}
    if not (row.get("tok_s") and row.get("prefill_tok_s") and row.get("need_gb")):
        return media  # the language model is not rated there: the embedding answer and its "not used" line
    reranker = enc.get("reranker")
    usable = float(row.get("usable_gb") or media.facts.get("memory_gb") or 0.0)
    t = rag_turn(float(embedder["tokens_per_second"]), float(embedder["need_gb"]),
                 float(reranker["tokens_per_second"]) if reranker else None,
                 float(reranker["need_gb"]) if reranker else 0.0, float(row["prefill_tok_s"]), float(row["tok_s"]),
                 float(row["need_gb"]), usable, c)
    name = part.entities.get("model")
    facts = {"media": "ragturn", "card": media.facts["card"], "usable_gb": round(usable, 1),
             "memory_gb": round(t.memory_gb, 2), "fits": t.fits, "seconds": round(t.total_s, 1),
             "embedder": {"name": _name(embedder), "memory_gb": embedder["need_gb"], "seconds": round(t.embed_s, 3)},
             "reranker": {"name": _name(reranker), "memory_gb": reranker["need_gb"],
                          "seconds": round(t.rerank_s or 0.0, 2)} if reranker else None,
             "llm": {"name": name, "quant": row.get("quant"), "memory_gb": round(float(row["need_gb"]), 2),
                     "tok_s": round(float(row["tok_s"]), 1), "prompt_s": round(t.prompt_s, 2),
                     "answer_s": round(t.answer_s, 1)},
             "assumed": {"chunk_tokens": c.chunk_tokens, "reranked": c.reranked, "kept": c.kept,
                         "prompt_tokens": c.prompt_tokens, "answer_tokens": c.answer_tokens}}
    line = engine.writing.finish("can_run", lang, options, {"card": media.facts["card"], "model": name},
                                 Built(facts), inline)
    return engine.writing.joined([media, part, line])


def _name(f: dict[str, Any]) -> str:
    model = f.get("model")
    return str(model.get("name")) if isinstance(model, dict) else str(model)
