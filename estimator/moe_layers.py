"""How many layers' experts go to system RAM: the value of llama.cpp's `--n-cpu-moe N` for a card.

`--n-cpu-moe N` keeps the MoE weights of the first N layers on the processor (llama.cpp PR #15077; `--cpu-moe`
all of them, as `-ot exps=CPU` does); with `-ngl 99` everything else (attention, shared experts, the dense first
layers, embeddings, the KV cache) stays on the card. So N is the model's layer count less the MoE layers whose
experts still fit in the room the card has once the cache, the runtime and the weights every token reads are
on it. Worked out from the model's layout (the layer count, the dense first layers, the routed experts' share
of the weights: estimator.moe_share), one layer's experts being the routed experts' bytes over the MoE layers.
Pure: no I/O.
"""

from __future__ import annotations

import math

from msgspec import Struct

from .memory import GIB
from .model import DEFAULT_CONTEXT, ModelSize
from .moe_share import expert_share_active
from .profile import Profile
from .quants import Quant
from .setup_constants import SetupConstants
from .setup_hardware import Setup
from .setup_pool import pool_of

# llama.cpp's compute buffer beside the weights on the card grows with the micro-batch; about 1 GB at the
# default -ub 512 for these models (the llama.cpp logs people post: CUDA0 compute buffer 0.8-1.5 GiB), kept
# free so the value loads without raising N again.
COMPUTE_BUFFER_GB = 1.0


class MoeLayers(Struct, frozen=True):
    """`n_cpu_moe`: the `--n-cpu-moe` value (layers counted from the first, dense ones included); `layers`: the
    model's layers; `moe_layers`: those with experts; `on_card`: MoE layers whose experts stay on the card;
    `layer_gb`: one MoE layer's experts (GiB); `card_gb`: what the card then holds (GiB)."""

    n_cpu_moe: int
    layers: int
    moe_layers: int
    on_card: int
    layer_gb: float
    card_gb: float


def cpu_moe_layers(c: SetupConstants, p: Profile, model: ModelSize, setup: Setup, q: Quant, context: int,
                   cache_type: str = "f16") -> MoeLayers | None:
    """The `--n-cpu-moe` value that fits the setup's cards at `context`, or None for a dense model or one
    without its layer count on record."""
    layout = model.layout
    if not model.is_moe or layout is None or not layout.layers or model.active_params_b is None:
        return None
    first_dense = layout.ffn.first_dense if layout.ffn is not None else 0
    every = max(1, layout.ffn.moe_every) if layout.ffn is not None else 1
    moe_layers = (layout.layers - first_dense) // every
    if moe_layers <= 0:
        return None
    weights = p.memory_parts(model, q, DEFAULT_CONTEXT).weights_gb
    need = p.need_gb(model, q, context, cache_type)
    pool = pool_of(c, p, setup)
    x = expert_share_active(model, c.moe_expert_share_active)
    nonexpert_gb = weights * model.active_params_b * (1 - x) / model.params_b
    layer_gb = (weights - nonexpert_gb) / moe_layers
    # the cache and runtime (need less weights) and the weights every token reads stay on the cards
    room = pool.total_usable - max(0.0, need - weights) - nonexpert_gb - COMPUTE_BUFFER_GB * len(pool.devices)
    on_card = min(moe_layers, max(0, math.floor(room / layer_gb))) if layer_gb > 0 else moe_layers
    n = layout.layers - on_card * every
    card = need - weights + nonexpert_gb + on_card * layer_gb
    return MoeLayers(n_cpu_moe=n, layers=layout.layers, moe_layers=moe_layers, on_card=on_card,
                     layer_gb=layer_gb * 1.0, card_gb=card)


def layer_gb_decimal(m: MoeLayers) -> float:
    """One layer's experts in GB (1e9 bytes), as file sizes are listed."""
    return m.layer_gb * GIB / 1e9


__all__ = ["COMPUTE_BUFFER_GB", "MoeLayers", "cpu_moe_layers", "layer_gb_decimal"]
