"""What a model may take of the system RAM beside a card: a fifth is kept for the system on a small desktop,
but at most 8 GB + 5 % of the RAM (an OS's fixed part, buffers that grow with the RAM). Golden figures are
independent arithmetic: 64 GB keeps 8 + 3.2 = 11.2 GB, so 52.8 GB are free for the experts of gpt-oss-120b
(a ~59 GiB file less what fits on an 8 GB card, ~51 GB: people run it so with --n-cpu-moe at 10-25 tok/s);
512 GB keeps 8 + 25.6 = 33.6 GB, so 478.4 GB at most: a ~483 GB share is too tight. Questions written for
these tests."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("gpt-oss 120b, rtx 4060 8gb + 64gb ddr4, n-cpu-moe, how many tok/s?", "en"),
    ("gpt-oss-120b su una 4060 da 8gb con 64gb di ram ddr5 e --n-cpu-moe, quanti token al secondo?", "it"),
    ("gpt-oss-120b mit einer rtx 4060 8gb und 64gb ddr4, experten auf der cpu, wie viele tok/s?", "de"),
    ("gpt-oss-120b numa 4060 de 8gb com 64gb de ram, dá com --n-cpu-moe?", "pt"),
])
def test_a_big_moe_runs_with_its_experts_in_64_gb(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    row = a.facts["row"]
    assert row["fit"] == "offload", a.text
    assert row["offload_gb"] <= 64 - (8 + 0.05 * 64)
    assert 5 <= row["tok_s"] <= 30  # public reports: ~10-25 tok/s
    assert "96" not in a.text.split("\n")[0]


@pytest.mark.parametrize(("question", "lang"), [
    ("deepseek v4 pro with one 5090 and 512gb ddr5, experts on cpu: which quant?", "en"),
    ("deepseek v4 pro con una 5090 e 512gb di ddr5, esperti in ram: che quant prendo?", "it"),
    ("deepseek v4 pro avec une 5090 et 512 go de ddr5, experts sur le cpu : quel quant ?", "fr"),
])
def test_a_share_that_leaves_the_system_no_room_is_not_picked(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    levels = a.facts["advice"]["levels"]
    for lv in levels:
        offload = lv.get("offload") or {}
        in_ram = offload.get("offload_gb")
        if in_ram:
            assert in_ram <= 512 - (8 + 0.05 * 512) + 1e-6, lv
    picked = [lv for lv in levels if lv.get("offload")]
    assert picked and all(lv["quant"] != "IQ2_M" for lv in picked), a.text
