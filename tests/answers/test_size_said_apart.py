"""A model's family and its size said apart by a small word of the question's language ("qwen3 de 32b", "gemma 3
di 12b", "the 14b qwen3") name the family at that size, never the family's default size with the size dropped; an
"or" between them still names a second model, and a size the family lacks keeps the family as typed. Phrasings of
our own, six languages."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "model"), [
    ("how fast is the 14b qwen3 on my 3060?", "Qwen3 14B"),
    ("quanto va gemma 3 di 12b su una 4070?", "Gemma 3 12B"),
    ("llama 3.1 de 8b sur une 3060, combien de tokens par seconde ?", "Llama 3.1 8B"),
    ("wie schnell läuft qwen3 von 32b auf einer 4090?", "Qwen3 32B"),
    ("un qwen3 de 14b en mi 3060 va bien?", "Qwen3 14B"),
    ("o qwen3 de 32b roda numa 3090?", "Qwen3 32B"),
])
def test_the_family_at_the_size_said_apart(engine, question: str, model: str) -> None:
    asked = engine.ask(question).asked
    assert asked.get("models") == [model], asked


def test_a_size_the_family_lacks_is_not_forced_on_it(engine) -> None:
    """Qwen3 has no 70B: "qwen3 de 70b" never becomes another family's 70B."""
    models = engine.ask("qwen3 de 70b en una 3090?").asked.get("models", [])
    assert not any("70B" in m and "Qwen3" not in m for m in models), models


@pytest.mark.parametrize(("question", "models"), [
    ("qwen3 4b or 8b on a 3050, which one is usable?", ["Qwen3 4B", "Qwen3 8B"]),
    ("gemma 3 4b o 12b su una 3060?", ["Gemma 3 4B", "Gemma 3 12B"]),
    ("qwen3 14b oder 32b für meine 4090?", ["Qwen3 14B", "Qwen3 32B"]),
    ("llama 3.1 8b y 70b en una 4090, qué diferencia de velocidad?", ["Llama 3.1 8B", "Llama 3.1 70B"]),
    ("qwen3 8b ou 14b sur une 4060 ti 16 go ?", ["Qwen3 8B", "Qwen3 14B"]),
    ("gemma 3 12b ou 27b numa 3090?", ["Gemma 3 12B", "Gemma 3 27B"]),
])
def test_a_family_at_two_sizes_states_both_models(engine, question: str, models: list[str]) -> None:
    """The other size is answered in its own part; it is a model the question named, stated beside the first."""
    answer = engine.ask(question)
    assert answer.asked.get("models") == models, answer.asked
    assert not answer.unused, answer.unused
