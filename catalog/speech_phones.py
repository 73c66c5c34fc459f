"""Public runs of Whisper on phones (catalog/data/media/speech_phones.json): which size keeps up with speech on
a phone's own processor. Measured, not estimated; checked at load: every run names a Whisper record of the
media catalog, its phone class and its source."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

Source = Annotated[str, Meta(min_length=10)]


class PhoneRun(Struct, frozen=True, forbid_unknown_fields=True):
    model: str  # a speech record's name ("Whisper base")
    phone: str
    soc: str
    tier: Literal["mid-range", "flagship"]
    rtf: Annotated[float, Meta(gt=0, le=100)]  # seconds of work per second of audio
    engine: str
    source: Source


class Advice(Struct, frozen=True, forbid_unknown_fields=True):
    models: list[str]
    source: Source


class SpeechPhones(Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    advice: Advice
    runs: list[PhoneRun]


@cache
def speech_phones() -> SpeechPhones:
    # lazy: the media records only for a question about speech on a phone
    from catalog.media import media_models

    raw = (resources.files("catalog") / "data" / "media" / "speech_phones.json").read_text("utf-8")
    data = msgspec.json.decode(raw, type=SpeechPhones)
    speech = {r.name for r in media_models() if r.kind == "speech"}
    unknown = {r.model for r in data.runs} - speech | (set(data.advice.models) - speech)
    if unknown:
        raise ValueError(f"speech_phones.json: not speech records: {sorted(unknown)}")
    return data
