"""The output layer and the logits buffer (estimator/setups.py, estimator/measured.py): llama.cpp keeps the
output matrix (vocab × hidden) in RAM whenever layers spill, and sizes its compute buffer for the logits
of a 512-token micro-batch. Each figure is worked out here from the model's published shape."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from answers.knowledge.catalog_view import layout_of
from answers.knowledge.profiles import load_profile, load_setup_constants
from benchmarks.setups_accuracy import load_cases, model_layouts
from catalog.builtin import load_builtin_models
from estimator.model import LayerGroup, Layout, ModelSize
from estimator.quants import BY_NAME
from estimator.setups import Device, Setup, output_bpw, rate_setup
from tests.conftest import FakeCard

GIB = 2**30
SETUP_CONSTANTS = load_setup_constants()

# A Qwen3-14B-shaped dense model: 40 full-attention layers, 8 KV heads of 128, vocab 151,936, hidden 5,120.
QWEN_LIKE = Layout((LayerGroup("full", 40, kv_heads=8, head_dim=128),), vocab_size=151_936, hidden_size=5_120)
DENSE14 = ModelSize(14.77, layout=QWEN_LIKE, name="Dense 14B")
TURING8 = FakeCard("Card T", "NVIDIA", 8.0, 448.0, "Turing", "GDDR6")


def record(name: str) -> ModelSize:
    rec = next(r for r in load_builtin_models() if r.name == name)
    assert rec.params_b is not None
    return ModelSize(rec.params_b, rec.active_params_b, layout_of(rec.architecture), rec.name)


# ------------------------------------------------------------------------------------------ the file


def test_architecture_records_carry_vocabulary_and_width_into_the_layout() -> None:
    gemma = record("Gemma 3 12B")
    assert gemma.layout is not None
    assert (gemma.layout.vocab_size, gemma.layout.hidden_size) == (262_208, 3_840)  # config.json text_config
    assert gemma.layout.output_params_b == pytest.approx(262_208 * 3_840 / 1e9)


@pytest.mark.parametrize(("level", "bits"), [
    ("Q4_K_M", 210 * 8 / 256),  # Q6_K block: 210 bytes per 256 weights
    ("Q3_K_M", 6.5625),
    ("IQ4_XS", 6.5625),
    ("Q6_K", 6.5625),
    ("IQ2_XXS", 176 * 8 / 256),  # the 1–3-bit I-quants get Q5_K: 176 bytes per 256 weights
    ("IQ3_XXS", 5.5),
    ("Q8_0", 8.5),  # kept as they are
    ("F16", 16.0),
])
def test_output_matrix_is_stored_like_llama_cpp_quantize_does(level: str, bits: float) -> None:
    assert output_bpw(BY_NAME[level]) == pytest.approx(bits)


# ------------------------------------------------------------------------------------------ memory


def test_logits_of_a_micro_batch_set_the_compute_buffer_of_a_large_vocabulary() -> None:
    p = load_profile("measured")
    gemma = record("Gemma 3 12B")
    logits = 262_208 * 512 * 4 / GIB  # f32 logits for 512 tokens: 0.5 GiB
    layers_stage = p.compute_gb + p.compute_gb_per_4k  # the buffer's other peak at 4,096 tokens
    assert logits > layers_stage
    assert p.compute_buffer_gb(4096, gemma) == pytest.approx(logits)
    assert gemma.layout is not None
    bare = ModelSize(gemma.params_b, layout=Layout(gemma.layout.groups), name="no vocabulary")
    # the same weights on both sides (no tensor-by-tensor sizing), so only the compute buffer differs
    averaged = replace(gemma, layout=replace(gemma.layout, ffn=None))
    q = BY_NAME["Q4_K_M"]
    assert p.need_gb(averaged, q, 4096) - p.need_gb(bare, q, 4096) == pytest.approx(logits - layers_stage)
    parts = p.memory_parts(gemma, q, 4096)
    assert parts.weights_gb + parts.cache_gb + parts.runtime_gb == pytest.approx(p.need_gb(gemma, q, 4096))


def test_a_small_vocabulary_leaves_the_compute_buffer_as_it_was() -> None:
    p = load_profile("measured")
    small = ModelSize(7.0, layout=Layout(QWEN_LIKE.groups, vocab_size=32_000, hidden_size=4_096))
    assert 32_000 * 512 * 4 / GIB < p.compute_gb + p.compute_gb_per_4k
    assert p.compute_buffer_gb(4096, small) == pytest.approx(p.compute_gb + p.compute_gb_per_4k)
    # a longer context lifts the layers' stage above the logits again
    assert p.compute_buffer_gb(65536, small) == pytest.approx(p.compute_gb + 16 * p.compute_gb_per_4k)


def test_the_reference_profile_need_ignores_the_vocabulary() -> None:
    p = load_profile("reference")
    q = BY_NAME["Q4_K_M"]
    bare = ModelSize(14.77, layout=Layout(QWEN_LIKE.groups))
    assert p.need_gb(DENSE14, q, 4096) == p.need_gb(bare, q, 4096)


# ------------------------------------------------------------------------------------------ offload
DDR4_DUAL = 2 * 8 * 3200 / 1000  # dual-channel DDR4-3200, the RAM assumed when only a type is said: 51.2 GB/s


def test_spilled_dense_model_reads_the_output_matrix_from_ram_reference() -> None:
    p = load_profile("reference")
    row = rate_setup(p, DENSE14, Setup((Device(TURING8),), ram_gb=64, ram_type="DDR4"), constants=SETUP_CONSTANTS)
    weights = 14.77e9 * 4.5 / 8 / GIB  # reference Q4_K_M: 4.5 bits
    cache = 40 * 8 * 128 * 4096 * 2 * 2 / GIB  # keys and values, f16
    room = 0.9 * 8 - (0.635 + cache)
    out_b = 151_936 * 5_120 / 1e9
    layers = weights * (1 - out_b / 14.77)  # the cards hold repeating layers only
    f = (layers - room + 0.7) / layers  # as placed: the cards keep 0.7 GB free beside offloaded layers
    read = 14.77 * 4.5 / 8  # GB per token
    t_card = read / (448 * 0.55)
    t = ((1 - f) * (1 - out_b / 14.77) * t_card
         + (f * read * (1 - out_b / 14.77) + out_b * 6.5625 / 8) / (DDR4_DUAL * 0.58))
    assert row.fit == "offload" and row.quant is not None and row.quant.name == "Q4_K_M"
    assert row.tok_s == pytest.approx(1 / t)
    assert row.offload_gb == pytest.approx(layers - room + out_b * 1e9 * 6.5625 / 8 / GIB)


def test_a_small_spill_reads_a_few_layers_and_the_output_matrix_measured() -> None:
    # Gemma 3 12B Q4_K_M on an 8 GB card at 4k: the 0.5 GiB of logits push the whole model past the card, and
    # the cards keep 0.7 GB free beside offloaded layers (a layer's granularity and llama.cpp's compute buffer),
    # so a few repeating layers go to RAM with the output matrix: the public run used -ngl 44 of 48 (llmfit #774).
    p = load_profile("measured")
    gemma = record("Gemma 3 12B")
    q = BY_NAME["Q4_K_M"]
    usable = p.usable_gb(TURING8)
    weights = p.weights_gb(gemma, q)
    need = p.need_gb(gemma, q, 4096)
    room = usable - (need - weights)
    out_b = 262_208 * 3_840 / 1e9
    out_share = out_b / gemma.params_b
    layers = weights * (1 - out_share)
    assert need > usable and layers > room - 0.7 > layers - 1.0  # less than a gigabyte of layers spills
    row = rate_setup(p, gemma, Setup((Device(TURING8),), ram_gb=64, ram_type="DDR4"), forced_quant="Q4_K_M",
                     constants=SETUP_CONSTANTS)
    share = 0.58  # a desktop CPU's share for a dense model's layers (setup_constants.json machine.shares.offload)
    f = (layers - room + 0.7) / layers  # as placed
    read = p.gb_per_token(gemma, q)
    t = ((1 - f) * (1 - out_share) / p.tok_s(gemma, TURING8, q)
         + (f * read * (1 - out_share) + out_b * 6.5625 / 8) / (DDR4_DUAL * share))
    assert row.fit == "offload"
    # what the RAM must take: the output matrix and the layers that do not fit at all (none here)
    assert row.offload_gb == pytest.approx(max(0.0, layers - room) + out_b * 1e9 * 6.5625 / 8 / GIB)
    assert row.tok_s == pytest.approx(1 / t)
    whole = p.tok_s(gemma, TURING8, q)
    assert row.tok_s < 0.75 * whole  # the output layer in RAM costs a quarter of the speed or more


def test_a_model_without_a_vocabulary_keeps_the_proportional_rule() -> None:
    p = load_profile("reference")
    bare = ModelSize(14.77, layout=Layout(QWEN_LIKE.groups), name="no vocabulary")
    row = rate_setup(p, bare, Setup((Device(TURING8),), ram_gb=64, ram_type="DDR4"), constants=SETUP_CONSTANTS)
    weights = 14.77e9 * 4.5 / 8 / GIB
    room = 0.9 * 8 - (0.635 + 40 * 8 * 128 * 4096 * 4 / GIB)
    assert row.offload_gb == pytest.approx(weights - room)


def test_moe_offload_keeps_the_output_layer_on_the_card() -> None:
    # --n-cpu-moe runs with every layer offloaded (-ngl 99): only experts move, the output stays on the card.
    p = load_profile("reference")
    moe = ModelSize(30.53, 3.3, Layout(QWEN_LIKE.groups, vocab_size=151_936, hidden_size=2_048), name="MoE")
    bare = ModelSize(30.53, 3.3, Layout(QWEN_LIKE.groups), name="MoE, no vocabulary")
    setup = Setup((Device(TURING8),), ram_gb=64, ram_type="DDR4")
    a = rate_setup(p, moe, setup, constants=SETUP_CONSTANTS)
    b = rate_setup(p, bare, setup, constants=SETUP_CONSTANTS)
    assert a.fit == "offload" and a.tok_s == pytest.approx(b.tok_s) and a.offload_gb == pytest.approx(b.offload_gb)


def test_benchmark_rows_take_the_catalog_architecture_by_exact_name() -> None:
    by_model = {c.model: c.size.layout for c in load_cases() if "offload" in c.slices}
    assert by_model["Gemma 3 12B"] is not None and by_model["Gemma 3 12B"].vocab_size == 262_208
    assert by_model["gemma-2-9B"] is not None and by_model["gemma-2-9B"].vocab_size == 256_000
    assert by_model["Mistral-Small-24B"] is not None  # the "mistral small 24b" alias of Mistral Small 3
    assert by_model["Mistral-Small-24B"].vocab_size == 131_072
    lookup = model_layouts()
    assert lookup("Gemma 3 13B") is None and lookup("Qwen3 15B") is None  # no near miss borrows a shape


def test_stated_placement_reads_the_rows_own_layer_split() -> None:
    from benchmarks.setups_accuracy import _stated_terms, stated_placement

    p = load_profile("measured")
    gemma = next(c for c in load_cases() if c.model == "Gemma 3 12B" and "offload" in c.slices)
    assert "-ngl 44" in gemma.notes
    terms = _stated_terms(p, gemma, SETUP_CONSTANTS)
    assert terms is not None
    out_b = 262_208 * 3_840 / 1e9
    o = out_b / 12.19
    per_token = 12.19 * 4.85 / 8  # Q4_K_M at llama.cpp's 4.85 bits
    # 4 of 48 repeating layers and the output matrix (Q6_K) are read from RAM
    assert terms[1] == pytest.approx(4 / 48 * per_token * (1 - o) + out_b * 6.5625 / 8)
    scored = stated_placement("measured")
    assert len(scored) == sum("offload" in c.slices for c in load_cases())
    assert all(s.low == pytest.approx(0.6 * s.est) for s in scored)
