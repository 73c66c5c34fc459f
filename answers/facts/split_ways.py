"""Tensor parallelism weighed against what the asker would otherwise run ("4x 3090, tensor parallel in vLLM vs
layer split in llama.cpp, how much faster?", "2x 4090 TP, how much over one card, or one card with AWQ?"): the
same cards and model three ways, each with its level and speed, so the answer can give the ratio asked.

- tensor parallel: vLLM (or SGLang when named) over all the cards, at the answer's own format when that engine
  reads it, else AWQ (the 4-bit format people run there);
- layer split: llama.cpp over the same cards, at the GGUF level nearest in bits per weight (AWQ ~ Q4_K_M,
  FP8 ~ Q8_0), so the two are the same model at about the same size;
- one card: the same engine on one of the cards, at the same format when it fits, else AWQ.

Every figure comes from the setup rating the answers already give (estimator/setups.py rate_setup); this only
puts three of them side by side.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.common import Entities, Estimates, EstimateSettings
from estimator.engine_speed import hidden_size, lane_seconds, layer_count, link_parts
from estimator.quants import quant
from estimator.setup_hardware import Device, Setup
from estimator.setups import rate_setup

# The engines that split every layer over the cards; llama.cpp (None) splits by layers.
TP_ENGINES = ("vllm", "sglang")
LABELS = {"vllm": "vLLM", "sglang": "SGLang"}
# The 4-bit format tensor-parallel engines run when the one asked does not fit or is not theirs.
FOUR_BIT = "AWQ"
# The GGUF levels a layer split is weighed at: the one nearest the tensor-parallel format's bits per weight.
GGUF_LEVELS = ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M")


def split_ways(est: Estimates, e: Entities, s: EstimateSettings, level: str | None) -> dict[str, Any] | None:
    """The three ways side by side; None without several discrete cards, a model, or a tensor-parallel figure."""
    setup, rec = e.setup, e.model
    if setup is None or rec is None or setup.gpu_count < 2 or setup.unified:
        return None
    size = est.size_of(rec)
    if size is None:
        return None
    engine = s.engine if s.engine in TP_ENGINES else "vllm"
    tp_level = level if s.engine in TP_ENGINES and level else FOUR_BIT
    tp = _rate(est, size, setup, replace(s, engine=engine, split=None, quant=None), tp_level)
    if tp is None and tp_level != FOUR_BIT:
        tp_level = FOUR_BIT
        tp = _rate(est, size, setup, replace(s, engine=engine, split=None, quant=None), tp_level)
    if tp is None:
        return None
    bits = quant(tp_level).bpw
    gguf = min(GGUF_LEVELS, key=lambda name: abs(quant(name).bpw - bits))
    layer = _rate(est, size, setup, replace(s, engine=None, split=None, quant=None), gguf)
    one_setup = Setup((Device(setup.devices[0].card),))
    one_s = replace(s, engine=engine, split=None, quant=None)
    one = _rate(est, size, one_setup, one_s, tp_level) or \
        (_rate(est, size, one_setup, one_s, FOUR_BIT) if tp_level != FOUR_BIT else None)
    return {"engine": engine, "engine_label": LABELS[engine], "cards": setup.gpu_count,
            "card": setup.devices[0].card.name, "tensor": tp,
            "layer": layer, "one": one,
            "tensor_vs_layer": tp["tok_s"] / layer["tok_s"] if layer else None,
            "tensor_vs_one": tp["tok_s"] / one["tok_s"] if one else None,
            "link": _link(est, size, s.link, tp["tp_cards"], tp["tok_s"])}


def _link(est: Estimates, size: Any, link: str | None, cards: int, tok_s: float) -> dict[str, Any] | None:
    """The lanes said ("pcie 4.0 x8/x8", "x1 risers") under tensor parallelism: the bytes the cards exchange per
    token, their time on those lanes (already in the figure), and the prompt speed the lanes alone allow."""
    gen, lanes = link_parts(link)
    if lanes is None or gen == "nvlink":
        return None
    c = est.profiles.engine_constants()
    layers = layer_count(c, size)
    per_token = 2 * layers * lane_seconds(c, link, size, cards)
    moved = 2 * layers * hidden_size(c, size) * 2 * 2 * (cards - 1) / cards
    return {"gen": {"pcie3": 3, "pcie4": 4, "pcie5": 5}.get(gen or ""), "lanes": lanes, "token_kb": moved / 1000,
            "token_ms": per_token * 1000, "share": per_token * tok_s, "prompt_cap_tok_s": 1 / per_token}


def _rate(est: Estimates, size: Any, setup: Setup, s: EstimateSettings, level: str) -> dict[str, Any] | None:
    """`level` on `setup` under `s`'s engine, held whole in the cards' memory; None when it is not (or the engine
    cannot read that format)."""
    try:
        p = est.profiles.get(s.profile, s.engine, s.split, s.link)
        row = rate_setup(p, size, setup, s.context, None, level, constants=est.profiles.setup_constants())
    except Exception:  # noqa: BLE001 — a format the engine refuses: that way is left out, the others stand
        return None
    if not row.tok_s or row.fit in ("offload", "no") or row.quant is None:
        return None
    return {"quant": row.quant.name, "need_gb": row.need_gb, "tok_s": row.tok_s, "gpu_count": row.gpu_count,
            "tp_cards": row.tp_cards or row.gpu_count}
