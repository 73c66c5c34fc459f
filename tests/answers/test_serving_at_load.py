"""Serving questions are sized at the number of people said: a TTFT-under-load or "which GPUs for a budget"
question with a head count gets the several-users answer (speed each and in all, or the box that serves them),
and a box for several people holds its weights at 8 bits at most when no level is said (FP8 in vLLM, Q8_0 in
llama.cpp), never 16-bit weights that leave the caches no room."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("ttft under load for 25 people hitting qwen3 14b fp8 on one l40s with vllm? total throughput?", "en"),
    ("ttft unter last bei 25 gleichzeitigen nutzern, qwen3 14b fp8 auf einer l40s mit vllm?", "de"),
    ("¿ttft con carga para 25 usuarios a la vez con qwen3 14b fp8 en una l40s con vllm?", "es"),
])
def test_a_prompt_time_under_load_is_the_several_users_answer(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "users", a.text
    row = a.facts["row"]
    assert row["users"] == 25
    assert row["total_tok_s"] > row["per_user_tok_s"] * 10  # batched: the total far above one stream's
    assert "users: 25" not in (a.unused or [])
    ttft = a.facts["ttft"]  # the TTFT asked: a newcomer's prompt at the card's prompt speed, said in the answer
    assert ttft["prompt"] == a.facts["context"]
    assert ttft["s"] == pytest.approx(ttft["prompt"] / ttft["prefill_tok_s"], rel=0.05)
    assert f"{ttft['s']:.1f}".replace(".", "," if lang != "en" else ".") in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("quais gpus para 60 usuários simultâneos com llama 3.3 70b no vllm? orçamento de 30 mil euros", "pt"),
    ("which gpus for 60 concurrent users on llama 3.3 70b with vllm, budget about 30k eur", "en"),
    ("quali gpu servono per 60 utenti contemporanei con llama 3.3 70b su vllm? budget 30 mila euro", "it"),
])
def test_a_budget_with_a_head_count_sizes_the_serving_box(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "users", a.text
    needed = a.facts["needed"]
    assert needed, a.text
    # 70B at FP8: about 70 GB of weights (one byte a weight), never 16-bit's 140 GB
    assert all(n["row"]["quant"] in ("FP8", "AWQ") for n in needed), needed


@pytest.mark.parametrize(("question", "lang", "level"), [
    ("vllm con qwen3 8b per 25 studenti insieme su una 4090, quanti tok/s a testa?", "it", "FP8"),
    ("vllm avec qwen3 8b pour 25 étudiants en même temps sur une 4090, combien de tok/s chacun ?", "fr", "FP8"),
    ("llama.cpp --parallel mit qwen3 8b für 25 studenten gleichzeitig auf einer 4090, wie viel tok/s pro kopf?",
     "de", "Q8_0"),
])
def test_several_people_are_served_at_eight_bits(engine: Engine, question: str, lang: str, level: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "users", a.text
    assert a.facts["row"]["quant"] == level  # before: BF16, the one-stream level, with room for 8 people's caches


def test_a_level_said_is_kept_for_several_people(engine: Engine) -> None:
    a = engine.ask("vllm with qwen3 8b in bf16 for 10 people at once on an rtx 6000 ada")
    assert a.intent == "users"
    assert a.facts["row"]["quant"] == "BF16"


@pytest.mark.parametrize(("question", "lang"), [
    ("a team of 12 developers on qwen3 coder 30b with vllm on an rtx pro 6000, tok/s each?", "en"),
    ("un team di 12 sviluppatori su qwen3 coder 30b con vllm su una rtx pro 6000, tok/s a testa?", "it"),
    ("ein team mit 12 entwicklern auf qwen3 coder 30b mit vllm auf einer rtx pro 6000, tok/s pro kopf?", "de"),
    ("un equipo de 12 desarrolladores con qwen3 coder 30b en vllm sobre una rtx pro 6000, ¿tok/s cada uno?", "es"),
])
def test_developers_are_people_served(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "users", a.text
    assert a.facts["row"]["users"] == 12


@pytest.mark.parametrize(("question", "lang"), [
    ("we are 8 devs on qwen3 coder 30b: is a single 4090 enough with vllm, or do we need 2 cards?", "en"),
    ("wir sind 8 entwickler mit qwen3 coder 30b: reicht eine einzige 4090 mit vllm oder brauchen wir 2 karten?", "de"),
    ("siamo 8 sviluppatori con qwen3 coder 30b: basta una sola 4090 con vllm o servono 2 schede?", "it"),
    ("somos 8 desarrolladores con qwen3 coder 30b: ¿alcanza con una sola 4090 en vllm o hacen falta 2 tarjetas?", "es"),
])
def test_one_card_or_two_for_a_team_is_weighed_on_the_one(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.asked["cards"] == [{"name": "GeForce RTX 4090", "count": 1}]  # the 2 cards are the alternative
    assert len(a.asked["models"]) == 1  # "devs" names no model (it once read as Devstral)
    assert a.intent == "users", a.text
    row = a.facts["row"]
    assert row["users"] == 8 and row["per_user_tok_s"] >= 10  # a 4-bit file on one card serves them
