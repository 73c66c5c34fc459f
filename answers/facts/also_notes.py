"""The short sourced side lines a message asks for beside its answer (answers/knowledge/side_notes.json): NVLink,
tensor parallelism, an NPU, runtimes and front ends weighed ("rocm or vulkan", "ollama or llama.cpp"), an SSD's load
time, a faster RAM's gain; split from answers/facts/also.py, which adds them to `facts["also"]["notes"]`.

    side_notes_for(kinds, entities, asked, facts)   # each a kind and the figures its line needs
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities
from answers.knowledge.knowhow import replaced_notes
from answers.knowledge.side_notes import figures, sourced
from answers.records.asked import Asked
from catalog.cpu_names import resolve_cpu


def side_notes_for(kinds: list[str], e: Entities, asked: Asked, facts: dict[str, Any]) -> list[dict[str, Any]]:
    """The short factual answers (answers/knowledge/side_notes.json) the question asks for, in that file's order:
    each a kind and the figures its line needs."""
    wanted: list[str] = [k for k in ("nvlink", "tensor_parallel", "npu", "hailo") if k in kinds]
    if "npu" in wanted and _qualcomm(asked):
        wanted[wanted.index("npu")] = "npu_qualcomm"  # a Snapdragon X laptop: Qualcomm's NPU, not Intel's or AMD's
    if "rocm_state" in kinds and not any(k in kinds for k in ("cuda", "vulkan", "sycl")):
        wanted.append("rocm_state")  # "ROCm or Vulkan?" is weighed by figures (_backends), not this line
    if _mixed_vendors(e):
        wanted.append("mixed_vendors")
    wanted += _choice_notes(kinds, facts)
    if "kv_quality" in kinds:  # "does a q4 kv cache hurt quality?": the sourced quality cost of each cache type
        wanted.append("kv_quality")
    if "format_quality" in kinds:  # "exl3 or gguf, which is better at the same size?": quality per bit
        wanted.append("exl3_quality")
    gone = replaced_notes(asked.knowhow)  # "nvidia and intel in one llama.cpp": the know-how line, not "one CUDA build"
    out: list[dict[str, Any]] = [{"kind": k} for k in sourced() if k in wanted and k not in gone]
    if "gpu_split" in kinds and e.setup is not None and e.setup.gpu_count > 1 and not e.setup.unified \
            and "media" not in facts:  # "can Ollama use both cards?": yes, by layers, and what they hold together
        out.append({"kind": "both_cards", "memory_gb": sum(d.card.memory_gb * d.count for d in e.setup.devices),
                    "cards": e.setup.gpu_count})
    if e.setup is not None and e.setup.gpu_count > 1:  # the tensor-parallel size is the cards named, not 2
        # ... when they can form one group: 3 or 6 cards cannot split the heads evenly, the largest power of two can
        n = e.setup.gpu_count
        size = n if n & (n - 1) == 0 else 1 << (n.bit_length() - 1)
        out = [{**n_, "cards": size} if n_["kind"] == "tensor_parallel" else
               {**n_, "cards": n} if n_["kind"] == "nvlink" else n_ for n_ in out]
    if "faster_ram" in kinds:
        out.append(_faster_ram(asked, facts))
    if "ssd" in kinds:
        out.append(_ssd(facts))
    return out


def _ssd(facts: dict[str, Any]) -> dict[str, Any]:
    """"Does an NVMe SSD change anything?": the answer's model (its need, the first on record) loaded from a PCIe
    4.0 NVMe and from a SATA SSD, and the most a drive could give were the weights read from it every token
    (a model bigger than the memory, mapped or swapped): the drive's read speed over the bytes read per token."""
    fig = figures("ssd")
    row = facts.get("row") if isinstance(facts.get("row"), dict) else {}
    rec = (facts.get("verdict") or {}).get("recommended") if isinstance(facts.get("verdict"), dict) else None
    cpu = facts.get("cpu") if isinstance(facts.get("cpu"), dict) else {}
    need = (row or {}).get("need_gb") or (rec or {}).get("need_gb") or ((cpu or {}).get("pick") or {}).get("need_gb")
    out: dict[str, Any] = {"kind": "ssd"}
    if need and fig:
        model = facts.get("model") or {}
        share = (model.get("active_params_b") or 0) / (model.get("params_b") or 1) if model.get("active_params_b") \
            else 1.0
        out.update(need_gb=need, nvme_gbps=fig["nvme_gbps"], sata_gbps=fig["sata_gbps"],
                   nvme_s=need / fig["nvme_gbps"], sata_s=need / fig["sata_gbps"],
                   from_drive_tok_s=fig["nvme_gbps"] / (need * share))
    return out


