"""Memory for models whose GGUF files the size model works out from their config shape (no file on record), asked in
six languages: a MoE with a shared expert, a tiny model with tied embeddings, a small MoE named with its maker.
Figures: the published listings (Hugging Face, GB of 10^9 bytes): RichardErkhov/Qwen_-_Qwen1.5-MoE-A2.7B-gguf,
unsloth/granite-4.0-350m-GGUF, QuantFactory/granite-3.0-1b-a400m-base-GGUF, second-state/glm-4-9b-chat-GGUF and
pacohub/granite-3b-code-bedrock-ti-gguf (a fine-tune of the same shape); within 10%."""

from __future__ import annotations

import pytest

from answers.engine import Engine

GIB = 2**30

CASES = [
    ("en", "Qwen1.5-MoE-A2.7B at Q4_0, how much memory?", "Q4_0", 8.15),
    ("it", "quanta memoria serve per qwen1.5 moe a2.7b in Q2_K?", "Q2_K", 5.89),
    ("de", "Wie viel Speicher braucht Granite 4.0 350M in Q4_K_M?", "Q4_K_M", 0.237),
    ("fr", "combien de mémoire pour granite-3.0-1b-a400m en Q4_K_M ?", "Q4_K_M", 0.822),
    ("es", "¿cuánta memoria necesita glm-4-9b-chat en Q8_0?", "Q8_0", 9.99),
    ("pt", "quanta memória precisa o granite-3b-code-instruct em Q8_0?", "Q8_0", 3.71),
]


@pytest.mark.parametrize(("lang", "question", "level", "file_gb"), CASES)
def test_a_file_sized_from_its_shape(engine: Engine, lang: str, question: str, level: str, file_gb: float) -> None:
    a = engine.ask(question, lang)
    found = next(lv for lv in a.facts["levels"] if lv["quant"] == level)
    assert found["weights_gb"] * GIB / 1e9 == pytest.approx(file_gb, rel=0.10), (lang, found)
