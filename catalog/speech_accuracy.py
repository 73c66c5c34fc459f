"""How accurately speech-to-text models transcribe (catalog/data/media/speech_accuracy.json): the order of the
Whisper sizes and word error rates measured per language, each with its source. Checked at load: every model
named is a speech record, every rate a percentage, every language entry has its source.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

Source = Annotated[str, Meta(min_length=20)]
Rate = Annotated[float, Meta(gt=0, lt=100)]  # word error rate, percent


class Order(Struct, frozen=True, forbid_unknown_fields=True):
    models: list[str]  # most accurate first
    source: Source


class FineTune(Struct, frozen=True, forbid_unknown_fields=True):
    name: str  # its Hugging Face repository
    base: str  # the speech record it was trained from (same speed)
    wer: Rate
    license: str


class LanguageRates(Struct, frozen=True, forbid_unknown_fields=True):
    language: str  # ISO 639-1
    dataset: str
    wer: dict[str, Rate]  # speech record name → word error rate on `dataset`
    source: Source
    fine_tune: FineTune | None = None


class _File(Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    order: Order
    languages: list[LanguageRates]


class SpeechAccuracy(Struct, frozen=True):
    order: Order
    languages: dict[str, LanguageRates]

    def more_accurate(self, a: str, b: str) -> str | None:
        """The more accurate of two models by the order, or None when either is not ranked."""
        rank = {m: i for i, m in enumerate(self.order.models)}
        if a not in rank or b not in rank or a == b:
            return None
        return a if rank[a] < rank[b] else b


@cache
def speech_accuracy() -> SpeechAccuracy:
    from catalog.media import media_named  # the speech records the names must be

    raw = (resources.files("catalog") / "data" / "media" / "speech_accuracy.json").read_text("utf-8")
    data = msgspec.json.decode(raw, type=_File)
    named = [*data.order.models, *(m for entry in data.languages for m in entry.wer),
             *(e.fine_tune.base for e in data.languages if e.fine_tune is not None)]
    for name in named:
        record = media_named(name)
        if record is None or record.kind != "speech" or record.name != name:
            raise ValueError(f"speech accuracy: {name!r} is no speech record")
    if len({e.language for e in data.languages}) != len(data.languages):
        raise ValueError("speech accuracy: a language appears twice")
    return SpeechAccuracy(data.order, {e.language: e for e in data.languages})
