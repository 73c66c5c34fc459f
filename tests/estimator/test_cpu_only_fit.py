"""CPU-only fit over the whole catalog: a model fits in RAM when it leaves the system the smaller of a fifth of
the RAM and 8 GB + 5% of it (setup_constants.json ram_usable_share, ram_reserve_base_gb, ram_reserve_per_gb);
past the fifth it is a tight fit.
Never more than the RAM, never a model the rule refuses, and more RAM never turns a fit into a miss."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile, load_setup_constants
from catalog.builtin import load_builtin_models
from estimator.cpu_only import cpu_row
from estimator.quants import quant

C = load_setup_constants()


@cache
def _sizes() -> tuple:
    return tuple(s for s in (model_size(m) for m in load_builtin_models()) if s is not None)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([8, 16, 32, 64, 96, 128, 192, 256, 384, 512, 768]),
       st.sampled_from(["Q8_0", "Q4_K_M", "Q2_K", "IQ2_XXS"]), st.sampled_from(["reference", "measured"]))
def test_a_cpu_fit_leaves_the_system_its_share(i, ram_gb, level, profile) -> None:
    model = _sizes()[i % len(_sizes())]
    p = load_profile(profile)
    r = cpu_row(C, p, model, quant(level), ram_gb=float(ram_gb))
    room = ram_gb - min(ram_gb * (1 - C.ram_usable_share), 8 + 0.05 * ram_gb)
    assert r.fits == (r.need_gb <= room)
    if r.fits:
        assert r.need_gb <= room + 1e-9
    assert r.tight == (bool(r.fits) and r.need_gb > ram_gb * C.ram_usable_share)
    bigger = cpu_row(C, p, model, quant(level), ram_gb=float(ram_gb) * 2)
    assert not r.fits or bigger.fits  # more RAM never loses a fit
    assert r.ram_needed_gb <= r.need_gb / C.ram_usable_share + 1e-9  # the RAM to buy: never more than the old rule

