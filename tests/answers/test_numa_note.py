"""Two sockets named: the CPU-only answer says what NUMA does to decoding in llama.cpp (the second socket adds
little) and how to run on one node; one socket gets no such note."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "word"), [
    ("dual xeon gold 6248 with 256gb ddr4, no gpu: how fast is qwen2.5 32b q4_k_m? will numa hurt?", "en", "NUMA"),
    ("server con 2x epyc 7302 e 512gb ddr4, senza gpu: llama 3.3 70b q4 quanto va?", "it", "NUMA"),
    ("zwei xeon e5-2680 v4 mit 128gb ddr4 ohne grafikkarte: wie schnell ist mistral small 24b?", "de", "NUMA"),
])
def test_two_sockets_get_the_numa_note(engine: Engine, question: str, lang: str, word: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts.get("cpu_only"), a.text
    assert a.facts["cpu"]["cpu_assumed"]["sockets"] == 2
    assert word in a.text and "numactl" in a.text, a.text


def test_one_socket_gets_none(engine: Engine) -> None:
    a = engine.ask("llama 3.3 70b q4_k_m cpu only on an epyc 9654 with 384gb ddr5, tok/s?", locale="en")
    assert a.facts.get("cpu_only"), a.text
    assert "numactl" not in a.text
