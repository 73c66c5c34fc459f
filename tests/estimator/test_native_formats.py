"""Native low-bit formats: gpt-oss keeps its MXFP4 experts in every file, whatever the level's label.

Golden figures come from the model card's layout (arXiv 2508.10925, Table 1) with the arithmetic
written here: expert parameters × 4.25 / 8 + the rest × the level's bits / 8.
"""

from __future__ import annotations

import msgspec
import pytest

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile as get_profile
from catalog.builtin import load_builtin_models
from estimator.memory import GIB, RUNTIME_ALLOWANCE_GB, cache_gb
from estimator.profile import REFERENCE
from estimator.quants import quant
from tests.conftest import FakeCard

BY_NAME = {m.name: m for m in load_builtin_models()}


def gib(params_b: float, bits: float) -> float:
    return params_b * 1e9 * bits / 8 / GIB


def test_only_gpt_oss_is_natively_low_bit() -> None:
    """Review of every built-in record: DeepSeek-V3/R1, Kimi K2 and Llama 3.1 405B publish FP8 or BF16
    checkpoints that llama.cpp converts and requantizes (the label then holds); only gpt-oss files
    keep the released MXFP4 experts whatever the label."""
    native = sorted(m.name for m in BY_NAME.values() if m.native_format is not None)
    assert native == ["gpt-oss-120b", "gpt-oss-20b"]


@pytest.mark.parametrize("name, experts, total, checkpoint_gib", [
    ("gpt-oss-20b", 19.12, 20.9, 12.8), ("gpt-oss-120b", 114.71, 116.8, 60.8),
])
def test_bf16_label_is_the_published_checkpoint(name: str, experts: float, total: float, checkpoint_gib: float) -> None:
    size = model_size(BY_NAME[name])
    weights = REFERENCE.need_gb(size, quant("BF16"), 4096) - RUNTIME_ALLOWANCE_GB - cache_gb(size, 4096)[0]
    assert weights == pytest.approx(gib(experts, 4.25) + gib(total - experts, 16))
    assert weights == pytest.approx(checkpoint_gib, rel=0.01)  # the model card's checkpoint size


def test_gpt_oss_20b_at_q8_0_is_about_12_gib_not_22() -> None:
    size = model_size(BY_NAME["gpt-oss-20b"])
    need = REFERENCE.need_gb(size, quant("Q8_0"), 4096)
    expected = gib(19.12, 4.25) + gib(20.9 - 19.12, 8.5) + RUNTIME_ALLOWANCE_GB + cache_gb(size, 4096)[0]
    assert need == pytest.approx(expected)
    assert 11.5 < need < 13.0
    dense_guess = gib(20.9, 8.5)  # what treating it as an ordinary model would say
    assert dense_guess > 20


def test_levels_barely_change_gpt_oss_120b() -> None:
    size = model_size(BY_NAME["gpt-oss-120b"])
    q8, q4 = (REFERENCE.need_gb(size, quant(q), 4096) for q in ("Q8_0", "Q4_K_M"))
    assert q8 - q4 == pytest.approx(gib(116.8 - 114.71, 8.5 - 4.5))  # only the non-expert part moves
    assert q8 < 62


def test_reference_speed_reads_experts_at_native_width() -> None:
    size = model_size(BY_NAME["gpt-oss-20b"])
    card = FakeCard(bandwidth_gbps=1000.0)
    active, expert_active = 3.6, 2.39
    bits = (expert_active * 4.25 + (active - expert_active) * 8.5) / active
    expected = 1000.0 * 0.45 / (1.62 * active * bits / 8)  # Q8_0 efficiency 0.45, MoE read 1.62·A
    assert REFERENCE.tok_s(size, card, quant("Q8_0")) == pytest.approx(expected)


def test_measured_profile_uses_the_record_split() -> None:
    """Without a published file or an FFN shape, the record's split sizes the file: experts MXFP4, the rest F16."""
    measured = get_profile("measured")
    full = model_size(BY_NAME["gpt-oss-20b"])
    size = msgspec.structs.replace(full, layout=None, files=())
    w = measured.weights_gb(size, quant("F16"))
    assert w == pytest.approx(gib(19.12, 4.25) + gib(20.9 - 19.12, 16), rel=0.001)


def test_measured_profile_uses_the_published_file() -> None:
    """The F16 file on record (13.8 GB, experts still MXFP4) is the weights; the size model comes within 1%."""
    measured = get_profile("measured")
    size = model_size(BY_NAME["gpt-oss-20b"])
    assert measured.weights_gb(size, quant("F16")) == pytest.approx(13.8e9 / 2**30, rel=0.001)
    modelled = msgspec.structs.replace(size, files=())
    assert measured.weights_gb(modelled, quant("F16")) == pytest.approx(13.8e9 / 2**30, rel=0.01)


def test_ordinary_models_are_untouched() -> None:
    size = model_size(BY_NAME["Llama 3.1 8B"])
    assert size.native is None
    assert REFERENCE.need_gb(size, quant("Q8_0"), 4096) == pytest.approx(
        gib(8.03, 8.5) + RUNTIME_ALLOWANCE_GB + cache_gb(size, 4096)[0])


def test_vram_answer_for_gpt_oss_q8_0() -> None:
    from answers.engine import Engine
    from answers.knowledge.catalog_view import Knowledge
    from catalog.gpus import load_gpu_records

    engine = Engine(Knowledge(load_gpu_records(), list(load_builtin_models())))
    a = engine.ask("how much vram does gpt-oss-20b need at q8_0?")
    assert a.intent == "vram"
    assert a.facts["levels"][0]["need_gb"] < 13
    assert a.facts["model"]["native_format"]["format"] == "MXFP4"
    assert "MXFP4" in a.text
