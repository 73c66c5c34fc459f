"""The `--n-cpu-moe` value as a property over the catalog's mixtures of experts (issue 31), on any discrete card:

- it counts layers: never more than the model has, never fewer than its dense first layers;
- more memory on the card never moves more experts to RAM; a longer context never moves fewer;
- what it leaves on the card fits the card's usable memory.

Relations between two runs, and the card's own memory, never the estimator's figures pasted in.
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
from estimator.moe_layers import MoeLayers, cpu_moe_layers
from estimator.quants import quant
from estimator.setup_pool import pool_of
from estimator.setups import Device, Setup

EXAMPLES = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
LEVELS = ("Q4_K_M", "Q3_K_M", "Q8_0", "IQ2_XXS")


@cache
def _moes() -> tuple[ModelSize, ...]:
    sizes = [s for s in (model_size(r) for r in load_builtin_models())
             if s is not None and s.is_moe and s.layout is not None and s.layout.layers]
    return tuple(sorted(sizes, key=lambda s: s.params_b))


@cache
def _cards() -> tuple:
    return tuple(c for c in load_current_records() if 6 <= c.memory_gb <= 48 and not c.unified_memory)


@cache
def _measured():  # noqa: ANN202
    return load_profile("measured", load_setup_constants())


def _layers(model: ModelSize, card, level: str, context: int = 4096) -> MoeLayers | None:  # noqa: ANN001
    setup = Setup((Device(card),), ram_gb=512)
    return cpu_moe_layers(load_setup_constants(), _measured(), model, setup, quant(level), context)


picks = st.integers(min_value=0, max_value=10**6)
levels = st.sampled_from(LEVELS)


def _pick(seq, i):  # noqa: ANN001, ANN202
    return seq[i % len(seq)]


def test_the_catalog_has_mixtures_with_their_layers() -> None:
    assert len(_moes()) >= 20


@given(picks, picks, levels)
@EXAMPLES
def test_the_value_counts_the_models_layers(mi, ci, level) -> None:
    model, card = _pick(_moes(), mi), _pick(_cards(), ci)
    got = _layers(model, card, level)
    assert got is not None and model.layout is not None
    first_dense = model.layout.ffn.first_dense if model.layout.ffn is not None else 0
    assert first_dense <= got.n_cpu_moe <= model.layout.layers
    assert 0 <= got.on_card <= got.moe_layers


@given(picks, picks, levels, st.sampled_from([1.5, 2.0, 4.0]))
@EXAMPLES
def test_more_card_memory_never_moves_more_experts_to_ram(mi, ci, level, more) -> None:
    model, card = _pick(_moes(), mi), _pick(_cards(), ci)
    small = _layers(model, card, level)
    big = _layers(model, msgspec.structs.replace(card, memory_gb=card.memory_gb * more), level)
    assert small is not None and big is not None
    assert big.n_cpu_moe <= small.n_cpu_moe


@given(picks, picks, levels)
@EXAMPLES
def test_a_longer_context_never_moves_fewer_experts_to_ram(mi, ci, level) -> None:
    model, card = _pick(_moes(), mi), _pick(_cards(), ci)
    short = _layers(model, card, level, 4096)
    long = _layers(model, card, level, 32768)
    assert short is not None and long is not None
    assert long.n_cpu_moe >= short.n_cpu_moe


@given(picks, picks, levels)
@EXAMPLES
def test_what_stays_on_the_card_fits_it(mi, ci, level) -> None:
    model, card = _pick(_moes(), mi), _pick(_cards(), ci)
    got = _layers(model, card, level)
    assert got is not None
    if got.on_card:  # some experts kept on the card: then all it holds is within what it may fill
        usable = pool_of(load_setup_constants(), _measured(), Setup((Device(card),), ram_gb=512)).total_usable
        assert got.card_gb <= usable
