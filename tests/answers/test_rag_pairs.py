"""Retrieval set-ups: an embedder and a reranker asked about together get both sizes and their sum; "which
embedder + reranker fits beside a language model" names the curated pairs with the total and a fit verdict; a
count of documents to index is never also a prompt length. Own phrasings in several languages, none from a
trial; sums checked by independent arithmetic (16-bit weights = params × 2 bytes / 2^30, plus 0.6 GB buffers)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from catalog.media import media_models, rag_pairs

GIB = 2**30


def _need(params_b: float) -> float:
    return params_b * 1e9 * 2 / GIB + 0.6


@pytest.mark.parametrize(("question", "lang"), [
    ("wie viel vram für qwen3 embedding 4b, zusammen mit dem reranker 0.6b?", "de"),
    ("qwen3 embedding 0.6b con el 4b reranker, cuanta memoria en total?", "es"),
    ("qwen3 embedding 4b plus the reranker 4b, how much memory together", "en"),
])
def test_an_embedder_and_its_reranker_get_their_sum(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    t = a.facts["together"]
    names = [m["name"] for m in t["models"]]
    assert names[0].startswith("Qwen3-Embedding") and names[1].startswith("Qwen3-Reranker")
    sizes = {r.name: r.encoder.params_b for r in media_models() if r.encoder is not None}
    assert t["need_gb"] == pytest.approx(_need(sizes[names[0]]) + _need(sizes[names[1]]), abs=0.02)
    assert "choice" not in a.facts  # loaded together, not one or the other
    assert names[1] in a.text.splitlines()[-1]


def test_the_sum_is_held_to_the_card(engine: Engine) -> None:
    a = engine.ask("qwen3 embedding 8b and the 4b reranker on a 16gb card")
    t = a.facts["together"]
    assert t["memory_gb"] == 16 and t["fits"] is False and t["fits_q8"] is True


@pytest.mark.parametrize(("question", "lang", "memory", "llm"), [
    ("quel embedding et quel reranker pour du rag dans 10 go à côté d'un llm de 8b ?", "fr", 10, 8),
    ("embedder e reranker per rag su una scheda da 12gb insieme a un llm 14b", "it", 12, 14),
    ("which embedding and reranker fit in 6gb with a 3b llm for rag", "en", 6, 3),
])
def test_pairs_beside_a_language_model_with_a_verdict(engine: Engine, question: str, lang: str, memory: float,
                                                      llm: float) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts["mode"] == "pairs"
    assert a.facts["memory_gb"] == memory and a.facts["llm_b"] == llm
    rows = a.facts["pairs"]
    assert [(r["models"][0]["name"], r["models"][1]["name"]) for r in rows] == \
        [(p.embedder, p.reranker) for p in rag_pairs()]
    for r in rows:
        pair = r["need_gb"] if r["level"] == "16" else r["q8_gb"]
        assert r["total_gb"] == pytest.approx(pair + a.facts["llm_gb"], abs=0.02)
        assert r["fits"] is (r["total_gb"] <= memory)
        assert r["models"][0]["name"] in a.text
    # a Q4_K_M language model is at least its weights at 4.5 bits and at most at 6
    assert llm * 1e9 * 4.5 / 8 / GIB < a.facts["llm_gb"] < llm * 1e9 * 6 / 8 / GIB + 1.5


def test_a_pair_too_big_is_said_and_the_cpu_offered(engine: Engine) -> None:
    a = engine.ask("embedding + reranker for rag in 6gb next to a 8b llm")
    assert not any(r["fits"] for r in a.facts["pairs"]) and "CPU" in a.text


@pytest.mark.parametrize("question", [
    "bge-m3 on a cpu to embed 50k documents, how long?",
    "quanto ci mette bge-m3 su cpu per 200k documenti",
])
def test_a_count_of_documents_is_not_a_prompt(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.facts.get("items_asked") and "prompt_tokens" not in a.asked
    assert not a.unused
