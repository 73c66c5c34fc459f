"""What a question says about image, video, speech-to-text and embedding models, and about phones and boards.

- the model named, from the catalog's curated media records (catalog/media.py: "flux dev", "sdxl", "wan 2.2",
  "whisper large-v3", "bge-m3");
- the text-to-speech models named ("kokoro", "xtts", "piper": catalog/data/media/tts.json), or text to speech
  asked about without one ("tts", "sintesi vocale");
- a kind asked about without a model ("image models", "generare immagini", "embeddings":
  answers/lexicon/media/words.toml);
- the phone or board named (catalog/data/hardware/devices.json: "snapdragon 8 gen 3", "iphone 15 pro",
  "raspberry pi 5"), or a phone without its chip ("my phone");
- the job: steps ("30 steps"), size ("1024x1024", "720p", "512px"), frames or seconds of video, file format
  ("fp8", "q4", "nf4", "gguf").

Matched on folded text as whole words; the words are data (lexicon/media/words.toml), the names the catalog's.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from answers.knowledge.media_names import (
    find_device,
    find_media,
    find_more_media,
    find_second_media,
    find_sibling,
    media_name_phrases,
    sibling_by_size,
)
from answers.lexicon import lexicon
from answers.records.asked import MediaAsked
from catalog.speech_synthesis import tts_named_in
from catalog.text import fold

if TYPE_CHECKING:
    from catalog.media import DeviceRecord, MediaRecord

LEXICON = Path(__file__).parent.parent / "lexicon" / "media" / "words.toml"
KEYS = ("steps", "frames", "seconds", "image", "video", "speech", "embedding", "phone", "tts", "items", "thousand",
        "million", "reranker", "embedder", "hours", "minutes", "voice", "long_items", "cloning")
# a Whisper size said beside its name ("whisper small", "whisper-large-v3", "distil-whisper", "large-v3"), never
# a size word of something else ("whisper + a small llm")
WHISPER_SIZES = (r"whisper[\s\-_.]*(tiny|base|small|medium|large|turbo|v[23])\b|distil\w*[\s\-_.]*whisper"
                 r"|\b(tiny|base|small|medium)\.en\b|\blarge[\s\-_]*v[23]\b")
KIND_KEYS = ("video", "speech", "embedding", "image")  # checked in this order: "video" before "images"
# "16:9" sizes people name by their height
HEIGHTS = {480: 832, 540: 960, 576: 1024, 720: 1280, 1080: 1920, 1440: 2560, 2160: 3840}


@cache
def words() -> dict[str, tuple[str, ...]]:
    """Every language's phrases per key, folded, longest first; a table missing a key fails the load."""
    data = tomllib.loads(LEXICON.read_text("utf-8"))
    out: dict[str, set[str]] = {k: set() for k in KEYS}
    for lang, table in data.items():
        missing = [k for k in KEYS if k not in table]
        if missing:
            raise ValueError(f"media.toml [{lang}]: missing {', '.join(missing)}")
        for k in KEYS:
            out[k].update(_norm(p).strip() for p in table[k])
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}


def _norm(text: str) -> str:
    low = fold(text).replace("\u2019", "'")
    low = re.sub(r"(?<![\w])\.|\.(?![\w])", " ", low)
    low = re.sub(r"[^\w.'x×*:+]+", " ", low)
    # French and Italian elision ("d'embedding", "l'immagine"): the word after the apostrophe is a word of its own
    low = re.sub(r"\b([dlj]|qu|un|dell|all|nell|sull)'(?=\w)", r"\1' ", low)
    return f" {' '.join(low.split())} "


def _alternation(key: str) -> str:
    return "|".join(re.escape(w) for w in words()[key])


def _number_before(text: str, key: str) -> float | None:
    m = re.search(rf"(?<![\w.])(\d{{1,4}}(?:[.,]\d+)?)\s*(?:{_alternation(key)})(?!\w)", text)
    return float(m.group(1).replace(",", ".")) if m else None


