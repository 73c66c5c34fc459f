"""A model the catalog lacks whose name writes its active size ("Qwen3.5-35B-A3B", "80b-a4b") stands in as a
generic mixture of experts reading that many parameters per token, not a dense model of its total size (a
public MLX row of such a model came out ×0.06 when it was rated as dense)."""

from __future__ import annotations

import pytest


def _tok_s(answer) -> float:  # noqa: ANN001
    row = answer.facts.get("row") or {}
    return row.get("tok_s") or answer.facts["verdict"]["recommended"]["tok_s"]


@pytest.mark.parametrize(("moe", "dense", "lang", "active"), [
    ("Zeta-36B-A3B q4_k_m on a 4090, tok/s?", "Zeta-36B q4_k_m on a 4090, tok/s?", "en", 3),
    ("Quanto va Orbis-80B-A4B in q4_k_m su un Mac Studio M2 Ultra 192GB?",
     "Quanto va Orbis-80B in q4_k_m su un Mac Studio M2 Ultra 192GB?", "it", 4),
    ("Wie schnell läuft Kappa-30B-A3B in Q8_0 auf einer RTX PRO 6000?",
     "Wie schnell läuft Kappa-30B in Q8_0 auf einer RTX PRO 6000?", "de", 3),
])
def test_an_unknown_name_with_its_active_size_is_rated_as_a_mixture_of_experts(engine, moe, dense, lang,
                                                                                 active) -> None:
    a, b = engine.ask(moe, locale=lang), engine.ask(dense, locale=lang)
    assert a.facts["generic_model_active_b"] == active
    assert "generic_model_active_b" not in b.facts
    # bytes per token fall about total/active-fold; the fixed per-token time and the experts' share keep the
    # gain well under that, but a mixture of experts must be at least twice as fast as the dense model
    assert _tok_s(a) > 2 * _tok_s(b)
    assert a.facts["generic_model_b"] == b.facts["generic_model_b"]  # the memory is the total's either way
