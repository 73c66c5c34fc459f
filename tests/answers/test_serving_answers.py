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


# --------------------------------------------------------------------------- fresh questions, read right
def test_pp512_is_a_512_token_prompt(engine) -> None:
    """llama-bench's "pp512" names a 512-token prompt (it was answered for 4,096 tokens)."""
    a = engine.ask("pp512 for llama 3.1 8b q4 on a 3060")
    assert a.intent == "prefill" and a.facts["prompt_tokens"] == 512 and a.facts["row"]["quant"] == "Q4_K_M"


def test_a_context_said_is_the_prompt_and_no_request_for_its_length(engine) -> None:
    a = engine.ask("ttft for 8k context on m3 max llama 3.1 8b")
    assert a.intent == "prefill" and a.facts["prompt_tokens"] == 8192
    assert "Give the prompt's length" not in a.text
    assert all(not line.rstrip().endswith(".Figures") and "figure.Figures" not in line for line in a.text.splitlines())


@pytest.mark.parametrize("question", [
    "how fast does a 7900 xtx read prompts with mistral small",
    "how long does a 3090 take to process a long prompt with qwen2.5 14b",
])
def test_reading_a_prompt_in_other_words_is_prefill(engine, question: str) -> None:
    assert engine.ask(question).intent == "prefill"


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_several_users_are_served_at_the_level_can_it_run_recommends(engine, profile: str) -> None:
    """Llama 3.3 70B on two A6000s: Q8_0 fits but crawls for one person; the users answer is at the level the
    verdict recommends (it served one person at Q8_0, "with 1 people at once")."""
    from answers.api import AskOptions

    o = AskOptions(profile=profile)
    users = engine.ask("how many concurrent users on 2x a6000 with llama 3.3 70b", options=o)
    one = engine.ask("can 2x a6000 run llama 3.3 70b", options=o)
    assert users.facts["row"]["quant"] == one.facts["verdict"]["recommended"]["quant"]
    assert users.facts["row"]["users_at_reading_speed"] >= 2 and "1 people" not in users.text


def test_one_person_is_said_in_the_singular(engine) -> None:
    """Qwen3 32B at Q5_K_M fills a 3090 (weights and one cache about 23 GB of 24): room for one person's cache
    only. (Qwen2.5 32B was the example until its file was sized tensor by tensor: about 1 GB smaller.)"""
    from answers.api import AskOptions

    a = engine.ask("how many users can an rtx 3090 serve with qwen3 32b", options=AskOptions(profile="measured"))
    assert a.facts["row"]["users"] == 1 and a.facts["row"]["quant"] == "Q5_K_M"
    assert "for one person" in a.text and "1 people" not in a.text


def test_a_processor_named_beside_no_gpu_is_not_a_graphics_card(engine) -> None:
    """"5600x … no gpu": a Ryzen 5 5600X, never the Radeon RX 5600 XT its digits resemble."""
    a = engine.ask("qwen3 30b a3b on a 5600x with 64gb ram, no gpu")
    assert a.entities.get("cpu_only") and a.facts.get("cpu_named") == "5600x" and "card" not in a.entities
    b = engine.ask("ryzen 5 5600x and rx 6600 for llama 3.1 8b")
    assert b.entities.get("card") == "Radeon RX 6600"


@pytest.mark.parametrize("question", ["wie viele tokens pro sekunde schafft qwen3 8b nur auf der cpu mit ddr5 6000?",
                                      "qwen3 8b cpu only ddr5 6000 speed"])
def test_a_ram_speed_is_never_a_card(engine, question: str) -> None:
    """"ddr5 6000" is DDR5-6000 (2 × 8 bytes × 6,000 MT/s = 96 GB/s on two channels), never a Quadro RTX 6000."""
    a = engine.ask(question)
    assert a.entities.get("cpu_only") and "card" not in a.entities
    assert a.facts["cpu"]["ram_mts"] == 6000 and a.facts["cpu"]["ram_type"] == "DDR5"
