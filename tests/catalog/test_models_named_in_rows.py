"""Models that public GGUF and prompt-processing rows name, added with their configs: what people type resolves to
them, and the weights of a named level come within 10% of the public file (Hugging Face lists sizes in GB,
10^9 bytes; the answer states GiB)."""

from __future__ import annotations

import pytest

from answers.engine import Engine

GIB_TO_GB = 1.073741824

# question, model the answer names, level, public file size in GB (its listing)
FILES = [
    # bartowski/Llama-3.1-Minitron-4B-Width-Base-GGUF (Hugging Face file list)
    ("Llama-3.1-Minitron-4B-Width-Base Q3_K_M, how much memory?", "Llama-3.1-Minitron-4B-Width", "Q3_K_M", 2.30),
    ("minitron 4b width iq4_xs, how big is the file", "Llama-3.1-Minitron-4B-Width", "IQ4_XS", 2.54),
]


def _weights_gb(facts: object) -> float | None:
    if isinstance(facts, dict):
        for k, v in facts.items():
            if k == "weights_gb" and isinstance(v, (int, float)):
                return float(v)
            got = _weights_gb(v)
            if got is not None:
                return got
    elif isinstance(facts, list):
        for v in facts:
            got = _weights_gb(v)
            if got is not None:
                return got
    return None


@pytest.mark.parametrize(("question", "model", "level", "file_gb"), FILES)
def test_weights_come_within_ten_percent_of_the_file(engine: Engine, question: str, model: str, level: str,
                                                      file_gb: float) -> None:
    a = engine.ask(question, locale="en")
    assert model in a.text and level in a.text, a.text
    got = _weights_gb(a.facts)
    assert got is not None, a.facts
    assert abs(got * GIB_TO_GB / file_gb - 1) <= 0.10, (got * GIB_TO_GB, file_gb)


@pytest.mark.parametrize(("locale", "question"), [
    ("it", "quanto veloce legge un prompt di 2000 token dots.llm1 su un ryzen ai max+ 395?"),
    ("es", "¿cuánta memoria necesita dots llm1 en Q4_K_M?"),
])
def test_the_moe_model_is_understood_in_other_languages(engine: Engine, locale: str, question: str) -> None:
    a = engine.ask(question, locale=locale)
    assert "dots.llm1" in a.text, a.text
