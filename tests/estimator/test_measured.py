"""The `measured` profile: interface, the fits the reference gets wrong, speeds against real llama.cpp
measurements, cross-validated accuracy, and monotonicity properties."""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.knowledge.profiles import Profiles, load_measured_constants, load_profile
from estimator.measured import MeasuredProfile, card_class
from estimator.model import LayerGroup, Layout, ModelSize
from estimator.profile import REFERENCE
from estimator.quants import QUANTS, quant
from estimator.ranking import Query, rate_all, summarize
from tests.conftest import MEASURED_CSV, FakeCard

MEASURED = MeasuredProfile(load_measured_constants())

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CSV = MEASURED_CSV


@pytest.fixture(scope="module")
def cards():
    from catalog.gpus import load_gpu_records

    return load_gpu_records()


def by_name(cards, name):
    return next(c for c in cards if c.name == name)




# ------------------------------------------------------------------------------------------ interface


def test_built_on_demand_and_satisfies_the_interface():
    p = load_profile("measured")
    assert isinstance(p, MeasuredProfile) and p.name == "measured"
    assert p.constants == MEASURED.constants
    assert load_profile("reference") is REFERENCE  # untouched
    profiles = Profiles()
    assert profiles.get("measured") is profiles.get("measured")  # built once per engine
    with pytest.raises(ValueError, match="unknown estimator profile"):
        load_profile("optimistic")
    for attr in ("need_gb", "cache_kind", "usable_gb", "fit", "tok_s", "tok_range"):
        assert callable(getattr(p, attr))
    ranks = [q.rank for q in p.levels]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert p.default_min_quality in {q.name for q in p.levels}
    quant(p.miss_quant)


def test_constants_say_what_they_were_fitted_on():
    c = json.loads((resources.files("estimator") / "data" / "measured_constants.json").read_text("utf-8"))
    f = c["fitted_on"]
    assert {"csv_sha256", "rows_used", "date", "method"} <= set(f)
    sha = hashlib.sha256(CSV.read_bytes()).hexdigest()
    assert f["csv_sha256"] == sha, "the CSV changed: run benchmarks/fit_measured.py --write"


@pytest.mark.parametrize("q", QUANTS, ids=lambda q: q.name)
def test_every_llama_cpp_quant_has_memory_and_speed(q):
    card = FakeCard()
    for model in (ModelSize(8.03), ModelSize(30.5, 3.3), ModelSize(20.9, 3.6, name="gpt-oss-20b")):
        assert MEASURED.need_gb(model, q, 4096) > 0
        tok = MEASURED.tok_s(model, card, q)
        low, high, conf = MEASURED.tok_range(model, card, q, tok)
        assert 0.6 * tok - 1e-9 <= low <= tok <= high <= 1.6 * tok + 1e-9
        assert conf in ("high", "medium", "low")


def test_weights_follow_real_bits_per_weight():
    # Llama 3 8B files: F16 14.96 GiB, Q4_K_M 4.58 GiB (CSV notes); within 2 %.
    assert MEASURED.weights_gb(ModelSize(8.03), quant("F16")) == pytest.approx(14.96, rel=0.02)
    assert MEASURED.weights_gb(ModelSize(8.03), quant("Q4_K_M")) == pytest.approx(4.58, rel=0.02)
    # gpt-oss-20b keeps MXFP4 experts: MXFP4 file 11.27 GiB, "F16" file 12.83 GiB.
    oss = ModelSize(20.91, 3.6, name="gpt-oss-20b")
    assert MEASURED.weights_gb(oss, quant("MXFP4")) == pytest.approx(11.27, rel=0.03)
    assert MEASURED.weights_gb(oss, quant("F16")) == pytest.approx(12.83, rel=0.03)


# ------------------------------------------------------------------------------------------ fits


def _row(cards, query, name):
    return next(r for r in rate_all(query, cards) if r.card.name == name)


def test_llama3_8b_f16_fits_a_16gb_card(cards):
    q = Query(ModelSize(8.03), forced_quant="F16", profile=MEASURED)
    for name in ("GeForce RTX 4080", "GeForce RTX 5080", "Radeon RX 9070 XT"):
        row = _row(cards, q, name)
        assert row.card.memory_gb == 16 and row.runs and row.fit == "tight"
    # the reference says it does not fit (the issue)
    assert not _row(cards, Query(ModelSize(8.03), forced_quant="F16"), "GeForce RTX 4080").runs


