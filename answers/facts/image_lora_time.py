"""Training an image model's LoRA on the card named: the time of the steps said (ai-toolkit's 2,000 when none are)
at the size said, else at the model's usual size and at 512×512, and what each trainer named documents for its
memory. A training step is `image_step_passes` of the denoiser's sampling steps at that size (forward, backward
through frozen weights, checkpointing's recomputed forward: answers/knowledge/fine_tuning.toml), each sampling
step from the image estimate (estimator/diffusion.py, as an image answer on that card gives it).
"""

from __future__ import annotations

from typing import Any

from answers.facts.media import rating
from answers.knowledge.fine_tuning import fine_tuning
from answers.knowledge.media import card_spec
from answers.records.asked import MediaAsked, TrainAsked
from catalog.media import MediaRecord, media_models, media_named
from catalog.records import GpuRecord
from estimator.diffusion import Job

SMALL_SIDE = 512  # the size many image LoRAs also train at (SD 1.5's own; ai-toolkit buckets 512, 768 and 1024)


def _record(named: str, model: str) -> MediaRecord | None:
    record = media_named(named) or next((r for r in media_models() if r.name == model), None)
    return record if record is not None and record.kind == "image" and record.defaults is not None else None


def _sizes(record: MediaRecord, media: MediaAsked | None) -> list[tuple[int, int]]:
    """The size said, else the model's usual one and 512×512 below it."""
    if media is not None and media.width and media.height:
        return [(media.width, media.height)]
    d = record.defaults
    assert d is not None
    return [(d.width, d.height)] + ([(SMALL_SIDE, SMALL_SIDE)] if min(d.width, d.height) > SMALL_SIDE else [])


def run(named: str, card: GpuRecord, train: TrainAsked | None, media: MediaAsked | None) -> dict[str, Any] | None:
    """The `run` of the image_lora facts on `card`; None when the model or its usual job is not on record."""
    ft = fine_tuning()
    row = ft.image_lora_for(named)
    record = _record(named, row.model if row is not None else named)
    if record is None:
        return None
    steps = train.steps if train is not None and train.steps else ft.image_steps
    gpu = card_spec(card).gpu
    at = []
    for w, h in _sizes(record, media):
        r = rating(record, Job(w, h, 1, 1), gpu, None)
        step = r.get("seconds_per_step")
        if step:
            per = step * ft.image_step_passes
            at.append({"resolution": f"{w}x{h}", "seconds_per_step": round(per, 2), "precision": r["precision"],
                       "hours": round(steps * per / 3600, 2)})
    said = train.trainers if train is not None else ()
    model = row.model if row is not None else record.name
    trainers = [{"trainer": t.trainer, "gb": t.gb, "fits": card.memory_gb >= t.gb, "source": t.source, "url": t.url}
                for t in ft.image_trainers if t.model == model and t.trainer in said]
    return {"card": card.name, "memory_gb": card.memory_gb, "steps": steps,
            "steps_said": train is not None and train.steps is not None, "passes": ft.image_step_passes,
            "at": at, "trainers": trainers, "full_gb": row.full_gb if row is not None else None}
