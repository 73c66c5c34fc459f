"""Chat answers about reading a prompt and serving several people (answers/facts/serving.py): the facts
carry the row they rate with its prefill / several-users keys, in every language, and the figures agree
with the command line's (one estimator)."""

from __future__ import annotations

import pytest

QUESTIONS = {
    "en": ("how long for a 32k prompt on a 3090 with llama 3.1 8b",
           "how many people can my 4090 serve with llama 3 8b"),
    "it": ("quanto tempo per un prompt di 32k token con llama 3.1 8b su una 3090",
           "quanti utenti può servire una 4090 con llama 3 8b"),
    "fr": ("combien de temps pour un prompt de 32k avec llama 3.1 8b sur une 3090",
           "combien d'utilisateurs peut servir ma 4090 avec llama 3 8b"),
    "de": ("wie lange braucht ein 32k prompt auf einer 3090 mit llama 3.1 8b",
           "wie viele nutzer schafft eine 4090 mit llama 3 8b"),
    "es": ("cuanto tarda un prompt de 32k con llama 3.1 8b en una 3090",
           "cuantos usuarios puede atender mi 4090 con llama 3 8b"),
    "pt": ("quanto tempo leva um prompt de 32k com llama 3.1 8b numa 3090",
           "quantos usuários a minha 4090 atende com llama 3 8b"),
}


@pytest.mark.parametrize("lang", sorted(QUESTIONS))
def test_prompt_question_rates_the_prefill(engine, lang: str) -> None:
    a = engine.ask(QUESTIONS[lang][0])
    assert a.intent == "prefill" and a.locale == lang
    row = a.facts["row"]
    assert a.facts["prompt_tokens"] == 32768 and a.facts["context"] >= 32768
    # Thousands of tokens per second, so seconds — not the minutes the decode speed would imply.
    assert 1000 < row["prefill_tok_s"] and 5 < row["ttft_s"] < 60
    assert row["ttft_s_low"] < row["ttft_s"] < row["ttft_s_high"]


@pytest.mark.parametrize("lang", sorted(QUESTIONS))
def test_how_many_people(engine, lang: str) -> None:
    a = engine.ask(QUESTIONS[lang][1])
    assert a.intent == "users" and a.locale == lang
    row = a.facts["row"]
    assert not a.facts["users_said"] and row["users"] == row["users_at_reading_speed"] >= 2
    assert row["per_user_tok_s"] >= 10 and row["total_tok_s"] > row["tok_s"]


def test_no_model_named_gets_a_stand_in(engine) -> None:
    a = engine.ask("vllm 4 users 3090")
    assert a.intent == "users" and a.facts["model_stand_in"] and a.facts["row"]["users"] == 4
    assert a.facts["row"]["per_user_tok_s"] < a.facts["row"]["tok_s"]


def test_slash_command_prompt_option(engine) -> None:
    a = engine.command("prefill", "en", model="Llama 3.1 8B", card="RTX 3090", prompt_tokens=8192)
    b = engine.ask("how long for an 8k prompt on a 3090 with llama 3.1 8b")
    assert a.facts["row"]["ttft_s"] == pytest.approx(b.facts["row"]["ttft_s"])
