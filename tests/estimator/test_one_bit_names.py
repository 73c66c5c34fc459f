""""Q1", "IQ1": how people name the 1-bit files of the giant MoEs, which are Unsloth's dynamic UD-IQ1_S
(estimator/quants.py QUANT_ALIASES) — before, "the unsloth dynamic q1" got "unknown quantization level Q1"."""

from __future__ import annotations

import pytest

from estimator.quants import quant


@pytest.mark.parametrize("typed", ["q1", "Q1", "iq1", "IQ1"])
def test_one_bit_shorthands_are_the_dynamic_file(typed: str) -> None:
    assert quant(typed).name == "UD-IQ1_S"


def test_a_one_bit_question_is_answered_at_that_file(engine) -> None:
    a = engine.ask("kimi k2 en el q1 dinamico de unsloth con 256gb de ram y una 3090, es usable?", locale="es")
    assert a.intent != "invalid"
    assert a.facts["row"]["quant"] == "UD-IQ1_S" and a.facts["row"]["tok_s"] > 0
