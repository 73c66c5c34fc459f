"""Facts for retrieval set-ups: an embedder and a reranker loaded together, and the curated pairs
(catalog/data/media/embedding.json `pairs`) with their memory beside a language model on a card.

The memory of each encoder is estimator/embedding.py's (16-bit, or Q8_0's 8.5 bits, plus its runtime
buffers); the language model beside them is sized from its parameters at Q4_K_M with a 4,096-token cache
(estimator/memory.py), the level and context most local set-ups run. One verdict rule: the sum within the
memory said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from estimator.embedding import embedding_memory
from estimator.memory import RUNTIME_ALLOWANCE_GB, size_cache_gb, weights_gb
from estimator.quants import BY_NAME

if TYPE_CHECKING:
    from catalog.media import MediaRecord

Q8_BITS = 8.5  # Q8_0: 8 bits per weight and a 16-bit scale per block of 32
LLM_LEVEL = "Q4_K_M"


def _sizes(record: MediaRecord) -> dict[str, Any]:
    enc = record.encoder
    assert enc is not None
    return {"name": record.name, "role": record.role, "params_b": enc.params_b,
            "need_gb": round(embedding_memory(enc.params_b).need_gb, 2),
            "q8_gb": round(embedding_memory(enc.params_b, Q8_BITS).need_gb, 2), "max_tokens": record.max_tokens}


def llm_need_gb(params_b: float) -> float:
    """A language model of that size at Q4_K_M with a 4,096-token cache and the runtime's allowance."""
    return weights_gb(params_b, BY_NAME[LLM_LEVEL].bpw) + RUNTIME_ALLOWANCE_GB + size_cache_gb(params_b)


def _fit(total: float, memory_gb: float | None) -> bool | None:
    return None if memory_gb is None else total <= memory_gb


def together(first: MediaRecord, second: MediaRecord, memory_gb: float | None) -> dict[str, Any]:
    """An embedder and a reranker loaded at once: each one's memory, the sum, and whether it fits."""
    a, b = _sizes(first), _sizes(second)
    need, q8 = round(a["need_gb"] + b["need_gb"], 2), round(a["q8_gb"] + b["q8_gb"], 2)
    return {"models": [a, b], "need_gb": need, "q8_gb": q8, "memory_gb": memory_gb,
            "fits": _fit(need, memory_gb), "fits_q8": _fit(q8, memory_gb)}


def pairs(records: dict[str, MediaRecord], memory_gb: float | None, llm_b: float | None) -> dict[str, Any]:
    """The curated pairs, each with its sum at 16-bit and Q8_0, next to a language model of `llm_b` billion
    parameters when one is said, and whether the whole fits in `memory_gb`."""
    # lazy: the curated pairs only for a question about retrieval set-ups
    from catalog.media import rag_pairs

    llm = round(llm_need_gb(llm_b), 2) if llm_b else 0.0
    rows = []
    for pair in rag_pairs():
        both = together(records[pair.embedder], records[pair.reranker], None)
        level = "16" if _fit(both["need_gb"] + llm, memory_gb) is not False else "Q8_0"
        total = round((both["need_gb"] if level == "16" else both["q8_gb"]) + llm, 2)
        rows.append({**both, "level": level, "total_gb": total, "fits": _fit(total, memory_gb),
                     "source": pair.source})
    return {"media": "embedding", "mode": "pairs", "pairs": rows, "memory_gb": memory_gb, "llm_b": llm_b,
            "llm_gb": llm if llm_b else None, "llm_level": LLM_LEVEL if llm_b else None}
