"""Engines and formats (estimator/engines.py, engine_profile.py, engine_speed.py, formats.py): what a user
relies on — no engine beats the memory, several cards never beat N× one card, MLX only on a Mac, FP8
refused where the card has no way to run it (with the nearest that works), more users never faster each —
and golden rows from public measurements (benchmarks/data/engines_measured.csv)."""

from __future__ import annotations

import csv
import json
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from answers.knowledge.profiles import load_engine_constants, load_profile
from estimator.engine_profile import EngineProfile, for_engine
from estimator.engine_speed import bandwidth_bound_tok_s, tp_size_valid
from estimator.engines import EngineConstants, Refusal, Runs, UnknownEngine, check, engine_name
from estimator.formats import FORMATS, find_format
from estimator.model import InvalidInput, ModelSize
from estimator.quants import BY_NAME, UnknownQuant, quant
from estimator.users import Workload, concurrency
from tests.conftest import ROOT, FakeCard

ENGINES = ("vllm", "sglang", "mlx", "exllamav2", "exllamav3", "tensorrt-llm", "transformers", "ollama", "lm-studio")
ARCHS = ["Pascal", "Volta", "Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell", "Blackwell 2.0", "RDNA 3.0",
         "CDNA 3.0", "Xe-HPG", None]
cards = st.builds(
    FakeCard,
    vendor=st.sampled_from(["NVIDIA", "AMD", "Intel", "Apple"]),
    memory_gb=st.floats(min_value=8, max_value=300),
    bandwidth_gbps=st.floats(min_value=100, max_value=8000),
    architecture=st.sampled_from(ARCHS),
)
params = st.floats(min_value=0.5, max_value=400)
levels = st.sampled_from(["BF16", "FP8", "AWQ", "GPTQ", "NVFP4", "MXFP4", "EXL2-4.0bpw", "EXL3-3.5bpw",
                          "MLX-4bit", "MLX-8bit", "Q4_K_M", "UD-Q4_K_XL"])
AMPERE = FakeCard("GeForce RTX 3090", "NVIDIA", 24, 936, "Ampere")
ADA = FakeCard("GeForce RTX 4090", "NVIDIA", 24, 1008, "Ada Lovelace")
BLACKWELL = FakeCard("GeForce RTX 5090", "NVIDIA", 32, 1792, "Blackwell 2.0")
MAC = FakeCard("Apple M4 Max 128 GB", "Apple", 128, 546, "Apple M4", "LPDDR5X", unified_memory=True)


@cache
def _c():  # noqa: ANN202
    return load_engine_constants()


@cache
def _p(engine: str, profile: str = "measured") -> EngineProfile:
    p = for_engine(load_profile(profile), _c(), engine)
    assert isinstance(p, EngineProfile)
    return p


# ------------------------------------------------------------------------------------------ physics


@given(params, cards, st.sampled_from(ENGINES), levels)
def test_no_engine_beats_the_memory_bandwidth(p, card, engine, level):
    model, q = ModelSize(p), quant(level)
    prof = _p(engine)
    if prof.runs(model, card, q):
        assert prof.tok_s(model, card, q) <= bandwidth_bound_tok_s(card, model.params_b, model, q) * (1 + 1e-9)


@given(params, st.integers(min_value=2, max_value=8), st.sampled_from(["vllm", "sglang", "tensorrt-llm"]),
       st.sampled_from(["pcie", "pcie4", "nvlink"]))
def test_tensor_parallel_never_beats_n_times_one_cards_bound(p, n, engine, link):
    model, q = ModelSize(p), quant("AWQ")
    prof = EngineProfile(load_profile("measured"), _c(), engine, link=link)
    t = prof.pool_seconds(model, [ADA] * n, q)
    if t is None:  # no valid group of n holds it (3 cards): the layer split rates it (estimator.setup_pool)
        assert not tp_size_valid(model, n)
        return
    assert 1 / t <= n * bandwidth_bound_tok_s(ADA, model.params_b, model, q) * (1 + 1e-9)
    assert 1 / t <= n * prof.tok_s(model, ADA, q)  # never more than N× one card's own speed