def _items(text: str) -> int | None:
    """"2M chunks", "2 milioni di chunk", "100k docs", "300 documents": how many texts to embed or pairs to
    rerank (a connecting "of / di / de / von" allowed between the scale and the word)."""
    scale = rf"(?:({_alternation('thousand')})|({_alternation('million')}))"
    number = r"(\d{1,3}(?:[ .,]\d{3})+|\d{1,7}(?:[.,]\d+)?)"  # "250 000", "100.000", "1,5", "3"
    head = rf"(?<![\w.,]){number}\s*(?:{scale}(?!\w))?\s*(?:(?:of|di|de|von|d'|des)\s+)?"
    m = re.search(rf"{head}(?:{_alternation('items')}|{_alternation('long_items')})(?!\w)", text)
    if m is None:
        # one describing word between a count that is plainly a count (a scale or thousands separators) and the
        # noun ("50k pdf chunks", "200 000 kurze Texte"); never "a 4070, how many pairs": a card's number
        m = re.search(rf"{head}[a-z]+\s+(?:{_alternation('items')})(?!\w)", text)
        if m is not None and not (m.group(2) or m.group(3) or re.search(r"[ .,]\d{3}$", m.group(1))):
            m = None
    if m is None:
        return None
    digits = m.group(1)
    if m.group(2) or m.group(3):  # "2.5 million": a decimal mark
        value = float(digits.replace(",", "."))
    else:  # "100,000 docs", "100.000 Dokumente": thousands separators
        value = float(re.sub(r"[ .,](?=\d{3}(?!\d))", "", digits).replace(",", "."))
    value *= 1e3 if m.group(2) else 1e6 if m.group(3) else 1
    return int(value) if value >= 1 else None


def _long_items(text: str) -> bool:
    """Whether the texts counted are long documents ("300k pdf", "10.000 relatorios"): a number, its scale, then
    the word, each counted as a whole document rather than a chunk."""
    scale = rf"(?:{_alternation('thousand')}|{_alternation('million')})"
    return re.search(rf"(?<![\w.,])\d[\d .,]*\s*(?:{scale}(?!\w))?\s*(?:(?:of|di|de|von|d'|des)\s+)?"
                     rf"(?:{_alternation('long_items')})(?!\w)", text) is not None


def _size(text: str) -> tuple[int, int] | None:
    m = re.search(r"(?<!\d)(\d{3,4})\s*[x×*]\s*(\d{3,4})(?!\d)", text)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.search(r"(?<!\d)(\d{3,4})\s*p(?!\w)", text)
    if m and int(m.group(1)) in HEIGHTS:
        h = int(m.group(1))
        return HEIGHTS[h], h
    m = re.search(r"(?<!\d)(\d{3,4})\s*px(?!\w)", text)
    if m:
        return int(m.group(1)), int(m.group(1))
    return None


_PRECISIONS = (("nf4", "nf4"), ("fp8", "fp8"), ("bf16", "bf16"), ("fp16", "bf16"), ("q8_0", "Q8_0"), ("q8", "Q8_0"),
               ("q4_k_s", "Q4_K_S"), ("q4_0", "Q4_K_S"), ("q4", "Q4_K_S"), ("int8", "int8"), ("gguf", "Q8_0"))


def _precision(text: str) -> str | None:
    return next((level for word, level in _PRECISIONS if re.search(rf"(?<!\w){word}(?!\w)", text)), None)


def _kind_word(text: str) -> str | None:
    for key in KIND_KEYS:
        if any(f" {w} " in text for w in words()[key]):
            return key
    return None


_BARE_PI = re.compile(r" pi ?([45]) ")


def _bare_pi(text: str) -> tuple[str, DeviceRecord] | None:
    """"pi 5 with 8gb": the Raspberry Pi 5 said short, unless the word before makes another maker's board
    ("orange pi 5", "banana pi"), which the estimator has no record of."""
    m = _BARE_PI.search(text)
    if m is None:
        return None
    before = text[:m.start()].split()[-1:]
    if before and any(b.startswith(f"{before[0]} pi") for b in lexicon().out_of_scope.get("board", ())):
        return None
    found = find_device(f"raspberry pi {m.group(1)}")
    return (m.group().strip(), found[1]) if found else None


def not_a_model(typed: str, media: MediaAsked) -> bool:
    """A span the parser took for a model's name that is the media question's own phone ("pixel 9 pro"), length
    of video ("5 sekunden") or voice model ("f5-tts"): read here as such, never as an unknown language model."""
    text = _norm(typed)
    if media.device_said and _norm(media.device_said) == text:
        return True
    if media.tts and tts_named_in(typed):  # "f5-tts": the voice model named, not an unknown language model
        return True
    return media.seconds is not None and re.fullmatch(
        rf" \d{{1,4}}(?:[.,]\d+)? (?:{_alternation('seconds')}) ", text) is not None


