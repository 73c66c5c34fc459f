"""An embedder, a reranker and a language model named for one card: each model's memory and the total against
the card, and the time one question takes (the query embedded, the candidates reranked, the kept chunks read,
the answer written: estimator/rag_turn.py), with what was assumed said."""

from __future__ import annotations

import pytest

from estimator.rag_turn import RagConstants, rag_turn

C = RagConstants(query_tokens=30, chunk_tokens=512, reranked=20, kept=5, system_tokens=300, answer_tokens=250)


def test_a_question_is_the_sum_of_its_steps() -> None:
    t = rag_turn(10_000, 1.0, 5_000, 1.0, 2_000, 25, 6.0, 12.0, C)
    # 30/10,000 + 20 × 542/5,000 + (5 × 512 + 300)/2,000 + 250/25
    assert t.total_s == pytest.approx(0.003 + 2.168 + 1.43 + 10.0)
    assert t.memory_gb == pytest.approx(8.0) and t.fits
    assert not rag_turn(10_000, 1.0, None, 0.0, 2_000, 25, 12.0, 12.0, C).fits  # 13 GB in 12
    assert rag_turn(10_000, 1.0, None, 0.0, 2_000, 25, 6.0, 12.0, C).rerank_s is None


@pytest.mark.parametrize(("question", "lang"), [
    ("rag on my 4060 ti 16gb with bge-m3, bge-reranker-v2-m3 and qwen3 8b: total vram and seconds per question?",
     "en"),
    ("rag su una 4060 ti 16gb con bge-m3, bge-reranker-v2-m3 e qwen3 8b: quanta vram in tutto e quanto per "
     "domanda?", "it"),
    ("rag sur une 4060 ti 16 go avec bge-m3, bge-reranker-v2-m3 et qwen3 8b : vram totale et temps par question ?",
     "fr"),
    ("rag auf einer 4060 ti 16gb mit bge-m3, bge-reranker-v2-m3 und qwen3 8b – vram gesamt und zeit pro frage?",
     "de"),
])
def test_three_models_of_a_rag_set_up_are_summed_and_timed(engine, question, lang) -> None:
    a = engine.ask(question, locale=lang)
    facts = [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]
    rag = next(f for f in facts if f.get("media") == "ragturn")
    parts = (rag["embedder"], rag["reranker"], rag["llm"])
    assert rag["memory_gb"] == pytest.approx(sum(p["memory_gb"] for p in parts), abs=0.03)
    assert rag["fits"] is (rag["memory_gb"] <= rag["usable_gb"])
    steps = rag["embedder"]["seconds"] + rag["reranker"]["seconds"] + rag["llm"]["prompt_s"] + rag["llm"]["answer_s"]
    assert rag["seconds"] == pytest.approx(steps, abs=0.1)
    assert rag["llm"]["name"] == "Qwen3 8B" and rag["reranker"]["name"] == "BGE-reranker-v2-m3"
    assert 2 < rag["seconds"] < 60
    assert not a.unused
