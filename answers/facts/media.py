"""Facts for image and video generation models (estimator/diffusion.py): can it run and how fast on a card or
a memory size, which card, the best cards of a size, what a card can run. Every answer says what it assumed:
the size, the steps (each model's usual ones unless the question says), the frames, the file format, the app.

The JSON keys a script reads: `seconds_per_image` (with `_low`/`_high`), `steps`, `resolution`, `need_gb` for
image models; `seconds_per_video`, `frames` and `resolution` for video models.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from answers.knowledge.media import CardSpec, card_spec, diffusion_constants, diffusion_model
from answers.records.asked import MediaAsked
from catalog.media import MediaRecord, media_models
from estimator.diffusion import Gpu, Job, Option, check_job, options, pick

APP = "ComfyUI"  # the app the memory rules follow (its default model offload and its low-VRAM mode)
TIERS = (8.0, 12.0, 16.0, 24.0, 32.0)  # memory sizes "which card" answers at
LIST_MAX = 8


def job_for(record: MediaRecord, asked: MediaAsked | None) -> Job:
    """The model's usual job, changed by what the question says (steps, size, frames or seconds of video)."""
    d = record.defaults
    assert d is not None
    a = asked or MediaAsked()
    width, height = (a.width, a.height) if a.width and a.height else (d.width, d.height)
    frames = 1
    if record.kind == "video":
        fps = d.fps or 16
        frames = a.frames or (int(round(a.seconds * fps)) + 1 if a.seconds else d.frames or 81)
    return check_job(Job(width, height, a.steps or d.steps, frames))


def model_facts(record: MediaRecord) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if record.denoiser is not None:
        parts.append({"role": "denoiser", "name": record.denoiser.name, "params_b": record.denoiser.params_b,
                      "experts": record.denoiser.experts})
    parts += [{"role": "text_encoder", "name": t.name, "params_b": t.params_b} for t in record.text_encoders]
    if record.vae is not None:
        parts.append({"role": "vae", "name": record.vae.name, "params_b": record.vae.params_b})
    return {"name": record.name, "kind": record.kind, "organization": record.organization,
            "publication_date": record.publication_date.isoformat(), "license": record.license,
            "huggingface": record.huggingface, "params_b": round(record.params_b, 3), "components": parts}


def _option_facts(o: Option) -> dict[str, Any]:
    out: dict[str, Any] = {"precision": o.level, "need_gb": round(o.memory.offload_gb, 2),
                           "resident_gb": round(o.memory.resident_gb, 2),
                           "minimum_gb": round(o.memory.minimum_gb(diffusion_constants()), 2),
                           "placement": o.placement, "seconds": None}
    if o.timing is not None:
        out["seconds"] = round(o.timing.seconds, 2)
    return out


def _assumed(record: MediaRecord, job: Job, asked: MediaAsked | None) -> dict[str, Any]:
    a = asked or MediaAsked()
    out: dict[str, Any] = {"resolution": f"{job.width}x{job.height}", "steps": job.steps, "app": APP,
                           "steps_said": a.steps is not None, "size_said": a.width is not None,
                           "guidance": record.defaults.guidance_passes == 2 if record.defaults else False}
    if record.kind == "video":
        fps = record.defaults.fps if record.defaults else None
        out.update(frames=job.frames, fps=fps, video_seconds=round((job.frames - 1) / fps, 1) if fps else None,
                   frames_said=a.frames is not None or a.seconds is not None)
    return out


