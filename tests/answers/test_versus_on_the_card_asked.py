"""Two formats weighed on one card: when one runs on the card asked and the other needs more cards, the other
does not fit here; it is not a tie against two cards. Golden figures: a 32.8B model at FP8 is about 32.8e9
bytes (30.5 GiB) of weights alone, more than a 24 GB card holds; AWQ int4 is about a quarter of that plus
scales. Questions written for these tests."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen2.5 32b on a 4090 with vllm: awq or fp8?", "en"),
    ("qwen2.5 32b su una rtx 4090 con vllm, meglio awq o fp8?", "it"),
    ("qwen2.5 32b auf einer 4090 mit vllm: awq oder fp8?", "de"),
    ("qwen2.5 32b en una 4090 con vllm, ¿awq o fp8?", "es"),
])
def test_a_format_the_card_cannot_hold_is_no_tie(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    v = a.facts["engine_versus"]
    sides = {s["quant"]: s for s in v["sides"]}
    assert sides["AWQ"]["runs"] and sides["AWQ"]["card"] == "GeForce RTX 4090"
    assert not sides["FP8"]["runs"] and sides["FP8"]["reason"] == "fit"
    assert sides["FP8"]["need_gb"] > 30.5
    assert v["verdict"] == "only" and v["sides"][v["winner"]]["quant"] == "AWQ"
    assert "32.8" in a.text.replace(",", ".")
