"""'Q8 or Q4 on a card too small for both': every level shown gets its speed with part of it in system RAM
(expert offload for a mixture of experts), in every language, so the choice between levels has figures
rather than 'offloading works, slowly'."""

from __future__ import annotations

import pytest

from answers.engine import AskOptions


@pytest.mark.parametrize("question", [
    "can my 12gb 4070 super take qwen3 30b a3b at q8, or is q4 the only option?",
    "qwen3 30b a3b in q8 oder q4 auf meiner 4070 super mit 12 gb?",
    "qwen3 30b a3b q8 o q4 sulla mia 4070 super da 12 giga?",
    "qwen3 30b a3b en q8 ou q4 sur ma 4070 super 12 go ?",
    "qwen3 30b a3b q8 ou q4 na minha 4070 super de 12gb?",
])
def test_each_level_that_misses_the_card_gets_an_offload_speed(engine, question) -> None:
    a = engine.ask(question, options=AskOptions(profile="measured"))
    shown = a.facts["advice"]["asked"] or a.facts["advice"]["levels"]
    by_level = {r["quant"]: r for r in shown}
    assert {"Q8_0", "Q4_K_M"} <= set(by_level)
    q8, q4 = by_level["Q8_0"]["offload"], by_level["Q4_K_M"]["offload"]
    assert not by_level["Q8_0"]["fits"] and not by_level["Q4_K_M"]["fits"]
    # experts in RAM: both run, the smaller file faster (fewer bytes per token from RAM)
    assert q8["runs"] and q4["runs"] and q4["tok_s"] > q8["tok_s"] > 3
    assert "tok/s" in a.text and "--n-cpu-moe" in a.text


def test_a_level_list_that_fits_has_no_offload_figures(engine) -> None:
    a = engine.ask("which quant of qwen3 8b for a 24gb 3090?", options=AskOptions(profile="measured"))
    assert all(not r.get("offload") for r in a.facts["advice"]["levels"])
