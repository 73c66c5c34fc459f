"""Offload: what does not fit on the cards is read from system RAM, and the time per token that adds.

Dense models move whole layers (`-ngl`, the output layer last), MoE models move experts (`--n-cpu-moe`);
the bytes from RAM go at the share of its bandwidth the CPU streams at (estimator.setup_ram). Kept apart
from the rating (estimator.setups) because it is llama.cpp's placement worked out in bytes, with its own
sources, and the benchmarks score it on its own.
"""

from __future__ import annotations

from .memory import GIB
from .model import DEFAULT_CONTEXT, ModelSize
from .moe_share import expert_share_active
from .profile import Profile
from .quants import Quant, quant
from .setup_constants import SetupConstants
from .setup_pool import Pool, split_seconds


def _weights(p: Profile, model: ModelSize, q: Quant) -> float:
    """The weights alone, as the profile sizes them (native low-bit parts included); context-free."""
    return p.memory_parts(model, q, DEFAULT_CONTEXT).weights_gb


def _gb_per_token(p: Profile, model: ModelSize, q: Quant) -> float:
    """Bytes (1e9) read per token, as the profile counts them."""
    return p.gb_per_token(model, q)


def stored_active_gb(p: Profile, model: ModelSize, q: Quant) -> float:
    """Bytes (1e9) of a mixture of experts' active parameters as the file stores them (weights, in GiB, ×
    active / total): what a CPU streams for them. The profile's bytes per token carry a GPU MoE-kernel factor
    (the reference site's 1.62) that a CPU streaming weights has not."""
    assert model.active_params_b is not None
    return _weights(p, model, q) * GIB / 1e9 * model.active_params_b / model.params_b


def offload_seconds(c: SetupConstants, p: Profile, model: ModelSize, pool: Pool, q: Quant, need: float,
                    ram_bw: float, hop_ms: float, share: float) -> tuple[float, float]:
    """(time per token, GB of weights read from RAM) with what does not fit on the cards in RAM, the CPU
    streaming `share` of the RAM bandwidth `ram_bw`. Never less than the time with every weight on the
    cards: a server's RAM may stream faster than an old card, but offloading never beats holding the model
    whole (under `reference` the card's figure is the site's efficiency, the RAM's a calibrated share).

    The GB in RAM are what does not fit on the cards at all (what the RAM must take); the time is at the
    placement people run: llama.cpp moves whole layers (or whole layers' experts) and keeps its compute
    buffers beside them, so the cards hold less than all their room (`offload_card_fill`)."""
    weights = _weights(p, model, q)
    room = max(0.0, pool.total_usable - max(0.0, need - weights))  # cache and runtime stay on the cards
    placed = room * c.offload_moe_fill if model.is_moe else max(0.0, room - c.offload_dense_margin_gb)
    t, _ = _spill_seconds(c, p, model, pool, q, placed, ram_bw, hop_ms, share)
    _, in_ram = _spill_seconds(c, p, model, pool, q, room, ram_bw, hop_ms, share)
    return max(t, split_seconds(p, model, pool, q, hop_ms)), in_ram


def _spill_seconds(c: SetupConstants, p: Profile, model: ModelSize, pool: Pool, q: Quant, room: float,
                   ram_bw: float, hop_ms: float, share: float) -> tuple[float, float]:
    """(time per token, GB in RAM) with `room` GB of weights on the cards."""
    weights = _weights(p, model, q)
    t_gpu = split_seconds(p, model, pool, q, hop_ms)
    per_token = _gb_per_token(p, model, q)
    if model.is_moe:
        assert model.active_params_b is not None
        x = expert_share_active(model, c.moe_expert_share_active)  # from its config (estimator.moe_share)
        nonexpert_b = model.active_params_b * (1 - x)
        nonexpert_gb = weights * nonexpert_b / model.params_b
        expert_gb = weights - nonexpert_gb
        if expert_gb > 0:
            return _moe_spill_seconds(x, stored_active_gb(p, model, q), expert_gb, nonexpert_gb, room, t_gpu,
                                      ram_bw * share)
    out_b = model.layout.output_params_b if model.layout is not None else None
    if out_b and room < weights:
        return _dense_spill_seconds(q, model.params_b, weights, room, t_gpu, per_token, out_b, ram_bw * share)
    in_ram = min(weights, max(0.0, weights - room))
    f = in_ram / weights if weights else 0.0
    t = (1 - f) * t_gpu + f * per_token / (ram_bw * share)
    return t, in_ram


