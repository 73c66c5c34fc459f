"""Offload physics as properties over the catalog (issue 31): at one level, on one card,

- more RAM bandwidth (a faster kit, more channels) never makes a token slower;
- more memory on the card (same bandwidth) never makes a token slower: fewer bytes come from RAM;
- a longer context never makes a token faster: its cache takes room the weights had;
- a mixture of experts whose cache crowds its attention off the card slows gradually, never off a cliff:
  llama.cpp then moves whole layers' remaining weights (`-ngl` below the layer count) after the experts,
  it does not start streaming the model as a dense one.

The bounds are relations between two runs of the estimator, never its own figures pasted in.
"""

from __future__ import annotations

from functools import cache

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile, load_setup_constants
from catalog.builtin import load_builtin_models
from catalog.gpus import load_current_records
from estimator.model import ModelSize
from estimator.setup_offload import _moe_spill_seconds
from estimator.setups import Device, Setup, SetupRow, rate_setup

SLACK = 1 + 1e-9
EXAMPLES = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
LEVELS = ("Q4_K_M", "Q3_K_M", "Q8_0", "IQ2_XXS")


@cache
def _models() -> tuple[ModelSize, ...]:
    """Catalog models big enough to spill from a consumer card, dense and MoE."""
    sizes = [s for s in (model_size(r) for r in load_builtin_models()) if s is not None and 7 <= s.params_b <= 700]
    return tuple(sorted(sizes, key=lambda s: s.params_b))


@cache
def _cards() -> tuple:
    """Discrete cards that stream faster than any two-channel RAM (a card slower than the RAM, a Quadro P620
    laptop chip, rightly runs faster with more of the model on the CPU)."""
    return tuple(c for c in load_current_records()
                 if 4 <= c.memory_gb <= 48 and c.bandwidth_gbps >= 250 and not c.unified_memory)


@cache
def _measured():  # noqa: ANN202
    return load_profile("measured", load_setup_constants())


def _rate(model: ModelSize, card, level: str, context: int = 4096, **ram: object) -> SetupRow:  # noqa: ANN001
    # 192 GB on a desktop's two channels unless the test says otherwise: a card always streams faster than that
    setup = Setup((Device(card),), **{"ram_gb": 192, "ram_channels": 2, **ram})  # type: ignore[arg-type]
    return rate_setup(_measured(), model, setup, context, forced_quant=level, constants=load_setup_constants())


def _tok(row: SetupRow) -> float | None:
    if row.fit == "offload":
        return row.tok_s
    if row.fit == "no":
        return row.slow_tok_s if row.slow_quant is None or row.slow_quant == row.quant else None
    return row.tok_s


picks = st.integers(min_value=0, max_value=10**6)
levels = st.sampled_from(LEVELS)


def _pick(seq, i):  # noqa: ANN001, ANN202
    return seq[i % len(seq)]


@given(picks, picks, levels, st.sampled_from([("DDR4", 2666, 3200), ("DDR5", 4800, 6400)]), st.sampled_from([2, 4]))
@EXAMPLES
def test_more_ram_bandwidth_never_makes_a_token_slower(mi, ci, level, kit, channels) -> None:
    model, card = _pick(_models(), mi), _pick(_cards(), ci)
    kind, slow_mts, fast_mts = kit
    slow = _tok(_rate(model, card, level, ram_type=kind, ram_mts=slow_mts))
    for faster in (_rate(model, card, level, ram_type=kind, ram_mts=fast_mts),
                   _rate(model, card, level, ram_type=kind, ram_mts=slow_mts, ram_channels=channels * 2)):
        fast = _tok(faster)
        if slow is not None and fast is not None:
            assert fast * SLACK >= slow, (model.name, card.name, level)


@given(picks, picks, levels, st.sampled_from([1.25, 1.5, 2.0]))
@EXAMPLES
def test_more_memory_on_the_card_never_makes_a_token_slower(mi, ci, level, more) -> None:
    model, card = _pick(_models(), mi), _pick(_cards(), ci)
    bigger = msgspec.structs.replace(card, memory_gb=card.memory_gb * more)
    small, big = _tok(_rate(model, card, level, ram_type="DDR5")), _tok(_rate(model, bigger, level, ram_type="DDR5"))
    if small is not None and big is not None:
        assert big * SLACK >= small, (model.name, card.name, level)


@given(picks, picks, levels, st.sampled_from([(4096, 32768), (8192, 65536), (32768, 131072)]))
@EXAMPLES
def test_a_longer_context_never_makes_a_token_faster(mi, ci, level, contexts) -> None:
    model, card = _pick(_models(), mi), _pick(_cards(), ci)
    short, long = (_tok(_rate(model, card, level, c, ram_type="DDR5")) for c in contexts)
    if short is not None and long is not None:
        assert long <= short * SLACK, (model.name, card.name, level)


@given(st.floats(min_value=0.1, max_value=0.9), st.floats(min_value=0.5, max_value=20.0),
       st.floats(min_value=0.0, max_value=30.0), st.floats(min_value=0.01, max_value=3.0))
def test_an_moe_with_less_room_on_the_card_slows_gradually(x, nonexpert, room, step) -> None:
    """Less room never costs more than streaming the bytes it moved, nor ever gains time."""
    experts, active, t_gpu, cpu_gbps = 40.0, 8.0, 0.02, 40.0
    t_more, ram_more = _moe_spill_seconds(x, active, experts, nonexpert, room + step, t_gpu, cpu_gbps)
    t_less, ram_less = _moe_spill_seconds(x, active, experts, nonexpert, room, t_gpu, cpu_gbps)
    assert t_less * SLACK >= t_more and ram_less * SLACK >= ram_more
    # moving `step` GB of weights to RAM costs at most their share of the active bytes, streamed
    worst = step / min(nonexpert, experts) * active / cpu_gbps
    assert t_less - t_more <= worst * SLACK
