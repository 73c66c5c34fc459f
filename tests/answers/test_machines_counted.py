"""Two machines said the way owners say them: the maker before the count's machine, the chip in brackets
after it, the count after the memory ("x2"), in several languages."""

from __future__ import annotations

import pytest

from answers.reading.setup_words import read


@pytest.mark.parametrize("text", [
    "what speed for GLM 4.6 across 2x AMD Strix Halo (8060S) boxes",
    "Qwen3 235B sur deux AMD Ryzen AI Max+ 395 (Radeon 8060S) reliés en USB4 ?",
    "Kimi K2 auf Ryzen AI Max+ 395 (gfx1151) 128GB x2 über Thunderbolt",
    "quanto va minimax m2 con due Strix Halo 128gb in rpc",
])
def test_two_machines_are_counted(text: str) -> None:
    cards = read(text).cards
    assert len(cards) == 1 and cards[0][1] == 2, cards


def test_a_card_after_a_maker_keeps_its_name() -> None:
    assert read("llama 70b on 2x AMD Radeon RX 7900 XTX").cards == [("amd radeon rx 7900 xtx", 2)]


@pytest.mark.parametrize(("question", "words"), [
    ("MiniMax M2 Q4_K_M on two Strix Halo boxes linked over USB4, tok/s?", "RPC"),
    ("MiniMax M2 Q4_K_M su due Strix Halo collegati in USB4, quanti token al secondo?", "RPC"),
    ("MiniMax M2 Q4_K_M auf zwei Strix Halo über Thunderbolt, wie viele Token pro Sekunde?", "RPC"),
])
def test_two_machines_pay_the_link_and_say_so(engine, question: str, words: str) -> None:  # noqa: ANN001
    """Two unified machines are two hosts: the answer says they are joined by llama.cpp's RPC and its figure
    is below what the same chips would give on one bus (the per-boundary time of setup_constants.json)."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert row["gpu_count"] == 2 and row["machines_hop_ms"] and row["machines_hop_ms"] > 1
    assert words in a.text
    assert row["total_memory_gb"] >= 2 * 100  # two machines' memory, not one's


def test_a_format_refused_on_several_cards_is_rated_over_all_of_them(engine) -> None:  # noqa: ANN001
    """vLLM does not read GGUF: the nearest format's figure is the two cards' (tensor parallel), above one's."""
    two = engine.ask("qwen3 32b Q4_K_M on 2x RTX 3090 with vllm, how fast?").facts["engine_check"]["nearest_row"]
    one = engine.ask("qwen3 32b Q4_K_M on an RTX 3090 with vllm, how fast?").facts["engine_check"]["nearest_row"]
    assert two["tok_s"] > one["tok_s"]


def test_vllm_on_four_mi100_is_answered_under_vllm(engine) -> None:  # noqa: ANN001
    a = engine.ask("qwen3 32b gptq on 4x MI100 with vllm tensor parallel, tok/s?")
    assert a.facts["engine"] == "vllm" and a.facts["row"]["split"] == "tensor" and a.facts["row"]["tok_s"]


@pytest.mark.parametrize(("question", "word"), [
    ("gpt-oss-120b on 2x A100 80GB with vllm, how fast for one user?", "tensor"),
    ("gpt-oss-120b su 2 A100 80GB con vllm, quanto è veloce?", "tensoriale"),
])
def test_a_smaller_tensor_parallel_group_is_said_with_all_the_cards_figure(engine, question: str,  # noqa: ANN001
                                                                          word: str) -> None:
    """One A100 holds gpt-oss-120b and its all-reduces cost more than the reading two would share: the figure is
    the faster group's, and the answer gives the two cards' figure beside it (vLLM issue 22331: 90 tok/s on one,
    77 on two)."""
    a = engine.ask(question)
    row = a.facts["row"]
    assert row["tp_cards"] == 1 and row["all_cards_tok_s"] < row["tok_s"]
    assert word in a.text and "--tensor-parallel" not in a.text.split(word)[0][-5:]


def test_a_card_beside_a_mac_is_another_machine_but_an_egpu_on_strix_halo_is_not(engine) -> None:  # noqa: ANN001
    mac = engine.ask("llama 3 70b Q4_K_M on a Mac Studio M2 Ultra 192GB + RTX 4090, tok/s?").facts["row"]
    halo = engine.ask("llama 3 70b Q4_K_M on a Strix Halo 128GB + RX 7900 XTX eGPU, tok/s?").facts["row"]
    assert mac["machines_hop_ms"] and mac["gpu_count"] == 2
    assert halo["machines_hop_ms"] is None and halo["gpu_count"] == 2
