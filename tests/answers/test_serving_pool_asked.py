"""Serving questions answer the pool: two engines weighed for more people than the cache holds say how many
requests run at once beside the weights (and with an 8-bit cache), and "a server for N people, which GPUs, the
budget is limited" gets the serving box, never one person's cheapest card. Questions written for these tests."""

from __future__ import annotations

import pytest

GIB = 2**30
# Llama 3.3 70B: 70.6 B weights at one byte each (FP8); 80 layers × 8 KV heads × 128 × 2 (K, V) × 2 bytes a token
WEIGHTS_GIB = 70.6e9 / GIB
CACHE_4K_GIB = 80 * 8 * 128 * 2 * 2 * 4096 / GIB  # 1.25 GiB a person at 4,096 tokens


@pytest.mark.parametrize(("question", "lang"), [
    ("vllm or sglang on one h100 80gb for 12 people with llama 3.3 70b fp8? how many requests in parallel?", "en"),
    ("vllm oder sglang auf einer h100 80gb für 12 leute mit llama 3.3 70b in fp8, wie viele anfragen parallel?", "de"),
])
def test_two_engines_for_more_people_than_fit_say_the_pool(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert "engine_versus" in a.facts
    row = a.facts["row"]
    most = row["max_users_memory"]
    # what is left of 80 GB beside 65.8 GiB of weights holds at most 11 caches of 1.25 GiB: never all 12
    assert 0 < most <= int((80 - WEIGHTS_GIB) / CACHE_4K_GIB) < 12
    assert row["users_fit"] is False
    eight = a.facts["pool"]["eight_bit"]["max_users_memory"]
    assert eight >= 2 * most - 1  # an 8-bit cache takes about half the room
    assert f" {most} " in a.text.replace("\u202f", " ") and "fp8" in a.text
    # each engine's line gives the memory the figure for 12 people needs, never one request's below the weights
    for side in a.facts["engine_versus"]["sides"]:
        assert side["users_need_gb"] >= WEIGHTS_GIB + 12 * CACHE_4K_GIB


@pytest.mark.parametrize(("question", "lang"), [
    ("mi serve un server per 20 persone con mistral small 3.2, quali gpu? il budget non è infinito", "it"),
    ("necesitamos un servidor para 25 personas con qwen3 14b, qué gpus compramos? presupuesto ajustado, lo más barato",
     "es"),
])
def test_a_server_for_several_people_is_sized_not_the_cheapest_card(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "users"
    assert a.facts.get("needed"), "the serving box: the fewest of each usual serving card"
    assert a.facts.get("lead") != "cheapest"
    for n in a.facts["needed"]:
        assert n["row"]["users_at_reading_speed"] >= a.facts["row"]["users"] if a.facts.get("row") else True


def test_a_tighter_budget_gets_the_four_bit_box(engine) -> None:
    """Mistral Small 3.2 (24 B) for 20 people: 8-bit weights (about 22 GiB) and 20 caches of 0.625 GiB (40 layers ×
    8 KV heads × 128 × 2 × 2 bytes × 4,096) do not fit one 32 GB card; 4-bit weights (about 13 GiB) do."""
    a = engine.ask("server for a law office, 20 people, mistral small 3.2, how many gpus? budget is limited",
                   locale="en")
    four = a.facts["needed_four_bit"]
    assert four["count"] == 1 and four["card"] == "GeForce RTX 5090"
    assert four["row"]["users_need_gb"] <= 32
    assert next(n["count"] for n in a.facts["needed"] if n["card"] == "GeForce RTX 5090") >= 2
    assert "4-bit" in a.text


@pytest.mark.parametrize(("question", "lang", "budget"), [
    ("call centre, 100 people at once on llama 3.3 70b with vllm, which gpus? budget about 30000 dollars", "en", 30000),
    ("callcenter mit 100 gleichzeitigen nutzern, llama 3.3 70b mit vllm, welche gpus? budget etwa 30.000 $", "de",
     30000),
])
def test_a_budget_beside_a_serving_box_prices_each_box(engine, question: str, lang: str, budget: int) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "users"
    priced = a.facts["needed_prices"]
    assert priced["budget"]["usd"] == pytest.approx(budget)
    needed = {n["label"]: n for n in a.facts["needed"]}
    for o in priced["options"]:
        n = needed[o["label"]]
        if o["usd"] is not None:
            assert o["usd"] % n["count"] == 0 or o["usd"] / n["count"] > 0  # count × one card's launch price
            assert o["within"] is (o["usd"] <= budget)
    five = next(o for o in priced["options"] if "RTX 5090" in o["label"])
    assert five["usd"] == 1999 * needed[five["label"]]["count"]  # NVIDIA's launch price, $1,999 a card


@pytest.mark.parametrize(("question", "lang", "verdict"), [
    ("vllm with qwen3 8b for 30 students at once on one rtx 4090: enough? tok/s each?", "en", "8-bit cache:"),
    ("vllm mit qwen3 8b für 30 studenten gleichzeitig auf einer rtx 4090, reicht das?", "de", "8-Bit-Cache:"),
])
def test_no_second_card_when_an_8_bit_cache_lets_everyone_in(engine, question: str, lang: str, verdict: str) -> None:
    """Qwen3 8B: 36 layers × 8 KV heads × 128 × 2 × 2 bytes = 144 KiB a token, 0.56 GiB a person at 4,096 tokens;
    30 of them at f16 (16.9 GiB) do not fit beside the weights on 24 GB, at q8_0 (9 GiB) they do."""
    a = engine.ask(question, locale=lang)
    assert a.intent == "users"
    assert a.facts["pool"]["eight_bit"]["fits"] is True
    assert "2×" not in a.text and "2x" not in a.text
    assert verdict in a.text.split("\n")[0]  # the verdict first: one card is enough with an 8-bit cache
