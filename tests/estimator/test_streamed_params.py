"""Gemma 3n's per-layer embeddings are looked up one row per token, not streamed: decode reads its effective
parameters (2 B of E2B's 5.44 B, 4 B of E4B's 7.85 B; estimator/data/measured_constants.json
`streamed_params_b`, sources beside it). Before, phones were rated at about a third of public runs."""

from __future__ import annotations

import json

import pytest

from answers.api import AskOptions
from estimator.model import ModelSize
from tests.conftest import ROOT


def test_a_public_phone_run_is_within_one_and_a_half_times(engine) -> None:
    """Gemma 3n E2B Q8_0, llama.cpp on a Snapdragon 8 Elite phone's CPU: 13.71 tok/s (the source's run)."""
    facts = engine.ask("¿cuántos tokens por segundo da gemma 3n e2b en q8_0 en un galaxy s25 ultra?", locale="es",
                       options=AskOptions(profile="measured")).facts
    got = facts["row"]["tok_s"]
    assert 13.71 / 1.5 <= got <= 13.71 * 1.5, got


def test_the_larger_variant_reads_about_twice_the_smaller(engine) -> None:
    """Independent arithmetic: bytes read per token scale with the effective parameters (4 B vs 2 B), not with
    the raw ones (7.85 B vs 5.44 B), at the same level."""
    profile = engine.estimates.profile("measured")
    e2b, e4b = ModelSize(5.44, name="Gemma 3n E2B"), ModelSize(7.85, name="Gemma 3n E4B")
    assert profile.read_params_b(e2b) == pytest.approx(2.0)
    assert profile.read_params_b(e4b) == pytest.approx(4.0)
    assert profile.read_params_b(ModelSize(7.85, name="Gemma 3 4B")) == pytest.approx(7.85)  # others: every weight


def test_the_memory_need_keeps_every_weight(engine) -> None:
    """The file holds the embeddings: a phone's memory answer is not shrunk with the bytes read."""
    facts = engine.ask("est-ce que gemma 3n e4b tourne sur un pixel 9 pro ?", locale="fr",
                       options=AskOptions(profile="measured")).facts
    need = facts["row"]["need_gb"]
    assert need > 4.0 * 4.5 / 8 * 1.2, need  # well above what 4 B effective parameters at ~4.5 bits would take


def test_the_figures_are_on_record_with_a_source() -> None:
    c = json.loads((ROOT / "estimator" / "data" / "measured_constants.json").read_text("utf-8"))
    assert c["streamed_params_b"] == {"Gemma 3n E2B": 2.0, "Gemma 3n E4B": 4.0}
    assert "tecace.com" in c["streamed_params_b_source"]
