"""One question through a retrieval set-up on one card: the query embedded, the candidates reranked, the kept
chunks read into the language model's prompt, the answer written. The models stay loaded together, so their
memories add up against the card.

    time = query ÷ embedder tok/s + candidates × (chunk + query) ÷ reranker tok/s
           + prompt ÷ prefill tok/s + answer ÷ decode tok/s,    prompt = kept × chunk + system

Pure functions; the assumed question comes in as `RagConstants` (estimator/data/rag_turn.json, with sources).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct
from msgspec.structs import replace


class RagConstants(Struct, frozen=True):
    query_tokens: int
    chunk_tokens: int
    reranked: int
    kept: int
    system_tokens: int
    answer_tokens: int
    document_tokens: int = 5000  # a long document (a PDF) counted by the document: its tokens when none are said
    cheap_card: str = "GeForce RTX 3060 12 GB"  # the card a CPU indexing job is weighed against

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RagConstants:
        try:
            figures: dict[str, Any] = {k: int(data[k]["value"]) for k in (
                "query_tokens", "chunk_tokens", "reranked", "kept", "system_tokens", "answer_tokens",
                "document_tokens")}
            out = cls(**figures)
            cheap = data.get("cheap_card") or {}
            if cheap:
                if not str(cheap.get("value", "")).strip() or not str(cheap.get("source", "")).strip():
                    raise ValueError("cheap_card needs a value and a source")
                out = replace(out, cheap_card=str(cheap["value"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"rag constants: missing or malformed figure ({exc})") from exc
        if min(out.query_tokens, out.chunk_tokens, out.kept, out.system_tokens, out.answer_tokens,
               out.document_tokens) <= 0 \
                or out.reranked < out.kept:
            raise ValueError("rag constants: every figure is positive; the reranker scores at least the chunks kept")
        return out

    @property
    def prompt_tokens(self) -> int:
        return self.kept * self.chunk_tokens + self.system_tokens


class RagTurn(Struct, frozen=True):
    embed_s: float
    rerank_s: float | None  # None: no reranker in the set-up
    prompt_s: float
    answer_s: float
    total_s: float
    memory_gb: float
    fits: bool


def rag_turn(embed_tok_s: float, embed_gb: float, rerank_tok_s: float | None, rerank_gb: float, prefill_tok_s: float,
             decode_tok_s: float, llm_gb: float, usable_gb: float, c: RagConstants) -> RagTurn:
    if min(embed_tok_s, prefill_tok_s, decode_tok_s) <= 0 or (rerank_tok_s is not None and rerank_tok_s <= 0):
        raise ValueError("rag turn: speeds are positive")
    embed_s = c.query_tokens / embed_tok_s
    rerank_s = None if rerank_tok_s is None else c.reranked * (c.chunk_tokens + c.query_tokens) / rerank_tok_s
    prompt_s = c.prompt_tokens / prefill_tok_s
    answer_s = c.answer_tokens / decode_tok_s
    memory = embed_gb + rerank_gb + llm_gb
    return RagTurn(embed_s, rerank_s, prompt_s, answer_s, embed_s + (rerank_s or 0.0) + prompt_s + answer_s,
                   memory, memory <= usable_gb)
