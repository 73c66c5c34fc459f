"""Setups (estimator/setups.py): each rule against arithmetic worked out here, under both profiles."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from answers.api import AskOptions
from answers.knowledge.profiles import load_profile as get_profile
from answers.knowledge.profiles import load_setup_constants
from estimator.model import InvalidInput, ModelSize
from estimator.quants import BY_NAME
from estimator.ranking import rate
from estimator.setups import Device, Setup, SetupRow, unified_gpu_share
from estimator.setups import rate_setup as rate_with
from tests.conftest import FakeCard

DATA = Path(__file__).resolve().parents[2] / "estimator" / "data"
CONSTANTS = json.loads((DATA / "setup_constants.json").read_text())
MEASURED = json.loads((DATA / "measured_constants.json").read_text())
USABLE = CONSTANTS["usable_memory"]
SETUP_CONSTANTS = load_setup_constants()
GIB = 2**30


def rate_setup(*args, **kwargs) -> SetupRow:  # noqa: ANN002, ANN003
    """The estimator's rate_setup with the packaged constants passed in, as the answers do."""
    return rate_with(*args, constants=SETUP_CONSTANTS, **kwargs)


def UnifiedCard(**overrides: object) -> FakeCard:  # noqa: N802 — reads like the record it stands for
    """A unified-memory chip as the catalog records one configuration (an Apple M4 Max 128 GB)."""
    fields: dict[str, object] = {"name": "Test chip", "vendor": "Apple", "memory_gb": 128.0, "bandwidth_gbps": 546.0,
                                 "architecture": "Apple G16", "memory_type": "LPDDR5X", "position": -1,
                                 "unified_memory": True}
    return FakeCard(**{**fields, **overrides})  # type: ignore[arg-type]


def ref_need(p_b: float, bpw: float) -> float:
    """ESTIMATOR.md §2, written out again."""
    return p_b * 1e9 * bpw / 8 / GIB + 0.635 + 0.14443 * p_b ** (2 / 3)


def ref_tok(bw: float, eff: float, read_b: float, bpw: float) -> float:
    return bw * eff / (read_b * bpw / 8)


RTX3090 = FakeCard("Card A", "NVIDIA", 24.0, 936.0, "Ampere", "GDDR6X")
RTX3060 = FakeCard("Card B", "NVIDIA", 12.0, 360.0, "Ampere", "GDDR6")
DENSE70 = ModelSize(70.0, name="Dense 70B")


# ------------------------------------------------------------------------------------------ split


def test_two_identical_cards_pool_memory_but_not_speed_reference() -> None:
    p = get_profile("reference")
    row = rate_setup(p, DENSE70, Setup((Device(RTX3090, 2),)))
    # the one rule both profiles share for several cards: memory − 0.2 GB each, less 0.4 GB for the second card
    usable = 2 * (24 - USABLE["reserve_gb"]) - USABLE["extra_card_gb"]
    assert usable == pytest.approx(47.2)
    need_q4 = ref_need(70, 4.5)
    assert ref_need(70, 5.5) > usable >= need_q4  # Q5_K_M does not fit the pair, Q4_K_M does
    one = ref_tok(936, 0.55, 70, 4.5)
    expected = 1 / (0.5 / one + 0.5 / one + 0.2 / 1000)  # half the layers each, one hop
    assert row.why == "split" and row.gpu_count == 2
    assert row.quant.name == "Q4_K_M"
    assert row.usable_gb == pytest.approx(usable)
    assert row.need_gb == pytest.approx(need_q4)
    assert row.tok_s == pytest.approx(expected)
    assert row.tok_s < one  # about one card's speed, never twice it
    assert row.fit == ("comfortable" if need_q4 <= USABLE["comfortable_share"] * usable else "tight")
    # the wider of one card's range (the site's 0.6–1.6) and the spread public layer-split rows show
    low, high = CONSTANTS["speed_ranges"]["layer"]["low"], CONSTANTS["speed_ranges"]["layer"]["high"]
    assert (row.tok_s_low, row.tok_s_high) == pytest.approx((min(0.6, low) * expected, max(1.6, high) * expected))


def test_a_single_card_cannot_hold_what_two_can() -> None:
    p = get_profile("reference")
    assert rate_setup(p, DENSE70, Setup((Device(RTX3090, 1),))).fit == "no"


