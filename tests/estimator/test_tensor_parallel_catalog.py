"""Tensor parallelism over the catalog's models (estimator/engine_speed.py): N cards each stream 1/N of the
weights and pay the all-reduces, so a model whose token is mostly streaming runs faster on N cards than on one
of them, and never faster than N of them could stream."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_engine_constants, load_profile
from catalog.builtin import load_builtin_models
from estimator.engine_profile import EngineProfile
from estimator.engine_speed import bandwidth_bound_tok_s, bytes_per_token_gb
from estimator.model import ModelSize
from estimator.quants import quant
from tests.conftest import FakeCard

CARDS = (FakeCard("GeForce RTX 3090", "NVIDIA", 24, 936, "Ampere"),
         FakeCard("GeForce RTX 5060 Ti 16 GB", "NVIDIA", 16, 448, "Blackwell 2.0"),
         FakeCard("RTX PRO 6000 Blackwell", "NVIDIA", 96, 1792, "Blackwell 2.0"),
         FakeCard("A100 SXM4 80 GB", "NVIDIA", 80, 2039, "Ampere", "HBM2e"))


@cache
def _models() -> list[ModelSize]:
    return [model_size(m) for m in load_builtin_models()]


@cache
def _profile(engine: str, link: str) -> EngineProfile:
    return EngineProfile(load_profile("measured"), load_engine_constants(), engine, link=link)


@settings(max_examples=120, deadline=None)
@given(i=st.integers(0, 10_000), card=st.sampled_from(CARDS), n=st.sampled_from([2, 4, 8]),
       engine=st.sampled_from(["vllm", "sglang"]), link=st.sampled_from(["pcie4", "pcie5", "nvlink"]))
def test_tensor_parallel_over_the_catalog(i: int, card: FakeCard, n: int, engine: str, link: str) -> None:
    models = _models()
    model, q = models[i % len(models)], quant("AWQ")
    prof = _profile(engine, link)
    t = prof.pool_seconds(model, [card] * n, q)
    assert t is not None
    one = prof.tok_s(model, card, q)
    read = model.active_params_b if model.is_moe and model.active_params_b else model.params_b
    # never more than N cards could stream, nor N times one card's own speed
    assert 1 / t <= n * bandwidth_bound_tok_s(card, read, model, q) * (1 + 1e-9)
    assert 1 / t <= n * one * (1 + 1e-9)
    # a token that is mostly streaming (≥ 8 ms of weights on one card) is faster split over the cards
    if bytes_per_token_gb(read, model, q) / card.bandwidth_gbps >= 0.008:
        assert 1 / t > one
