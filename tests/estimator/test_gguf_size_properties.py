"""The weights an answer gives for a GGUF level, as properties over every catalog model (hypothesis), and the
feed-forward shapes that size MoE files: shared experts, tied embeddings, FFN widths that are no multiple of 256.

Golden figures come from the models' config files (independent arithmetic) or public file listings."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from answers.knowledge.catalog_view import model_size
from answers.knowledge.profiles import load_profile
from catalog.builtin import load_builtin_models
from estimator.gguf_mix import BITS
from estimator.gguf_size import file_gib, file_params_b, tensor_groups
from estimator.measured import MeasuredProfile
from estimator.model import ModelSize
from estimator.quants import quant

# Each ladder runs from the widest level to the narrowest; a file never grows as one goes down it, whatever the
# model's widths (a 32-wide fallback can make two neighbours equal, never reverse them).
LLAMA_CPP = ("BF16", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q3_K_M", "Q2_K", "IQ2_XXS", "IQ1_S")
UNSLOTH = ("UD-Q8_K_XL", "UD-Q6_K_XL", "UD-Q5_K_XL", "UD-Q4_K_XL", "UD-Q3_K_XL", "UD-Q2_K_XL", "UD-IQ2_XXS",
           "UD-IQ1_M", "UD-IQ1_S")
GIB = 2**30


@cache
def _catalog() -> tuple[ModelSize, ...]:
    """Every catalog model with a size, its published files set aside (the rules, not the listings)."""
    sizes = (model_size(r) for r in load_builtin_models())
    return tuple(replace(s, files=()) for s in sizes if s is not None)


@cache
def _profile() -> MeasuredProfile:
    profile = load_profile("measured")
    assert isinstance(profile, MeasuredProfile)
    return profile


def _weights(model: ModelSize, level: str) -> float:
    return _profile().weights_gb(model, quant(level))


models = st.integers(min_value=0, max_value=10_000).map(lambda i: _catalog()[i % len(_catalog())])
ladders = st.sampled_from((LLAMA_CPP, UNSLOTH))


@settings(max_examples=300, deadline=None)
@given(models, ladders, st.data())
def test_a_higher_level_never_gives_a_smaller_file(model: ModelSize, ladder: tuple[str, ...], data) -> None:
    i = data.draw(st.integers(min_value=0, max_value=len(ladder) - 2))
    j = data.draw(st.integers(min_value=i + 1, max_value=len(ladder) - 1))
    wider, narrower = _weights(model, ladder[i]), _weights(model, ladder[j])
    assert narrower <= wider * 1.001, (model.name, ladder[i], wider, ladder[j], narrower)


@settings(max_examples=300, deadline=None)
@given(models, st.sampled_from(LLAMA_CPP + UNSLOTH))
def test_a_file_holds_its_parameters_between_the_narrowest_and_widest_type(model: ModelSize, level: str) -> None:
    """Every weight is stored at some ggml type: no narrower than IQ1_S's 1.5625 bits, no wider than 16 bits."""
    held = file_params_b(model)
    if held is None:  # no shape on record: the whole parameter count at the level's width
        held = model.params_b
    gib = _weights(model, level)
    low, high = held * 1e9 * BITS["IQ1_S"] / 8 / GIB, held * 1e9 * 16 / 8 / GIB
    assert low * 0.999 <= gib <= high * 1.001, (model.name, level, gib, low, high)


def _size(name: str) -> ModelSize:
    s = next(m for m in _catalog() if m.name == name)
    return s


def _roles(name: str) -> dict[str, float]:
    groups = tensor_groups(_size(name))
    assert groups is not None
    out: dict[str, float] = {}
    for g in groups:
        out[g.role] = out.get(g.role, 0.0) + g.params_b
    return out


def test_a_shared_expert_is_counted_beside_the_routed_ones() -> None:
    """Qwen1.5-MoE-A2.7B (config.json): 24 layers of 60 routed experts 1,408 wide and one shared expert 5,632 wide,
    hidden 2,048; untied 151,936-token embeddings. The file holds all 14.3 B parameters."""
    roles = _roles("Qwen1.5-MoE-A2.7B")
    assert roles["exp_gate_up"] + roles["exp_down"] == pytest.approx(24 * 60 * 3 * 2048 * 1408 / 1e9)
    assert roles["dense_gate_up"] + roles["dense_down"] == pytest.approx(24 * 3 * 2048 * 5632 / 1e9)
    assert roles["embd"] == roles["output"] == pytest.approx(151936 * 2048 / 1e9)
    assert file_params_b(_size("Qwen1.5-MoE-A2.7B")) == pytest.approx(14.3, rel=0.01)


