"""Facts for speech-to-text (Whisper) and embedding models, and for language models on phones and boards.

JSON keys: `realtime_factor` (processing time ÷ audio duration, with `_low`/`_high`) and `times_realtime` for
speech; `tokens_per_second` (with `_low`/`_high`) and `need_gb` for embeddings; the usual `row` with
`tok_s` (and `tok_s_low`, `tok_s_high`, `quant`, `need_gb`, `usable_gb`) for phones and boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from answers.facts.media import model_facts
from answers.knowledge.media import device as device_spec
from answers.knowledge.media import (
    device_constants,
    diffusion_constants,
    gpu_processor,
    media_constants,
    prefill_constants,
    speech_constants,
    speech_model,
)
from catalog.compute import fp32_tflops
from catalog.media import DeviceRecord, MediaRecord, devices, media_models
from catalog.records import ModelRecord
from estimator.cpu_machine import CpuSpec
from estimator.device import DeviceRating, rate_device
from estimator.embedding import ceiling_tok_s, embedding_memory
from estimator.machine import MachineConstants, cpu_prefill
from estimator.model import ModelSize
from estimator.prefill import DEFAULT_PROMPT, prefill
from estimator.profile import Profile
from estimator.quants import BY_NAME, UnknownQuant, ladder, quant
from estimator.speech import Processor, transcribe

GIB = 2**30
DESKTOP_RAM_GBPS = 51.2  # dual-channel DDR4-3200, the machine model's default when no RAM is said
DEFAULT_PHONE = "Snapdragon 8 Gen 3"  # "my phone" with no chip named: a 2024 flagship, said in the answer


# ------------------------------------------------------------------------------------------ speech
# The app each architecture is rated with, on a card and on a CPU: (engine key of the fitted constants, compute
# type, the app's name in the answer). Parakeet's onnx-asr figures are its fp32 models (its benchmark table's).
_ENGINES = {("whisper", "gpu"): (("faster-whisper", "fp16", "faster-whisper"),
                                 ("faster-whisper", "int8", "faster-whisper")),
            ("whisper", "cpu"): (("faster-whisper-cpu", "int8", "faster-whisper"),),
            ("transducer", "gpu"): (("nemo", "fp16", "NeMo"),),
            ("transducer", "cpu"): (("onnx-asr-cpu", "fp32", "onnx-asr"),),
            # A Mac: CTranslate2 (faster-whisper) has no Metal back end and runs on the CPU there, so Whisper on
            # Apple's GPU is whisper.cpp on Metal (mlx-whisper uses the same GPU and weights: said beside it)
            ("whisper", "mac"): (("whisper.cpp-metal", "fp16", "whisper.cpp (Metal)"),)}


def _engines(record: MediaRecord, where: str) -> tuple[tuple[str, str, str], ...]:
    assert record.speech is not None
    return _ENGINES.get((record.speech.arch, where)) or _ENGINES[(record.speech.arch, "gpu")]


def _assumed(record: MediaRecord) -> dict[str, Any]:
    """What the figure assumes; a transducer decodes greedily (no beams); any record says the languages its card
    lists when it lists them (Parakeet v2 and Distil-Whisper transcribe English only)."""
    assert record.speech is not None
    if record.speech.arch == "transducer":
        return {"app": _ENGINES[("transducer", "gpu")][0][2], "cpu_app": _ENGINES[("transducer", "cpu")][0][2],
                "decoding": "greedy", "languages": list(record.speech.languages)}
    out: dict[str, Any] = {"app": "faster-whisper", "beams": speech_constants().beams}
    if record.speech.languages:  # an English-only distillation must say so, as a transducer does
        out["languages"] = list(record.speech.languages)
    return out


def _speech_rows(record: MediaRecord, proc: Processor,
                 engines: Sequence[tuple[str, str, str]]) -> list[dict[str, Any]]:
    m, c = speech_model(record), speech_constants()
    rows = []
    for engine, compute, app in engines:
        t = transcribe(m, proc, engine, compute, c)
        rows.append({"engine": engine, "app": app, "compute_type": compute, "realtime_factor": round(t.rtf, 4),
                     "realtime_factor_low": round(t.rtf_low, 4), "realtime_factor_high": round(t.rtf_high, 4),
                     "times_realtime": round(t.times_realtime, 1), "need_gb": round(t.memory_gb, 2),
                     "floor_realtime_factor": round(t.floor_rtf, 5)})
    return rows


def speech_on_card(record: MediaRecord, card: Any) -> dict[str, Any]:
    mac = getattr(card, "vendor", "") == "Apple"
    rows = _speech_rows(record, gpu_processor(card), _engines(record, "mac" if mac else "gpu"))
    fits = [r for r in rows if r["need_gb"] <= card.memory_gb * diffusion_constants().usable_share]
    best = fits[0] if fits else None
    facts: dict[str, Any] = {"media": "speech", "model": model_facts(record), "card": card.name,
                             "memory_gb": card.memory_gb, "options": rows, "verdict": "yes" if best else "no",
                             "where": "gpu", "assumed": _assumed(record),
                             "card_vendor": "AMD" if card.vendor == "ATI" else str(card.vendor)}
    facts.update(best or {"need_gb": rows[-1]["need_gb"]})
    if mac and record.speech is not None and record.speech.arch == "whisper":
        facts["assumed"] = {**facts["assumed"], "app": best["app"] if best else rows[0]["app"]}
        facts["mac"] = {"gpu_engines": ["whisper.cpp", "mlx-whisper"], "cpu_only": "faster-whisper"}
        facts["engines_answered"] = ["mlx"]  # "mlx" asked is answered by the Mac line (mlx-whisper), not unused
    elif best and record.speech is not None and record.speech.arch == "whisper" \
            and facts["card_vendor"] not in ("AMD", "Intel"):  # faster-whisper's own pipeline: CUDA cards only
        facts["batched"] = _batched(best["realtime_factor"])
    return facts


def _batched(rtf: float) -> dict[str, Any]:
    """faster-whisper's batched pipeline: the fastest way through hours of audio on a card (public ratio)."""
    b = media_constants()["speech"]["batched"]
    return {"speedup": float(b["value"]), "batch_size": int(b["batch_size"]),
            "realtime_factor": round(rtf / float(b["value"]), 4), "source": str(b["source"])}


