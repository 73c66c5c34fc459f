"""Indexing a count of long documents ("300k pdf"): the total time from an assumed length a document, said, never
the count read as a prompt. Phrasings written for these tests; the golden totals are worked by hand from the
answer's own rate (tokens ÷ tokens a second), the length from estimator/data/rag_turn.json."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "count"), [
    ("how long to embed 40k pdfs with bge-m3 on my ryzen 9 7950x?", "en", 40_000),
    ("quanto ci vuole a indicizzare 12.000 pdf con bge-m3 su una rtx 4060?", "it", 12_000),
    ("wie lange dauert es, 250k PDFs mit bge-m3 auf einer 3060 zu embedden?", "de", 250_000),
    ("cuánto tarda indexar 8000 pdfs con bge-m3 en una 4070?", "es", 8_000),
])
def test_a_count_of_pdfs_gets_the_total_indexing_time(engine: Engine, question: str, lang: str, count: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    f = a.facts
    assert f["items_asked"] == count and f["document_tokens"] == 5000
    assert "prompt_tokens" not in a.asked
    # count × 5,000 tokens ÷ the rate said
    assert f["total_seconds"] == pytest.approx(count * 5000 / f["tokens_per_second"], rel=0.01)
    assert f"{5000:,}".replace(",", "") in a.text.replace(",", "").replace(".", "").replace("\u202f", "") \
        .replace("\xa0", "").replace(" ", "")


def test_chunks_stay_one_chunk_each(engine: Engine) -> None:
    a = engine.ask("embedding 2 million chunks with bge-m3 on a 4090, how many hours?")
    assert a.facts["items_asked"] == 2_000_000 and "document_tokens" not in a.facts
    assert a.facts["total_seconds"] == pytest.approx(2e6 * 512 / a.facts["tokens_per_second"], rel=0.01)