def test_mixed_cards_split_in_proportion_to_memory_reference() -> None:
    p = get_profile("reference")
    model = ModelSize(33.0, name="Dense 33B")
    row = rate_setup(p, model, Setup((Device(RTX3090), Device(RTX3060))))
    usable_a, usable_b = 24 - 0.2, 12 - 0.2
    # pooled: 23.8 + 11.8 − 0.4 = 35.2 GB. Q8_0: 33e9·8.5/8 B = 32.66 GiB + 0.635 + 0.14443·33^(2/3) (1.49)
    # = 34.78 GB, fits (under the site's 90 % of each card, 31.8 GB, it did not).
    assert ref_need(33, 8.5) <= 35.2 < ref_need(33, 8.5) + 0.5
    assert row.quant.name == "Q8_0"
    assert row.need_gb == pytest.approx(ref_need(33, 8.5))
    share_a = usable_a / (usable_a + usable_b)
    t = share_a / ref_tok(936, 0.45, 33, 8.5) + (1 - share_a) / ref_tok(360, 0.45, 33, 8.5) + 0.0002
    assert row.tok_s == pytest.approx(1 / t)
    assert row.usable_gb == pytest.approx(usable_a + usable_b - 0.4)


def test_split_measured_sums_each_cards_time_plus_a_hop() -> None:
    p = get_profile("measured")
    hop = CONSTANTS["profiles"]["measured"]["hop_ms"] / 1000
    extra = USABLE["extra_card_gb"]
    for n in (2, 4):
        row = rate_setup(p, DENSE70, Setup((Device(RTX3090, n),)))
        q = row.quant
        one = p.tok_s(DENSE70, RTX3090, q)
        assert row.tok_s == pytest.approx(1 / (n * (1 / n) / one + (n - 1) * hop))
        assert row.usable_gb == pytest.approx(n * (24 - 0.2) - (n - 1) * extra)  # memory − 0.2 GB reserve each
        assert row.need_gb <= row.usable_gb


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_one_card_setup_is_the_card_row(profile: str) -> None:
    p = get_profile(profile)
    model = ModelSize(8.0, name="Dense 8B")
    levels = p.levels[: p.levels.index(BY_NAME[p.default_min_quality]) + 1]
    card_row = rate(p, model, RTX3090, levels, [p.need_gb(model, q, 4096) for q in levels], 0.0)
    row = rate_setup(p, model, Setup((Device(RTX3090),)))
    assert row.why == "card"
    assert (row.quant, row.need_gb, row.fit) == (card_row.quant, card_row.need_gb, card_row.fit)
    assert row.tok_s == pytest.approx(card_row.tok_s)
    assert (row.tok_s_low, row.tok_s_high) == pytest.approx((card_row.tok_s_low, card_row.tok_s_high))


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_more_cards_never_make_a_model_that_fits_one_card_faster(profile: str) -> None:
    p = get_profile(profile)
    model = ModelSize(8.0, name="Dense 8B")
    speeds = [rate_setup(p, model, Setup((Device(RTX3090, n),))).tok_s for n in (1, 2, 4, 8)]
    assert speeds == sorted(speeds, reverse=True)
    assert speeds[-1] > 0.8 * speeds[0]  # a few hops cost little


# ------------------------------------------------------------------------------------------ unified


@pytest.mark.parametrize(("vendor", "total", "share"), [
    ("Apple", 16, 2 / 3), ("Apple", 36, 2 / 3), ("Apple", 48, 3 / 4), ("Apple", 128, 3 / 4),
    ("AMD", 128, 3 / 4), ("NVIDIA", 128, 0.9),
])
def test_unified_gpu_share(vendor: str, total: float, share: float) -> None:
    assert unified_gpu_share(SETUP_CONSTANTS, UnifiedCard(vendor=vendor), total) == pytest.approx(share, abs=1e-3)


def test_handhelds_keep_the_os_default_half() -> None:
    # Linux amdgpu's GTT default and Windows' shared GPU memory are both half of RAM: a 16 GB Steam Deck
    # gives its GPU 8 GB, not the 12 GB of Strix Halo's 3/4 graphics-memory setting.
    deck = UnifiedCard(vendor="AMD", memory_gb=16.0, segment="console/handheld")
    assert unified_gpu_share(SETUP_CONSTANTS, deck, 16.0) == pytest.approx(0.5)