def speech_on_cpu(record: MediaRecord, machine: MachineConstants, where: str = "cpu",
                  cpu: tuple[int, float, float] | None = None, ram_gbps: float | None = None,
                  named: CpuSpec | None = None) -> dict[str, Any]:
    """On a CPU: the processor named, else the desktop CPU the machine model assumes (8 cores at 4.5 GHz,
    AVX2), with dual-channel DDR4-3200; or a board's own cores and memory."""
    if named is not None and cpu is None:
        rated = speech_on_cpu(record, machine, where, (named.cores, named.ghz, machine.flops_per_cycle[named.isa]),
                              ram_gbps)
        rated["cpu"]["name"] = named.name
        return rated
    base = machine.cpu_classes["desktop"]
    cores, ghz, per_cycle = cpu or (base.cores, base.ghz, machine.flops_per_cycle[base.isa])
    used = cores
    if record.speech is not None and record.speech.arch == "whisper":  # faster-whisper gains little past 4 threads
        used = min(cores, int(media_constants()["speech"]["cpu_threads"]["value"]))
    proc = Processor(used * ghz * per_cycle / 1000, ram_gbps or DESKTOP_RAM_GBPS, "cpu")
    rows = _speech_rows(record, proc, _engines(record, "cpu"))
    facts: dict[str, Any] = {"media": "speech", "model": model_facts(record), "options": rows, "verdict": "yes",
                             "where": where, "cpu": {"cores": cores, "ghz": ghz, "tflops": round(proc.tflops, 2),
                                                     "ram_gbps": proc.bandwidth_gbps, "threads_used": used},
                             "assumed": _assumed(record)}
    facts.update(rows[0])
    return facts


def speech_sizes(record: MediaRecord | None = None) -> dict[str, Any]:
    """No hardware named: every Whisper model's memory at fp16 and int8."""
    c = speech_constants()
    rows = [{"model": r.name, "params_b": r.params_b,
             "fp16_gb": round(r.params_b * 1e9 * 2 / GIB + c.runtime_gb["gpu"], 2),
             "int8_gb": round(r.params_b * 1e9 / GIB + c.runtime_gb["gpu"], 2)}
            for r in media_models() if r.kind == "speech" and r.speech is not None and r.speech.arch == "whisper"]
    facts: dict[str, Any] = {"media": "speech", "mode": "sizes", "sizes": rows}
    if record is not None:
        facts["model"] = model_facts(record)
    return facts


