"""Decode speed and memory under an engine other than llama.cpp, on one card or over several.

One request (a roofline with a fixed cost, as the measured profile's llama.cpp rule):

    1/tok_s = t0 × class[card] + bytes_per_token / (bandwidth × share[engine] × format_share[family] × mode_share)
              + moe_layers × moe_layer_us × class[card]

The fixed part is the time a token costs whatever the bytes: kernel launches and small kernels, whose
latency follows the card's clocks, not its bandwidth, so a data-centre HBM card (A100, H100, H20: lower
clocks, far more bandwidth) pays `t0_card_class["hbm"]` times a GeForce's. A mixture of experts adds, in
every MoE layer, the router, the top-k and the expert dispatch of the fused-MoE kernel (small, latency-bound
kernels at one request; every card of a tensor-parallel group runs them, so N cards do not divide them).

Tensor parallelism over N identical cards (vLLM, SGLang, TensorRT-LLM; llama.cpp `-sm row`): each card
streams 1/N of the weights, and every layer ends in two all-reduces over the link between the cards:

    1/tok_s = t0 × (1 + tp_t0_per_card × (N − 1)) + bytes / (N × bandwidth × share…)
              + 2 × layers × allreduce_us[link]

so N cards are never more than N× one card's bandwidth bound, and a slow link (PCIe without P2P) eats
much of the gain on small models. A layer split (llama.cpp's default, Transformers, ExLlama's
`--gpu_split`) passes each token through the cards in turn: about one card's speed (estimator.setup_pool).

Memory of the serving engines (vLLM, SGLang, TensorRT-LLM): they take `utilization` of every card's
memory, load the weights (split over the TP cards), keep `overhead_gb` per card for activations and CUDA
graphs, and page the KV cache into the rest: a model fits when the weights, the overhead and at least one
full context's cache fit in that share. Constants: data/engine_constants.json. Pure functions.
"""

from __future__ import annotations

import math
import re

from .card import Card
from .engines import Engine, EngineConstants
from .measured import card_class
from .memory import GIB, model_weights_gb, read_bpw
from .model import ModelSize
from .profile import MIN_SECONDS_PER_TOKEN
from .quants import Quant

LINKS = ("pcie", "pcie3", "pcie4", "pcie5", "nvlink")


def layer_count(c: EngineConstants, model: ModelSize) -> int:
    """The model's layers: its layout when known, else the size rule of the constants (13.3 · P^0.42), with
    a mixture of experts sized by its active parameters (wide experts, not more layers: DeepSeek-V3 671B-A37B
    has 61 layers, the rule gives 60)."""
    if model.layout is not None:
        return sum(g.layers for g in model.layout.groups)
    a, b = c.layers_per_b
    size = model.active_params_b if model.is_moe and model.active_params_b else model.params_b
    return max(1, round(a * size ** b))


def bytes_per_token_gb(read_params_b: float, model: ModelSize, q: Quant) -> float:
    """GB of weights read for one token (gpt-oss keeps its experts in MXFP4 under every engine)."""
    return read_params_b * read_bpw(model, q.bpw) / 8


def _share(c: EngineConstants, engine: Engine, q: Quant, mode: str, vendor: str = "") -> float:
    d = c.decode[engine.name]
    fmt = c.format_vendor_share.get(q.family, {}).get(vendor, c.format_share.get(q.family, 1.0))
    return d.share * fmt * c.format_mode_share.get(mode, 1.0)


def engine_seconds(c: EngineConstants, engine: Engine, card: Card, q: Quant, read_params_b: float,
                   model: ModelSize, mode: str = "native", tp: int = 1, link: str | None = None) -> float:
    """Seconds per token for one request under `engine` on `tp` cards like `card` (tensor parallel)."""
    gb = bytes_per_token_gb(read_params_b, model, q)
    share = _share(c, engine, q, mode, card.vendor)
    t = fixed_seconds(c, engine, card, model, tp) + gb / (tp * card.bandwidth_gbps * share)
    if tp > 1:
        t += 2 * layer_count(c, model) * (_allreduce_s(c, link) + lane_seconds(c, link, model, tp))
    return max(t, MIN_SECONDS_PER_TOKEN)


def fixed_seconds(c: EngineConstants, engine: Engine, card: Card, model: ModelSize, tp: int = 1) -> float:
    """The time a token costs whatever its bytes: the engine's fixed time (each further card of a group
    adds a share of it) and, on a mixture of experts, the routing and dispatch of every MoE layer, both
    scaled by the card's class (small kernels run at the clocks, slower on data-centre cards)."""
    t0 = c.decode[engine.name].t0_ms / 1000
    more_cards = t0 * c.tp_t0_per_card * (tp - 1)  # the group's synchronisation: host-side, not the card's class
    if engine.name not in c.fixed_fitted:  # its rows did not fit them (TensorRT-LLM's fused MoE is leaner)
        return t0 + more_cards
    # per layer of the size rule, as fitted: the public rows carry no layout (Qwen3-30B-A3B: 22 by the rule, 48 real)
    moe = _rule_layers(c, model) * c.moe_layer_us / 1e6 if model.is_moe else 0.0
    return (t0 + moe) * c.t0_card_class.get(card_class(card), 1.0) + more_cards


