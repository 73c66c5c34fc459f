"""Short factual answers to a question asked beside the main one ("is an NVLink bridge worth it?", "does the NPU
help?"): side_notes.json lists each kind with its facts and sources, checked at load; the sentences are in
answers/templates/_also.md.j2, through gettext; answers/facts/also.py says which apply."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

# The notes the facts know (answers/facts/also.py) and the template words; the data must source every one.
KINDS = ("nvlink", "tensor_parallel", "mixed_vendors", "rocm_state", "faster_ram", "npu", "npu_qualcomm",
         "rocm_vulkan", "intel_arc", "koboldcpp", "ik_llama", "trtllm_batched", "mlx_ollama", "draw_things",
         "comfy_gpu_split", "kv_quality", "exl3_quality", "ollama_llamacpp", "ktransformers", "tabbyapi", "hailo",
         "mxfp4_where", "mix_cards", "ssd", "both_cards", "weight_format_quality", "nvfp4_state")


class SideNotesDataError(ValueError):
    """side_notes.json is malformed; the message says what."""


def parse(data: object) -> tuple[str, ...]:
    """The note kinds listed, each with facts and a source; every kind of KINDS must be there, no other."""
    notes = data.get("notes") if isinstance(data, dict) else None
    if not isinstance(notes, list):
        raise SideNotesDataError("side_notes.json: 'notes' must be a list")
    out = []
    for i, n in enumerate(notes):
        if not isinstance(n, dict) or not all(str(n.get(k, "")).strip() for k in ("kind", "facts", "source")):
            raise SideNotesDataError(f"side_notes.json: notes[{i}] needs a 'kind', 'facts' and a 'source'")
        if n["kind"] not in KINDS:
            raise SideNotesDataError(f"side_notes.json: notes[{i}]: unknown kind {n['kind']!r}")
        out.append(str(n["kind"]))
    missing = [k for k in KINDS if k not in out]
    if missing:
        raise SideNotesDataError(f"side_notes.json: no source for {', '.join(missing)}")
    return tuple(out)


@cache
def sourced() -> tuple[str, ...]:
    return parse(json.loads((resources.files("answers.knowledge") / "side_notes.json").read_text("utf-8")))


@cache
def figures(kind: str) -> dict[str, float]:
    """The numbers a note's line is worked out from (its `figures`, sourced beside its facts); empty when none."""
    data = json.loads((resources.files("answers.knowledge") / "side_notes.json").read_text("utf-8"))
    note: dict[str, Any] = next((n for n in data["notes"] if n.get("kind") == kind), {})
    return {str(k): float(v) for k, v in (note.get("figures") or {}).items()}