def rating(record: MediaRecord, job: Job, gpu: Gpu, asked: MediaAsked | None) -> dict[str, Any]:
    """The verdict on one card (or a memory size): the format picked, its need and its seconds per item."""
    c = diffusion_constants()
    m = diffusion_model(record)
    opts = options(m, job, gpu, c)
    forced = asked.precision if asked and asked.precision in dict(c.levels) else None
    chosen = next((o for o in opts if o.level == forced), None) if forced else pick(opts)
    facts: dict[str, Any] = {"levels": [_option_facts(o) for o in opts], "precision_said": forced is not None}
    if chosen is None or chosen.timing is None:
        smallest = min(opts, key=lambda o: o.memory.minimum_gb(c))
        facts.update(verdict="no", precision=(chosen or smallest).level,
                     need_gb=round((chosen or smallest).memory.minimum_gb(c), 2))
        return facts
    t = chosen.timing
    unit = "video" if record.kind == "video" else "image"
    facts.update(verdict="yes" if chosen.placement == "offload" else "stream", precision=chosen.level,
                 placement=chosen.placement, need_gb=round(chosen.memory.offload_gb, 2),
                 resident_gb=round(chosen.memory.resident_gb, 2), streamed_per_step_s=round(t.stream_s, 3),
                 floor_seconds=round(t.floor_s, 3))
    facts[f"seconds_per_{unit}"] = round(t.seconds, 2)
    facts[f"seconds_per_{unit}_low"] = round(t.low, 2)
    facts[f"seconds_per_{unit}_high"] = round(t.high, 2)
    facts["seconds_per_step"] = round(t.step_s, 3)
    return facts


def base(record: MediaRecord, job: Job, asked: MediaAsked | None) -> dict[str, Any]:
    facts: dict[str, Any] = {"media": record.kind, "model": model_facts(record),
                             "assumed": _assumed(record, job, asked),
                             "resolution": f"{job.width}x{job.height}", "steps": job.steps}
    if record.kind == "video":
        facts["frames"] = job.frames
    return facts


def on_card(record: MediaRecord, job: Job, card: Any, asked: MediaAsked | None) -> dict[str, Any]:
    spec = card_spec(card)
    facts = base(record, job, asked)
    facts.update(card=card.name, memory_gb=card.memory_gb, tflops=round(spec.gpu.tflops, 1), basis=spec.basis,
                 calibrated=card.vendor == "NVIDIA", **rating(record, job, spec.gpu, asked))
    fast = distilled(record, job, spec.gpu, asked)
    if fast is not None and facts.get("verdict") != "no":
        facts["distilled"] = fast
    return facts


def distilled(record: MediaRecord, job: Job, gpu: Gpu, asked: MediaAsked | None) -> dict[str, Any] | None:
    """The clip's time with the step-distilled LoRA people run for this model (catalog `defaults.distilled`): its
    few steps, one pass a step (guidance distilled away), same size and frames; None when the question set the
    steps or the model has none."""
    d = record.defaults
    if d is None or d.distilled is None or (asked is not None and asked.steps) or d.distilled.steps >= job.steps:
        return None
    c = diffusion_constants()
    m = replace(diffusion_model(record), guidance_passes=1)
    fast_job = replace(job, steps=d.distilled.steps)
    chosen = pick(options(m, fast_job, gpu, c))
    if chosen is None or chosen.timing is None:
        return None
    return {"name": d.distilled.name, "steps": d.distilled.steps, "seconds": round(chosen.timing.seconds, 2),
            "precision": chosen.level, "source": d.distilled.source}


def on_memory(record: MediaRecord, job: Job, memory_gb: float, typical: Any | None,
              asked: MediaAsked | None) -> dict[str, Any]:
    """A memory size alone: the fit from the memory, the speed on the typical card of that size."""
    facts = base(record, job, asked)
    if typical is not None:
        spec = card_spec(typical)
        gpu = Gpu(memory_gb, spec.gpu.tflops, spec.gpu.card_class)
        facts.update(card=typical.name, typical=True, tflops=round(spec.gpu.tflops, 1), basis=spec.basis)
    else:
        gpu = Gpu(memory_gb, 1.0, "gddr")
    facts.update(memory_gb=memory_gb, mode="memory", **rating(record, job, gpu, asked))
    return facts


