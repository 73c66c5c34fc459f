"""A "No" at the level asked names what does run instead: the least compressed level that fits (with its need and
speed, RAM included on a setup, down to the 1-bit files of the largest models), and on a 16 GB Mac the raised GPU
share that makes a model run. Questions written for these tests."""

from __future__ import annotations

from estimator.quants import quant


def test_a_level_that_does_not_fit_gets_the_level_that_does(engine) -> None:
    a = engine.ask("qwen3 14b q8 on a 3060 12gb, does it fit?", locale="en")
    assert a.facts["row"]["quant"] is None
    got = a.facts["smaller_fit"]
    assert quant(got["quant"]).rank > quant("Q8_0").rank
    alone = engine.ask(f"can a 3060 12gb run qwen3 14b at {got['quant']}?", locale="en").facts
    assert alone["verdict"]["recommended"]["quant"] == got["quant"]  # the same figures as asking for that level
    assert alone["verdict"]["recommended"]["tok_s"] == got["tok_s"]
    assert f"`{got['quant']}`" in a.text and "ask again" not in a.text


def test_a_giant_moe_at_q2_gets_the_level_its_ram_can_take(engine) -> None:
    a = engine.ask("kimi k2 in q2 su una 4090 con 256gb di ddr5, quanto va?", locale="it")
    got = a.facts["smaller_fit"]
    assert got["fit"] == "offload" and quant(got["quant"]).rank > quant("Q2_K").rank
    assert got["offload_gb"] <= 256 and got["tok_s"] > 0
    assert "Un livello più compresso gira" in a.text and got["quant"] in a.text


def test_a_16_gb_mac_short_of_its_default_share_is_told_how_to_raise_it(engine) -> None:
    """16 GB, 4 GB left to macOS: 12 GiB for the GPU, `iogpu.wired_limit_mb=12288` (12 × 1024)."""
    a = engine.ask("gpt-oss 20b sur un macbook air m3 de 16 go, ça tourne ?", locale="fr")
    raised = a.facts["raise_wired_limit"]
    assert raised["wired_limit_mb"] == 12 * 1024 and raised["left_gb"] == 4
    assert raised["row"]["tok_s"] > 10
    assert "iogpu.wired_limit_mb=12288" in a.text
