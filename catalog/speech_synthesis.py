"""Local text-to-speech models (catalog/data/media/tts.json): the public figures answers give for them.

Nothing here is estimated: a model's real-time factor on a processor is a measured run with its source, or
absent. Checked at load: every figure and every record names its source, names are unique.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct, field

from .text import fold
from .text import phrase_key as _key

Source = Annotated[str, Meta(min_length=10)]


class TtsSpeed(Struct, frozen=True, forbid_unknown_fields=True):
    on: Literal["cpu", "gpu", "phone", "board"]
    rtf: Annotated[float, Meta(gt=0, le=100)]  # seconds of work per second of audio
    hardware: str  # what it was measured on, by name ("" when the source does not name it)
    source: Source


class FirstChunk(Struct, frozen=True, forbid_unknown_fields=True):
    """How long streaming takes to give the first audio on a card, from public runs (a range: cards and set-ups
    differ), for a voice that streams."""

    low_s: Annotated[float, Meta(gt=0, le=60)]
    high_s: Annotated[float, Meta(gt=0, le=60)]
    source: Source


class TtsRecord(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    name: str
    aliases: list[str] = field(default_factory=list)
    organization: str
    license: str
    languages: list[str]  # ISO 639-1 codes its own voices speak
    source: Source
    speeds: list[TtsSpeed] = field(default_factory=list)
    params_b: Annotated[float, Meta(gt=0)] | None = None
    file_gb: Annotated[float, Meta(gt=0)] | None = None
    memory_gb: Annotated[float, Meta(gt=0)] | None = None  # memory in use while speaking, measured
    finetune_languages: list[str] = field(default_factory=list)
    finetune_source: str | None = None  # the fine-tune's name and licence
    non_commercial: bool = False  # the weights' licence forbids commercial use
    first_chunk: FirstChunk | None = None  # streaming on a card: seconds to the first audio
    cloning: bool | None = None  # makes a new voice from a short clip (zero-shot), per its README or model card
    cloning_note: str | None = None  # what a "no" means (preset voices only, a checkpoint not released)
    natural: Literal[1, 2, 3] | None = None  # how natural it sounds, by kind of voice (tts.json `natural_source`)
    cpu_real_time: bool | None = None  # keeps up on a CPU, from a public statement when no run is measured
    cpu_source: str | None = None

    def __post_init__(self) -> None:
        if self.finetune_languages and not (self.finetune_source and len(self.finetune_source) >= 10):
            raise ValueError(f"{self.name}: a fine-tune's languages need the fine-tune named")
        if self.cpu_real_time is not None and not (self.cpu_source and len(self.cpu_source) >= 10):
            raise ValueError(f"{self.name}: a CPU verdict needs its source")
        if self.cloning is None or self.natural is None:
            raise ValueError(f"{self.name}: say whether it clones a voice and how natural it sounds")

    def fastest_on(self, processor: str, hardware: str | None = None) -> TtsSpeed | None:
        """The fastest public run on that kind of processor, or None; a run on the very `hardware` named
        ("Raspberry Pi 4") first, since a Pi 5's figure is not a Pi 4's."""
        runs = [s for s in self.speeds if s.on == processor]
        own = [s for s in runs if hardware and fold(s.hardware) == fold(hardware)]
        return min(own or runs, key=lambda s: s.rtf) if runs else None


class _File(Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    natural_source: Source
    models: list[TtsRecord]


@cache
def tts_models() -> tuple[TtsRecord, ...]:
    raw = (resources.files("catalog") / "data" / "media" / "tts.json").read_text("utf-8")
    models = msgspec.json.decode(raw, type=_File).models
    names = [fold(m.name) for m in models]
    if len(set(names)) != len(names):
        raise ValueError("tts models: a name appears twice")
    return tuple(models)


@cache
def _phrases() -> tuple[tuple[str, TtsRecord], ...]:
    pairs = {_key(p): m for m in tts_models() for p in (m.name, *m.aliases)}
    return tuple(sorted(pairs.items(), key=lambda pm: -len(pm[0])))


def tts_named_in(text: str) -> tuple[TtsRecord, ...]:
    """Every text-to-speech model a text names (a name or alias as whole words), in catalog order."""
    folded = f" {_key(text)} "
    found = {m.name for p, m in _phrases() if f" {p} " in folded}
    return tuple(m for m in tts_models() if m.name in found)


def tts_record(name: str) -> TtsRecord | None:
    return next((m for m in tts_models() if m.name == name), None)