def which_cards(record: MediaRecord, job: Job, typical: Sequence[Any], asked: MediaAsked | None) -> dict[str, Any]:
    """No hardware named: the memory each format needs and the typical card of each common size."""
    facts = base(record, job, asked)
    c = diffusion_constants()
    m = diffusion_model(record)
    facts["levels"] = [_option_facts(o) for o in options(m, job, Gpu(1e6, 1.0, "gddr"), c)]
    rows = []
    for card in typical:
        spec: CardSpec = card_spec(card)
        r = rating(record, job, spec.gpu, asked)
        unit = "video" if record.kind == "video" else "image"
        rows.append({"card": card.name, "memory_gb": card.memory_gb, "verdict": r["verdict"],
                     "precision": r["precision"], "need_gb": r["need_gb"], "seconds": r.get(f"seconds_per_{unit}")})
    facts.update(mode="which", cards=rows)
    runs = [r for r in rows if r["verdict"] == "yes"]
    if runs:
        facts["smallest"] = min(runs, key=lambda r: r["memory_gb"])
    return facts


def best_of_size(record: MediaRecord, job: Job, cards: Sequence[Any], memory_gb: float,
                 asked: MediaAsked | None) -> dict[str, Any]:
    """"Best 16 GB card for Flux": the cards of that memory a person can buy, fastest first."""
    facts = base(record, job, asked)
    unit = "video" if record.kind == "video" else "image"
    rows = []
    for card in cards:
        r = rating(record, job, card_spec(card).gpu, asked)
        if r.get(f"seconds_per_{unit}") is not None:
            rows.append({"card": card.name, "memory_gb": card.memory_gb, "precision": r["precision"],
                         "verdict": r["verdict"], "seconds": r[f"seconds_per_{unit}"]})
    rows.sort(key=lambda r: r["seconds"])
    facts.update(mode="best", memory_gb=memory_gb, cards=rows[:LIST_MAX])
    return facts


def card_runs(kind: str, card: Any) -> dict[str, Any]:
    """"What image models can my 3060 run": each curated model of that kind on the card, at its defaults."""
    spec = card_spec(card)
    rows = []
    for record in media_models():
        if record.kind != kind:
            continue
        job = job_for(record, None)
        r = rating(record, job, spec.gpu, None)
        unit = "video" if kind == "video" else "image"
        rows.append({"model": record.name, "verdict": r["verdict"], "precision": r["precision"],
                     "need_gb": r["need_gb"], "seconds": r.get(f"seconds_per_{unit}"),
                     "resolution": f"{job.width}x{job.height}", "steps": job.steps,
                     "frames": job.frames if kind == "video" else None})
    rows.sort(key=lambda r: (r["seconds"] is None, r["verdict"] != "yes", r["seconds"] or 0))
    return {"media": kind, "mode": "card_list", "card": card.name, "memory_gb": card.memory_gb, "app": APP,
            "models": rows}


def catalog_generic(kind: str, name: str, params_b: float, memory_gb: float | None = None) -> dict[str, Any]:
    """A catalog image or video model with no curated record: its size alone gives the memory of its weights;
    no compute figure is on record, so no seconds per image (the keys are there, empty)."""
    c = diffusion_constants()
    unit = "video" if kind == "video" else "image"
    facts: dict[str, Any] = {
        "media": kind, "mode": "generic", "model": {"name": name, "params_b": params_b},
        "need_gb": round(params_b * 1e9 * 2 / 2**30 + c.runtime_gb, 2),
        "fp8_gb": round(params_b * 1e9 / 2**30 + c.runtime_gb, 2), f"seconds_per_{unit}": None,
        f"seconds_per_{unit}_low": None, f"seconds_per_{unit}_high": None, "steps": None, "resolution": None}
    if memory_gb is not None:  # "can GLIDE run on 12 GB?": the 16-bit weights against that memory
        usable = memory_gb * c.usable_share
        facts.update(memory_gb=memory_gb, fits=facts["need_gb"] <= usable, fits_8bit=facts["fp8_gb"] <= usable)
    return facts


