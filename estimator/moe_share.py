"""The routed experts' share of a mixture of experts' active parameters: what `-ot exps=CPU` and
`--n-cpu-moe` move to system RAM, while attention, shared experts, dense first layers, embeddings and the
router stay on the card.

Worked out from the model's published config (the catalog's `architecture`, each with its config's URL):

- **from the FFN shape** when it is on record: routed parameters read per token =
  MoE layers × experts per token × 3 (gate, up, down) × hidden × one expert's width, where the MoE layers
  are the layers less the dense first ones (DeepSeek's `first_k_dense_replace`), one in `moe_every`
  (Llama 4 Maverick: every other layer). DeepSeek-V3: 58 × 8 × 3 × 7,168 × 2,048 = 20.4 B of 37 B, 0.55;
- **from the counts** otherwise: every parameter a token does not read is a routed expert it skipped, so
  total − active = routed × (1 − k/E) and the routed parameters read per token are
  (total − active) × k / (E − k). Qwen3-30B-A3B (128 experts, 8 per token): 27.2 × 8/120 = 1.81 B of 3.3 B.

A model without routing on record takes the constants' fallback (setup_constants.json
`moe_expert_share_active`). Pure: no I/O.
"""

from __future__ import annotations

from .model import ModelSize

MIN_SHARE = 0.05
MAX_SHARE = 0.95  # a token always reads attention, norms and embeddings on the card


def _from_shape(model: ModelSize, active_b: float) -> float | None:
    layout = model.layout
    if layout is None or layout.ffn is None or not layout.hidden_size or not layout.experts_per_token:
        return None
    f = layout.ffn
    if not f.experts or not f.moe_intermediate:
        return None
    moe_layers = (layout.layers - f.first_dense) // max(1, f.moe_every)
    routed_b = moe_layers * layout.experts_per_token * 3 * layout.hidden_size * f.moe_intermediate / 1e9
    return routed_b / active_b


def _from_counts(model: ModelSize, active_b: float) -> float | None:
    layout = model.layout
    if layout is None:
        return None
    e, k = layout.routed_experts, layout.experts_per_token
    if not (0 < k < e):
        return None
    return (model.params_b - active_b) * k / (e - k) / active_b


def expert_share_active(model: ModelSize, fallback: float) -> float:
    """Share of the parameters a token reads that are routed experts (0 for a dense model)."""
    if not model.is_moe:
        return 0.0
    active = model.active_params_b
    assert active is not None
    share = _from_shape(model, active)
    if share is None:
        share = _from_counts(model, active)
    if share is None:
        share = fallback
    return min(MAX_SHARE, max(MIN_SHARE, share))


__all__ = ["MAX_SHARE", "MIN_SHARE", "expert_share_active"]
