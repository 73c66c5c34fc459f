"""A processor said in passing ("roda em cpu?", "auf einer cpu") is the CPU the answer rates, in every language:
an embedder then gets its CPU speed, not a request to name a card. BGE-M3 has 568M parameters (its model card):
about 1.1 GB of weights at 16-bit, 1.7 GB with the runtime."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("o bge-m3 roda em cpu? quantos tokens por segundo", "pt"),
    ("bge-m3 auf einer cpu, wie schnell liest es?", "de"),
    ("bge-m3 sur un cpu, quelle vitesse ?", "fr"),
    ("¿bge-m3 en una cpu a qué velocidad indexa?", "es"),
])
def test_an_embedder_on_a_cpu_said_in_passing_gets_the_cpu_speed(engine, question, lang) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    assert answer.facts.get("where") == "cpu", answer.text
    assert "1,7" in answer.text.replace("1.7", "1,7"), answer.text  # BGE-M3's 1.7 GB of RAM at 16-bit
