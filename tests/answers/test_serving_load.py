"""Serving several people: a daily count is not people at once (Little's law, Poisson bursts), more people than
the cache pool holds are queued (and the answer says how many are in, at what speed, and what lets them all
in), and two setups weighed for N people are weighed at N. New phrasings, several languages."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answers.engine import Engine
from estimator.users import DailyLoad, at_once_from_daily

DAY = "users_per_day"
LOAD = DailyLoad(requests_per_person=5, busy_hour_share=0.25, request_seconds=30, percentile=0.99)


def _poisson_p99(mean: float) -> int:
    """Independent arithmetic: the smallest k whose Poisson cumulative probability reaches 0.99."""
    k, total = 0, 0.0
    while True:
        total += math.exp(-mean) * mean**k / math.factorial(k)
        if total >= 0.99:
            return k
        k += 1


def test_little_law_and_bursts() -> None:
    """300 people a day x 5 requests, a quarter in the busiest hour, 30 s each: 375 arrivals in that hour, so
    375 x 30 / 3600 = 3.125 in flight on average; the 99th percentile of Poisson(3.125) is 8."""
    got = at_once_from_daily(300, LOAD)
    assert got.busy_hour == pytest.approx(375)
    assert got.mean == pytest.approx(3.125)
    assert got.peak == _poisson_p99(3.125) == 8
    # a count of requests is not multiplied by requests per person
    assert at_once_from_daily(300, LOAD, requests=True).mean == pytest.approx(3.125 / 5)


@given(st.integers(1, 20000), st.integers(1, 20000))
def test_more_a_day_never_means_fewer_at_once(a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    small, big = at_once_from_daily(lo, LOAD), at_once_from_daily(hi, LOAD)
    assert 1 <= small.peak <= big.peak
    assert big.peak >= math.floor(big.mean)  # the burst is never below the mean


@pytest.mark.parametrize(("question", "lang", "key"), [
    ("chatbot interno per circa 300 utenti al giorno con qwen3 8b su una rtx 4090 e vllm, regge?", "it", DAY),
    ("on a 300 utilisateurs par jour pour un assistant, qwen3 8b sur une 4090 avec vllm, ça tient ?", "fr", DAY),
    ("Kundenservice-Bot, so 300 Kunden pro Tag, Qwen3 8B auf einer 4090 mit vLLM: schafft die das?", "de", DAY),
    ("unos 300 clientes al día en un bot de soporte, qwen3 8b con vllm en una 4090, da abasto?", "es", DAY),
    ("tenho uns 300 clientes por dia num chatbot, qwen3 8b no vllm com uma 4090, segura?", "pt", DAY),
    ("our helpdesk bot gets ~1500 requests a day, qwen3 8b on a 4090 with vllm, will that hold?", "en",
     "requests_per_day"),
])
def test_a_daily_count_is_answered_at_the_people_it_puts_at_once(engine: Engine, question: str, lang: str,
                                                                 key: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.intent == "users"
    assert "users" not in a.asked and a.asked[key] in (300, 1500)
    daily = a.facts["daily"]
    # 300 people x 5 = 1500 requests, or 1500 requests: the same 3.125 at once on average, 8 at the burst
    assert daily["mean_at_once"] == pytest.approx(3.125) and daily["at_once"] == 8
    assert a.facts["row"]["users"] == 8 and a.facts["row"]["per_user_tok_s"] > 10
    assert "300" in a.text or "1500" in a.text.replace(",", "").replace(".", "")
    assert not a.unused


def test_people_at_once_are_not_read_as_a_day(engine: Engine) -> None:
    a = engine.ask("qwen3 8b for 20 concurrent users on a 4090 with vllm, speed each?")
    assert a.asked.get("users") == 20 and "daily" not in a.facts and "users_per_day" not in a.asked


@pytest.mark.parametrize(("question", "lang"), [
    ("vllm, qwen3 32b awq, 2x rtx 4090, 40 utenti contemporanei: quanti token al secondo a testa?", "it"),
    ("40 Leute gleichzeitig auf 2x RTX 4090 mit vLLM und Qwen3 32B AWQ, wie viele tok/s pro Kopf?", "de"),
    ("2x rtx 4090 with vllm serving qwen3 32b awq to 40 people at once, tok/s each?", "en"),
])
def test_more_people_than_the_pool_holds_are_queued_with_figures(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "users"
    row, pool = a.facts["row"], a.facts["pool"]
    assert not row["users_fit"]
    # as many as the caches hold are in at once, the rest wait; their speed is given
    assert pool["at_once"] == row["max_users_memory"] >= 1 and pool["waiting"] == 40 - pool["at_once"]
    assert pool["per_user_tok_s"] > 0 and pool["total_tok_s"] == pytest.approx(
        pool["per_user_tok_s"] * pool["at_once"], rel=1e-6)
    # an 8-bit cache (about half of f16's bytes) holds about twice as many; half the context about twice too
    assert 1.7 <= pool["eight_bit"]["max_users_memory"] / pool["at_once"] <= 2.1
    assert pool["shorter"]["max_users_memory"] > pool["at_once"]
    assert f"{pool['at_once']}" in a.text and "fp8" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("pour 60 utilisateurs simultanés avec phi-4 sous vllm : une l40s ou deux rtx 4090 ?", "fr"),
    ("phi-4 für 60 gleichzeitige Nutzer mit vLLM: eine L40S oder 2x RTX 4090?", "de"),
    ("para 60 usuarios simultáneos con phi-4 en vllm, ¿una l40s o dos rtx 4090?", "es"),
])
def test_two_setups_for_n_people_are_weighed_at_n(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "compare"
    us = a.facts["users_sides"]
    assert us["users"] == 60 and len(us["sides"]) == 2
    for side in us["sides"]:
        assert side["served"] >= 1 and side["served_total_tok_s"] > side["served_per_user_tok_s"]
    pick = us["choice"]
    best = max(us["sides"], key=lambda x: (bool(x["users_fit"]), x["served_total_tok_s"]))
    assert pick["pick"] == best["label"]
    # the text leads with the pick at 60 people and says no other; `choice` stays the one-request pick (--json grows)
    assert a.facts["choice"] is not None
    assert len([line for line in a.text.splitlines() if "60" in line and pick["pick"] in line]) == 1
    assert not any(u.startswith("users") for u in a.unused)