def _family(kind: str) -> str:
    """Image and video models are weighed against each other (both diffusion); the rest only within a kind."""
    return "diffusion" if kind in ("image", "video") else kind


def _two_devices(text: str, device: tuple[str, DeviceRecord] | None
                 ) -> tuple[tuple[str, DeviceRecord] | None, tuple[str, DeviceRecord] | None]:
    """The phone or board named and a second, different one beside it, in the order the question names them."""
    if device is None:
        return None, None
    other = find_device(text.replace(device[0], " "))
    if other is None or other[1].name == device[1].name:
        return device, None
    at = (text.find(device[0]), text.find(other[0]))
    return (other, device) if 0 <= at[1] < at[0] else (device, other)


# A Whisper size said bare beside another with a word of choice between them ("turbo o medium", "small or
# large-v3?", "medium oder turbo"): the other size of the same family. Choice words of the six languages.
_OR = r"(?:or|o|ou|oder|vs\.?|versus|contro|gegen|frente a|ou\s+o|o\s+el|oder\s+das|or\s+the)"
_BARE = r"(tiny|base|small|medium|large[\s\-_]*v3[\s\-_]*turbo|large[\s\-_]*v[23]|turbo)"
_WHISPER_BARE = {"tiny": "Whisper tiny", "base": "Whisper base", "small": "Whisper small", "medium": "Whisper medium",
                 "largev2": "Whisper large-v2", "largev3": "Whisper large-v3", "turbo": "Whisper large-v3-turbo",
                 "largev3turbo": "Whisper large-v3-turbo"}


def _whisper_said_bare(text: str, record: MediaRecord | None) -> MediaRecord | None:
    """"whisper on my mac: turbo or medium?": the bare family word resolves to large-v3 (its alias), but the
    sizes said bare after it are what is asked: the first of them (by a choice word, or "turbo") is the model."""
    if record is None or record.name != "Whisper large-v3" or re.search(r"\b(large|whisper)[\s\-_]*v3\b", text):
        return record
    sizes = [m.group(1) for m in re.finditer(rf"\b{_BARE}\s+{_OR}\b|\b{_OR}\s+{_BARE}\b", text)
             if m.group(1)] or [m.group(1) for m in re.finditer(r"\b(turbo)\b", text)]
    said = [re.sub(r"[\s\-_]", "", x) for x in sizes]
    found = find_media(_WHISPER_BARE[said[0]]) if said and said[0] in _WHISPER_BARE else None
    return found or record


def _whisper_sibling(text: str, first: str) -> MediaRecord | None:
    """The other Whisper size of "turbo or medium", said bare after (or before) a choice word, never the first's."""
    after = re.finditer(rf"\b{_OR}\s+(?:whisper\s+)?{_BARE}\b", text)  # two passes: "turbo o medium" holds both
    for m in [*after, *re.finditer(rf"\b{_BARE}\s+{_OR}\b", text)]:
        said = re.sub(r"[\s\-_]", "", m.group(1))
        name = _WHISPER_BARE.get(said)
        if name is not None and name != first:
            return find_media(name)
    return None


