"""GGUF files sized tensor by tensor (estimator.gguf_size): against every published file on record, against
llama.cpp's own rules worked out by hand, and as properties over every catalog model with a shape."""

from __future__ import annotations

import statistics

import pytest
from msgspec.structs import replace

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile
from catalog.builtin import load_builtin_models
from catalog.gguf_files import load_gguf_files
from estimator.gguf_mix import BITS, Shape, more_bits_share, recipe
from estimator.gguf_size import file_gib, file_params_b, mix_bits, tensor_groups
from estimator.model import ModelSize
from estimator.quants import quant

RECORDS = {r.name: r for r in load_builtin_models()}
SHAPED = tuple(s for s in (model_size(r) for r in load_builtin_models()) if s is not None and tensor_groups(s))
# Least to most compressed: every file of a model is smaller than the one before it.
LADDER = ("BF16", "Q8_0", "Q6_K", "Q5_K_M", "Q5_K_S", "Q4_K_M", "Q4_K_S", "IQ4_XS", "Q3_K_L", "Q3_K_M", "IQ3_M",
          "Q3_K_S", "IQ3_XXS", "Q2_K", "IQ2_M", "IQ2_S", "IQ2_XS", "IQ2_XXS", "IQ1_M", "IQ1_S")


def _size(name: str) -> ModelSize:
    size = model_size(RECORDS[name])
    assert size is not None
    return size


def _modelled(name: str, level: str) -> float:
    """The size model's figure, with the model's published files set aside."""
    gib = file_gib(replace(_size(name), files=()), level)
    assert gib is not None
    return gib


def test_the_model_comes_within_ten_percent_of_98_percent_of_published_files() -> None:
    files = [f for f in load_gguf_files() if not f.scored_apart]  # today's llama.cpp, the typical mixes
    assert len(files) >= 60
    errors = {(f.model, f.level, f.repo): _modelled(f.model, f.level) / f.gib - 1 for f in files}
    inside = [e for e in errors.values() if abs(e) <= 0.10]
    assert len(inside) / len(errors) >= 0.98, sorted(errors.items(), key=lambda kv: -abs(kv[1]))[:5]


def test_glm_45_air_q4_k_m_is_as_big_as_its_files() -> None:
    """The file the issue names: unsloth's Q4_K_M is 73.0 GB (68.0 GiB); the old rule gave 60.5 GiB. Its experts
    are 1,408 wide, so their FFN-down tensors fall back from Q4_K/Q6_K to Q5_0/Q8_0."""
    assert _modelled("GLM-4.5-Air", "Q4_K_M") == pytest.approx(73.0e9 / 2**30, rel=0.03)
    assert load_profile("measured").weights_gb(_size("GLM-4.5-Air"), quant("Q4_K_M")) == pytest.approx(73.0e9 / 2**30)


def test_deepseek_r1_dynamic_levels_keep_attention_and_dense_layers_wide() -> None:
    """R1's 1.58-bit file is 140.2 GB: 654 B routed-expert weights at ~1.6 bits, the other ~17 B at 4–6 bits."""
    assert _modelled("DeepSeek-R1", "UD-IQ1_S") == pytest.approx(140.2e9 / 2**30, rel=0.05)
    groups = tensor_groups(_size("DeepSeek-R1"))
    assert groups is not None
    experts = sum(g.params_b for g in groups if g.role.startswith("exp"))
    assert experts == pytest.approx(58 * 256 * 3 * 7168 * 2048 / 1e9)  # 58 MoE layers (61 − 3 dense)


def test_use_more_bits_picks_half_of_32_layers() -> None:
    """llama.cpp's use_more_bits on 32 layers: 0–3, 28–31 and every third from 6 (6, 9 … 27): 16 layers."""
    assert more_bits_share(32) == 0.5


def test_rows_not_a_multiple_of_256_fall_back_to_block_32_types() -> None:
    q4km_down = recipe("Q4_K_M", Shape(46, 12, 128))
    assert q4km_down is not None
    half = ((more_bits_share(46), BITS["Q8_0"]), (1 - more_bits_share(46), BITS["Q5_0"]))
    assert mix_bits(q4km_down.mix("exp_down"), 1408, "exp_down") == pytest.approx(sum(s * b for s, b in half))
    assert mix_bits(q4km_down.mix("exp_down"), 1536, "exp_down") < 6  # a 1,536-wide tensor keeps Q4_K/Q6_K
    assert mix_bits((("Q6_K", 1.0),), 2880, "output") == BITS["Q8_0"]


def test_glm_files_hold_their_mtp_layer() -> None:
    """ubergarm's BF16 GLM-4.5-Air file (205.811 GiB at 16.004 bits) holds 110.47 B parameters."""
    assert file_params_b(_size("GLM-4.5-Air")) == pytest.approx(205.811 * 2**30 * 8 / 16.004 / 1e9, rel=0.02)


def test_a_published_file_is_the_weights() -> None:
    """Where a file is on record, the measured profile's weights are its size (the median of several)."""
    profile = load_profile("measured")
    for f in load_gguf_files():
        expected = statistics.median(g.gib for g in load_gguf_files() if (g.model, g.level) == (f.model, f.level))
        assert profile.weights_gb(_size(f.model), quant(f.level)) == pytest.approx(expected)


