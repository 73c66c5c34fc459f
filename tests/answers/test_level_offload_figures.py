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


@pytest.mark.parametrize("question", [
    "kimi k2 ud-q2_k_xl on a 4090 plus an epyc 9654 with 12 channels of ddr5, prompt speed and tg at a 16k prompt?",
    "quanto ci mette deepseek v3.1 ud-q2_k_xl a leggere un prompt di 16k token sulla mia scheda 4090 insieme a un"
    " epyc 9654 con ddr5 a 12 canali?",
])
def test_a_card_beside_a_named_server_reads_a_long_prompt_with_experts_in_ram(engine, question) -> None:
    """The card alone cannot hold the model with the prompt: the answer gives prompt and decode speeds with
    the experts in the server's RAM (its 12 channels filled when no amount is said), not only 'cannot hold'."""
    a = engine.ask(question, options=AskOptions(profile="measured"))
    routes = _find(a.facts, "prompt_routes") or []
    offload = next(r for r in routes if r["way"] == "offload")
    assert offload["ram_gb"] == 12 * 32 and offload["moe"]
    row = offload["row"]
    assert row["prefill_tok_s"] > 10 and 3 < row["tok_s"] < 40


def _find(facts: object, key: str) -> object:
    """The first value under `key` anywhere in the facts (a side ask keeps its facts one level down)."""
    if isinstance(facts, dict):
        if key in facts:
            return facts[key]
        facts = list(facts.values())
    if isinstance(facts, list):
        for v in facts:
            found = _find(v, key)
            if found is not None:
                return found
    return None
