"""What the engine checks in its own answer against the reading: the models the message names that the answer
text never names (each then gets its own part), and the image model a question names."""

from __future__ import annotations

import re

from answers.records.asked import Asked


def plain_name(text: str) -> str:
    """Text folded for a name search: lowercase, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.casefold())


def left_out_models(asked: Asked, said: str) -> list[str]:
    """The models the message names (the second, and any beyond) that the answer text `said` (folded by
    `plain_name`) never names, in reading order."""
    names = [m if isinstance(m, str) else m.name for m in (asked.model2, *asked.more_models) if m is not None]
    return [n for n in dict.fromkeys(names) if plain_name(n) and plain_name(n) not in said]


def image_named(asked: Asked) -> str | None:
    """The image model a question names: the image phrase read, else the curated image record found
    ("a lora of sdxl with 30 photos", where the count was taken for the model's words)."""
    if asked.image_model is not None or asked.media is None or asked.media.model is None:
        return asked.image_model
    from catalog.media import media_named  # lazy: only for a question that names media, as in media_engine.py
    record = media_named(asked.media.model)
    return record.name if record is not None and record.kind == "image" else None