@given(st.floats(min_value=20, max_value=120))
def test_tensor_parallel_is_faster_than_one_card_on_big_models(p):
    """Two cards split a 20–120 B model's bytes: faster than one card holding all of them (the ×0.51–0.58
    of the layer split was the issue's complaint)."""
    model, q, prof = ModelSize(p), quant("AWQ"), _p("vllm")
    assert 1 / prof.pool_seconds(model, [ADA, ADA], q) > 1.1 * prof.tok_s(model, ADA, q)


@given(params, cards, st.integers(min_value=1, max_value=256))
def test_per_user_speed_at_n_users_is_never_above_one_users(p, card, n):
    model, q, prof = ModelSize(p), quant("AWQ"), _p("vllm")
    if not prof.runs(model, card, q):
        return
    one = prof.tok_s(model, card, q)
    w = Workload(one, prof.weights_gb(model, q), 1.5, 0.5, prof.usable_gb(card), 1e-4, 5000.0)
    assert concurrency(w, n).per_user_tok_s <= one * (1 + 1e-9)


# ------------------------------------------------------------------------------------------ who runs what


@given(cards, levels)
def test_mlx_only_on_apple(card, level):
    r = check(_c(), "mlx", quant(level), card)
    if card.vendor != "Apple":
        assert isinstance(r, Refusal) and r.reason == "engine_hardware"
        assert r.nearest_quant or r.other_engine  # and it says what works there instead


@pytest.mark.parametrize("engine", ["tensorrt-llm", "sglang", "llama.cpp"])
def test_fp8_on_ampere_is_refused_with_the_nearest_that_works(engine):
    r = check(_c(), engine, quant("FP8"), AMPERE)
    assert isinstance(r, Refusal)
    assert r.nearest_quant is not None
    assert r.other_engine == "vllm"  # vLLM runs FP8 weight-only (Marlin) on Ampere


def test_vllm_runs_fp8_on_ampere_weight_only_and_natively_on_ada():
    assert check(_c(), "vllm", quant("FP8"), AMPERE) == Runs("weight_only")
    assert check(_c(), "vllm", quant("FP8"), ADA) == Runs("native")
    moe = ModelSize(30.5, 3.3)
    assert isinstance(check(_c(), "vllm", quant("FP8"), AMPERE, moe), Refusal)  # no FP8 MoE kernel on Ampere


def test_nvfp4_only_on_blackwell():
    assert isinstance(check(_c(), "vllm", quant("NVFP4"), ADA), Refusal)
    assert check(_c(), "vllm", quant("NVFP4"), BLACKWELL) == Runs("native")


def test_formats_engines_do_not_read_are_refused():
    r = check(_c(), "vllm", quant("EXL2 4.0bpw"), AMPERE)
    assert isinstance(r, Refusal) and r.reason == "format_engine" and r.other_engine == "exllamav2"
    r = check(_c(), "llama.cpp", quant("AWQ"), AMPERE)
    assert isinstance(r, Refusal) and r.nearest_quant == "Q4_K_M"
    assert check(_c(), "mlx", quant("MLX 4bit"), MAC) == Runs("native")
    assert check(_c(), "ollama", quant("Q4_K_M"), AMPERE) == Runs("native")


def test_ollama_starts_at_its_default_tags_level_and_keeps_llama_cpps_speed():
    ollama, base = _p("ollama"), load_profile("measured")
    assert ollama.levels[0].name == "Q4_K_M"
    m = ModelSize(8.03)
    assert ollama.tok_s(m, AMPERE, quant("Q4_K_M")) == base.tok_s(m, AMPERE, quant("Q4_K_M"))


def test_ollama_default_context_follows_the_cards_memory():
    from estimator.engines import default_context

    e = _c().engine("ollama")
    assert [default_context(e, gb) for gb in (8, 24, 48, 80)] == [4096, 32768, 262144, 262144]


def test_engine_names_as_people_write_them():
    assert [engine_name(t) for t in ("vLLM", "lm studio", "llama-cpp", "TRT-LLM", None)] == [
        "vllm", "lm-studio", "llama.cpp", "tensorrt-llm", "llama.cpp"]
    with pytest.raises(UnknownEngine):
        engine_name("warpdrive", _c().engines)