@pytest.mark.parametrize(
    "model", [ModelSize(20.9, 3.6), ModelSize(20.9, 3.6, name="gpt-oss-20b")], ids=["size", "named"]
)
def test_gpt_oss_20b_fits_12gb_cards(cards, model):
    q = Query(model, profile=MEASURED)
    for name in ("GeForce RTX 3060 12 GB", "GeForce RTX 4070 Ti", "Arc B580"):
        row = _row(cards, q, name)
        assert row.card.memory_gb == 12 and row.runs
    assert not _row(cards, Query(model), "GeForce RTX 3060 12 GB").runs  # the reference: "does not fit"


GPT_OSS_20B_LAYOUT = Layout((LayerGroup("sliding", 12, kv_heads=8, head_dim=64, window=128),
                               LayerGroup("full", 12, kv_heads=8, head_dim=64)))


def test_native_mxfp4_file_fits_12gb(cards):
    """The 11.27 GiB MXFP4 file, with gpt-oss' real (tiny, mostly sliding-window) cache, on 12 GB cards."""
    model = ModelSize(20.9, 3.6, layout=GPT_OSS_20B_LAYOUT, name="gpt-oss-20b")
    for forced in ("MXFP4", None):
        row = _row(cards, Query(model, forced_quant=forced, profile=MEASURED), "GeForce RTX 3060 12 GB")
        assert row.runs
        assert MEASURED.weights_gb(model, row.quant) == pytest.approx(11.27, rel=0.03)  # the MXFP4 file


def test_closest_miss_is_meaningful(cards):
    # 70 B misses the largest card that cannot hold it (32 GB) by need − (memory − a fixed reserve)
    query = Query(ModelSize(70.55), profile=MEASURED)
    rows = rate_all(query, cards)
    s = summarize(query, rows)
    need = MEASURED.need_gb(ModelSize(70.55), quant("Q4_K_M"), 4096)
    largest_miss = max(r.card.memory_gb for r in rows if not r.runs and card_class(r.card) != "unified")
    assert s.closest_miss_gb == pytest.approx(need - (largest_miss - MEASURED.reserve_gb))
    assert s.closest_miss_gb > 0


# ------------------------------------------------------------------------------------------ speed vs the CSV


def _csv_rows():
    with CSV.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_h100_h200_8b_q4_k_m_against_measurements(cards):
    """The CSV has no 8B Q4_K_M row on an H100 SXM or H200. What it has: 8B Q4_K_M on an A100 SXM 80GB
    (2,039 GB/s, the H100 PCIe's bandwidth) and 7–8B 4-bit rows on data-centre cards; and it shows the
    H100 PCIe running Llama 3 70B Q4_K_M as fast as the A100 SXM (the same bandwidth)."""
    rows = _csv_rows()
    a100 = [float(r["tg_tokens_per_s"]) for r in rows
            if r["model"] == "Llama 3 8B" and r["quant"] == "Q4_K_M" and "A100 SXM" in r["gpu"]]
    dc_small_4bit = [float(r["tg_tokens_per_s"]) for r in rows
                     if 6.5 < float(r["params_b_total"]) < 8.5 and r["quant"] in ("Q4_0", "Q4_K_M")
                     and any(k in r["gpu"] for k in ("A100", "H100", "A30", "V100", "MI60"))]
    fastest_small_4bit = max(float(r["tg_tokens_per_s"]) for r in rows
                             if 6.5 < float(r["params_b_total"]) < 8.5 and r["quant"] in ("Q4_0", "Q4_K_M"))
    h100_70b = [float(r["tg_tokens_per_s"]) for r in rows
                if r["model"] == "Llama 3 70B" and r["quant"] == "Q4_K_M" and "H100" in r["gpu"]]
    assert a100 and dc_small_4bit and h100_70b

    est = {r.card.name: r for r in rate_all(Query(ModelSize(8.03), forced_quant="Q4_K_M", profile=MEASURED), cards)}
    ref = {r.card.name: r for r in rate_all(Query(ModelSize(8.03), forced_quant="Q4_K_M"), cards)}
    pcie = est["H100 PCIe 80 GB"]
    assert all(pcie.tok_s_low <= m <= pcie.tok_s_high for m in a100)
    for name in ("H100 SXM5 80 GB", "H200 SXM 141 GB"):
        assert min(dc_small_4bit) <= est[name].tok_s <= fastest_small_4bit
        assert 2 <= ref[name].tok_s / est[name].tok_s <= 4
    big = _row(cards, Query(ModelSize(70.55), forced_quant="Q4_K_M", profile=MEASURED), "H100 PCIe 80 GB")
    assert all(big.tok_s_low <= m <= big.tok_s_high for m in h100_70b)