# ------------------------------------------------------------------------------------------ embeddings
def embedding_on_card(record: MediaRecord, card: Any, size: ModelSize) -> dict[str, Any]:
    enc = record.encoder
    assert enc is not None
    mem = embedding_memory(enc.params_b)
    p = prefill(size, card, BY_NAME["F16"], DEFAULT_PROMPT, prefill_constants(), fp32_tflops=fp32_tflops(card),
                layers=enc.layers, width=enc.width)
    ceiling = ceiling_tok_s(enc.params_b, p.matrix_tflops)
    tok = min(p.tok_s, ceiling)
    return {"media": "embedding", "model": model_facts(record), "role": record.role, "card": card.name,
            "memory_gb": card.memory_gb, "need_gb": round(mem.need_gb, 2),
            "verdict": "yes" if mem.need_gb <= card.memory_gb * diffusion_constants().usable_share else "no",
            "tokens_per_second": round(tok), "tokens_per_second_low": round(min(p.tok_s_low, ceiling)),
            "tokens_per_second_high": round(min(p.tok_s_high, ceiling)), "batch_tokens": DEFAULT_PROMPT,
            "max_tokens": record.max_tokens, "assumed": {"app": "llama.cpp", "precision": "F16"}}


RERANK_CANDIDATES = 50  # candidates a reranker scores per question (a common top-k; see embedding_throughput)


def embedding_throughput(facts: dict[str, Any], items: int | None, document_tokens: int | None = None
                         ) -> dict[str, Any]:
    """Tokens a second as the asker counts: texts (an embedder's chunks, a reranker's query-document pairs) of
    `DEFAULT_PROMPT` tokens each a second, and for a count asked ("2 million chunks") the time for all of them."""
    tok = facts.get("tokens_per_second")
    if facts.get("verdict") != "yes" or not tok:
        return facts
    per = DEFAULT_PROMPT
    out = dict(facts, item_tokens=per, items_per_second=round(tok / per, 2),
               items_per_second_low=round(facts["tokens_per_second_low"] / per, 2),
               items_per_second_high=round(facts["tokens_per_second_high"] / per, 2))
    if items and facts.get("role") == "reranker":
        # "a RAG over 10k pages": the pages are the collection, which a reranker never reads whole; it scores the
        # candidates the search returns for each question (the top-k a bi-encoder or BM25 gives: sbert.net,
        # Cross-Encoder usage, "re-rank the top-k results"; 50 is a common k). Time per question, not per collection.
        return dict(out, items_asked=items, rerank_candidates=RERANK_CANDIDATES,
                    query_seconds=round(RERANK_CANDIDATES * per / tok, 1),
                    query_seconds_low=round(RERANK_CANDIDATES * per / facts["tokens_per_second_high"], 1),
                    query_seconds_high=round(RERANK_CANDIDATES * per / max(facts["tokens_per_second_low"], 1), 1))
    # "300k pdf": whole documents, each `document_tokens` long (rag_turn.json, said as assumed), not a chunk each
    if items:
        each = document_tokens or per
        out.update(items_asked=items, total_tokens=items * each, total_seconds=round(items * each / tok),
                   total_seconds_low=round(items * each / facts["tokens_per_second_high"]),
                   total_seconds_high=round(items * each / max(facts["tokens_per_second_low"], 1)))
        if document_tokens:
            out.update(document_tokens=document_tokens, document_chunks=round(document_tokens / per, 1))
    return out


def embedding_on_cpu(record: MediaRecord, machine: MachineConstants, named: CpuSpec | None = None,
                     cores: int | None = None) -> dict[str, Any]:
    """On a CPU: the processor named, else the desktop CPU the machine model assumes, with the cores said ("a
    16-core xeon") in place of its own."""
    enc = record.encoder
    assert enc is not None
    mem = embedding_memory(enc.params_b)
    p = cpu_prefill(machine, enc.params_b, cores=named.cores, ghz=named.ghz, isa=named.isa) if named else \
        cpu_prefill(machine, enc.params_b, cores=cores)
    return {"media": "embedding", "model": model_facts(record), "role": record.role, "where": "cpu",
            "need_gb": round(mem.need_gb, 2), "verdict": "yes", "tokens_per_second": round(p.tok_s),
            "tokens_per_second_low": round(p.tok_s_low), "tokens_per_second_high": round(p.tok_s_high),
            "cpu": {"cores": p.cores, "ghz": p.ghz, "tflops": round(p.tflops, 2),
                    **({"name": named.name} if named else {}),
                    **({"cores_said": True} if cores and not named else {})}, "max_tokens": record.max_tokens,
            "assumed": {"app": "llama.cpp", "precision": "F16"}, **({"cpu_cores": p.cores} if cores else {})}


