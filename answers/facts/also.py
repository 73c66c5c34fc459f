"""Facts for what a message asks beside its main question (answers/reading/also_words.py), so a second ask is
answered, not dropped: a model's experts, context window, licence and the hardware that holds it; its
full-precision (and FP8) size in a memory table; each compared side's prompt processing and time to first token;
what a PCIe x1 link costs cards that split a model by layers.

    add_also(est, intent, built, entities, settings, asked)   # built.facts["also"], and the memory table's rows

Facts only (JSON-ready, unrounded): answers/templates/_also.md.j2 writes them after the answer. Keys are added,
never replace a builder's.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from msgspec.structs import replace

from answers.facts import choice
from answers.facts.also_hardware import hardware_asks
from answers.facts.also_notes import engine_notes as engine_notes  # re-exported: answers/engine.py
from answers.facts.also_notes import media_notes as media_notes  # re-exported: answers/media_engine.py
from answers.facts.also_notes import side_notes_for
from answers.facts.common import Built, Entities, Estimates, EstimateSettings, card_row
from answers.facts.context_fit import context_fit, memory_of, sides_fit, usable_of
from answers.facts.describe import access_kind
from answers.facts.kinds import kinds_for
from answers.facts.quant_advice import QUALITY
from answers.facts.split_ways import TP_ENGINES
from answers.facts.throughput import Ask, card_prefill, load_prefill_constants, prefill_keys, setup_prefill
from answers.knowledge.llama_cpp_support import support_of
from answers.records.asked import Asked
from catalog.gguf_files import published
from catalog.records import ModelRecord
from estimator.engine_speed import link_parts
from estimator.memory import GIB
from estimator.prefill import backends_used
from estimator.quants import quant

# The 16-bit size people mean by "fp16", "in full", "entero": the weights as released (BF16 for the models of the
# last years; the same bytes as F16).
FULL = "BF16"
# The GPU backends of llama.cpp, as the prefill constants spell them (estimator/data/prefill_constants.json).
BACKENDS = {"cuda": "CUDA", "rocm": "ROCm", "vulkan": "Vulkan", "sycl": "SYCL"}
# The model facts a side ask may want: each is said, or said not known.
_FACT_KINDS = ("params", "experts", "context_window", "license", "open_weights", "llama_cpp_support")
# Answers that are already about the asked fact: not said twice.
_ALREADY = {"params": ("parameters", "model_info"), "license": ("open_source",), "open_weights": ("open_source",),
            "context_window": ("longest_context",), "hardware": ("model_info",)}


def add_also(est: Estimates, intent: str, built: Built, e: Entities, s: EstimateSettings, asked: Asked) -> None:
    """Add to `built` the facts of every side ask the question makes that this answer does not already carry."""
    # a fact another ask of the same message already says ("open weights? and how many parameters?") is not
    # said twice
    kinds = [k for k in asked.also if not ({intent, *asked.intents} & set(_ALREADY.get(k, ())))]
    facts = built.facts
    if asked.prompt_tokens and facts.get("mode") in ("setups", "model") and "prefill" not in kinds:
        kinds.append("prefill")  # "X or Y, how long for a 20k prompt?": the prompt's time on each side
    if intent in ("ambiguous", "not_found", "invalid", "fallback", "help"):
        return
    if _beyond_native(e, facts) and "context_window" not in kinds:
        kinds.append("context_window")  # "a 60k prompt to qwen3 14b": past its trained window, YaRN must be on
    if "media" in facts:  # an image or video answer: only the sourced lines apply ("does it split over two gpus?")
        media_notes = side_notes_for(kinds, e, asked, facts)
        if media_notes:
            facts["also"] = {**facts.get("also", {}), "notes": media_notes, "model": None}
        return
    level_kinds = _level_kinds(facts) if intent == "why_quant" else []
    if level_kinds:  # "q4_k_m, iq4_xs or ud-q4_k_xl?": what sets those kinds of file apart, beside their figures
        facts["also"] = {"model": e.model.name if e.model is not None else None, "level_kinds": level_kinds}
    out: dict[str, Any] = {}
    notes = side_notes_for(kinds, e, asked, facts)
    if notes:  # "is an NVLink bridge worth it?", "does the NPU help?": a sourced line each
        out["notes"] = [{**n, **(_q8_fit(est, e, s) or {})} if n["kind"] == "kv_quality" else n for n in notes]
    if not kinds and not out:
        return
    if e.model is not None:
        out.update(_model_facts(est, kinds, e.model, e, s, facts))
        if intent == "vram":  # the memory table: its rows are levels with their needs
            _full_levels(est, kinds, e.model, s, facts)
    if "prefill" in kinds:
        _sides_prefill(est, e, s, facts)
    named = [BACKENDS[k] for k in kinds if k in BACKENDS]
    if len(named) >= 2 and e.model is not None and e.card is not None and e.setup is None:
        weighed = _backends(est, e, s, facts, named[:2])
        if weighed is not None:
            out["backends"] = weighed
    if _lanes_under_tp(e, s, asked) and "tensor_parallel" not in kinds:
        kinds = [*kinds, "tensor_parallel"]  # "vllm tp=4, will the x4 lanes throttle it?": both ways, on those lanes
    out.update(hardware_asks(est, kinds, e, s, facts, _level(facts, s)))  # slower card, TP, a laptop's limit
    if "pcie" in kinds and _split(e, facts):
        out["pcie"] = _pcie(est, e, s, facts)
    elif "pcie_lanes" in kinds and (_split(e, facts) or any(x.gpu_count > 1 for x in e.sides or ())):
        out["pcie_lanes"] = _lanes(est, e, s, facts)  # "x8/x8, is that a problem?": the per-token traffic
    if out:
        facts["also"] = {**facts.get("also", {}), **out, "model": e.model.name if e.model is not None else None}


def _lanes_under_tp(e: Entities, s: EstimateSettings, asked: Asked) -> bool:
    """Several discrete cards, a tensor-parallel engine named and their lanes said ("4x 5060 Ti, vllm tp=4, do the
    x4 lanes throttle it?"): the question is whether the lanes eat tensor parallelism's gain, which only the two
    ways side by side, on those lanes, answer."""
    setup = e.setup
    several = setup is not None and setup.gpu_count > 1 and not setup.unified
    return several and s.engine in TP_ENGINES and link_parts(asked.link)[1] is not None


# The levels looked up for a published GGUF file (catalog/data/gguf_files.json), the common ones first.
_GGUF_LEVELS = ("Q4_K_M", "Q8_0", "Q6_K", "Q5_K_M", "IQ4_XS", "MXFP4", "Q4_0")


def _model_facts(est: Estimates, kinds: list[str], rec: ModelRecord, e: Entities, s: EstimateSettings,
                 facts: dict[str, Any]) -> dict[str, Any]:
    """The model's own facts asked beside the answer, from its catalog record (architecture: its config.json)."""
    out: dict[str, Any] = {}
    arch = rec.architecture
    if "params" in kinds and rec.params_b is not None:  # "how many parameters, what context?": both said
        out["params"] = {"total_b": rec.params_b, "active_b": rec.active_params_b}
    if "experts" in kinds:
        if arch is not None and arch.experts:
            out["experts"] = {"total": arch.experts, "per_token": arch.experts_per_token,
                              "shared": arch.shared_experts or 0}
        elif not rec.is_moe and rec.params_b is not None:
            out["experts"] = {"dense": True}
    if "context_window" in kinds and arch is not None and arch.max_context and not isinstance(facts.get("a"), dict):
        out["context_window"] = {"max": arch.max_context, "native": arch.native_context}
    if "context_window" in kinds and isinstance(facts.get("a"), dict):  # "X vs Y, which fits the most context?"
        fits = sides_fit(est, e, s, facts)
        if len(fits) >= 2:
            out["context_fits"] = fits
    elif "context_window" in kinds:  # "with how much context?" on a card: the tokens that fit, beside the maximum
        fit = context_fit(est, rec, memory_of(e, facts), s, _level(facts, s), usable_of(e, facts))
        if fit is not None:
            out["context_fit"] = fit
    if "license" in kinds and rec.license:
        out["license"] = rec.license
    if "open_weights" in kinds and rec.weights:  # "is it open weights?": published or not, as the record says
        out["open_weights"] = {"weights": rec.weights, "kind": access_kind(rec.weights)}
    if "llama_cpp_support" in kinds:  # "does it run in llama.cpp yet?": since which pull request and release
        support = support_of(rec.name)
        if support is not None:
            out["llama_cpp_support"] = {"pr": support.pr, "merged": support.merged, "release": support.release,
                                        "source": support.source}
        else:  # no date on record, but a GGUF file of it published: llama.cpp runs it
            repo = next((f.repo for lv in _GGUF_LEVELS for f in published(rec.name, lv)), None)
            if repo is not None:
                out["llama_cpp_support"] = {"gguf_repo": repo}
    if "inputs" in kinds:  # "does it support video?": what it reads, or that it is not known
        out["inputs"] = {"known": rec.known_inputs}
    # a fact asked that the record lacks is said not known, in one line each, never dropped
    missing = [k for k in _FACT_KINDS if k in kinds and k not in out
               and not (k == "context_window" and "context_fits" in out)]  # each side's fit said instead
    if missing:
        out["not_known"] = missing
    level = _level(facts, s)
    if "quality" in kinds and level is not None:
        out["quality"] = _quality(rec, level)
    if "hardware" in kinds and e.card is None and e.setup is None and not facts.get("hardware_kinds") \
            and est.size_of(rec) is not None:
        found = kinds_for(est, est.rated(rec, s), s)
        if found:
            out["hardware_kinds"] = found
    # a fact answer (no memory table): the size whole in one line
    if "full_precision" in kinds and not s.cache_said and "levels" not in facts \
            and "params_b" in facts.get("record", {}) and est.size_of(rec) is not None:
        q = est.rated(rec, s).query
        out["full"] = {"quant": FULL, "need_gb": q.need_gb(quant(FULL)),
                       "weights_gb": q.profile.memory_parts(q.model, quant(FULL), q.context, q.cache_type).weights_gb}
    return out


def _full_levels(est: Estimates, kinds: list[str], rec: ModelRecord, s: EstimateSettings,
                 facts: dict[str, Any]) -> None:
    """A memory table asked "fp16 vs q4" or "in full": the 16-bit (and FP8) rows first, as every level's."""
    if s.cache_said:
        return  # "q8 vs f16 kv cache": the 16 bits said are the cache's, not the weights'
    wanted = [name for kind, name in (("full_precision", FULL), ("fp8", "FP8")) if kind in kinds]
    levels = facts.get("levels")
    if not wanted or not isinstance(levels, list) or est.size_of(rec) is None:
        return
    q = est.rated(rec, s).query
    have = {lv.get("quant") for lv in levels if isinstance(lv, dict)}
    added = []
    for name in wanted:
        if name in have or (name == FULL and "F16" in have):
            continue
        lv = quant(name)
        part = q.profile.memory_parts(q.model, lv, q.context, q.cache_type)
        added.append({"quant": name, "need_gb": q.need_gb(lv), "weights_gb": part.weights_gb, "file": None})
    facts["levels"] = [*added, *levels]


def _sides_prefill(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> None:
    """Two setups or two cards compared for one model: each side's prompt processing and time to first token, at
    the level its row is rated at (the lower level when only that one fits), for the prompt said or the context."""
    mode = facts.get("mode")
    if e.model is None or "a" not in facts or "b" not in facts or mode not in ("setups", "model"):
        return
    size = est.size_of(e.model)
    if size is None or (mode == "setups" and e.sides is None) or (mode == "model" and e.card2 is None):
        return
    prompt = e.prompt_tokens or s.context
    ask = Ask(prompt=prompt, backend=e.backend)
    p = est.profile(s.profile)
    for i, key in enumerate(("a", "b")):
        row = facts[key]
        level = row.get("quant") or (row.get("lower") or {}).get("quant")
        pre = None
        if level and mode == "setups":
            assert e.sides is not None
            pre = setup_prefill(p, size, e.sides[i], quant(level), prompt, ask, row.get("offload_gb"))
        elif level:
            card = e.card if i == 0 else e.card2
            assert card is not None
            pre = card_prefill(size, card, quant(level), prompt, ask)
        row.update(prefill_keys(pre, ask, row.get("tok_s"), row.get("tok_s_low"), row.get("tok_s_high")),
                   prefill_quant=level)
    for side, row in zip(e.more_sides, facts.get("more") or (), strict=False):  # "… vs an M4 Max": its too
        level = row.get("quant")
        pre = setup_prefill(p, size, side, quant(level), prompt, ask, row.get("offload_gb")) if level else None
        row.update(prefill_keys(pre, ask, row.get("tok_s"), row.get("tok_s_low"), row.get("tok_s_high")),
                   prefill_quant=level)
    facts["prefill_sides"] = True
    timed = sorted((r for r in (facts["a"], facts["b"], *(facts.get("more") or ())) if r.get("prefill_tok_s")),
                   key=lambda r: -r["prefill_tok_s"])
    if facts.get("more") and len(timed) >= 2:  # three sides or more: the fastest reader against the next
        facts["prefill_best"] = {"card": timed[0].get("card"), "other": timed[1].get("card"),
                                 "ratio": timed[0]["prefill_tok_s"] / timed[1]["prefill_tok_s"]}
    if "choice" in facts and not facts.get("more"):
        # the prompt asked about: the pick weighs its time too (answers/facts/choice.py); among three sides or
        # more the pick stays the one among all of them (answers/facts/more_sides.py)
        names = [facts["a"].get("card") or "", facts["b"].get("card") or ""]
        facts["choice"] = choice.for_prompts(facts["choice"], facts["a"], facts["b"], names)


def _beyond_native(e: Entities, facts: dict[str, Any]) -> bool:
    """The answer's context is past the window the model was trained at (reached only with rope scaling)."""
    arch = e.model.architecture if e.model is not None else None
    context = facts.get("context")
    return arch is not None and arch.native_context is not None and isinstance(context, int) \
        and context > arch.native_context


def _split(e: Entities, facts: dict[str, Any]) -> bool:
    """Several cards holding one model (a layer split is llama.cpp's default)."""
    if e.setup is not None and e.setup.gpu_count > 1:
        return True
    return any(x.gpu_count > 1 for x in e.sides or ())


@cache
def _link() -> tuple[float, float]:
    """(PCIe 3.0 x1 GB/s, bytes per activation), from estimator/data/link_constants.json (sources there)."""
    data = json.loads((resources.files("estimator") / "data" / "link_constants.json").read_text("utf-8"))
    return float(data["pcie_x1_gbps"]["value"]), float(data["activation_bytes"]["value"])


def _pcie(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any]:
    """What a layer split sends over each x1 link: one token's hidden state per card boundary (the decode cost),
    and the weights once (the load); without the model's shape, the rule alone."""
    out: dict[str, Any] = {"split": "layer"}
    rec = e.model
    arch = rec.architecture if rec is not None else None
    size = est.size_of(rec) if rec is not None else None
    if rec is None or arch is None or size is None or e.setup is None:
        return out
    gbps, act = _link()
    hops = max(1, e.setup.gpu_count - 1)
    row: dict[str, Any] = facts["row"] if isinstance(facts.get("row"), dict) else {}
    level = quant(row.get("quant") or s.quant or "Q4_K_M")
    q = est.rated(rec, s).query
    weights_gb = q.profile.memory_parts(q.model, level, q.context, q.cache_type).weights_gb
    token_bytes = arch.hidden_size * act
    out.update(token_kb=token_bytes / 1000, decode_ms=hops * token_bytes / (gbps * 1e9) * 1000,
               load_s=weights_gb * GIB / (gbps * 1e9), link_gbps=gbps, hops=hops)
    return out


def _lanes(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any]:
    """A layer split on x8 or x4 links: each token's hidden state per card boundary over 8 and 4 lanes of PCIe 3.0
    (the x1 rule at that many lanes); the rule alone without the model's shape."""
    one = _pcie(est, e, s, facts)
    if "decode_ms" not in one:
        return {"split": "layer"}
    return {"split": "layer", "token_kb": one["token_kb"], "x8_ms": one["decode_ms"] / 8, "x4_ms": one["decode_ms"] / 4}


def _level(facts: dict[str, Any], s: EstimateSettings) -> str | None:
    """The level the answer rates: its verdict's, its row's, or the one asked."""
    verdict = facts.get("verdict")
    rec = verdict.get("recommended") if isinstance(verdict, dict) else None
    row = facts.get("row")
    if isinstance(rec, dict) and rec.get("quant"):
        return str(rec["quant"])
    if isinstance(row, dict) and row.get("quant"):
        return str(row["quant"])
    return s.quant


def _backends(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any],
              named: list[str]) -> dict[str, Any] | None:
    """"ROCm or Vulkan on my 7900 XTX": the same llama.cpp and file on both, so decode (memory-bound) is about
    the same; prompt processing differs by backend (estimator/prefill.py's fitted efficiencies). Only backends
    fitted for the card's maker; None when fewer than two are."""
    assert e.model is not None and e.card is not None
    size = est.size_of(e.model)
    level = _level(facts, s)
    if size is None or level is None:
        return None
    c = load_prefill_constants()
    fitted = [b for b in named if backends_used(e.card, c, b) == [b]]
    if len(fitted) < 2:
        return None
    prompt = e.prompt_tokens or s.context
    sides = []
    for b in fitted:
        pre = card_prefill(size, e.card, quant(level), prompt, Ask(prompt=prompt, backend=b))
        sides.append({"backend": b, "prefill_tok_s": pre.tok_s, "ttft_s": pre.ttft_s})
    return {"quant": level, "prompt_tokens": prompt, "sides": sides}


def _level_kinds(facts: dict[str, Any]) -> list[str]:
    """The kinds of GGUF file among the levels a level answer weighs (K-quants, I-quants, Unsloth's dynamic
    files), in order, when it weighs two kinds or more; else none."""
    advice = facts.get("advice")
    rows = advice.get("asked") if isinstance(advice, dict) else None
    found: list[str] = []
    for r in rows or ():
        name = str(r.get("quant") or "")
        kind = "ud" if name.startswith("UD-") else "iq" if name.startswith("IQ") else \
            "k" if "_K" in name else None
        if kind is not None and kind not in found:
            found.append(kind)
    return found if len(found) >= 2 else []


# A model this large, a mixture of experts, keeps far more at low bits than the 7–70 B dense models QUALITY's
# classes come from (Unsloth's dynamic 1.58- to 2.5-bit DeepSeek-R1 files still wrote working code in their
# tests: unsloth.ai/blog/deepseekr1-dynamic).
GIANT_MOE_B = 200.0
# Bits per weight at or above which a file is of each quality class, for levels QUALITY does not name.
_QUALITY_BITS = ((7.5, "lossless"), (5.0, "very_close"), (4.2, "small_loss"), (3.0, "noticeable"))


def _quality(rec: ModelRecord, level: str) -> dict[str, Any]:
    """The quality class of `level` (answers/facts/quant_advice.py QUALITY, else by its bits per weight), and whether
    the model is a giant MoE that loses less at low bits."""
    label = QUALITY.get(level)
    if label is None:
        bpw = quant(level).bpw
        label = next((name for bits, name in _QUALITY_BITS if bpw >= bits), "large_loss")
    giant = rec.is_moe and (rec.params_b or 0.0) >= GIANT_MOE_B
    return {"quant": level, "class": label, "giant_moe": giant}


def _q8_fit(est: Estimates, e: Entities, s: EstimateSettings) -> dict[str, Any] | None:
    """"Does a q4 cache hurt quality?" with one card and a model: whether the near-lossless q8_0 cache still fits at
    the same context, and at which level, so the asker can take it instead."""
    if e.model is None or e.card is None or e.setup is not None or s.cache_type in ("f16", "q8_0"):
        return None
    row = card_row(est.rated(e.model, replace(s, cache_type="q8_0")), e.card)
    return {"card": e.card.name, "model": e.model.name, "context": s.context,
            "q8_quant": row.quant.name if row.quant is not None else None, "q8_need_gb": row.need_gb}
