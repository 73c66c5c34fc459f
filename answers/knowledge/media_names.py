"""The media models' and devices' names, kept in the start-up cache (answers.knowledge.cache).

Every question is searched for a media model or a device ("flux dev", "whisper", "iphone 15 pro"). Their
records are validated from five data files (catalog/media.py: ~20 ms with building their
classes and folding every name), while most questions name neither. So the phrases alone, with the name of
the record each one stands for, are cached, keyed by the data files, the code that reads and folds them
and the interpreter; the records are loaded only when a phrase is found. A miss builds the phrases from the
records themselves (catalog.media), so the data files are checked before anything is cached.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import catalog.text as text
from answers.knowledge import cache as disk_cache

if TYPE_CHECKING:
    from catalog.media import DeviceRecord, MediaRecord

Phrases = tuple[tuple[str, str], ...]  # (folded phrase, record name), longest phrase first


def _files() -> list[bytes]:
    data = resources.files("catalog") / "data"
    names = [data / "hardware" / "devices.json", *sorted((data / "media").iterdir(), key=lambda p: p.name)]
    code = [Path(text.__file__), Path(text.__file__).with_name("media.py")]  # the rules that read and fold them
    return [p.read_bytes() for p in names] + [p.read_bytes() for p in code]


def _key() -> str:
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    digest = hashlib.blake2b(sys.version.encode(), digest_size=12)  # BLAKE2b: 3x SHA-256 without OpenSSL
    for content in _files():
        digest.update(len(content).to_bytes(8, "little"))
        digest.update(content)
    return f"media-names-{digest.hexdigest()}.json"


def _built() -> tuple[Phrases, Phrases]:
    # lazy: the media records (catalog.media), only when the phrases are not cached yet
    from catalog.media import device_phrases, media_phrases

    return (tuple((p, r.name) for p, r in media_phrases()), tuple((p, d.name) for p, d in device_phrases()))


@cache
def _phrases() -> tuple[Phrases, Phrases]:
    key = _key()
    data = disk_cache.read(key)
    if data is not None:
        try:
            media, devices = json.loads(data)
            return tuple(map(tuple, media)), tuple(map(tuple, devices))
        except (ValueError, TypeError):  # a damaged entry is rebuilt, never an error
            pass
    fresh = _built()
    disk_cache.write(key, json.dumps(fresh, ensure_ascii=False).encode())
    return fresh


@cache
def _media_by_name() -> dict[str, MediaRecord]:
    # lazy: the media records (validated from their files) only for a question that names one
    from catalog.media import media_models

    return {r.name: r for r in media_models()}


@cache
def _devices_by_name() -> dict[str, DeviceRecord]:
    # lazy: as above
    from catalog.media import devices

    return {d.name: d for d in devices().devices}


def media_name_phrases() -> tuple[tuple[str, str], ...]:
    """Every media model's name and alias as a phrase (folded), with the record's name."""
    return _phrases()[0]


def find_media(question: str) -> MediaRecord | None:
    """catalog.media.find_media: the media model a text names (its longest name or alias), or None."""
    hit = text.find_phrase(question, _phrases()[0])
    return _media_by_name()[hit[1]] if hit else None


def find_second_media(question: str, first: str) -> MediaRecord | None:
    """A second media model the text names beside `first` ("flux schnell or sdxl"), never a shorter name inside
    one of `first`'s ("flux" inside "flux schnell"), or None."""
    hay = f" {text.phrase_key(question)} "
    phrases = _phrases()[0]
    firsts = [p for p, n in phrases if n == first and f" {p} " in hay]
    for phrase, name in phrases:
        if name != first and f" {phrase} " in hay and not any(f" {phrase} " in f" {p} " for p in firsts) \
                and not (phrase == "whisper" and first.startswith("Whisper")):  # the family word beside one size
            return _media_by_name()[name]
    return None


def find_sibling(first: str, role: str, params_b: float) -> MediaRecord | None:
    """The record by `first`'s maker with that role ("reranker") and size in billions, other than `first`."""
    one = _media_by_name()[first]
    for r in _media_by_name().values():
        if (r.name != first and r.kind == one.kind and r.organization == one.organization and r.role == role
                and r.encoder is not None and abs(r.encoder.params_b - params_b) < 0.05):
            return r
    return None


def find_more_media(question: str, taken: tuple[str, ...]) -> list[MediaRecord]:
    """The media models the text names beyond those in `taken` (the first two), in no fixed reading order but
    each once: "hidream vs flux dev vs sd 3.5 large" names three. Never a shorter name inside a longer one found."""
    hay = f" {text.phrase_key(question)} "
    phrases = _phrases()[0]
    found = [p for p, n in phrases if n in taken and f" {p} " in hay]
    out: list[str] = []
    for phrase, name in phrases:
        if name in taken or name in out or f" {phrase} " not in hay or any(f" {phrase} " in f" {p} " for p in found):
            continue
        if phrase == "whisper" and any(t.startswith("Whisper") for t in taken):
            continue  # the family word beside the sizes named ("whisper … turbo o medium"), no third model
        out.append(name)
        found.append(phrase)
    return [_media_by_name()[n] for n in out]


_SIZE_RE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)b(?!\w)")


def sibling_by_size(question: str, first: MediaRecord) -> MediaRecord | None:
    """"wan 2.2 5b vs 14b": a bare size typed beside a media model that another model of the same line has (its
    name's first two words and that size), or None."""
    head = " ".join(text.phrase_key(first.name).split()[:2])
    own = {m.group(1) for m in _SIZE_RE.finditer(text.phrase_key(first.name))}
    for m in _SIZE_RE.finditer(text.phrase_key(question)):
        size = m.group(1)
        if size in own:
            continue
        for name, record in _media_by_name().items():
            key = text.phrase_key(name)
            if name != first.name and key.startswith(head + " ") and re.search(rf"(?<![\d.]){re.escape(size)}b\b", key):
                return record
    return None


def find_device(question: str) -> tuple[str, DeviceRecord] | None:
    """catalog.media.find_device: the phone or board a text names, with the phrase as found, or None."""
    hit = text.find_phrase(question, _phrases()[1])
    return (hit[0], _devices_by_name()[hit[1]]) if hit else None
