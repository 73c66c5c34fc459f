"""Issue 30 item 3: the link between several cards, as people say it, is read, used in a tensor-parallel figure and
said back; a layer split does not pay for it. Every phrasing is written for this test; the expected bytes and
times are independent arithmetic (a token's BF16 activations through a ring all-reduce over the lanes said)."""

from __future__ import annotations

import math

import pytest

from answers.engine import Engine
from answers.knowledge.profiles import load_engine_constants
from answers.reading.link_words import read
from estimator.engine_speed import hidden_size, lane_seconds, layer_count, link_parts
from estimator.model import ModelSize


@pytest.mark.parametrize(("question", "link"), [
    ("two 4090s on a b650 board, pcie 4.0 x16 and x4, vllm tensor parallel?", "pcie4x4"),
    ("zwei 3090 auf pcie 3.0 x8/x8 slots, lohnt sich vllm?", "pcie3x8"),
    ("cinq 3060 sur des risers x1 de minage, ça marche ?", "pciex1"),
    ("due 3090 con nvlink per vllm", "nvlink"),
    ("dos 3090 sin nvlink, gen4, con vllm", "pcie4"),
    ("uma 3090 num egpu thunderbolt com uma 4090 interna", "pcie3x4"),
    ("2x 4090 for llama 70b", None),
    ("is an nvlink bridge worth buying for my two 3090s?", None),
])
def test_the_link_is_read_in_several_languages(question: str, link: str | None) -> None:
    assert read(question) == link


def test_lanes_cost_a_tensor_parallel_token_their_bytes() -> None:
    """8,192-wide activations (Llama 3 70B, 80 layers), BF16, two cards: each all-reduce moves 8,192 × 2 bytes
    through each link; on one PCIe 3.0 lane (0.985 GB/s) that is 16.6 µs, twice per layer."""
    c = load_engine_constants()
    size = ModelSize(params_b=70.6)
    h = hidden_size(c, size)
    assert 7_500 < h < 9_500  # the rule's width for a 70B (Llama 3 70B: 8,192)
    one = lane_seconds(c, "pciex1", size, 2)
    assert math.isclose(one, h * 2 / 0.985e9, rel_tol=1e-6)
    assert math.isclose(lane_seconds(c, "pcie4x16", size, 2), one * 0.985 / 1.969 / 16, rel_tol=1e-6)
    assert lane_seconds(c, "nvlink", size, 2) == 0 == lane_seconds(c, "pcie4", size, 2)
    assert lane_seconds(c, "x1", size, 1) == 0
    assert link_parts("pcie4x8") == ("pcie4", 8) and link_parts(None) == (None, None)
    assert 78 <= layer_count(c, size) <= 82  # the size rule (Llama 3 70B has 80)


def test_narrow_lanes_slow_tensor_parallelism_not_a_layer_split(engine: Engine) -> None:
    wide = engine.ask("2x rtx 3090 on pcie 4.0 x16 slots, vllm, llama 3.3 70b awq, how fast?")
    narrow = engine.ask("2x rtx 3090 on pcie 3.0 x1 risers, vllm, llama 3.3 70b awq, how fast?")
    assert wide.asked["link"] == "pcie4x16" and narrow.asked["link"] == "pcie3x1"
    assert narrow.facts["row"]["tok_s"] < wide.facts["row"]["tok_s"]
    lw = engine.ask("2x rtx 3090 on pcie 4.0 x16 slots, llama.cpp, llama 3.3 70b q4_k_m, how fast?")
    ln = engine.ask("2x rtx 3090 on pcie 3.0 x1 risers, llama.cpp, llama 3.3 70b q4_k_m, how fast?")
    assert lw.facts["row"]["tok_s"] == pytest.approx(ln.facts["row"]["tok_s"])


@pytest.mark.parametrize(("question", "word"), [
    ("2x 3090 auf einem x570 board, pcie 4.0 x8/x8, ohne nvlink: bringt vllm tensor parallel was?", "x8"),
    ("duas 3090 num slot x16 e outro x4, paralelismo de tensores no vllm compensa?", "x4"),
    ("deux 3090 sur risers x1, le parallélisme de tenseurs avec vllm vaut le coup ?", "x1"),
])
def test_tensor_parallelism_asked_without_a_model_gets_the_picks_figures_and_the_link(engine: Engine,
                                                                                      question: str, word: str) -> None:
    """No model named: the list's pick is weighed both ways, and the lanes said come back with their cost."""
    a = engine.ask(question)
    ways = a.facts["also"]["split_ways"]
    assert ways["pick"] and ways["tensor"]["tok_s"] > ways["layer"]["tok_s"]
    assert ways["link"]["lanes"] == int(word[1:])
    assert f"x{word[1:]}" in a.text and ways["pick"] in a.text


def test_layer_split_against_tp_by_its_setting_is_weighed(engine: Engine) -> None:
    a = engine.ask("4x 3090, sglang tp=4 or a layer split with llama.cpp for qwen2.5 72b awq, tok/s difference?")
    ways = a.facts["also"]["split_ways"]
    assert ways["cards"] == 4 and ways["layer"] is not None and ways["tensor_vs_layer"] > 1


