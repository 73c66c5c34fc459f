"""A speed asked for with a verb of reaching ("can it hit like 8 t/s", "packt der 30 t/s", "saca 25 t/s") is the
speed wanted; a speed the asker reports getting is not."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "speed"), [
    ("only 128gb ddr4, can qwen3 235b hit like 8 t/s?", 8.0),
    ("eine 4070, packt der gemma 3 12b 35 t/s?", 35.0),
    ("mi 3060 saca 40 t/s con qwen3 8b?", 40.0),
    ("une 3060 peut tenir 30 t/s avec llama 3.1 8b ?", 30.0),
    ("a 4060 bate 25 t/s com gemma 3 12b?", 25.0),
    ("avec une 4070, quel modèle tourne à 50 t/s ?", 50.0),
    ("con 64gb de ram y sin gpu, qué modelo me corre a 8 t/s?", 8.0),
    ("quale modello gira a 30 t/s su una 3060?", 30.0),
    ("ich will 25 tok/s mit gemma 3 27b, reicht eine 4090?", 25.0),
    ("vllm on an h100, how many people can qwen3 32b serve at 25 t/s each?", 25.0),
    ("quantos usuários a 5090 aguenta com qwen3 14b a 30 t/s cada um?", 30.0),
])
def test_a_speed_reached_for_is_wanted(engine, question: str, speed: float) -> None:
    assert engine.ask(question).asked.get("target_tok_s") == speed


def test_a_speed_got_is_not_wanted(engine) -> None:
    assert "target_tok_s" not in engine.ask("i get like 20 t/s with qwen3 32b on my 3090, is that normal?").asked


@pytest.mark.parametrize(("question", "tokens"), [
    ("qwen3 14b on a 4090, 4k prompt and 800 tokens out, how long in total?", 800),
])
def test_tokens_out_are_the_answers_length(engine, question: str, tokens: int) -> None:
    assert engine.ask(question).asked.get("output_tokens") == tokens


@pytest.mark.parametrize("question", [
    "mac mini m4 24gb, qué modelo para resumir textos? probé llama 3.1 8b y va a 22 t/s",
    "mac mini m4 da 24gb, quale modello per riassumere? ho provato llama 3.1 8b e va a 22 t/s",
])
def test_a_speed_the_model_goes_at_is_seen_not_wanted(engine, question: str) -> None:
    # "va a 22 t/s" (it goes at 22 t/s) reports what the asker measured; it is no speed to reach
    assert engine.ask(question).asked.get("target_tok_s") is None
