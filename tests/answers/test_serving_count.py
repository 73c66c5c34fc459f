"""Issue 30 item 4: many people served at once are rated with vLLM's continuous batching when no engine or GGUF
level is said, and "how many H100 or RTX PRO 6000 for N people at X tok/s each" gets the count asked for every card
named. Every phrasing is written for this test."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "users", "target"), [
    ("we'll host mistral small 3.2 for 40 staff, how many l40s for 15 tok/s per user?", "en", 40, 15),
    ("wie viele h100 für 80 nutzer mit llama 3.3 70b, 20 tok/s pro nutzer?", "de", 80, 20),
    ("combien de l40s pour 30 personnes sur qwen3 32b à 25 tok/s par personne ?", "fr", 30, 25),
    ("cuántas a100 80gb para 60 usuarios con gemma 3 27b a 20 tok/s por usuario?", "es", 60, 20),
    ("quante h100 per 100 utenti con qwen3 32b a 20 tok/s per utente?", "it", 100, 20),
    ("quantas l40s para 30 pessoas com qwen3 14b a 30 tok/s por pessoa?", "pt", 30, 30),
])
def test_the_count_asked_is_given_with_vllm(engine: Engine, question: str, lang: str, users: int,
                                            target: int) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "users" and a.asked["users"] == users and a.asked["target_tok_s"] == target
    assert a.facts["engine"] == "vllm" and a.facts["server_engine"]["users"] == users
    (n,) = a.facts["needed_named"]
    # the count is the fewest that give everyone the speed asked: one fewer does not
    assert n["row"]["users_at_target"] >= users and n["row"]["per_user_tok_s"] >= target
    assert n["count"] == 1 or n["count"] >= 2
    assert (n["label"] if n["count"] > 1 else n["card"]) in a.text


def test_two_cards_named_each_get_their_count(engine: Engine) -> None:
    a = engine.ask("for 50 people on gemma 3 27b, how many h100 or l40s at 20 tok/s per user?")
    names = [n["card"] for n in a.facts["needed_named"]]
    assert len(names) == 2 and any(x.startswith("H100") for x in names) and any(x.startswith("L40S") for x in names)
    # the faster card never needs more of itself than the slower one
    by = {n["card"][:4]: n["count"] for n in a.facts["needed_named"]}
    assert by["H100"] <= by["L40S"]


def test_few_people_or_a_gguf_level_keep_llamacpp(engine: Engine) -> None:
    few = engine.ask("can a 4090 serve qwen3 14b to 4 people?")
    gguf = engine.ask("can a 4090 serve qwen3 14b at q4_k_m to 20 people?")
    assert "server_engine" not in few.facts and few.facts["engine"] == "llama.cpp"
    assert "server_engine" not in gguf.facts and gguf.facts["engine"] == "llama.cpp"


def test_many_people_get_more_total_speed_with_vllm_than_llamacpp(engine: Engine) -> None:
    """Continuous batching is why: the total the same card serves 30 people at is higher under vLLM."""
    served = engine.ask("qwen3 14b for 30 people on an rtx 6000 ada, how fast each?")
    named = engine.ask("qwen3 14b for 30 people on an rtx 6000 ada with llama.cpp, how fast each?")
    assert served.facts["engine"] == "vllm" and named.facts["engine"] == "llama.cpp"
    assert served.facts["row"]["total_tok_s"] > named.facts["row"]["total_tok_s"]


def test_an_eight_bit_cache_count_is_said_when_it_needs_fewer_cards(engine: Engine) -> None:
    """The f16 caches of 60 people need a second H100; in 8 bits they fit one: both counts are said."""
    a = engine.ask("how many h100 to serve qwen3 32b to 60 people at 25 tok/s per person?")
    (n,) = a.facts["needed_named"]
    assert n["count"] >= 2 and n["eight_bit"]["count"] < n["count"]
    assert n["eight_bit"]["row"]["per_user_tok_s"] >= 25 and "--kv-cache-dtype fp8" in a.text
