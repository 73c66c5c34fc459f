"""Fine-tuning's memory, time and cost (estimator/finetune.py) against independent arithmetic and the public runs
the data file cites; physics as properties over sizes and token counts."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answers.knowledge.fine_tuning import finetune_constants, rental_prices
from estimator import finetune as ft

DATA = Path(__file__).resolve().parents[2] / "estimator" / "data" / "finetune_constants.json"
LLAMA_8B = ft.Shape(layers=32, hidden=4096, vocab=128_256)


def test_calibration_rows_imply_the_efficiency_by_hand() -> None:
    c = finetune_constants()
    rows = {(r["method"], r["count"], r["model"]): r for r in c.calibration}
    # torchtune README, one RTX 4090 (165.2 dense bf16 TFLOPS), Llama2-7B (6.74B), LoRA at 2,582 tokens a second
    assert ft.implied_efficiency(rows[("lora", 1, "Llama2-7B")], c) == pytest.approx(4 * 6.74e9 * 2582 / 165.2e12)
    assert 4 * 6.74e9 * 2582 / 165.2e12 == pytest.approx(0.421, abs=0.001)
    one = [ft.implied_efficiency(r, c) for r in c.calibration if r["count"] == 1]
    e = c.efficiency
    assert all(e.one_card_low <= x <= e.one_card_high for x in one)
    linked = [ft.implied_efficiency(r, c) for r in c.calibration if r["count"] == 8]  # 8x A100, NVLink
    assert all(abs(x - e.several_linked) < 0.04 for x in linked)


def test_lora_time_on_a_3090_by_hand_and_against_public_reports() -> None:
    c = finetune_constants()
    t = ft.time("lora", 8.03, 10_000 * 512, 71.2, 1, False, c)
    hours = 4 * 8.03e9 * 5.12e6 / (71.2e12 * 0.42) / 3600
    assert t.hours == pytest.approx(hours) and t.hours == pytest.approx(1.53, abs=0.01)
    assert t.hours_low < t.hours < t.hours_high
    assert 1.0 <= t.hours <= 2.0  # reported: about 1-2 hours an epoch for an 8B LoRA on 10k examples on a 3090


def test_full_fine_tune_on_eight_h100_by_hand() -> None:
    t = ft.time("full", 8.03, 1e9, 986.9, 8, True, finetune_constants())
    assert t.hours == pytest.approx(6 * 8.03e9 * 1e9 / (8 * 986.9e12 * 0.35) / 3600)
    assert 3 <= t.hours <= 6  # reported: 3-6 hours for 1B tokens on 8x H100


def test_lora_adapters_and_memory_against_public_figures() -> None:
    c = finetune_constants()
    lora = ft.memory("lora", 8.03, c, LLAMA_8B)
    assert lora.adapter_params_m == pytest.approx(16 * 32 * 81_920 / 1e6)  # 41.9M, what PEFT prints at rank 16
    for row in c.calibration:
        if row.get("peak_gb"):  # torchtune's peak memory, Llama2-7B at batch 4 and 2,048 tokens
            m = ft.memory(row["method"], row["params_b"], c, ft.Shape(32, 4096, 32_000), row["sequence_tokens"],
                          row["batch"])
            assert 0.75 <= m.total_gb / row["peak_gb"] <= 1.25, row
    # Unsloth's minimums for 8B (QLoRA 6 GB, LoRA 22 GB) within a factor of 1.6 either way
    assert 6 / 1.6 <= ft.memory("qlora", 8.03, c, LLAMA_8B).total_gb <= 6 * 1.6
    assert 22 / 1.6 <= lora.total_gb <= 22 * 1.6


def test_full_memory_is_sixteen_bytes_a_parameter_plus_activations() -> None:
    m = ft.memory("full", 8.03, finetune_constants(), LLAMA_8B)
    assert m.weights_gb + m.trainable_gb == pytest.approx(8.03 * 16)


def test_tokens_said_win_and_assumptions_are_listed() -> None:
    c = finetune_constants()
    assert ft.training_tokens(c, tokens=1e9) == (1e9, {"epochs": 1.0})
    tokens, assumed = ft.training_tokens(c, examples=10_000, epochs=3)
    assert tokens == 10_000 * 512 * 3 and assumed == {"example_tokens": 512}
    assert ft.training_tokens(c)[1] == {"epochs": 1.0, "examples": 10_000, "example_tokens": 512}


def test_a_method_order_broken_in_the_data_is_refused() -> None:
    data = json.loads(DATA.read_text("utf-8"))
    bad = copy.deepcopy(data)
    bad["bytes_per_param"]["qlora"] = 4
    with pytest.raises(ft.FinetuneDataError):
        ft.parse(bad)
    bad = copy.deepcopy(data)
    bad["calibration"][0]["url"] = "http://example.com"
    with pytest.raises(ft.FinetuneDataError):
        ft.parse(bad)


def test_every_rental_price_is_dated_and_sourced() -> None:
    for r in rental_prices():
        assert r.url.startswith("https://") and len(r.date) == 10 and r.source and 0.1 < r.usd_per_hour < 10


sizes = st.floats(min_value=0.5, max_value=400)
seqs = st.integers(min_value=256, max_value=32_768)


@given(sizes, sizes, seqs)
def test_a_bigger_model_never_needs_less_memory(a: float, b: float, seq: int) -> None:
    c = finetune_constants()
    small, big = sorted((a, b))
    for method in ft.METHODS:
        assert ft.memory(method, small, c, sequence_tokens=seq).total_gb <= ft.memory(method, big, c,
                                                                                       sequence_tokens=seq).total_gb


@given(sizes, seqs, st.integers(min_value=1, max_value=8))
def test_qlora_never_above_lora_never_above_full(size: float, seq: int, batch: int) -> None:
    c = finetune_constants()
    q, lo, f = (ft.memory(m, size, c, sequence_tokens=seq, batch=batch).total_gb for m in ft.METHODS)
    assert q <= lo <= f


@given(sizes, st.floats(min_value=1e5, max_value=1e10), st.floats(min_value=1e5, max_value=1e10),
       st.integers(min_value=1, max_value=8), st.booleans())
def test_more_tokens_never_faster(size: float, a: float, b: float, count: int, linked: bool) -> None:
    c = finetune_constants()
    few, many = sorted((a, b))
    for method in ft.METHODS:
        assert ft.time(method, size, few, 165.2, count, linked, c).hours <= \
            ft.time(method, size, many, 165.2, count, linked, c).hours