SHORT_TEXT = 50  # tokens: a sentence or a short note, the unit a board's figure is also said in


def embedding_on_device(record: MediaRecord, machine: MachineConstants, d: DeviceRecord) -> dict[str, Any]:
    """On a board's or phone's own cores (catalog/data/hardware/devices.json `cpu`): the CPU rule with its
    cores, clock and FLOPs a cycle, never a desktop's."""
    enc = record.encoder
    assert enc is not None and d.cpu is not None
    mem = embedding_memory(enc.params_b)
    p = cpu_prefill(machine, enc.params_b, cores=d.cpu.cores, ghz=d.cpu.ghz, isa="neon",
                    flops_per_cycle=d.cpu.flops_per_cycle)
    usable = d.memory_gb * device_constants().app_share[d.kind]
    return {"media": "embedding", "model": model_facts(record), "role": record.role, "where": "device",
            "device": {"name": d.name, "kind": d.kind, "memory_gb": d.memory_gb},
            "need_gb": round(mem.need_gb, 2), "verdict": "yes" if mem.need_gb <= usable else "no",
            "tokens_per_second": round(p.tok_s), "tokens_per_second_low": round(p.tok_s_low),
            "tokens_per_second_high": round(p.tok_s_high), "short_texts_per_second": round(p.tok_s / SHORT_TEXT, 1),
            "cpu": {"cores": p.cores, "ghz": p.ghz, "tflops": round(p.tflops, 3)}, "max_tokens": record.max_tokens,
            "assumed": {"app": "llama.cpp", "precision": "F16"}}


def embedding_sizes(record: MediaRecord) -> dict[str, Any]:
    enc = record.encoder
    assert enc is not None
    return {"media": "embedding", "mode": "sizes", "model": model_facts(record), "role": record.role,
            "need_gb": round(embedding_memory(enc.params_b).need_gb, 2),
            "q8_gb": round(embedding_memory(enc.params_b, 8.5).need_gb, 2), "max_tokens": record.max_tokens}


# ------------------------------------------------------------------------------------------ devices
def device_record(name: str | None, phone_generic: bool) -> tuple[DeviceRecord | None, bool]:
    """The device named, or the phone assumed for "my phone" (said in the answer)."""
    records = {d.name: d for d in devices().devices}
    if name is not None:
        return records.get(name), False
    if phone_generic:
        return records.get(DEFAULT_PHONE), True
    return None, False


def _row(rating: DeviceRating, d: DeviceRecord, memory_gb: float) -> dict[str, Any] | None:
    lv = rating.pick
    if lv is None:
        return None
    return {"card": d.name, "device_kind": d.kind, "memory_gb": memory_gb, "bandwidth_gbps": d.bandwidth_gbps,
            "quant": lv.quant, "need_gb": round(lv.need_gb, 2), "tok_s": round(lv.tok_s, 2),
            "tok_s_low": round(lv.tok_s_low, 2), "tok_s_high": round(lv.tok_s_high, 2),
            "ceiling_tok_s": round(lv.ceiling_tok_s, 2), "usable_gb": round(rating.usable_gb, 2),
            "fit": "comfortable" if lv.need_gb <= 0.8 * rating.usable_gb else "tight"}


def _prompt_rate(machine: MachineConstants | None, d: DeviceRecord, size: ModelSize) -> float | None:
    """Prompt tokens per second on a board's cores, from llama.cpp's own rate there (`llm_prompt_gflops`), when
    the board has one on record; None otherwise (no figure guessed from a peak)."""
    if machine is None or d.cpu is None or d.cpu.llm_prompt_gflops is None:
        return None
    pre = cpu_prefill(machine, size.active_params_b or size.params_b, cores=d.cpu.cores, ghz=d.cpu.ghz,
                      flops_per_cycle=d.cpu.flops_per_cycle, moe=size.is_moe, achieved_gflops=d.cpu.llm_prompt_gflops)
    return round(pre.tok_s, 1)


