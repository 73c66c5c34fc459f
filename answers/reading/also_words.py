"""What a message asks beside its main question: "how many active parameters, and how many experts?",
"the context window and how much memory to use it whole", "decode and pp", "do x1 risers hurt?". Pure: the
question's text in, the kinds asked out (in the order of answers/lexicon/also.toml); the facts stage answers
each one it can (answers/facts/also.py), so a second ask is answered, not dropped."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from answers.knowledge.pickled import compile_cached
from answers.lexicon.errors import LexiconError
from catalog.text import fold

PATH = Path(__file__).resolve().parents[1] / "lexicon" / "also.toml"
# The kinds the facts answer (answers/facts/also.py); the lexicon may name no other.
KINDS = ("params", "experts", "context_window", "license", "inputs", "hardware", "full_precision", "fp8", "prefill",
         "pcie", "cuda", "rocm", "vulkan", "sycl", "many_users", "quality", "nvlink", "tensor_parallel", "npu",
         "faster_ram", "rocm_state", "ipex", "koboldcpp", "ik_llama", "trtllm", "lm_studio", "ollama", "mlx",
         "draw_things", "comfyui", "gpu_split", "slower_card", "kv_quality", "format_quality", "llama_cpp",
         "ktransformers", "tabbyapi", "context_window_more", "open_weights", "llama_cpp_support", "hailo",
         "alternatives", "mxfp4_where", "mix_cards", "ssd", "what_runs", "tdp", "pcie_lanes", "value",
         "memory_enough", "commercial", "base_model", "release_date", "moe_dense", "thinking", "languages",
         "weight_format_quality", "nvfp4_state", "depth", "whole_vram", "versions")
# A RAM speed written as a module's name ("ddr5-8000", "DDR4 3200"): a faster one asked about beside the said one


# Lexicon kinds read as another: more wordings of the context window asked.
_SAME = {"context_window_more": "context_window"}


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    data = tomllib.loads(PATH.read_text("utf-8"))
    out = []
    for kind, patterns in data.get("kinds", {}).items():
        if kind not in KINDS:
            raise LexiconError(f"{PATH.name}: unknown kind {kind!r}")
        for p in patterns:
            try:
                out.append((kind, compile_cached(p)))
            except re.error as exc:
                raise LexiconError(f"{PATH.name}: {kind}: {exc}") from exc
    return tuple(out)


def read(question: str) -> tuple[str, ...]:
    """The kinds the question asks about beside its main ask, in KINDS order."""
    text = fold(question)
    found = {_SAME.get(kind, kind) for kind, p in _patterns() if p.search(text)}
    return tuple(k for k in KINDS if k in found)