def test_formats_that_are_not_gguf_keep_their_own_width() -> None:
    for name in ("AWQ", "FP8", "EXL2 4.0bpw", "MLX-4bit"):
        assert file_gib(_size("Qwen3 32B"), quant(name).name) is None


def test_files_shrink_down_the_ladder_and_stay_physical() -> None:
    """Every catalog model with a shape × every step of the ladder (gpt-oss aside: its experts are MXFP4 at every
    level and its 2,880-wide tensors fall back from K-quants, so its labels barely change the file; and any model
    whose width is no multiple of 256, like Gemma 3 1B's 1,152: its K-quants fall back to 32-wide types, and a
    Q3_K_L file is then larger than an IQ4_XS one, as the published files are)."""
    for shaped in SHAPED:
        layout = shaped.layout
        if shaped.native is not None or (layout is not None and (layout.hidden_size or 0) % 256):
            continue
        size = replace(shaped, files=())
        params = file_params_b(size)
        vision = layout.ffn.vision_params_b if layout is not None and layout.ffn is not None else 0.0
        # a count holding a part no GGUF keeps (a vision tower not on record: Llama 4 Scout's, Mistral Small 3.2's)
        # loses that part, a few percent at most
        assert params is not None and params >= (size.params_b - vision) * 0.97
        for wider_level, narrower_level in zip(LADDER, LADDER[1:], strict=False):
            wider, narrower = file_gib(size, wider_level), file_gib(size, narrower_level)
            assert wider is not None and narrower is not None
            tied = layout is not None and layout.ffn is not None and layout.ffn.tied_embeddings
            if tied and (wider_level, narrower_level) == ("IQ3_XXS", "Q2_K"):
                continue  # a tied embedding is the output layer: Q5_K at IQ3_XXS, Q6_K at Q2_K (Gemma 3 4B's files)
            # Q3_K_L keeps attention output, values and FFN-down at Q5_K: where attention is a third of the model
            # (Qwen3 0.6B: 2,048-wide heads on a 1,024 hidden) its file comes within 1% of IQ4_XS's
            slack = 1.01 if (wider_level, narrower_level) == ("IQ4_XS", "Q3_K_L") else 1.001
            assert narrower <= wider * slack, (size.name, wider_level, narrower_level)
            # IQ1_S's block (1.5625 bits) is the narrowest type a level uses
            assert params * 1e9 * BITS["IQ1_S"] / 8 / 2**30 <= narrower <= params * 1e9 * 16 / 8 / 2**30


def test_a_small_model_with_a_wide_vocabulary_keeps_its_tied_embeddings_at_q8_0() -> None:
    """Gemma 3 1B: 302 M of its 1,000 M parameters are the tied embeddings, which llama.cpp quantizes as the output
    layer; at 1,152 wide (no multiple of 256) that is Q8_0, and the other K-quant tensors fall back to 32-wide
    types. lmstudio-community's files (Hugging Face listing): Q4_K_M 806 MB, Q3_K_L 752 MB, Q8_0 1.07 GB. Counted
    as a plain 1 B model at the level's usual width, the Q4_K_M file would come out ~0.6 GB."""
    for level, published_gb in (("Q4_K_M", 0.806), ("Q3_K_L", 0.752), ("Q8_0", 1.07)):
        assert _modelled("Gemma 3 1B", level) == pytest.approx(published_gb * 1e9 / 2**30, rel=0.05), level


def test_a_vision_tower_in_the_parameter_count_stays_out_of_the_file() -> None:
    """Gemma 3 12B counts 12.19 B parameters with its SigLIP tower; llama.cpp's text GGUF holds 11.77 B (the tower
    goes to the mmproj file). bartowski's F16 file: 23.5 GB; counting the tower too would give 24.4 GB."""
    assert _modelled("Gemma 3 12B", "F16") == pytest.approx(23.5e9 / 2**30, rel=0.02)
    params = file_params_b(_size("Gemma 3 12B"))
    assert params is not None and params == pytest.approx(11.77, rel=0.005)


def test_a_vision_tower_not_on_record_stays_out_of_the_file() -> None:
    """Mistral Small 3.2's 24 B count holds its Pixtral encoder, which llama.cpp keeps in the mmproj file. Its text
    model from the config (hidden 5,120, 40 layers, FFN 32,768, vocabulary 131,072, 32 heads, 8 KV heads of 128):
    embeddings and head 2 × 131,072 × 5,120, FFN 40 × 3 × 5,120 × 32,768, attention 40 × 5,120 × 2 × (32 + 8) × 128
    = 23.57 B. The file counts that, not 24 B with the tower spread over attention."""
    shaped = next(s for s in SHAPED if s.name == "Mistral Small 3.2")
    text_b = (2 * 131072 * 5120 + 40 * 3 * 5120 * 32768 + 40 * 5120 * 2 * (32 + 8) * 128) / 1e9
    assert file_params_b(replace(shaped, files=())) == pytest.approx(text_b, rel=1e-3)
