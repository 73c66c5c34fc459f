"""Two models loaded at once on one card ("llama 3.1 8b and qwen3 8b at the same time on a 4090"): the
question is read in six languages as `can_run` with a second model and `together`; the answer adds up
both models' memory at one stated level, says whether that fits, each model's own speed, and about half
of it when both generate at once (they share the memory bandwidth). Both profiles.
"""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine
from answers.reading.parse import parse
from estimator.quants import quant
from tests.catalog.test_resolve import gpu_resolver, model_resolver

PROFILES = ("reference", "measured")


@pytest.fixture(scope="module")
def resolvers():
    return model_resolver(), gpu_resolver()


@pytest.mark.parametrize("q", [
    "can i run llama 3.1 8b and qwen3 8b at the same time on a 4090",
    "posso far girare llama 3.1 8b e qwen3 8b insieme su una 4090?",
    "puis-je faire tourner llama 3.1 8b et qwen3 8b en même temps sur une 4090",
    "kann ich llama 3.1 8b und qwen3 8b gleichzeitig auf einer 4090 laufen lassen",
    "¿puedo correr llama 3.1 8b y qwen3 8b a la vez en una 4090?",
    "consigo rodar llama 3.1 8b e qwen3 8b ao mesmo tempo numa 4090?",
])
def test_two_models_at_once_are_read_in_six_languages(resolvers, q):
    p = parse(q, *resolvers)
    assert p.intent == "can_run" and p.together  # the label stays can_run
    assert p.model == "Llama 3.1 8B" and p.model2 == "Qwen3 8B" and p.card == "GeForce RTX 4090"


def test_versus_stays_a_comparison(resolvers):
    p = parse("llama 3.1 8b vs qwen3 8b on a 4090", *resolvers)
    assert p.intent == "compare" and not p.together


@pytest.mark.parametrize("profile", PROFILES)
def test_both_need_the_sum_and_share_the_bandwidth(engine: Engine, profile):
    a = engine.ask("can i run llama 3.1 8b and qwen3 8b at the same time on a 4090",
                   options=AskOptions(profile=profile))
    assert a.intent == "can_run" and a.entities["together"] is True and a.entities["model2"] == "Qwen3 8B"
    t = a.facts["together"]
    m1, m2 = t["models"]
    assert t["need_gb"] == pytest.approx(m1["need_gb"] + m2["need_gb"])
    # Two 8B models at 8.5 bits a weight hold about 2 × 8 × 8.5 / 8 = 17 GB of weights: within a 24 GB card.
    assert t["fits"] and t["need_gb"] <= t["usable_gb"] <= 24
    assert m1["quant"] == m2["quant"] == t["quant"] and t["quant"] in a.text
    for m in (m1, m2):
        assert m["tok_s_both"] == pytest.approx(m["tok_s"] / 2)  # both generating: about half each
    assert a.text.startswith("**Yes**") and "half" in a.text and "one at a time" in a.text


@pytest.mark.parametrize("profile", PROFILES)
def test_generic_sizes_on_a_memory_size(engine: Engine, profile):
    a = engine.ask("run a 7b and a 14b together on 24gb", options=AskOptions(profile=profile))
    t = a.facts["together"]
    assert t["fits"] and t["memory_gb"] == 24
    # At Q6_K (6.56 bits) the weights are (7 + 14) × 6.56 / 8 ≈ 17.2 GB: that level fits whatever the profile.
    assert quant(t["quant"]).rank <= quant("Q6_K").rank and t["need_gb"] <= t["usable_gb"]
    if profile == "reference":
        # At Q8_0 (8.5 bits) the weights alone are (7 + 14) × 8.5 / 8 ≈ 22.3 GB, over the reference
        # profile's usable 90% of 24 GB (21.6 GB): the common level is Q6_K.
        assert t["usable_gb"] == pytest.approx(21.6) and t["quant"] == "Q6_K"
    assert [m["model"] for m in t["models"]] == ["a 7B model", "a 14B model"]
    assert t["models"][0]["tok_s"] > t["models"][1]["tok_s"]  # the smaller model is the faster


@pytest.mark.parametrize("profile", PROFILES)
def test_too_big_together_says_no_and_by_how_much(engine: Engine, profile):
    a = engine.ask("can i run llama 3.1 70b and qwen3 32b at the same time on a 4090",
                   options=AskOptions(profile=profile))
    t = a.facts["together"]
    # Llama 3.1 70B alone at ~4.25 bits (IQ4_XS) is about 70.6 × 4.25 / 8 ≈ 37.5 GB of weights: no 24 GB card holds it.
    assert not t["fits"] and t["short_gb"] == pytest.approx(t["need_gb"] - t["usable_gb"])
    assert quant(t["quant"]).rank >= quant("IQ4_XS").rank
    assert a.text.startswith("**No**")


@pytest.mark.parametrize("profile", PROFILES)
def test_in_german(engine: Engine, profile):
    a = engine.ask("kann ich llama 3.1 8b und qwen3 8b gleichzeitig auf einer 4090 laufen lassen",
                   options=AskOptions(profile=profile))
    assert a.locale == "de" and a.text.startswith("**Ja**") and "Hälfte" in a.text
