"""Physics of the part in system RAM, over the catalog (hypothesis): no offload or CPU-only figure reads its
bytes from RAM faster than the RAM's theoretical bandwidth (channels × 64 bits × MT/s), whatever the type,
speed, channels, card and level; and a CPU-only figure is never faster than the same RAM with more channels."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile, load_setup_constants
from catalog.builtin import load_builtin_models
from catalog.gpus import load_current_records
from estimator.cpu_only import cpu_row
from estimator.memory import GIB
from estimator.model import DEFAULT_CONTEXT, ModelSize
from estimator.moe_share import expert_share_active
from estimator.quants import BY_NAME
from estimator.setups import Device, Setup, rate_setup

SLACK = 1 + 1e-9
EXAMPLES = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
LEVELS = ("Q8_0", "Q4_K_M", "IQ2_XXS")
RAM = st.tuples(st.sampled_from(["DDR4", "DDR5"]), st.sampled_from([None, 2, 4, 8, 12]),
                st.sampled_from([16, 64, 192, 512, 1024]))


@cache
def _models() -> tuple[ModelSize, ...]:
    return tuple(s for s in (model_size(r) for r in load_builtin_models()) if s is not None and s.params_b >= 0.45)


@cache
def _cards() -> tuple:
    return tuple(c for c in load_current_records() if 4 <= c.memory_gb <= 96)


def _read_share(model: ModelSize) -> float:
    """Of the weights in RAM, the least share a token reads: all of a dense model's; of a mixture of experts'
    routed experts, those a token routes to (routed active ÷ routed total)."""
    if not model.is_moe:
        return 1.0
    active = model.active_params_b
    assert active is not None
    x = expert_share_active(model, load_setup_constants().moe_expert_share_active)
    routed_total = model.params_b - active * (1 - x)
    return min(1.0, x * active / routed_total)


@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=10_000),
       st.sampled_from(LEVELS), RAM, st.sampled_from(["reference", "measured"]))
@EXAMPLES
def test_offload_never_reads_ram_faster_than_its_bandwidth(mi, ci, level, ram, profile) -> None:
    model, card = _models()[mi % len(_models())], _cards()[ci % len(_cards())]
    kind, channels, gb = ram
    c = load_setup_constants()
    p = load_profile(profile, c if profile != "reference" else None)
    setup = Setup((Device(card),), ram_gb=gb, ram_type=kind, ram_channels=channels)
    row = rate_setup(p, model, setup, forced_quant=level, constants=c)
    if row.fit != "offload" or row.tok_s is None or not row.offload_gb:
        return
    assert row.ram_bandwidth_gbps is not None
    # never more than a whole token's read: Gemma 3n's per-layer embeddings in RAM are looked up, a row a token
    bytes_per_token = min(row.offload_gb * GIB / 1e9 * _read_share(model), p.gb_per_token(model, BY_NAME[level]))
    assert row.tok_s * bytes_per_token <= row.ram_bandwidth_gbps * SLACK, (model.name, card.name, level)


@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(LEVELS), RAM,
       st.sampled_from(["reference", "measured"]))
@EXAMPLES
def test_cpu_only_never_reads_ram_faster_than_its_bandwidth(mi, level, ram, profile) -> None:
    model = _models()[mi % len(_models())]
    kind, channels, gb = ram
    c = load_setup_constants()
    p = load_profile(profile, c if profile != "reference" else None)
    q = BY_NAME[level]
    row = cpu_row(c, p, model, q, ram_gb=gb, ram_type=kind, ram_channels=channels)
    # what a token reads: the active parameters' weights (Gemma 3n's per-layer embeddings are looked up, a row
    # a token, so the profile's bytes per token are the lower of the two)
    weights = p.memory_parts(model, q, DEFAULT_CONTEXT).weights_gb * GIB / 1e9
    active = (model.active_params_b or model.params_b) / model.params_b
    read = min(weights * active, p.gb_per_token(model, q))
    assert row.tok_s * read <= row.ram_bandwidth_gbps * SLACK, (model.name, level)
    assert row.ram is not None
    more = cpu_row(c, p, model, q, ram_gb=gb, ram_type=kind, ram_channels=row.ram.channels * 2)
    assert more.tok_s * SLACK >= row.tok_s  # more channels never slow the same RAM down