def test_dynamic_levels_keep_the_shared_expert_wider_than_the_routed_ones() -> None:
    """At UD-Q2_K_XL the routed experts sit near 2.6–3 bits, the shared expert and attention at 5–6.6 bits: the
    file is wider per weight than the routed experts alone and narrower than its shared tensors."""
    model = _size("Qwen1.5-MoE-A2.7B")
    held = file_params_b(model)
    gib = file_gib(model, "UD-Q2_K_XL")
    assert held is not None and gib is not None
    bpw = gib * GIB * 8 / (held * 1e9)
    assert BITS["Q2_K"] < bpw < BITS["Q6_K"]


def test_a_tied_embedding_is_one_matrix_in_the_file() -> None:
    """Granite-3.0-1B-A400M ties its 49,155 × 1,024 embeddings: one matrix, stored as the output layer; the file holds
    its 1.33 B parameters (32 experts × 24 layers × 3 × 1,024 × 512, attention and the one matrix)."""
    roles = _roles("Granite-3.0-1B-A400M")
    assert "embd" not in roles and roles["output"] == pytest.approx(49155 * 1024 / 1e9)
    assert roles["exp_gate_up"] + roles["exp_down"] == pytest.approx(24 * 32 * 3 * 1024 * 512 / 1e9)
    assert file_params_b(_size("Granite-3.0-1B-A400M")) == pytest.approx(1.33, rel=0.01)


def test_an_ffn_width_off_the_256_grid_widens_the_file() -> None:
    """GLM-4-9B's FFN is 13,696 wide (53.5 blocks of 256): llama.cpp stores its FFN-down tensors at 32-wide types
    (Q5_0/Q8_0 at Q4_K_M). second-state/glm-4-9b-chat-GGUF lists Q4_K_M at 6.25 GB and Q8_0 at 9.99 GB; the
    level's average width alone (4.89 bits × 9.4 B) would give 5.3 GiB."""
    for level, gb in (("Q4_K_M", 6.25), ("Q8_0", 9.99)):
        assert _weights(_size("GLM-4-9B"), level) == pytest.approx(gb * 1e9 / GIB, rel=0.05), level


def test_the_small_granites_are_sized_from_their_own_shape() -> None:
    """Granite-4.0-350M: 28 layers, hidden 1,024, FFN 2,048, tied 100,352-token vocabulary (0.35 B); Granite-3B-Code:
    32 layers, hidden 2,560, FFN 10,240, tied 49,152-token vocabulary (3.48 B). Their F16/BF16 files are two
    bytes per parameter."""
    for name, params in (("Granite-4.0-350M", 0.352), ("Granite-3B-Code", 3.48)):
        assert file_params_b(_size(name)) == pytest.approx(params, rel=0.01), name
        assert _weights(_size(name), "BF16") == pytest.approx(params * 2e9 / GIB, rel=0.01), name


def test_experts_released_in_int4_stay_at_q4_0_in_the_widest_files() -> None:
    """Kimi K2.5 (and K2.6, its architecture) ships its routed experts in INT4 groups of 32, which Q4_0 holds
    exactly: 60 MoE layers × 384 experts × 3 × 7,168 × 2,048 weights at 4.5 bits are 570.7 GB, and Unsloth's
    "lossless" UD-Q8_K_XL file is 595 GB (its K2.6 guide), not the 1.1 TB Q8_0 experts would make. Below 4.5 bits
    the level's own types stay: the 2-bit file is far smaller than the 8-bit one."""
    model = _size("Kimi K2.5")
    experts_gb = 60 * 384 * 3 * 7168 * 2048 * 4.5 / 8 / 1e9
    widest = _weights(model, "UD-Q8_K_XL") * GIB / 1e9
    assert experts_gb < widest < experts_gb * 1.1
    assert widest == pytest.approx(595, rel=0.06)
    assert _weights(model, "UD-Q2_K_XL") * GIB / 1e9 < 0.7 * widest