def test_llama_cpp_is_the_profile_itself():
    base = load_profile("measured")
    assert for_engine(base, _c(), None) is base and for_engine(base, _c(), "llama.cpp") is base


# ------------------------------------------------------------------------------------------ formats


def test_formats_as_people_name_them():
    assert {t: quant(t).name for t in ("awq", "fp8", "exl2 4.0bpw", "EXL3-3.5", "mlx 4bit", "UD-Q4_K_XL",
                                        "unsloth q2_k_xl", "Q4_K_XL", "nvfp4")} == {
        "awq": "AWQ", "fp8": "FP8", "exl2 4.0bpw": "EXL2-4.0bpw", "EXL3-3.5": "EXL3-3.5bpw", "mlx 4bit": "MLX-4bit",
        "UD-Q4_K_XL": "UD-Q4_K_XL", "unsloth q2_k_xl": "UD-Q2_K_XL", "Q4_K_XL": "UD-Q4_K_XL", "nvfp4": "NVFP4"}
    assert quant("exl2 6.5bpw").bpw == 6.5
    with pytest.raises(UnknownQuant):
        quant("Q9_K_ZZ")
    assert find_format("q4_k_m") is None  # llama.cpp's own levels stay in quants.py


def test_unsloth_sizes_are_the_real_files():
    """Independent arithmetic from the published sizes: DeepSeek-R1 (671 B) UD-IQ1_S is 131 GB, UD-Q2_K_XL
    212 GB; MiniMax-M2.1 (229 B) UD-Q4_K_XL 131 GB."""
    assert FORMATS["UD-IQ1_S"].bpw == pytest.approx(131e9 * 8 / 671e9, abs=0.01)
    assert FORMATS["UD-Q2_K_XL"].bpw == pytest.approx(212e9 * 8 / 671e9, abs=0.01)
    assert FORMATS["UD-Q4_K_XL"].bpw == pytest.approx(131e9 * 8 / 229e9, abs=0.01)
    assert FORMATS["UD-Q3_K_XL"].bpw == pytest.approx(36e9 * 8 / 80e9, abs=0.01)  # Qwen3-Coder-Next, 36 GB
    # every dynamic level people name, from UD-IQ1_S to UD-Q8_K_XL, is known and sized in order
    names = ["UD-IQ1_S", "UD-IQ1_M", "UD-IQ2_XXS", "UD-Q2_K_XL", "UD-Q3_K_XL", "UD-IQ4_XS", "UD-Q4_K_XL",
             "UD-Q5_K_XL", "UD-Q6_K_XL", "UD-Q8_K_XL"]
    sizes = [quant(n).bpw for n in names]
    assert sizes == sorted(sizes)
    # a dynamic level is ranked with the level it is named after (same quality class)
    assert quant("UD-Q4_K_XL").rank == BY_NAME["Q4_K_M"].rank


def test_group_quantized_sizes():
    """MLX 4-bit: 4 bits + an FP16 scale and bias per 64 weights; AWQ: 4 bits + FP16 scale and 4-bit zero
    per 128; NVFP4: 4 bits + an FP8 scale per 16."""
    assert quant("MLX-4bit").bpw == 4 + 32 / 64
    assert quant("AWQ").bpw == pytest.approx(4 + 20 / 128, abs=0.1)
    assert quant("NVFP4").bpw == 4 + 8 / 16


# ------------------------------------------------------------------------------------------ memory


def test_vllm_keeps_its_memory_share_and_pages_the_rest():
    vllm, m = _p("vllm"), ModelSize(8.03)
    assert vllm.usable_gb(AMPERE) == pytest.approx(0.9 * 24)  # --gpu-memory-utilization 0.9
    assert vllm.need_gb(m, quant("BF16"), 4096) > 8.03 * 2 * 1e9 / 2**30  # weights + overhead + one context
    assert vllm.usable_gb(MAC) == 0 and _p("mlx").usable_gb(AMPERE) == 0 and _p("mlx").usable_gb(MAC) > 64


# ------------------------------------------------------------------------------------------ golden rows


