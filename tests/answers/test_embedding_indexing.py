"""Indexing on a processor uses the cores said and is weighed against an entry graphics card; of two embedding models,
the one that fits the card named beside a language model is the pick, never one that does not fit."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line


@pytest.mark.parametrize(("question", "lang", "cores"), [
    ("indicizzare 500 mila chunk con bge-m3 su un processore a 12 core, quanto ci vuole? meglio una gpu economica?",
     "it", 12),
    ("how long to embed 1M chunks with bge-m3 on a 24-core cpu, or should i get a cheap gpu?", "en", 24),
    ("wie lange braucht bge-m3 auf der cpu mit 16 kernen für 300k chunks?", "de", 16),
])
def test_cpu_indexing_uses_the_cores_said(engine: Engine, question: str, lang: str, cores: int) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts["cpu"]["cores"] == cores
    assert "cpu_cores" not in a.unused
    # prefill on a processor scales with its cores: the same model on the default 8 cores reads cores/8 as fast
    base = engine.ask("how fast is bge-m3 on a cpu?").facts
    assert a.facts["tokens_per_second"] == pytest.approx(base["tokens_per_second"] * cores / base["cpu"]["cores"],
                                                         rel=0.01)


@pytest.mark.parametrize(("question", "lang"), [
    ("indicizzare 500 mila chunk con bge-m3 su un processore a 12 core, quanto ci vuole? meglio una gpu economica?",
     "it"),
    ("para rag con 800 mil chunks, bge-m3 en cpu de 16 nucleos cuanto tarda? o una gpu barata?", "es"),
])
def test_cpu_indexing_is_weighed_against_an_entry_card(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    g = a.facts["cheap_gpu"]
    assert g["card"] == "GeForce RTX 3060 12 GB"
    assert g["total_seconds"] * 5 < a.facts["total_seconds"]  # a card reads many times faster than a processor
    assert "3060" in a.text


@pytest.mark.parametrize(("question", "lang", "pick"), [
    ("bge-m3 ou qwen3-embedding-8b sur une 3060 ti 8 go à côté du llm ?", "fr", "BGE-M3"),
    ("qwen3-embedding-8b ou bge-m3 numa rtx 4060 de 8gb junto com o llm?", "pt", "BGE-M3"),
])
def test_the_embedder_that_fits_beside_the_llm_is_the_pick(engine: Engine, question: str, lang: str,
                                                          pick: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    c = a.facts["choice"]
    assert c["pick"] == pick and c["why"] == "mediafits"
    assert c["left_gb"] == pytest.approx(8 - c["need_gb"], abs=0.1)  # what the card keeps for the language model


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("rag with bge-m3 on a 3060: what chunk size, and which vector db?", "en", ("num_ctx", "Chroma")),
    ("per un rag con open webui che dimensione dei chunk uso e quale database vettoriale?", "it", ("Qdrant", "8k")),
    ("quelle taille de chunks et quelle base vectorielle pour un rag local avec bge-m3 ?", "fr", ("pgvector",)),
    ("qdrant oder chroma für rag mit bge-m3 auf einer 4060?", "de", ("Chroma", "4 GB")),
])
def test_rag_sizing_and_the_vector_database_get_one_sourced_line(engine: Engine, question: str, lang: str,
                                                                words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, "rag_sizing", words)
    assert "openwebui.com" in line_source(a, "rag_sizing")


def test_chunks_counted_are_not_a_sizing_question(engine: Engine) -> None:
    a = engine.ask("how long to embed 2 million chunks with bge-m3 on a 4090?")
    assert "rag_sizing" not in knowhow_ids(a)