def llm_on_device(p: Profile, record: ModelRecord, size: ModelSize, d: DeviceRecord, memory_gb: float | None,
                  assumed_phone: bool, min_quality: str | None = None, forced: str | None = None,
                  machine: MachineConstants | None = None) -> dict[str, Any]:
    spec = device_spec(d, memory_gb)
    levels = ladder(p.levels, min_quality, p.default_min_quality)
    if forced is not None:
        try:
            said = quant(forced)
        except UnknownQuant:  # a format no phone app runs (AWQ, MLX): the usual levels, and "not used" said
            said = None
        if said is not None and said.name in BY_NAME:
            levels = (said,)  # "qwen3 1.7b at q4_0 on a pi": rated at the level asked
    rating = rate_device(p, size, spec, device_constants(), levels)
    facts: dict[str, Any] = {
        "media": "device", "model": {"name": record.name, "params_b": size.params_b},
        "device": _device_facts(d, spec.memory_gb, size.params_b),
        "verdict": rating.outcome, "row": _row(rating, d, spec.memory_gb), "usable_gb": round(rating.usable_gb, 2),
        "assumed_phone": assumed_phone, "memory_said": memory_gb is not None,
        "assumed": {"app": _app(d)},
        "levels": [{"quant": lv.quant, "need_gb": round(lv.need_gb, 2), "fits": lv.fits, "tok_s": round(lv.tok_s, 2)}
                   for lv in rating.levels],
    }
    prompt = _prompt_rate(machine, d, size) if facts["row"] else None
    if prompt:  # "prompt speed on a pi 5": its cores read the prompt at llama.cpp's measured rate
        facts["row"]["prefill_tok_s"] = prompt
    if rating.pick is None:
        smallest = min(rating.levels, key=lambda lv: lv.need_gb)
        facts["smallest_need_gb"] = round(smallest.need_gb, 2)
        facts["smallest_quant"] = smallest.quant
    return facts


def choice_side(facts: dict[str, Any]) -> dict[str, Any]:
    """A device answer as one side of "which of the two" (answers/facts/choice.py): held and fast enough to
    read only when it runs at reading speed."""
    row = facts.get("row") or {}
    return {"model": facts["model"]["name"], "quant": row.get("quant"), "tok_s": row.get("tok_s")}


def _device_facts(d: DeviceRecord, memory_gb: float, params_b: float | None = None) -> dict[str, Any]:
    out = {"name": d.name, "kind": d.kind, "maker": d.maker, "memory_gb": memory_gb,
           "bandwidth_gbps": d.bandwidth_gbps,
           "memory_type": d.memory_type, "memory_options": d.memory_options,
           "app_share": device_constants().app_share[d.kind], "runs_on": d.runs_on}
    if d.npu is not None:  # an NPU llama.cpp does not use, and the runtime that does (with its public run)
        out["npu"] = {"tops": d.npu.tops, "runtime": d.npu.runtime, "used": False, "open_to_apps": d.npu.open_to_apps,
                      "run_params_b": d.npu.run_params_b, "run_format": d.npu.run_format,
                      "run_tok_s": d.npu.run_tok_s,
                      "tok_s": d.npu.tok_s_for(params_b) if params_b else None}
    return out


def _app(d: DeviceRecord) -> str:
    """The app the figures assume (the `--json` facts' `assumed.app`)."""
    if d.kind == "board":
        return "llama.cpp"
    if d.runs_on == "gpu":
        return "a llama.cpp-based app on Metal (PocketPal, LLM Farm)"
    return "a llama.cpp-based app (PocketPal, ChatterUI)"


def device_runs(p: Profile, candidates: Sequence[tuple[ModelRecord, ModelSize]], d: DeviceRecord,
                memory_gb: float | None, assumed_phone: bool) -> dict[str, Any]:
    """"Raspberry Pi 5 8 GB, which LLM": the candidates that fit, at reading speed first, biggest first."""
    spec = device_spec(d, memory_gb)
    levels = ladder(p.levels, None, p.default_min_quality)
    rows = []
    for record, size in candidates:
        rating = rate_device(p, size, spec, device_constants(), levels)
        row = _row(rating, d, spec.memory_gb)
        if row is not None:
            rows.append({"model": record.name, "params_b": size.params_b, "reading": rating.outcome == "reading",
                         **row})
    rows.sort(key=lambda r: (not r["reading"], -r["params_b"]))
    return {"media": "device", "mode": "device_list", "device": _device_facts(d, spec.memory_gb),
            "usable_gb": round(spec.memory_gb * device_constants().app_share[d.kind], 2), "models": rows[:6],
            "assumed_phone": assumed_phone, "memory_said": memory_gb is not None,
            "assumed": {"app": _app(d)}}
