"""The curated media and device records: every figure with its source, checked at load; names found as
people type them; Epoch's fields give each model its kind; the calibration rows carry their sources."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from msgspec import ValidationError, convert

from catalog.media import MediaRecord, devices, find_device, find_media, kind_of, media_models, media_named

ROOT = Path(__file__).resolve().parents[2]


def test_every_record_loads_with_its_sources() -> None:
    records = media_models()
    assert {r.kind for r in records} == {"image", "video", "speech", "embedding"}
    for r in records:
        parts = [r.denoiser, r.vae, r.speech, r.encoder, *r.text_encoders]
        assert all(len(p.source) > 10 for p in parts if p is not None), r.name
        if r.defaults is not None:
            assert r.defaults.source


def test_a_record_without_its_parts_fails_the_load() -> None:
    with pytest.raises(ValidationError):
        convert({"name": "x", "kind": "image", "organization": "o", "publication_date": "2024-01-01",
                 "license": "MIT", "huggingface": "o/x"}, MediaRecord)


@pytest.mark.parametrize(("text", "name"), [
    ("can my 3060 run flux dev", "FLUX.1 [dev]"),
    ("posso usare flux schnell sulla mia 3060?", "FLUX.1 [schnell]"),
    ("sdxl how many seconds per image on a 4070", "Stable Diffusion XL 1.0"),
    ("sd 1.5 on 4gb", "Stable Diffusion 1.5"),
    ("wan 2.2 14b video on 4090?", "Wan 2.2 T2V A14B"),
    ("whisper large v3 on a 1650?", "Whisper large-v3"),
    ("whisper turbo speed", "Whisper large-v3-turbo"),
    ("bge-m3 embeddings throughput on a 3060", "BGE-M3"),
    ("can i run llama 3.1 8b on a 3060", None),
])
def test_names_are_found_as_typed(text, name) -> None:
    hit = find_media(text)
    assert (hit.name if hit else None) == name


@pytest.mark.parametrize(("text", "name"), [
    ("llama 3.2 3b on iphone 15 pro", "Apple A17 Pro"),
    ("galaxy s24 ultra gemma", "Snapdragon 8 Gen 3"),
    ("raspberry pi 5 8gb which llm", "Raspberry Pi 5"),
    ("orange pi 5 llama", "Rockchip RK3588"),  # another maker's board: its own chip, not the Raspberry Pi
    ("banana pi m5 llama", None),  # a board without a record: not the Raspberry Pi either
])
def test_devices_are_found_as_typed(text, name) -> None:
    hit = find_device(text)
    assert (hit[1].name if hit else None) == name


@pytest.mark.parametrize(("domain", "tasks", "kind"), [
    (["Image generation"], ["Text-to-image"], "image"),
    (["Video"], ["Video generation"], "video"),
    (["Speech"], ["Speech recognition"], "speech"),
    (["Language"], ["Chat", "Code generation"], "text"),
    (["Multimodal", "Language", "Vision"], ["Visual question answering"], "text"),
    (["Language"], ["Text embedding", "Retrieval"], "embedding"),
    (["Speech"], ["Text-to-speech"], "text"),
])
def test_epoch_fields_give_the_kind(domain, tasks, kind) -> None:
    assert kind_of(domain, tasks) == kind


def test_device_memory_is_one_of_the_sizes_sold_and_app_shares_are_sourced() -> None:
    d = devices()
    assert set(d.app_share) == {"phone", "board"} and all(s.source for s in d.app_share.values())
    for r in d.devices:
        assert r.memory_gb in r.memory_options and r.source


def test_every_calibration_row_has_a_source_and_resolves() -> None:
    with (ROOT / "benchmarks" / "data" / "media_measured.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) >= 25
    for r in rows:
        assert r["source"].startswith("http"), r
        if r["kind"] != "device":
            assert media_named(r["model"]) is not None, r["model"]