def test_cross_validated_accuracy():
    from benchmarks.accuracy import cross_validate, summary

    cv = cross_validate(CSV, by="gpu")
    s = summary(cv.scored)
    assert s["n"] >= 60
    assert s["inside_range"] >= 0.90
    assert s["median_error"] <= 1.15
    assert all(0.6 * x.est - 1e-6 <= x.low <= x.est <= x.high <= 1.6 * x.est + 1e-6 for x in cv.scored)


def test_every_measured_gpu_is_mapped_or_explained():
    from benchmarks.accuracy import load_rows

    for r in load_rows(CSV):
        assert r.card is not None or r.excluded == "multi-GPU", r.gpu  # every GPU is in the current catalog


# ------------------------------------------------------------------------------------------ properties

quants = st.sampled_from(QUANTS)
params = st.floats(0.1, 2000)
vendors = st.sampled_from(["NVIDIA", "AMD", "Intel", "ATI"])
mem_types = st.sampled_from(["GDDR6", "HBM3", "LPDDR5X", "GDDR5", None])
archs = st.sampled_from(["Ada Lovelace", "Pascal", "Hopper", "RDNA 3.0", None])


@st.composite
def fake_cards(draw):
    return FakeCard(vendor=draw(vendors), memory_gb=draw(st.floats(4, 300)), bandwidth_gbps=draw(st.floats(50, 9000)),
                    architecture=draw(archs), memory_type=draw(mem_types))


@settings(max_examples=200, deadline=None)
@given(fake_cards(), quants, params, params, st.booleans())
def test_bigger_model_never_faster(card, q, a, b, named):
    small, big = sorted((a, b))
    name = "gpt-oss" if named else None
    assert MEASURED.tok_s(ModelSize(big), card, q) <= MEASURED.tok_s(ModelSize(small), card, q)
    # MoE: more active parameters, or more in total at the same active count, is never faster
    act = min(small, big) / 4
    tok = MEASURED.tok_s
    assert tok(ModelSize(big, act, name=name), card, q) <= tok(ModelSize(small, act, name=name), card, q) * (1 + 1e-12)
    assert tok(ModelSize(big, big / 2, name=name), card, q) <= tok(ModelSize(big, big / 8, name=name), card, q)


@settings(max_examples=200, deadline=None)
@given(fake_cards(), quants, params, st.floats(50, 9000), st.floats(50, 9000))
def test_more_bandwidth_never_slower(card, q, p, bw1, bw2):
    lo, hi = sorted((bw1, bw2))
    m = ModelSize(p)
    slow = MEASURED.tok_s(m, FakeCard(**{**card.__dict__, "bandwidth_gbps": lo}), q)
    fast = MEASURED.tok_s(m, FakeCard(**{**card.__dict__, "bandwidth_gbps": hi}), q)
    assert fast >= slow


@settings(max_examples=200, deadline=None)
@given(fake_cards(), params, st.floats(4, 300), st.floats(4, 300), st.integers(1, 200_000))
def test_more_memory_never_loses_a_fit(card, p, m1, m2, ctx):
    lo, hi = sorted((m1, m2))
    query = Query(ModelSize(p), context=ctx, profile=MEASURED)
    small, big = (FakeCard(**{**card.__dict__, "memory_gb": m}) for m in (lo, hi))
    r_small, r_big = rate_all(query, [small, big])
    if r_small.runs:
        assert r_big.runs and r_big.quant.rank <= r_small.quant.rank


@settings(max_examples=200, deadline=None)
@given(quants, params, st.one_of(st.none(), st.floats(0.05, 1.0)), st.integers(1, 500_000), st.integers(1, 500_000))
def test_longer_context_never_needs_less(q, p, active_share, c1, c2):
    lo, hi = sorted((c1, c2))
    m = ModelSize(p, None if active_share is None else p * active_share)
    assert MEASURED.need_gb(m, q, hi) >= MEASURED.need_gb(m, q, lo)


def test_card_classes():
    assert card_class(FakeCard(memory_type="HBM3")) == "hbm"
    assert card_class(FakeCard(memory_type="LPDDR5X")) == "unified"
    assert card_class(FakeCard(architecture="Pascal", memory_type="GDDR5")) == "legacy"
    assert card_class(FakeCard()) == "gddr"


def test_profile_accepts_other_constants():
    c = load_measured_constants()
    c["share_kind"] = {k: v / 2 for k, v in c["share_kind"].items()}
    slower = MeasuredProfile(c)
    m, card, q = ModelSize(8.03), FakeCard(), quant("Q4_K_M")
    assert slower.tok_s(m, card, q) < MEASURED.tok_s(m, card, q)