def _rule_layers(c: EngineConstants, model: ModelSize) -> int:
    a, b = c.layers_per_b
    return max(1, round(a * (model.active_params_b or model.params_b) ** b))


def _allreduce_s(c: EngineConstants, link: str | None) -> float:
    """One all-reduce of a token's activations over the link (latency-bound at batch 1); a link said with its
    lanes ("pcie4x8") takes its generation's latency."""
    key = link_parts(link)[0] or c.default_link
    return c.allreduce_us.get(key, c.allreduce_us[c.default_link]) / 1e6


def link_parts(link: str | None) -> tuple[str | None, int | None]:
    """("pcie4", 8) from "pcie4x8", ("pcie", 1) from "pciex1", ("nvlink", None); (None, None) for None."""
    m = re.fullmatch(r"(nvlink|pcie[345]?)?(?:x(\d+))?", link or "")
    if not link or m is None:
        return None, None
    return m.group(1) or "pcie", int(m.group(2)) if m.group(2) else None


def hidden_size(c: EngineConstants, model: ModelSize) -> float:
    """A token's activation width: the model's own when its layout says, else from its (active) parameters and
    layers, about 12 × layers × hidden² weights (Llama 3 70B: 8,540 against its 8,192)."""
    if model.layout is not None and model.layout.hidden_size:
        return float(model.layout.hidden_size)
    size = model.active_params_b if model.is_moe and model.active_params_b else model.params_b
    return math.sqrt(size * 1e9 / (12 * layer_count(c, model)))


def tp_size_valid(model: ModelSize, k: int) -> bool:
    """Whether `k` cards can form one tensor-parallel group: vLLM and SGLang split the attention heads evenly, so
    `k` must divide the model's heads when known; else a power of two (heads are multiples of 8 in nearly every
    model: 3, 5, 6 or 7 cards are refused by Llama 3 70B's 64 heads, Qwen2.5 32B's 40 and gpt-oss's 64)."""
    if k == 1:
        return True
    ffn = model.layout.ffn if model.layout is not None else None
    heads = getattr(ffn, "attention_heads", None)
    if heads:
        return heads % k == 0
    return k & (k - 1) == 0


def lane_seconds(c: EngineConstants, link: str | None, model: ModelSize, tp: int, tokens: int = 1) -> float:
    """The bytes of one all-reduce over the lanes said ("pcie4x8", "x1"): `tokens` tokens' activations in BF16,
    2·(N−1)/N of them through each link of a ring; 0 when no lanes were said (the fitted latency holds them)."""
    gen, lanes = link_parts(link)
    if lanes is None or tp < 2 or gen == "nvlink":
        return 0.0
    per_lane = c.lane_gbps.get(gen or "pcie", c.lane_gbps.get("pcie", 0.985))
    moved = tokens * hidden_size(c, model) * 2 * 2 * (tp - 1) / tp
    return moved / (lanes * per_lane * 1e9)


def row_split_seconds(c: EngineConstants, one_card_seconds: float, t0_s: float, model: ModelSize, tp: int,
                      link: str | None = None) -> float:
    """llama.cpp's `-sm row` over `tp` cards: the streamed part divided, the fixed part kept, and the
    cards' partial results gathered every layer (as tensor parallelism's all-reduces)."""
    streamed = max(0.0, one_card_seconds - t0_s)
    sync = 2 * layer_count(c, model) * (_allreduce_s(c, link) + lane_seconds(c, link, model, tp))
    return max(t0_s * (1 + c.tp_t0_per_card * (tp - 1)) + streamed / tp + sync, MIN_SECONDS_PER_TOKEN)


def bandwidth_bound_tok_s(card: Card, read_params_b: float, model: ModelSize, q: Quant, cards: int = 1) -> float:
    """The physics ceiling: all of `cards` cards' bandwidth spent on the bytes one token reads."""
    return cards * card.bandwidth_gbps / bytes_per_token_gb(read_params_b, model, q)


def serving_weights_gb(model: ModelSize, q: Quant) -> float:
    """Weights resident (GiB) for a safetensors/EXL/MLX file at `q`'s bits per weight."""
    return model_weights_gb(model, q.bpw)


def kv_pool_gb(engine: Engine, memory_gb: float, weights_gb: float, cards: int = 1) -> float:
    """What a serving engine leaves for its paged KV cache over `cards` cards (GiB; ≤ 0: nothing)."""
    assert engine.memory is not None
    return cards * (engine.memory.utilization * memory_gb - engine.memory.overhead_gb) - weights_gb


def tokens_in_pool(pool_gb: float, cache_gb_per_token: float) -> int:
    """Tokens of context the KV pool holds (all users together)."""
    if pool_gb <= 0 or cache_gb_per_token <= 0:
        return 0
    return int(pool_gb / cache_gb_per_token)


__all__ = ["GIB", "LINKS", "bandwidth_bound_tok_s", "bytes_per_token_gb", "engine_seconds", "fixed_seconds",
           "hidden_size", "kv_pool_gb", "lane_seconds", "layer_count", "link_parts", "tp_size_valid",
           "row_split_seconds", "serving_weights_gb", "tokens_in_pool"]
