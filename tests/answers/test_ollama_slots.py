"""Ollama serving many people: the figures with OLLAMA_NUM_PARALLEL slots (each with its own num_ctx), and the
verdict for people who mostly sit idle, also when the message weighs Ollama against vLLM."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("a telegram bot for 25 friends with llama 3.1 8b on ollama and a 3090: does OLLAMA_NUM_PARALLEL cope?", "en"),
    ("ein Chatbot für 25 Kollegen mit llama 3.1 8b über ollama auf einer 3090, reicht OLLAMA_NUM_PARALLEL?", "de"),
    ("un bot per 25 amici con llama 3.1 8b su ollama e una 3090: basta OLLAMA_NUM_PARALLEL o serve vllm?", "it"),
    ("un bot pour 25 collègues avec llama 3.1 8b sous ollama sur une 3090, ou faut-il vllm ?", "fr"),
    ("un bot para 25 amigos con llama 3.1 8b en ollama y una 3090, ¿o necesito vllm?", "es"),
    ("um bot pra 25 pessoas com llama 3.1 8b no ollama numa 3090, ou preciso de vllm?", "pt"),
])
def test_ollama_slots_are_counted(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.asked.get("users") == 25, a.asked
    slots = a.facts["ollama_slots"]
    assert [r["slots"] for r in slots["rows"]] == [4, 8]
    four, eight = slots["rows"]
    # batching: more slots share the card, each gets less, all together get more; every slot holds its own cache
    assert four["per_user_tok_s"] > eight["per_user_tok_s"] and four["total_tok_s"] < eight["total_tok_s"]
    assert eight["need_gb"] - four["need_gb"] == pytest.approx(4 * four["cache_gb_per_slot"], rel=1e-6)
    assert "OLLAMA_NUM_PARALLEL=4" in a.text and "OLLAMA_NUM_PARALLEL=8" in a.text
    assert "25" in a.text.split("OLLAMA_NUM_PARALLEL=8")[1], a.text  # the verdict for the 25 people


def test_no_slot_lines_without_ollama_or_for_few_people(engine: Engine) -> None:
    assert "ollama_slots" not in engine.ask("llama 3.1 8b for 25 users on a 3090 with vllm").facts
    assert "ollama_slots" not in engine.ask("llama 3.1 8b for 3 users on a 3090 with ollama").facts


@pytest.mark.parametrize("question", [
    "a discord server with 30 members: ollama on my 3090 or vllm?",
    "bot für 30 Nutzer, ollama auf einer 3090 oder lieber vllm?",
])
def test_ollama_or_vllm_for_people_on_a_card_gets_figures(engine: Engine, question: str) -> None:
    # no model named: the engines weighed with a usual model's figures, not only their descriptions
    a = engine.ask(question)
    assert a.intent == "users" and a.asked.get("users") == 30, (a.intent, a.asked)
    assert "engine_versus" in a.facts and "ollama_slots" in a.facts
