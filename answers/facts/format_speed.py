"""Weight formats weighed for speed with no model named ("gptq, awq or gguf in vllm, which is fastest?", "nvfp4
really faster than fp8 on a 5090?"): one user's generation reads every weight once per token, so its speed goes
with the bytes per weight (estimator/formats.py, sourced there); prompts and many users at once go with the card's
matrix units. Which kernels an engine runs each format with, and which models ship in NVFP4, are sourced data
(answers/knowledge/format_speed.json). Facts only: answers/rendering/format_notes.py writes them."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from estimator.quants import UnknownQuant, quant

# The GGUF file people compare with the 4-bit formats: llama.cpp's usual balance.
GGUF_LEVEL = "Q4_K_M"


@cache
def _data() -> dict[str, Any]:
    data = json.loads((resources.files("answers.knowledge") / "format_speed.json").read_text("utf-8"))
    for kind, note in data["kernels"].items():
        if not note.get("source") or not note.get("formats"):
            raise ValueError(f"format_speed.json: kernels.{kind}: formats and a source are required")
    if not data["nvfp4_checkpoints"].get("source"):
        raise ValueError("format_speed.json: nvfp4_checkpoints: a source is required")
    return data


def _bpw(name: str) -> float | None:
    try:
        return quant(GGUF_LEVEL if name == "GGUF" else name).bpw
    except UnknownQuant:
        return None


def weighed(named: list[str]) -> dict[str, Any] | None:
    """The formats named with their bits per weight, one user's generation speed of each against the first
    (the inverse of the bytes read), the kernel notes that apply and, when NVFP4 is named, the models that ship
    in it; None when fewer than two formats with a size are named."""
    formats = [n for n in named if n.isupper() and n not in ("UD",)]
    sized = [(n, b) for n in formats if (b := _bpw(n)) is not None]
    if len(sized) < 2:
        return None
    slowest = max(b for _, b in sized)
    engines = set(named) - set(formats)
    kernels = [k for k, note in _data()["kernels"].items()
               if set(note["formats"]) & set(formats) and (k != "gguf_in_vllm" or engines & {"vllm", "sglang"})
               and (k != "fp8_ampere" or "NVFP4" not in formats)]  # NVFP4 named: a Blackwell question
    out: dict[str, Any] = {
        "formats": [{"name": n, "bpw": b, "level": GGUF_LEVEL if n == "GGUF" else None,
                     "decode_vs_slowest": slowest / b} for n, b in sized],
        "kernels": kernels,
        "sources": {k: _data()["kernels"][k]["source"] for k in kernels},
    }
    if "NVFP4" in formats:
        ships = _data()["nvfp4_checkpoints"]
        out["nvfp4_models"] = {"models": ships["models"], "where": ships["where"], "source": ships["source"]}
    return out
