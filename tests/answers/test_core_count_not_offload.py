"""A Mac or PC described with its processor's core count ("24-core CPU, 76-core GPU", "CPU a 16 core") asks about
that machine: the count describes it, it does not put the model on the processor. A prompt's time is answered
with the prompt figure, in every language; a CPU asked for as the place of the layers still is."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("how long would a Mac Studio M2 Ultra (24-core CPU, 60-core GPU) take to read a 6000 token prompt with "
     "Llama 3.3 70B Q4_K_M?", "en"),
    ("quanto ci mette un MacBook Pro M3 Max con CPU a 14 core e GPU a 30 core a leggere un prompt di 5000 token "
     "con Qwen3 14B?", "it"),
    ("Combien de temps pour lire un prompt de 7000 tokens avec Mistral Small 24B sur un MacBook Pro M4 Pro "
     "(CPU 14 cœurs, GPU 20 cœurs) ?", "fr"),
    ("Wie lange braucht ein Mac Studio M3 Ultra mit 28-Kern-CPU für einen Prompt von 12000 Tokens mit "
     "Qwen3 32B Q4_K_M?", "de"),
    ("Mac Studio M2 Max (CPU de 12 núcleos): ¿cuánto tarda en procesar un prompt de 3000 tokens con "
     "Gemma 3 27B?", "es"),
    ("Quanto tempo leva para processar um prompt de 6000 tokens com Gemma 3 12B num Mac mini M4 Pro "
     "(CPU de 14 núcleos)?", "pt"),
])
def test_a_machines_core_count_is_no_offload(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "prefill"
    assert a.facts["row"]["card"].startswith("Apple M")
    assert a.facts["row"]["prefill_tok_s"] > 0


@pytest.mark.parametrize("question", [
    "llama 3 70b on my rtx 3060, put the rest on my 16-core cpu, how fast?",
    "qwen3 32b su una rtx 4070 con il resto sulla cpu a 16 core, quanto va?",
])
def test_the_rest_on_the_processor_stays_an_offload(engine: Engine, question: str) -> None:
    assert engine.ask(question).intent == "offload"
