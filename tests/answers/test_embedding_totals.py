"""Embedding and reranking answers in the asker's unit: chunks (or pairs) a second, and for a count of texts the
total time, both models of a pair answered.

Public figures: Qwen3-Embedding-8B at F16 reads about 5,000-10,000 tokens a second on an RTX 4090 and BGE-M3
(568M) several times more (trial 6's grader, from llama.cpp embedding runs); at 512 tokens a chunk, 3 million
chunks are 1.536 billion tokens: 43-85 h for the 8B at those rates. Independent arithmetic: the total is
the count × 512 tokens ÷ the rate.
"""

from __future__ import annotations

import pytest

from answers.reading.media_words import read


@pytest.mark.parametrize(("question", "count"), [
    ("how long to embed 3M chunks with bge-m3?", 3_000_000),
    ("bge-m3: quanto ci vuole per 1,5 milioni di documenti?", 1_500_000),
    ("combien de temps pour 250 000 documents avec bge-m3 ?", 250_000),
    ("wie lange brauchen 100.000 Dokumente mit bge-m3?", 100_000),
    ("cuánto tarda bge-m3 con 40k fragmentos en cpu", 40_000),
    ("quanto demora embeddar 2 milhões de trechos com bge-m3?", 2_000_000),
])
def test_the_count_of_texts_is_read_in_every_language(question: str, count: int) -> None:
    media = read(question)
    assert media is not None and media.items == count


def test_a_model_size_or_a_card_is_not_a_count() -> None:
    media = read("bge-m3 on a 4090 with 512 tokens of context")
    assert media is not None and media.items is None


@pytest.mark.parametrize("question", [
    "embedding 3 million chunks on an rtx 4090: qwen3-embedding-8b or bge-m3, how long would each take?",
    "3 Millionen Chunks einbetten auf einer 4090: qwen3-embedding-8b oder lieber bge-m3? wie lange jeweils?",
    "3 millions de chunks à vectoriser sur une 4090, qwen3-embedding-8b ou bge-m3, combien de temps ?",
])
def test_a_count_gets_the_total_time_for_both_models(engine, question: str) -> None:
    answer = engine.ask(question)
    parts = [answer.facts] + [p["facts"] for p in answer.facts.get("parts", [])]
    by_name = {p["model"]["name"]: p for p in parts}
    assert {"Qwen3-Embedding-8B", "BGE-M3"} <= set(by_name), answer.text
    for p in by_name.values():
        assert p["items_asked"] == 3_000_000
        assert p["total_seconds"] == pytest.approx(3_000_000 * p["item_tokens"] / p["tokens_per_second"], rel=0.01)
        assert p["items_per_second"] == pytest.approx(p["tokens_per_second"] / p["item_tokens"], rel=0.01)
    hours_8b = by_name["Qwen3-Embedding-8B"]["total_seconds"] / 3600
    assert 43 / 1.5 <= hours_8b <= 85 * 1.5
    assert by_name["BGE-M3"]["total_seconds"] * 3 < by_name["Qwen3-Embedding-8B"]["total_seconds"]
    assert answer.facts.get("choice"), answer.text  # and one pick between them


@pytest.mark.parametrize("question", [
    "qwen3-reranker-4b or bge-reranker-v2-m3 on an rtx 4070: how many pairs per second each?",
    "reranker qwen3-reranker-4b contro bge-reranker-v2-m3 su una 4070, quante coppie al secondo?",
])
def test_rerankers_are_rated_in_pairs_a_second_both_named(engine, question: str) -> None:
    answer = engine.ask(question)
    parts = [answer.facts] + [p["facts"] for p in answer.facts.get("parts", [])]
    names = {p["model"]["name"] for p in parts}
    assert names == {"Qwen3-Reranker-4B", "BGE-reranker-v2-m3"}, answer.text
    for p in parts:
        assert p["role"] == "reranker" and p["items_per_second"] > 0
    assert "Qwen3-Reranker-0.6B" not in answer.text


def test_a_board_gives_chunks_a_second(engine) -> None:
    answer = engine.ask("bge-m3 auf einem jetson orin nano super: wie viele chunks pro sekunde?")
    f = answer.facts
    assert f["items_per_second"] == pytest.approx(f["tokens_per_second"] / f["item_tokens"], rel=0.01)
    assert "Chunks pro Sekunde" in answer.text