def test_a_handheld_named_alone_is_rated_as_shared_memory(engine) -> None:
    for profile in ("reference", "measured"):
        a = engine.ask("what can i run on a steam deck", options=AskOptions(profile=profile))
        assert a.intent == "card_models"
        assert "(about 8.0 GB of it usable by the GPU)" in a.text, a.text  # half of its 16 GB, not a 16 GB card
        b = engine.ask("can a rog ally run llama 3.1 8b", options=AskOptions(profile=profile))
        assert b.facts["row"]["memory_gb"] == pytest.approx(8.0)  # the GPU's share of the 16 GB


def test_unified_machine_uses_its_gpu_share_and_the_chips_bandwidth_reference() -> None:
    p = get_profile("reference")
    chip = UnifiedCard(memory_gb=128.0)  # the catalog's record of the 128 GB configuration
    model = ModelSize(70.0, name="Dense 70B")
    row = rate_setup(p, model, Setup((Device(chip),)))
    gpu = 128 * 0.75
    assert row.why == "unified" and row.gpu_count == 1
    assert row.memory_gb == pytest.approx(gpu) and row.total_memory_gb == 128
    assert row.usable_gb == pytest.approx(gpu - 0.2)  # 95.8 GB, as under `measured`: Q8_0 of a 70B (≈ 72.4 GB) fits
    assert row.quant.name == "Q8_0"
    assert row.tok_s == pytest.approx(ref_tok(546, 0.45, 70, 8.5))  # Apple counts like NVIDIA here
    # The same chip with 64 GB: 48 GB for the GPU, 47.8 usable → Q4_K_M (39.8 GB) but not Q5_K_M (47.9 GB)
    small = rate_setup(p, model, Setup((Device(replace(chip, memory_gb=64.0)),)))
    assert small.usable_gb == pytest.approx(48 - 0.2) and small.quant.name == "Q4_K_M"


def test_unified_machine_measured_applies_the_apple_factor() -> None:
    p = get_profile("measured")
    chip = UnifiedCard(memory_gb=16.0)
    model = ModelSize(8.0, name="Dense 8B")
    row = rate_setup(p, model, Setup((Device(chip),)))
    factor = MEASURED["vendor_speed"]["Apple"]
    assert factor == 0.8
    assert row.usable_gb == pytest.approx(16 * 2 / 3 - 0.2, abs=1e-3)  # the GPU share less the reserve
    # The factor lives in the profile: one Apple chip alone and a setup holding it agree, both 0.8× the
    # speed the same chip would have under another vendor's name.
    assert row.tok_s == pytest.approx(p.tok_s(model, chip, row.quant))
    other = replace(chip, vendor="NVIDIA")
    assert p.tok_s(model, chip, row.quant) == pytest.approx(p.tok_s(model, other, row.quant) * factor)


# ------------------------------------------------------------------------------------------ offload
# Dual-channel desktop RAM at the JEDEC speeds assumed when none is said: channels × 8 bytes × MT/s.
DDR4_DUAL = 2 * 8 * 3200 / 1000  # 51.2 GB/s
DDR5_DUAL = 2 * 8 * 5600 / 1000  # 89.6 GB/s
OFFLOAD_MOE_DESKTOP = 0.40  # a desktop CPU's share for a mixture of experts' experts in RAM (shares.offload_moe)
OFFLOAD_DESKTOP = 0.58  # the share a desktop CPU streams a dense model's layers at (machine.shares.offload)
# What the cards keep free beside offloaded dense layers, and the share of their room experts fill
# (setup_constants.json offload_card_fill: people's stated -ngl / --n-cpu-moe placements)
DENSE_MARGIN_GB = 0.7
MOE_FILL = 0.6


def test_dense_offload_below_three_tokens_per_second_is_a_no_reference() -> None:
    p = get_profile("reference")
    card = FakeCard("Card C", "NVIDIA", 24.0, 1000.0, "Ada Lovelace", "GDDR6X")
    row = rate_setup(p, DENSE70, Setup((Device(card),), ram_gb=64, ram_type="DDR5"))
    weights = 70e9 * 4.5 / 8 / GIB
    need = ref_need(70, 4.5)
    room = 0.9 * 24 - (need - weights)  # the cache and runtime stay on the card
    f = (weights - room + DENSE_MARGIN_GB) / weights  # share of the layers read from RAM, as placed
    t = (1 - f) / ref_tok(1000, 0.55, 70, 4.5) + f * (70 * 4.5 / 8) / (DDR5_DUAL * OFFLOAD_DESKTOP)
    assert row.why == "offload" and row.fit == "no" and row.tok_s is None
    assert row.offload_gb == pytest.approx(weights - room)  # what the RAM must take: all that does not fit
    assert row.slow_tok_s == pytest.approx(1 / t)
    assert 1 / t < 3.0