def _choice_notes(kinds: list[str], facts: dict[str, Any]) -> list[str]:
    """The runtime or front end choices the message asks ("rocm or vulkan", "ipex-llm or sycl", "koboldcpp or
    llama-server", "ik_llama.cpp", "tensorrt-llm", "lm studio or ollama", "draw things or comfyui", "does comfyui
    split it over two gpus"): each a sourced line of how the two differ, the answer's own figures kept."""
    has = set(kinds)
    rules = (("rocm_vulkan", {"rocm", "vulkan"} <= has),
             ("intel_arc", "ipex" in has or {"sycl", "vulkan"} <= has),
             ("mlx_ollama", "ollama" in has and bool({"lm_studio", "mlx"} & has) and not _not_mac(facts)),
             ("draw_things", "draw_things" in has),
             ("comfy_gpu_split", "gpu_split" in has and ("comfyui" in has or "media" in facts)),
             *_engine_rules(has))
    return [kind for kind, asked in rules if asked]


def _engine_rules(has: set[str]) -> tuple[tuple[str, bool], ...]:
    """The engine choices a message names beside its main ask ("ollama or llama.cpp directly?", "ktransformers or
    llama.cpp?", "is tabbyapi faster?"): each a sourced line with its verdict."""
    return (("ik_llama", "ik_llama" in has),
            ("koboldcpp", "koboldcpp" in has),
            ("trtllm_batched", "trtllm" in has),
            ("ollama_llamacpp", {"ollama", "llama_cpp"} <= has and not {"lm_studio", "mlx"} & has),
            # "awq, gptq or fp8: which is best in quality?", "is nvfp4 still buggy?": a sourced line each, whatever
            # figures the answer gives (the formats' speeds are weighed by the engine answer)
            ("weight_format_quality", "weight_format_quality" in has),
            ("nvfp4_state", "nvfp4_state" in has),
            ("ktransformers", "ktransformers" in has),
            ("tabbyapi", "tabbyapi" in has),
            ("mxfp4_where", "mxfp4_where" in has),
            ("mix_cards", "mix_cards" in has))


def engine_notes(kinds: tuple[str, ...]) -> list[str]:
    """The engine lines a message asks for, in side_notes.json's order, whatever the answer is: the engine adds
    the ones an answer left out (answers/engine.py), so an engine named beside a speed is never dropped."""
    has = set(kinds)
    wanted = {k for k, asked in _engine_rules(has) if asked}
    return [k for k in sourced() if k in wanted]


def _not_mac(facts: dict[str, Any]) -> bool:
    """The answer rates hardware that is not a Mac (MLX runs on Apple silicon only)."""
    row = facts.get("row")
    vendor = row.get("vendor") if isinstance(row, dict) else None
    return vendor is not None and vendor != "Apple"


def media_notes(kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """The side lines an image or video answer carries ("draw things or comfyui?", "does it split over the two
    gpus?"), in side_notes.json's order."""
    wanted = _choice_notes(list(kinds), {"media": True}) + [k for k in ("hailo",) if k in kinds]
    return [{"kind": k} for k in sourced() if k in wanted]


def _qualcomm(asked: Asked) -> bool:
    """The processor named is a Qualcomm one (catalog/data/hardware/cpus.json): its NPU is Qualcomm's Hexagon."""
    match = resolve_cpu(asked.cpu_named) if asked.cpu_named else None
    return match is not None and match.cpu.vendor == "Qualcomm"


def _mixed_vendors(e: Entities) -> bool:
    """Cards of two makers in one setup ("a 4090 and a 7900 XTX"): only llama.cpp's Vulkan runs them together."""
    setups = [x for x in (e.setup, *(e.sides or ())) if x is not None]
    return any(len({d.card.vendor for d in x.devices if not d.card.unified_memory}) > 1 for x in setups)


def _faster_ram(asked: Asked, facts: dict[str, Any]) -> dict[str, Any]:
    """A faster RAM asked about: the bandwidth ratio of the faster speed named to the one the answer assumed,
    when both are known (decode from RAM scales with it); else the rule alone."""
    said = facts.get("cpu")
    cpu: dict[str, Any] = said if isinstance(said, dict) else {}
    now = cpu.get("ram_mts") or asked.ram_mts
    faster = max(asked.also_mts, default=None)
    if not now or not faster or faster <= now:
        return {"kind": "faster_ram"}
    ratio = faster / now
    out: dict[str, Any] = {"kind": "faster_ram", "from_mts": now, "to_mts": faster, "ratio": ratio}
    bw = cpu.get("ram_bandwidth_gbps")
    if bw:
        out.update(from_gbps=bw, to_gbps=bw * ratio)
    return out