def _rows() -> list[dict[str, str]]:
    with (ROOT / "benchmarks" / "data" / "engines_measured.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_every_public_row_has_a_source_and_a_known_format():
    for r in _rows():
        assert r["source"].startswith("https://"), r
        quant(r["quant"])
        engine_name(r["engine"], _c().engines)


@pytest.mark.parametrize(("engine", "params", "level", "card", "measured"), [
    # github.com/turboderp/exllamav2 README: Llama 2 7B EXL2 4.0 bpw, 207 t/s on a 4090
    ("exllamav2", 6.74, "EXL2-4.0bpw", ADA, 207),
    # github.com/ml-explore/mlx-examples issue 1029: Llama 3.3 70B 4-bit on an M3 Max (400 GB/s), 9.35 t/s
    ("mlx", 70.6, "MLX-4bit", FakeCard("Apple M3 Max 64 GB", "Apple", 64, 400, "Apple M3", "LPDDR5",
                                       unified_memory=True), 9.35),
    # github.com/vllm-project/vllm issue 6955 era rows aside, llmfit PR 1046: vLLM, Qwen3 8B BF16 on a 4090, 58.7 t/s
    ("vllm", 8.19, "BF16", ADA, 58.7),
])
def test_public_single_stream_rows_within_the_stated_range(engine, params, level, card, measured):
    prof, model, q = _p(engine), ModelSize(params), quant(level)
    est = prof.tok_s(model, card, q)
    low, high, _ = prof.tok_range(model, card, q, est)
    assert low <= measured <= high


def test_the_stated_ranges_hold_three_quarters_of_the_public_rows_they_did_not_come_from():
    """Each row of benchmarks/data/engines_measured.csv predicted leave-one-out and checked against the range
    made from the OTHER rows' residuals: at least 75 % inside per engine with its own range, on several cards,
    with several users, and over all (a range narrowed by hand, or a row far off, fails here)."""
    acc = _accuracy()
    scored = acc.cross_validate(_c(), acc.load_rows())
    inside = acc.range_held_out(scored)
    ranges = acc.engine_ranges(scored)
    groups: dict[str, list[bool]] = {}
    for (row, _, _), ok in zip(scored, inside, strict=True):
        groups.setdefault(acc.range_key(row, ranges), []).append(ok)
    for name, flags in groups.items():
        if name in ranges and len(flags) >= acc.MIN_RANGE_ROWS:
            assert sum(flags) / len(flags) >= 0.70, (name, sum(flags), len(flags))
    assert sum(inside) / len(inside) >= 0.75


def test_the_data_files_ranges_are_the_public_rows_spread():
    """engine_constants.json's engine_ranges are what the benchmark computes from the CSV (rerun
    `python benchmarks/engines_accuracy.py --write` after adding rows), and each holds its figure."""
    acc = _accuracy()
    scored = acc.cross_validate(_c(), acc.load_rows())
    stored = _c().engine_ranges
    computed = acc.engine_ranges(scored)
    assert computed.keys() == stored.keys()
    for name, (lo, hi, _) in computed.items():  # the all-reduce refit moves the several-cards bounds a little
        assert stored[name] == pytest.approx((lo, hi), abs=0.05), name
    assert all(lo <= 1 <= hi for lo, hi in stored.values())


def test_a_range_that_does_not_hold_its_figure_is_refused_at_load():
    data = json.loads((ROOT / "estimator" / "data" / "engine_constants.json").read_text("utf-8"))
    data["decode"]["engine_ranges"]["vllm"] = {"low": 1.1, "high": 1.4, "rows": 3}
    with pytest.raises(InvalidInput, match="vllm's range"):
        EngineConstants.from_dict(data)
    data["decode"]["engine_ranges"] = {"vlm": {"low": 0.8, "high": 1.2, "rows": 3}}
    with pytest.raises(InvalidInput, match="unknown engine 'vlm'"):
        EngineConstants.from_dict(data)


def _accuracy():  # noqa: ANN202 — lazy: the benchmark loads the catalog's cards, only these tests need it
    from benchmarks import engines_accuracy

    return engines_accuracy


def test_four_3090s_tensor_parallel_within_range():
    """ollama.linkworksinc.com HYDRA: Gemma 4 31B AWQ, vLLM TP=4 on 4× RTX 3090 (PCIe 4.0), 81.35 t/s."""
    prof = EngineProfile(load_profile("measured"), _c(), "vllm", link="pcie4")
    est = 1 / prof.pool_seconds(ModelSize(31.0), [AMPERE] * 4, quant("AWQ"))
    assert 81.35 / 1.4 <= est <= 81.35 * 1.4


def test_a_share_above_the_memorys_bandwidth_is_refused_at_load():
    import json

    from estimator.engines import EngineConstants
    from estimator.model import InvalidInput

    data = json.loads((ROOT / "estimator" / "data" / "engine_constants.json").read_text("utf-8"))
    data["decode"]["engines"]["exllamav2"]["share"] = 1.3
    with pytest.raises(InvalidInput, match="exllamav2"):
        EngineConstants.from_dict(data)


@pytest.mark.parametrize("engine", [e for e in ENGINES if e not in ("ollama", "lm-studio")])
def test_each_engine_stays_under_the_bound_on_a_big_model(engine):
    card = MAC if engine in ("mlx", "transformers") else ADA
    prof, model = _p(engine), ModelSize(70.0)
    for q in prof.levels:
        if prof.runs(model, card, q):
            assert prof.tok_s(model, card, q) <= bandwidth_bound_tok_s(card, 70.0, model, q)


def test_gpt_oss_is_rated_in_its_native_mxfp4_file():
    """gpt-oss ships MXFP4 (ggml-org's GGUF: experts MXFP4, the rest Q8_0): the measured profile and vLLM
    offer that file, not a Q8_0 label as if it were a dense 16-bit model; the reference keeps the site's."""
    from estimator.model import NativeShare
    from estimator.ranking import Query, rate_all

    oss = ModelSize(20.91, 3.61, name="gpt-oss-20b", native=NativeShare(19.12, 4.25, 2.39))
    row = rate_all(Query(oss, profile=load_profile("measured")), [ADA])[0]
    assert row.quant is not None and row.quant.name == "MXFP4"
    assert row.need_gb < 14  # 19.12 B at 4.25 bits + 1.79 B at 8.5 bits ≈ 11.2 GiB, plus cache and buffers
    assert rate_all(Query(oss, profile=_p("vllm")), [ADA])[0].quant.name == "MXFP4"
    assert rate_all(Query(oss), [ADA])[0].quant.name == "Q8_0"  # the reference page's label


@given(st.integers(min_value=1, max_value=128), st.one_of(st.just(0.0), st.floats(min_value=0.01, max_value=50.0)))
def test_prompts_arriving_meanwhile_only_slow_each_user(n, prompt_per_answer):
    """Continuous batching reads the others' prompts between decode steps: per-user speed falls with more
    prompt per answer, and never rises above one user's speed."""
    from msgspec.structs import replace

    w = Workload(60.0, 10.0, 1.5, 0.5, 22.0, 2e-4, 3000.0)
    base = concurrency(w, n)
    busy = concurrency(replace(w, prompt_per_answer=prompt_per_answer), n)
    assert busy.per_user_tok_s <= base.per_user_tok_s * (1 + 1e-12) <= 60.0 * (1 + 1e-9)
    if prompt_per_answer > 0 and n > 1:
        assert busy.per_user_tok_s < base.per_user_tok_s
    if n == 1:  # one user's own prompt comes before its answer: no contention
        assert busy.per_user_tok_s == base.per_user_tok_s


@given(params, cards, st.sampled_from(ENGINES), levels)
def test_decode_never_beats_bandwidth_over_the_profiles_own_bytes_per_token(p, card, engine, level):
    """The physics rule as any profile states it: tok/s ≤ bandwidth ÷ gb_per_token (gpt-oss-like native
    MXFP4 shares included)."""
    from estimator.model import NativeShare

    prof, q = _p(engine), quant(level)
    for model in (ModelSize(p), ModelSize(p, p / 6, native=NativeShare(p * 0.9, 4.25, p / 9))):
        if prof.runs(model, card, q):
            assert prof.tok_s(model, card, q) <= card.bandwidth_gbps / prof.gb_per_token(model, q) * (1 + 1e-9)