def test_dense_offload_answers_with_a_speed_when_fast_enough_reference() -> None:
    p = get_profile("reference")
    card = FakeCard("Card D", "NVIDIA", 8.0, 448.0, "Turing", "GDDR6")
    model = ModelSize(14.0, name="Dense 14B")
    row = rate_setup(p, model, Setup((Device(card),), ram_gb=32, ram_type="DDR4"))
    weights = 14e9 * 4.5 / 8 / GIB
    room = 0.9 * 8 - (ref_need(14, 4.5) - weights) - DENSE_MARGIN_GB  # as placed
    f = (weights - room) / weights
    t = (1 - f) / ref_tok(448, 0.55, 14, 4.5) + f * (14 * 4.5 / 8) / (DDR4_DUAL * OFFLOAD_DESKTOP)
    assert row.fit == "offload" and row.quant.name == "Q4_K_M"
    assert row.tok_s == pytest.approx(1 / t) and row.tok_s >= 3
    assert row.ram_bandwidth_gbps == pytest.approx(51.2) and row.ram_type == "DDR4"
    assert row.confidence == "low"
    assert row.tok_s_low == pytest.approx(0.6 / t) and row.tok_s_high == pytest.approx(1.6 / t)


def test_moe_offload_keeps_attention_on_the_card_reference() -> None:
    p = get_profile("reference")
    card = FakeCard("Card E", "NVIDIA", 24.0, 1010.0, "Ada Lovelace", "GDDR6X")
    model = ModelSize(116.83, 5.13, name="Big MoE")
    row = rate_setup(p, model, Setup((Device(card),), ram_gb=64, ram_type="DDR5"))
    weights = 116.83e9 * 4.5 / 8 / GIB
    need = ref_need(116.83, 4.5)
    room = 0.9 * 24 - (need - weights)
    # no routing on record: the fallback share, 55 % of the active parameters are routed experts
    nonexpert = weights * (5.13 * 0.45) / 116.83
    experts = weights - nonexpert
    in_ram = weights - room  # what the RAM must take
    f = (weights - MOE_FILL * room) / experts  # the experts in RAM as people place them
    per_token = 1.62 * 5.13 * 4.5 / 8  # the reference site's bytes per token, for the card's part
    cpu_gb = 0.55 * (116.83 * 4.5 / 8) * 5.13 / 116.83  # the active experts as stored (1e9 bytes): what the CPU reads
    t = (1 - 0.55 * f) / (1010 * 0.55 / per_token) + f * cpu_gb / (DDR5_DUAL * OFFLOAD_MOE_DESKTOP)
    assert row.fit == "offload" and row.quant.name == "Q4_K_M"
    assert row.offload_gb == pytest.approx(in_ram)
    assert row.tok_s == pytest.approx(1 / t)
    dense_like = ModelSize(116.83, name="Big dense")
    assert rate_setup(p, dense_like, Setup((Device(card),), ram_gb=128, ram_type="DDR5")).fit == "no"


def test_offload_needs_room_in_ram() -> None:
    p = get_profile("reference")
    # At IQ2_XXS a dense 70B needs 70e9 × 2.06 / 8 / 2^30 + 0.635 + 0.14443 × 70^(2/3) ≈ 19.9 GB: 9.1 GB beyond
    # the card's 0.9 × 12 GB. 80 % of 8 GB (6.4) cannot take it: a plain no.
    row = rate_setup(p, DENSE70, Setup((Device(RTX3060),), ram_gb=8))
    assert row.fit == "no" and row.slow_tok_s is None and row.slow_quant is None
    # 80 % of 16 GB (12.8) can, at that level only, and it crawls: the crawl and its level are what is said.
    row = rate_setup(p, DENSE70, Setup((Device(RTX3060),), ram_gb=16))
    need = 70e9 * 2.06 / 8 / 2**30 + 0.635 + 0.14443 * 70 ** (2 / 3)
    assert row.fit == "no" and row.slow_quant is not None and row.slow_quant.name == "IQ2_XXS"
    assert row.offload_gb == pytest.approx(need - 0.9 * 12, abs=0.05) and row.slow_tok_s < 3


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_offload_is_slower_than_the_same_model_held_whole(profile: str) -> None:
    p = get_profile(profile)
    model = ModelSize(30.53, 3.3, name="Small MoE")
    small = FakeCard("Card F", "NVIDIA", 8.0, 448.0, "Turing", "GDDR6")
    big = FakeCard("Card G", "NVIDIA", 48.0, 448.0, "Turing", "GDDR6")
    off = rate_setup(p, model, Setup((Device(small),), ram_gb=64, ram_type="DDR4"), forced_quant="Q4_K_M")
    whole = rate_setup(p, model, Setup((Device(big),)), forced_quant="Q4_K_M")
    assert off.fit == "offload" and whole.fit in ("comfortable", "tight")
    assert off.tok_s < whole.tok_s