def test_amd_workstation_cards_are_counted() -> None:
    from answers.reading.setup_words import read as cards
    assert cards("3 radeon ai pro r9700 per qwen3 235b").cards == [("radeon ai pro r9700", 3)]
    assert cards("2x radeon pro w7900 for llama").cards == [("radeon pro w7900", 2)]


@pytest.mark.parametrize(("question", "ts", "main"), [
    ("una 4090 y una 3090 con --tensor-split en llama.cpp, ¿cómo las reparto para un 70b?", [24, 24],
     "GeForce RTX 4090"),
    ("3060 12gb + 3090, comment je règle --tensor-split pour qwen 32b ?", [12, 24], "GeForce RTX 3090"),
    ("ho una 4060 ti 16gb e una 3090: come divido con -ts 1,1 un modello da 30b?", [16, 24], "GeForce RTX 3090"),
])
def test_how_to_split_gives_ts_by_free_memory_and_mg_on_the_fastest(engine: Engine, question: str, ts: list[int],
                                                                    main: str) -> None:
    """Two equal 24 GB cards get an even split (not a generic 24,16), unequal ones their memory in the order said;
    the main card is the one with the most bandwidth."""
    a = engine.ask(question)
    z = a.facts["also"]["tensor_split"]
    assert z["ts"] == ts and z["main"] == main and z["even"] == (len(set(ts)) == 1)
    assert f"-ts {','.join(map(str, ts))}" in a.text and f"-mg {z['mg']}" in a.text
    assert "24,16" not in a.text


@pytest.mark.parametrize("question", [
    "3x rtx 3090 con vllm en paralelismo de tensores para llama 3.3 70b awq, ¿qué velocidad?",
    "drei 3090 mit vllm tensor parallel, qwen2.5 32b awq, wie schnell?",
])
def test_three_cards_get_a_valid_tensor_parallel_size(engine: Engine, question: str) -> None:
    """64 attention heads (Llama 3 70B) or 40 (Qwen2.5 32B) do not split over 3 cards: the figure is the group of
    2, said, with pipeline parallelism for all three; never a --tensor-parallel-size 3."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert row["gpu_count"] == 3 and row["tp_cards"] == 2
    assert "--tensor-parallel-size 2" in a.text and "--tensor-parallel-size 3" not in a.text
    assert "--pipeline-parallel-size 3" in a.text


def test_tp_sizes_follow_the_heads() -> None:
    from estimator.engine_speed import tp_size_valid
    from estimator.model import FfnShape, LayerGroup, Layout
    forty = ModelSize(params_b=32.8,
                      layout=Layout((LayerGroup("full", 64, 8, 128),), ffn=FfnShape(attention_heads=40)))
    assert [k for k in range(1, 9) if tp_size_valid(forty, k)] == [1, 2, 4, 5, 8]
    assert [k for k in range(1, 9) if tp_size_valid(ModelSize(params_b=70), k)] == [1, 2, 4, 8]


def test_four_workstation_radeons_run_gpt_oss_in_vllm_on_all_four(engine: Engine) -> None:
    """vLLM's gpt-oss recipe names the Radeon AI PRO R9700 beside the MI300 line: four of them hold gpt-oss-120b's
    MXFP4 file in tensor parallelism, and the answer opens with that, not with one card's "No"."""
    a = engine.ask("quattro radeon ai pro r9700 con vllm in tensor parallel per gpt-oss-120b, quanto fa?")
    assert a.facts["row"]["gpu_count"] == 4 and a.facts["row"]["quant"] == "MXFP4"
    assert a.text.startswith("**Sì**, 4×")


@pytest.mark.parametrize(("question", "count"), [
    ("due 2080 ti 22gb modificate con vllm in tensor parallel per qwen3 32b awq", 2),
    ("qwen3 32b q4_k_m sur une 2080 ti 22go", 1),
])
def test_a_rebuilt_card_keeps_the_memory_said(engine: Engine, question: str, count: int) -> None:
    """"2080 Ti 22GB" is the common 22 GB rebuild (catalog/data/hardware/modded.json, sourced): 22 GB a card, not
    two stock 11 GB cards making 22 together, and never an unknown card."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert a.asked["cards"][0]["count"] == count
    assert row["memory_gb"] == pytest.approx(22.0 * count)


def test_stock_sizes_stay_totals(engine: Engine) -> None:
    a = engine.ask("2x 3090 48gb for llama 3.3 70b")
    assert a.facts["row"]["memory_gb"] == pytest.approx(48.0)


def test_a_bridge_on_two_of_four_cards_is_weighed_for_the_group_of_four(engine: Engine) -> None:
    a = engine.ask("4x rtx 3090 con vllm tp 4 per qwen2.5 72b awq: conviene un ponte nvlink su due di loro?")
    note = next(n for n in a.facts["also"]["notes"] if n["kind"] == "nvlink")
    assert note["cards"] == 4 and "--tensor-parallel-size 2" in a.text


@pytest.mark.parametrize("question", ["2x 5060 ti, a placa mãe tem um slot x16 e outro x4, vllm compensa?",
                                      "zwei 3090, zweiter Steckplatz x4 vom Chipset: lohnt vllm?"])
def test_a_slot_said_with_its_width_asks_about_the_lanes(question: str) -> None:
    from answers.reading.also_words import read as kinds
    assert "pcie_lanes" in kinds(question)