def _moe_spill_seconds(x: float, active_gb: float, expert_gb: float, nonexpert_gb: float, room: float,
                       t_gpu: float, cpu_gbps: float) -> tuple[float, float]:
    """A mixture of experts placed as people run it (`-ngl 99` with `--n-cpu-moe` / `-ot exps=CPU`): the
    routed experts leave the cards first, then, when even attention, shared experts and the cache do not
    fit (a long context on a small card), whole layers' remaining weights follow (`-ngl` below the layer
    count). The CPU reads the active bytes it holds as stored: the profile's bytes per token carry a GPU
    MoE-kernel factor (the reference site's 1.62) that a CPU streaming weights has not. Continuous in
    `room`: a little less room never costs more than the bytes it moves. Returns (time per token, GB in RAM).

    `x` is the routed experts' share of the active parameters, `active_gb` the active bytes as stored."""
    expert_room = max(0.0, room - nonexpert_gb)
    in_ram = min(expert_gb, max(0.0, expert_gb - expert_room))
    f = in_ram / expert_gb  # share of the experts (and of the expert bytes per token) in RAM
    g = min(1.0, max(0.0, nonexpert_gb - room) / nonexpert_gb) if nonexpert_gb > 0 else 0.0
    cpu_gb = (x * f + (1 - x) * g) * active_gb
    t = (1 - x * f - (1 - x) * g) * t_gpu + cpu_gb / cpu_gbps
    return t, in_ram + g * nonexpert_gb


# llama.cpp stores the output matrix (or the tied token embedding that serves as it) at Q6_K whatever the
# level, at Q5_K for the 1–3-bit I-quant levels, and keeps Q8_0 and 16-bit levels as they are
# (llama_tensor_get_type in llama-quant.cpp).
_OUTPUT_Q5_K_LEVELS = frozenset({"IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ2_M", "IQ3_XXS"})
Q6_K_BPW = 210 * 8 / 256  # ggml block_q6_K: 210 bytes per 256 weights
Q5_K_BPW = 176 * 8 / 256  # ggml block_q5_K: 176 bytes per 256 weights


def output_bpw(q: Quant) -> float:
    """Bits per weight of the output matrix in a llama.cpp file of level `q`."""
    if q.bpw >= quant("Q8_0").bpw:
        return q.bpw
    return Q5_K_BPW if q.name in _OUTPUT_Q5_K_LEVELS else Q6_K_BPW


def output_gb(model: ModelSize, q: Quant) -> float | None:
    """GiB of the output matrix (vocab × hidden at `output_bpw`); None when the layout lacks either."""
    out_b = model.layout.output_params_b if model.layout is not None else None
    return None if out_b is None else out_b * 1e9 * output_bpw(q) / 8 / GIB


def _dense_spill_seconds(q: Quant, params_b: float, weights: float, room: float, t_gpu: float, per_token: float,
                         out_b: float, cpu_gbps: float) -> tuple[float, float]:
    """A dense model that does not fit, as llama.cpp places it. `-ngl` offloads the repeating layers from
    the last one down and the output layer only when every repeating layer is on the cards
    (llama_model::load_tensors: the output is "layer n_layer"), so whenever layers spill, the output matrix
    (vocab × hidden, `output_bpw`) sits in RAM beside them and the CPU reads it for every token. The cards
    hold repeating layers only. Returns (time per token, GiB read from RAM)."""
    out_share = min(1.0, out_b / params_b)  # the output matrix's share of the parameters
    out_read = out_b * output_bpw(q) / 8  # GB the CPU reads per token for the output layer
    layers = weights * (1 - out_share)  # the rest, as the profile counts weights and bytes read
    layers_read = per_token * (1 - out_share)
    in_ram = min(layers, max(0.0, layers - room))
    f = in_ram / layers if layers > 0 else 1.0
    # The cards run the layers they hold: that share of the single-card time (its fixed cost included).
    t = (1 - f) * (1 - out_share) * t_gpu + (f * layers_read + out_read) / cpu_gbps
    return t, in_ram + out_read * 1e9 / GIB
