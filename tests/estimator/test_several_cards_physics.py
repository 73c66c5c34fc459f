"""Several cards and several machines over the whole catalog (hypothesis):

- under tensor parallelism, adding a card never makes one request slower (the group's size is the operator's
  choice: a smaller group that holds the model is never beaten by a larger one's figure);
- a layer split is never faster than the fastest single card holding the same model (a token passes the
  cards in turn) by more than nothing, and pays each boundary;
- several machines (llama.cpp RPC) are never faster than the same devices in one machine over a bus.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_engine_constants, load_profile, load_setup_constants
from catalog.builtin import load_builtin_models
from estimator.engine_profile import EngineProfile
from estimator.engines import check
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.setup_pool import Pool, split_seconds
from estimator.setups import Device
from tests.conftest import FakeCard

CARDS = (FakeCard("GeForce RTX 3090", "NVIDIA", 24, 936, "Ampere"),
         FakeCard("GeForce RTX 5090", "NVIDIA", 32, 1792, "Blackwell 2.0"),
         FakeCard("Radeon Instinct MI100", "AMD", 32, 1230, "CDNA 1.0", "HBM2"),
         FakeCard("A100 SXM4 80 GB", "NVIDIA", 80, 2039, "Ampere", "HBM2e"))


@cache
def _models() -> list[ModelSize]:
    return [model_size(m) for m in load_builtin_models()]


@cache
def _vllm(link: str) -> EngineProfile:
    return EngineProfile(load_profile("measured"), load_engine_constants(), "vllm", link=link)


@settings(max_examples=150, deadline=None)
@given(i=st.integers(0, 10_000), card=st.sampled_from(CARDS), n=st.integers(2, 8),
       link=st.sampled_from(["pcie4", "pcie5", "nvlink"]), level=st.sampled_from(["AWQ", "BF16"]))
def test_adding_a_card_never_slows_tensor_parallel(i: int, card: FakeCard, n: int, link: str, level: str) -> None:
    models = _models()
    model, q, prof = models[i % len(models)], quant(level), _vllm(link)
    if not prof._holds_on(model, card, q, n - 1):
        return  # the fewer cards do not hold it: no speed to compare (the answer is "no")
    fewer, more = prof.pool_seconds(model, [card] * (n - 1), q), prof.pool_seconds(model, [card] * n, q)
    if fewer is None and n - 1 > 1:
        return  # no tensor-parallel group of the fewer cards (the heads divide by no size that holds): a layer split
    assert more is not None
    # n - 1 = 1 is one card: its own figure
    assert more <= (fewer if fewer is not None else prof.seconds(model, card, q)) * (1 + 1e-9)


def _pool(devices: list[Device], rpc_ms: float) -> Pool:
    cards = [d for d in devices for _ in range(d.count)]
    return Pool(cards, [20.0] * len(cards), 20.0 * len(cards), 24.0 * len(cards), rpc_ms)


@settings(max_examples=150, deadline=None)
@given(i=st.integers(0, 10_000), a=st.sampled_from(CARDS), b=st.sampled_from(CARDS), n=st.integers(2, 6),
       level=st.sampled_from(["Q4_K_M", "Q8_0"]))
def test_layer_split_is_never_faster_than_its_fastest_card(i: int, a: FakeCard, b: FakeCard, n: int,
                                                           level: str) -> None:
    models = _models()
    model, q, prof = models[i % len(models)], quant(level), load_profile("measured")
    c = load_setup_constants()
    devices = [Device(a), Device(b, n - 1)]
    t = split_seconds(prof, model, _pool(devices, c.rpc_hop_ms), q, c.for_profile(prof.name).hop_ms)
    fastest = max(prof.tok_s(model, x, q) for x in (a, b))
    assert 1 / t <= fastest * (1 + 1e-9)


@settings(max_examples=100, deadline=None)
@given(i=st.integers(0, 10_000), n=st.integers(2, 4), level=st.sampled_from(["Q4_K_M", "Q8_0"]))
def test_machines_over_rpc_are_never_faster_than_one_machine(i: int, n: int, level: str) -> None:
    models = _models()
    model, q, prof, c = models[i % len(models)], quant(level), load_profile("measured"), load_setup_constants()
    halo = FakeCard("Ryzen AI Max+ 395 128 GB", "AMD", 128, 256, "RDNA 3.5", "LPDDR5X", unified_memory=True)
    as_cards = Device(halo, n, unified=False)  # the same chips on one bus, as cards in one machine
    as_machines = Device(halo, n)
    hop = c.for_profile(prof.name).hop_ms
    one_bus = split_seconds(prof, model, _pool([as_cards], c.rpc_hop_ms), q, hop)
    network = split_seconds(prof, model, _pool([as_machines], c.rpc_hop_ms), q, hop)
    assert c.rpc_hop_ms > hop
    assert network >= one_bus
    assert network - one_bus == pytest.approx((n - 1) * (c.rpc_hop_ms - hop) / 1000)


def test_vllm_runs_gptq_on_the_mi100_and_mi50() -> None:
    """vLLM's community ROCm builds run GPTQ on CDNA 1 (MI100) and GCN 5.1 (MI50): no fallback to llama.cpp."""
    c = load_engine_constants()
    for card in (FakeCard("Radeon Instinct MI100", "AMD", 32, 1230, "CDNA 1.0", "HBM2"),
                 FakeCard("Radeon Instinct MI50 32 GB", "AMD", 32, 1024, "GCN 5.1", "HBM2")):
        assert type(check(c, "vllm", quant("GPTQ"), card, _models()[0])).__name__ == "Runs"


def test_int4_on_rocm_reads_slower_than_on_cuda() -> None:
    """The same GPTQ file on a card of the same bandwidth: ROCm's int4 kernels reach a smaller share of it."""
    prof, model, q = _vllm("pcie4"), _models()[0], quant("GPTQ")
    amd = FakeCard("Radeon Instinct MI100", "AMD", 32, 1230, "CDNA 1.0", "HBM2")
    nv = FakeCard("Some HBM card", "NVIDIA", 32, 1230, "Ampere", "HBM2")
    assert prof.tok_s(model, amd, q) < prof.tok_s(model, nv, q)
