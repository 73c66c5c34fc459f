"""A size that names one architecture released several times under names without a size ("deepseek 671b": V3,
R1 and their updates, all 671 B with 37 B active) is answered for the newest of them, the others named, instead
of a quiz: the figures are the same for each. A size that is not theirs is never taken for them."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize("question", [
    "deepseek 671b q4_k_m on cpu only with 512 gb of ddr5, tokens per second?",
    "deepseek 671b en q4_k_m solo con cpu y 512 gb de ddr5, ¿cuántos tokens por segundo?",
    "deepseek 671b in q4_k_m nur auf der cpu mit 512 gb ddr5, wie schnell?",
])
def test_one_architecture_is_answered_not_quizzed(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert a.intent != "ambiguous"
    model = a.facts["model"]
    assert model["name"].startswith("DeepSeek") and model["params_b"] == pytest.approx(671, rel=0.01)
    assert a.facts["cpu"]["pick"]["tok_s"] > 0


def test_a_size_that_is_not_theirs_is_not_taken_for_them(engine: Engine) -> None:
    a = engine.ask("deepseek 300b q4_k_m speed on cpu with 512 gb ram")
    model = a.facts.get("model") or {}
    assert model.get("params_b") != pytest.approx(671, rel=0.01)  # not one of the 671 B releases