def read(question: str) -> MediaAsked | None:
    """What the question says about media models and devices, or None when it says nothing of them."""
    text = _norm(question)
    tts = tuple(m.name for m in tts_named_in(question))
    cloning = any(f" {w} " in text for w in words()["cloning"])  # "voice cloning": a voice made from a clip
    tts_generic = not tts and (cloning or any(f" {w} " in text for w in words()["tts"]))
    device = find_device(question) or _bare_pi(text)
    device, device2 = _two_devices(text, device)
    voice = any(f" {w} " in text for w in words()["voice"])
    if tts or tts_generic or voice:  # reading text aloud: its own answer, whatever else the words look like
        heard = find_media(question)  # "whisper + a small llm + piper": the speech-to-text stage of a voice assistant
        stt = heard.name if heard is not None and heard.kind == "speech" else None
        # speech to text and a voice in one message ("whisper + llm + piper", "stt + llm + tts"): the whole turn
        voice = voice or (stt is not None or _kind_word(text) == "speech")
        if stt is not None and stt.startswith("Whisper") and not re.search(WHISPER_SIZES, text):
            stt = None  # a bare "whisper": no size said, so the voice answer assumes one (and says so)
        return MediaAsked(tts=tts, tts_generic=tts_generic or (voice and not tts), device=device[1].name if device
                          else None, device_said=device[0] if device else None, stt=stt, voice=voice,
                          cloning=cloning)
    record = _whisper_said_bare(text, find_media(question))
    phone = device is None and any(f" {w} " in text for w in words()["phone"])
    kind = None if record is not None else _kind_word(text)
    if record is None and device is None and not phone and kind is None:
        return None
    size = _size(text)
    steps = _number_before(text, "steps")
    frames = _number_before(text, "frames")
    seconds = _number_before(text, "seconds") if (record and record.kind == "video") or kind == "video" else None
    if seconds is not None and seconds >= 100 and re.search(rf"(?<![\w.]){int(seconds)}s(?!\w)", text):
        seconds = None  # "two 3090s", "4090s": a card's plural, not a clip of 3,090 seconds
    second = find_second_media(question, record.name) if record is not None else None
    if second is None and record is not None and record.kind == "embedding":
        second = _sibling(text, record.name)
    if second is None and record is not None:
        second = sibling_by_size(question, record)  # "wan 2.2 5b vs 14b": the 14B of the same line
    if second is None and record is not None and record.name.startswith("Whisper"):
        second = _whisper_sibling(text, record.name)  # "large-v3-turbo o medium": Whisper medium beside it
    same_kind = second is not None and record is not None and _family(second.kind) == _family(record.kind)
    more = tuple(r.name for r in find_more_media(question, (record.name, second.name))
                 if _family(r.kind) == _family(record.kind)) if record is not None and second is not None else ()
    return MediaAsked(
        model=record.name if record else None, model2=second.name if second and same_kind else None,
        more=more if same_kind else (),
        kind_word=kind, device=device[1].name if device else None,
        device_said=device[0] if device else None,
        device2=device2[1].name if device2 else None, device2_said=device2[0] if device2 else None,
        phone_generic=phone, steps=int(steps) if steps else None, width=size[0] if size else None,
        height=size[1] if size else None, frames=int(frames) if frames else None, seconds=seconds,
        precision=_precision(text), other_release=_other_release(text, record) if record is not None else None,
        items=_items(" ".join(fold(question).replace("\u2019", "'").split()))
        if (record and record.kind == "embedding") or kind == "embedding" else None,
        items_long=_long_items(" ".join(fold(question).replace("\u2019", "'").split())),
        audio_seconds=_audio(text) if (record and record.kind == "speech") or kind == "speech" else None)


def _audio(text: str) -> float | None:
    """"2 hours of audio", "90 min", "1,5 ore": the length of audio to transcribe, in seconds (None unsaid)."""
    hours, minutes = _number_before(text, "hours"), _number_before(text, "minutes")
    total = (hours or 0.0) * 3600 + (minutes or 0.0) * 60
    return total or None


def _sibling(text: str, first: str) -> MediaRecord | None:
    """"qwen3 embedding 8b … with the reranker 4b": a role and a size said beside an embedding model, read as
    the same maker's record of that role and size (None when it has none)."""
    for role, key in (("reranker", "reranker"), ("embedder", "embedder")):
        words = _alternation(key)
        m = (re.search(rf"(?<!\w)(?:{words})\s*(\d+(?:[.,]\d+)?)\s*b(?!\w)", text)
             or re.search(rf"(?<![\w.])(\d+(?:[.,]\d+)?)\s*b\s*(?:{words})(?!\w)", text))
        if m is not None:
            found = find_sibling(first, role, float(m.group(1).replace(",", ".")))
            if found is not None:
                return found
    return None


def _other_release(text: str, record: MediaRecord) -> str | None:
    """A version typed right after the model's name that none of its names carries, nor another record's
    ("hunyuanvideo 1.5" when the catalog has only HunyuanVideo), as typed; None for the release it has."""
    phrases = media_name_phrases()
    names = [p for p, n in phrases if n == record.name]
    for name in sorted(names, key=len, reverse=True):
        hit = re.search(rf"(?<![\w.]){re.escape(name)}\s*v?(\d+(?:\.\d+)?)(?![\w.])", text)
        if hit is None:
            continue
        typed = hit.group(0).strip()
        every = {p for p, _ in phrases}
        version = hit.group(1)
        if any(re.search(rf"(?<![\d.]){re.escape(version)}(?![\d.])", n) for n in names) or typed in every:
            return None
        return typed
    return None
