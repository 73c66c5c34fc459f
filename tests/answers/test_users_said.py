"""How many people are served at once, as a message says it: a range's upper bound ("15-20"), the people said at
once rather than everyone who has access ("200 students, 25-30 at once"), and never a model's size range
("70-120b") read as people."""

from __future__ import annotations

import pytest

from answers.reading import conditions


@pytest.mark.parametrize(("question", "users"), [
    ("qwen3 32b para 5-10 usuarios en una 5090, alcanza?", 10),
    ("scuola con 200 studenti, 25-30 contemporaneamente: gemma 3 12b su quale gpu?", 30),
    ("Firma mit 120 Mitarbeitern, davon 10 bis 15 gleichzeitig: welche Karte für Qwen3 14B?", 15),
    ("a lab for 300 employees, maybe 30 to 40 concurrent users, qwen3 32b on what?", 40),
    ("curso com 60 alunos, uns 12-16 em simultâneo, qual gpu para llama 3.1 8b?", 16),
    ("une asso de 50 membres, 6 à 8 simultanés, mistral small sur quelle carte ?", 8),
])
def test_the_people_at_once_are_the_count_said(question: str, users: int) -> None:
    assert conditions.read(question).users == users


@pytest.mark.parametrize("question", [
    "mac studio or a pro 6000 for 70-120b models, just me and my partner",
    "je fais tourner des modèles 30-70b, quelle carte ?",
    "llama 8b and qwen 7b, 2 models in parallel on a 3090",
])
def test_a_size_range_or_models_at_once_count_no_one(question: str) -> None:
    assert conditions.read(question).users is None


def test_a_head_count_alone_is_still_the_people() -> None:
    assert conditions.read("vllm server for 12 users with qwen3 8b").users == 12
