"""Unsloth's dynamic levels have one home: the per-tensor recipe (estimator.gguf_mix) sizes the file and sets
the bytes decode reads per token, so the size an answer gives and the speed it gives rest on the same bytes."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile
from catalog.builtin import load_builtin_models
from estimator.formats import FORMATS
from estimator.gguf_mix import BITS
from estimator.gguf_size import GIB, file_gib, file_params_b, read_bpw, tensor_groups
from estimator.model import FfnShape, LayerGroup, Layout, ModelSize

UD_LEVELS = tuple(name for name in FORMATS if name.startswith("UD-"))
SHAPED = tuple(s for s in (model_size(r) for r in load_builtin_models()) if s is not None and tensor_groups(s))
MEASURED = load_profile("measured")


def _toy_moe() -> ModelSize:
    """A made-up MoE: 4 layers, hidden 1024, 64 experts of width 512 (2 active), vocab 32,768, one shared
    expert. Its routed experts: 4 × 64 × 1024 × 512 × 3 = 402.65 M; shared: 4 × 1024 × 512 × 3 = 6.29 M."""
    ffn = FfnShape(moe_intermediate=512, experts=64, shared_experts=1, attention_heads=8)
    layout = Layout((LayerGroup("full", 4, 8, 128),), vocab_size=32768, hidden_size=1024, ffn=ffn)
    # 67.11 M embeddings + output, 402.65 M experts, 6.29 M shared, 33.55 M attention (4 × 4 × 1024²)
    total = (2 * 32768 * 1024 + 4 * 64 * 1024 * 512 * 3 + 4 * 1024 * 512 * 3 + 4 * 4 * 1024 * 1024) / 1e9
    active = total - 4 * 62 * 1024 * 512 * 3 / 1e9  # 2 of 64 experts per layer read
    return ModelSize(total, active, layout=layout)


def test_toy_moe_reads_its_wide_tensors_whole_and_its_experts_in_part() -> None:
    """By hand, UD-Q2_K_XL: routed gate/up Q2_K, routed down half Q2_K half Q3_K, attention Q5_K, shared Q6_K,
    embeddings Q4_K, output Q6_K; a token reads 2 of the 64 experts and every other tensor."""
    m = _toy_moe()
    experts_gu, experts_down = 4 * 64 * 1024 * 512 * 2, 4 * 64 * 1024 * 512
    shared, attn, vocab = 4 * 1024 * 512 * 3, 4 * 4 * 1024 * 1024, 32768 * 1024
    share = 2 / 64
    bits = (share * (experts_gu * BITS["Q2_K"] + experts_down * (BITS["Q2_K"] + BITS["Q3_K"]) / 2)
            + shared * BITS["Q6_K"] + attn * BITS["Q5_K"] + vocab * (BITS["Q4_K"] + BITS["Q6_K"]))
    read = share * (experts_gu + experts_down) + shared + attn + 2 * vocab
    assert read_bpw(m, "UD-Q2_K_XL") == pytest.approx(bits / read, rel=1e-6)
    # The file holds every expert: its average is far narrower than what a token reads.
    whole = file_gib(m, "UD-Q2_K_XL")
    assert whole is not None and whole * 8 * GIB / (m.params_b * 1e9) < read_bpw(m, "UD-Q2_K_XL")  # type: ignore[operator]


@pytest.mark.parametrize("level", UD_LEVELS)
def test_a_dense_model_reads_what_its_file_holds(level: str) -> None:
    """No experts: a token reads every tensor, so the read width is the file's average width."""
    dense = next(s for s in SHAPED if not s.is_moe)
    gib, params = file_gib(replace(dense, files=()), level), file_params_b(dense)
    assert gib is not None and params is not None
    assert read_bpw(dense, level) == pytest.approx(gib * 8 * GIB / (params * 1e9), rel=1e-6)


@pytest.mark.parametrize("level", UD_LEVELS)
def test_speed_reads_the_recipe_for_every_shaped_model(level: str) -> None:
    """Over the catalog: the measured profile's bytes per token are its read parameters × the recipe's read
    width (scaled as a published file is to the modelled one), never the level's one average figure, and a
    MoE's read width sits between its narrowest and widest tensor types."""
    for m in SHAPED:
        q = FORMATS[level]
        bits = read_bpw(m, level)
        assert bits is not None
        if m.native is None:  # gpt-oss keeps its own MXFP4 rule
            published, modelled = m.file_gib(level), file_gib(m, level)
            scale = published / modelled if published and modelled else 1.0
            assert MEASURED.gb_per_token(m, q) == pytest.approx(MEASURED.read_params_b(m) * bits * scale / 8)
        assert min(BITS.values()) <= bits <= max(BITS.values())


def test_deepseek_r1_one_bit_reads_its_wide_attention() -> None:
    """R1 at UD-IQ1_S: the ~17 B parameters outside the routed experts (attention, shared experts, three dense
    layers, embeddings) sit at 4–6 bits and every token reads them, so a token reads well above the file's
    1.6-bit average (the single figure formats.py keeps for models without a shape)."""
    r1 = next(s for s in SHAPED if s.name == "DeepSeek-R1")
    bits = read_bpw(r1, "UD-IQ1_S")
    assert bits is not None and 3.0 < bits < 4.0
    assert FORMATS["UD-IQ1_S"].bpw < 2.0
    no_shape = ModelSize(r1.params_b, r1.active_params_b)
    assert MEASURED.gb_per_token(no_shape, FORMATS["UD-IQ1_S"]) == pytest.approx(
        MEASURED.read_params_b(no_shape) * FORMATS["UD-IQ1_S"].bpw / 8)


@pytest.mark.parametrize(("level", "gb"), [("IQ2_S", 2.75), ("IQ2_XS", 2.60), ("IQ1_M", 2.16), ("IQ1_S", 2.01)])
def test_more_llama_cpp_levels_are_known(level: str, gb: float) -> None:
    """Issue 31: public llama-bench rows at IQ2_S went unanswered ("I do not know the quantization level").
    bartowski/LLaMA3-iterative-DPO-final-GGUF (a Llama 3 8B fine-tune; its README table) lists IQ2_S 2.75 GB,
    IQ2_XS 2.60 GB, IQ1_M 2.16 GB and IQ1_S 2.01 GB; Llama 3.1 8B has the same shape, and its modelled file lands
    within 10% of each."""
    from estimator.quants import quant

    llama = next(s for s in SHAPED if s.name == "Llama 3.1 8B")
    q = quant(level)
    assert q.kind == "iq"
    gib = file_gib(replace(llama, files=()), q.name)
    assert gib is not None and gib * GIB / 1e9 == pytest.approx(gb, rel=0.10)
