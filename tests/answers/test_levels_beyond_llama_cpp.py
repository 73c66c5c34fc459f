"""Levels people name beside llama.cpp's usual ones are read and sized, never answered as unknown:
ik_llama.cpp's own types (IQ2_KL, IQ3_K), rows repacked for it (IQ1_S_R4), bartowski's `_L` files (embeddings and
output at Q8_0), llama.cpp's IQ3_XS mix and its ternary TQ1_0 (Unsloth's UD-TQ1_0)."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from estimator.quants import quant


@pytest.mark.parametrize(("name", "bpw"), [
    ("IQ2_KL", 2.6875),  # ik_llama.cpp PR #602
    ("iq3_k", 3.4375),
    ("TQ1_0", 54 * 8 / 256),  # ggml block_tq1_0: 54 bytes per 256 weights
    ("IQ3_XS", 3.3),  # llama-quantize: 3.3 bpw
])
def test_each_type_has_its_published_width(name: str, bpw: float) -> None:
    assert quant(name).bpw == pytest.approx(bpw)


@pytest.mark.parametrize(("name", "base"), [("IQ1_S_R4", "IQ1_S"), ("Q4_K_R8", "Q4_K_M"), ("Q6_K_L", "Q6_K"),
                                            ("Q2_K_L", "Q2_K"), ("IQ4_KS_R4", "IQ4_KS")])
def test_repacked_and_l_files_are_the_level_they_are_made_of(name: str, base: str) -> None:
    assert quant(name) == quant(base)


@pytest.mark.parametrize(("question", "level"), [
    ("quanta memoria serve a qwen2.5 32b in IQ2_KL?", "IQ2_KL"),
    ("combien de mémoire pour qwen2.5 32b en q6_k_l ?", "Q6_K"),
    ("wie viel speicher braucht kimi k2 als UD-TQ1_0?", "UD-TQ1_0"),
    ("how much ram for qwen2.5 14b iq3_xs", "IQ3_XS"),
])
def test_the_level_is_read_and_sized(engine: Engine, question: str, level: str) -> None:
    a = engine.ask(question)
    assert a.intent not in ("invalid", "not_found")
    rows = a.facts.get("levels") or a.facts.get("rows") or []
    assert [r["quant"] for r in rows] == [level]


def test_kimi_k2_at_ud_tq1_0_is_its_published_file(engine: Engine) -> None:
    """Unsloth's guide: 245 GB (decimal) for the 1,026 B model, where Q8_0 would be about 1.09 TB."""
    f = engine.ask("how much memory does kimi k2 need at UD-TQ1_0").facts
    weights = f["levels"][0]["weights_gb"] * 2**30 / 1e9
    assert weights == pytest.approx(245, rel=0.02)
