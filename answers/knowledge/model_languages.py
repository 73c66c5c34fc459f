"""The languages each model family's makers list (model_languages.json, sources there), checked at load, and the
family a model name belongs to."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct

from catalog.text import fold

NOTE_KEYS = frozenset({"brazilian"})  # the variety notes answers/templates/model_language.md.j2 words


class LanguageFamily(Struct, frozen=True):
    label: str
    match: re.Pattern[str]
    languages: tuple[str, ...]
    notes: dict[str, str]
    source: str


class ModelLanguagesDataError(ValueError):
    """model_languages.json is malformed; the message says what."""


def parse(data: object) -> tuple[LanguageFamily, ...]:
    families = data.get("families") if isinstance(data, dict) else None
    if not isinstance(families, list) or not families:
        raise ModelLanguagesDataError("model_languages.json: 'families' must be a non-empty list")
    out = []
    for i, f in enumerate(families):
        if not isinstance(f, dict) or not all(f.get(k) for k in ("label", "match", "languages", "source")):
            raise ModelLanguagesDataError(f"model_languages.json: families[{i}] needs label, match, languages, source")
        try:
            pattern = re.compile(f["match"])
        except re.error as exc:
            raise ModelLanguagesDataError(f"model_languages.json: families[{i}]: {exc}") from exc
        codes = tuple(f["languages"])
        if not all(isinstance(c, str) and len(c) == 2 for c in codes):
            raise ModelLanguagesDataError(f"model_languages.json: families[{i}]: languages are ISO 639-1 codes")
        notes = dict(f.get("notes", {}))
        if set(notes.values()) - NOTE_KEYS:
            raise ModelLanguagesDataError(
                f"model_languages.json: families[{i}]: notes must be among {sorted(NOTE_KEYS)}")
        out.append(LanguageFamily(str(f["label"]), pattern, codes, notes, str(f["source"])))
    return tuple(out)


@cache
def families() -> tuple[LanguageFamily, ...]:
    text = (resources.files("answers.knowledge") / "model_languages.json").read_text("utf-8")
    return parse(json.loads(text))


def family_of(name: str) -> LanguageFamily | None:
    """The family a catalog model's name or a typed name belongs to (the first that matches), or None."""
    folded = fold(name).strip()
    return next((f for f in families() if f.match.search(folded)), None)