def test_ram_type_default_is_ddr4() -> None:
    row = rate_setup(get_profile("reference"), ModelSize(30.0), Setup((Device(RTX3060),), ram_gb=64))
    assert row.ram_type == "DDR4" and row.ram_bandwidth_gbps == pytest.approx(DDR4_DUAL)  # 2 × 8 B × 3200 MT/s


# ------------------------------------------------------------------------------------------ input


def test_bad_setups_are_refused() -> None:
    with pytest.raises(InvalidInput):
        Device(RTX3090, 0)
    with pytest.raises(InvalidInput):
        Setup(())
    with pytest.raises(InvalidInput):
        Setup((Device(RTX3090),), ram_gb=-4)
    with pytest.raises(InvalidInput):
        Setup((Device(RTX3090, 40), Device(RTX3060, 40)))


# ------------------------------------------------------------------------------------------ one rule per class


def test_the_shared_usable_rule_is_the_measured_profiles_own_reserve() -> None:
    assert USABLE["reserve_gb"] == MEASURED["memory"]["reserve_gb"]
    assert USABLE["comfortable_share"] == MEASURED["memory"]["comfortable_share"]


def _unified_machines():  # noqa: ANN202
    from catalog.gpus import load_current_records

    return [g for g in load_current_records() if g.unified_memory]


@pytest.mark.parametrize("machine", _unified_machines(), ids=lambda g: g.name)
def test_a_unified_machine_gives_the_same_memory_under_both_profiles(machine) -> None:  # noqa: ANN001
    """Issue 28: DGX Spark 103.7 vs 115.0 GB, M4 Max 128 GB 86.4 vs 95.8 before; one rule now, and the
    measured profile's table line for the same machine says the same."""
    setup = Setup((Device(machine),))
    rows = {name: rate_setup(get_profile(name), ModelSize(8.0), setup) for name in ("reference", "measured")}
    share = unified_gpu_share(SETUP_CONSTANTS, machine, machine.memory_gb)
    expected = machine.memory_gb * share - USABLE["reserve_gb"]
    assert rows["reference"].usable_gb == pytest.approx(expected) == rows["measured"].usable_gb
    assert get_profile("measured").usable_gb(machine) == pytest.approx(expected)


@pytest.mark.parametrize("n", [2, 3, 4, 8])
@pytest.mark.parametrize("card", [RTX3090, RTX3060, FakeCard("HBM", "AMD", 192.0, 5300.0, "CDNA 3.0", "HBM3")],
                         ids=lambda c: c.name)
def test_several_cards_give_the_same_memory_and_verdict_under_both_profiles(card, n: int) -> None:  # noqa: ANN001
    setup = Setup((Device(card, n),))
    expected = n * (card.memory_gb - USABLE["reserve_gb"]) - (n - 1) * USABLE["extra_card_gb"]
    for params in (8.0, 32.0, 70.0, 123.0, 405.0):
        model = ModelSize(params)
        ref, meas = (rate_setup(get_profile(name), model, setup) for name in ("reference", "measured"))
        assert ref.usable_gb == pytest.approx(expected) == meas.usable_gb
        # whatever a profile's need at a level, the same need gets the same verdict: one usable figure
        for need in (ref.need_gb, meas.need_gb):
            assert (need <= ref.usable_gb) == (need <= meas.usable_gb)


def test_the_issues_machines(engine) -> None:  # noqa: ANN001
    for q, usable in (("llama 3 70b on a dgx spark", 128 * 0.9 - 0.2), ("llama 3 70b on an m4 max 128gb", 95.8),
                      ("llama 3 70b on 2x rtx 3090", 47.2)):
        got = {p: engine.ask(q, options=AskOptions(profile=p)).facts["row"]["usable_gb"]
               for p in ("reference", "measured")}
        assert got["reference"] == pytest.approx(usable, abs=0.05)
        assert got["measured"] == pytest.approx(usable, abs=0.05)
