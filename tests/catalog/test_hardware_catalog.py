"""The current hardware catalog (every profile but `reference`): corrections, removals, additions,
segments, prices and the unified-memory flag, each checked against the source value written here."""

from __future__ import annotations

import json
from functools import cache

import msgspec
import pytest

from catalog import hardware
from catalog.gpus import load_gpu_records
from catalog.hardware import HardwareDataError, current_catalog, load_hardware_data, segment_of
from catalog.records import SEGMENTS, GpuRecord


@cache
def _current() -> tuple[tuple[GpuRecord, ...], dict[str, list[str]]]:
    cards, aliases = current_catalog(load_gpu_records())
    return tuple(cards), aliases


def _one(name: str) -> GpuRecord:
    found = [g for g in _current()[0] if g.name == name]
    assert len(found) == 1, (name, len(found))
    return found[0]


# --------------------------------------------------------------------------- audit corrections (3a)
@pytest.mark.parametrize(
    ("name", "memory", "bandwidth", "cited"),
    [
        ("RTX PRO 6000 Blackwell Server", 96, 1597, "nvidia.com"),  # NVIDIA Server Edition page: 1597 GB/s
        ("Arc A770", 16, 560, "560"),  # Intel: 17.5 Gbps x 256 bit = 560 GB/s
        ("RTX 2000 Ada Generation", 16, 224, "224"),  # NVIDIA datasheet: 128 bit, 224 GB/s
        ("Data Center GPU Flex 170", 16, 576, "intel.com"),  # Intel ARK 230019: 576 GB/s
        ("Steam Deck GPU", 16, 88, "88"),  # Valve: 128-bit LPDDR5-5500 = 88 GB/s
        ("Steam Deck OLED GPU", 16, 102.4, "6400"),  # 128 bit x 6.4 Gbps / 8 = 102.4 GB/s
    ],
)
def test_confirmed_corrections_applied_with_their_source(name: str, memory: float, bandwidth: float,
                                                        cited: str) -> None:
    card = _one(name)
    assert (card.memory_gb, card.bandwidth_gbps) == (memory, bandwidth)
    assert card.corrected and cited in card.corrected and card.source == card.corrected


def test_steam_deck_oled_bandwidth_is_bus_times_rate() -> None:
    assert _one("Steam Deck OLED GPU").bandwidth_gbps == pytest.approx(128 * 6.4 / 8)


def test_reference_list_keeps_the_pages_figures() -> None:
    ref = {g.tpu_id: g for g in load_gpu_records()}
    assert len(ref) == 818
    assert (ref["c4274"].bandwidth_gbps, ref["c3914"].bandwidth_gbps, ref["c3897"].bandwidth_gbps) == (1790, 512, 176)
    assert ref["c3471"].bandwidth_gbps == 1130  # the duplicate V100 the pages rate


# --------------------------------------------------------------------------- removals and per-device
def test_v100_duplicate_dropped_and_the_right_record_kept() -> None:
    v100 = [g for g in _current()[0] if g.name == "Tesla V100 SXM2 16 GB"]
    assert [g.bandwidth_gbps for g in v100] == [897.0]


@pytest.mark.parametrize(
    "name",
    ["RTX A5000-8Q", "RTX A5000-12Q", "GRID RTX T10-4", "GRID M60-8Q", "Radeon Instinct MI300", "Radeon Instinct MI200",
     "Arctic Sound-M", "Arctic Sound 1T", "Arctic Sound 2T", "DRIVE A100 PROD", "GRID A100A", "GRID A100B",
     "GeForce RTX 3080 Ti 20 GB", "GeForce RTX 3060 3840SP"],
)
def test_non_products_are_not_cards(name: str) -> None:
    assert name not in {g.name for g in _current()[0]}
    assert name in {g.name for g in load_gpu_records()}  # …but the reference pages keep them


def test_placeholder_names_alias_the_real_product() -> None:
    aliases = _current()[1]
    assert "Radeon Instinct MI300" in aliases["Radeon Instinct MI300X"]
    assert "Arctic Sound-M" in aliases["Data Center GPU Flex 170"]


def test_no_vgpu_profile_left() -> None:
    assert not [g.name for g in _current()[0] if g.segment == "vgpu"]


@pytest.mark.parametrize("name", ["Radeon Instinct MI250", "Radeon Instinct MI250X", "Data Center GPU Max 1550"])
def test_two_device_packages_use_per_device_figures(name: str) -> None:
    card = _one(name)
    # ROCm / Level Zero see two devices per package: 128 GB / 2 and 3276.8 GB/s / 2.
    assert (card.memory_gb, card.bandwidth_gbps) == (128 / 2, 3276.8 / 2)
    assert card.source and "two" in card.source


# --------------------------------------------------------------------------- additions
@pytest.mark.parametrize(
    ("name", "vendor", "memory", "bandwidth"),
    [
        ("H20", "NVIDIA", 96, 4000),  # 96 GB HBM3, 4.0 TB/s
        ("GH200 96 GB", "NVIDIA", 96, 4000),
        ("GH200 144 GB", "NVIDIA", 144, 4900),
        ("GB200", "NVIDIA", 13400 / 72, 576000 / 72),  # NVL72: 13.4 TB and 576 TB/s over 72 GPUs
        ("B100", "NVIDIA", 1536 / 8, 8000),  # HGX B100: 1.5 TB over 8 GPUs
        ("Gaudi 2", "Intel", 96, 2460),
        ("Gaudi 3", "Intel", 128, 3700),
        ("Arc Pro B70", "Intel", 32, 256 * 19 / 8),  # 256-bit GDDR6 at 19 Gbps = 608 GB/s
        ("Ryzen AI Max+ 395 128 GB", "AMD", 128, 256 * 8000 / 8000),  # 256-bit LPDDR5X-8000: 256 GB/s
        ("Ryzen AI Max 385 32 GB", "AMD", 32, 256),
        ("Ryzen AI Max 390 64 GB", "AMD", 64, 256),
    ],
)
def test_missing_hardware_added_with_source(name: str, vendor: str, memory: float, bandwidth: float) -> None:
    card = _one(name)
    assert card.vendor == vendor
    assert card.memory_gb == pytest.approx(memory, rel=0.01)
    assert card.bandwidth_gbps == pytest.approx(bandwidth, rel=0.01)
    assert card.source and len(card.source) > 20


# Apple figures from Apple's announcements and tech specs: (chip, memory sizes, bandwidth by size).
APPLE = {
    "M1": ({8: 68.25, 16: 68.25}),
    "M1 Pro": ({16: 200, 32: 200}),
    "M1 Max": ({32: 400, 64: 400}),
    "M1 Ultra": ({64: 800, 128: 800}),
    "M2": ({8: 100, 16: 100, 24: 100}),
    "M2 Pro": ({16: 200, 32: 200}),
    "M2 Max": ({32: 400, 64: 400, 96: 400}),
    "M2 Ultra": ({64: 800, 128: 800, 192: 800}),
    "M3": ({8: 100, 16: 100, 24: 100}),
    "M3 Pro": ({18: 150, 36: 150}),
    "M3 Max": ({36: 300, 96: 300, 48: 400, 64: 400, 128: 400}),  # 30-core GPU vs 40-core GPU
    "M3 Ultra": ({96: 819, 256: 819, 512: 819}),
    "M4": ({16: 120, 24: 120, 32: 120}),
    "M4 Pro": ({24: 273, 48: 273, 64: 273}),
    "M4 Max": ({36: 410, 48: 546, 64: 546, 128: 546}),  # 32-core GPU vs 40-core GPU
}


@pytest.mark.parametrize("chip", sorted(APPLE))
def test_every_apple_chip_configuration(chip: str) -> None:
    configs = {g.memory_gb: g for g in _current()[0] if g.vendor == "Apple" and g.name.startswith(f"Apple {chip} ")
               and g.name[len(f"Apple {chip} "):].split()[0].isdigit()}
    assert {int(m): c.bandwidth_gbps for m, c in configs.items()} == APPLE[chip]
    for card in configs.values():
        assert card.unified_memory and card.segment == "integrated" and card.source
        assert card.name == f"Apple {chip} {int(card.memory_gb)} GB"


@pytest.mark.parametrize("name", ["GB10", "Jetson AGX Orin 64 GB", "Jetson T5000", "Ryzen AI Max+ 395 64 GB",
                                  "Apple M2 Ultra 192 GB", "Steam Deck GPU"])
def test_unified_memory_devices_are_flagged(name: str) -> None:
    assert _one(name).unified_memory


@pytest.mark.parametrize("name", ["GeForce RTX 4090", "H100 SXM5 80 GB", "Radeon RX 7900 XTX",
                                  "GeForce RTX 4070 Mobile"])
def test_discrete_cards_are_not_unified(name: str) -> None:
    assert not _one(name).unified_memory


@pytest.mark.parametrize(
    ("name", "memory", "bandwidth"),
    # Laptop parts differ from the desktop cards: NVIDIA laptop specs (bus x data rate).
    [("GeForce RTX 4070 Mobile", 8, 128 * 16 / 8), ("GeForce RTX 4060 Mobile", 8, 128 * 16 / 8),
     ("GeForce RTX 4090 Mobile", 16, 256 * 18 / 8), ("GeForce RTX 4080 Mobile", 12, 192 * 18 / 8),
     ("GeForce RTX 5090 Mobile", 24, 256 * 28 / 8)],
)
def test_laptop_parts_have_their_own_figures(name: str, memory: float, bandwidth: float) -> None:
    card = _one(name)
    assert (card.memory_gb, card.bandwidth_gbps) == (memory, pytest.approx(bandwidth, rel=0.01))
    assert card.segment == "laptop"
    desktop = _one(name.replace(" Mobile", ""))
    assert (desktop.memory_gb, desktop.bandwidth_gbps) != (card.memory_gb, card.bandwidth_gbps)


# --------------------------------------------------------------------------- segments and prices
@pytest.mark.parametrize(
    ("name", "segment"),
    [("CMP 170HX 10 GB", "mining"), ("P102-100", "mining"), ("GeForce RTX 4090", "consumer desktop"),
     ("H100 SXM5 80 GB", "data centre"), ("Xeon Phi 7120P", "data centre"), ("Steam Deck GPU", "console/handheld"),
     ("Xbox Series X GPU", "console/handheld"), ("GeForce RTX 4070 Mobile", "laptop"),
     ("GeForce RTX 4080 Max-Q", "laptop"), ("RTX PRO 6000 Blackwell", "workstation"),
     ("RTX PRO 6000 Blackwell Max-Q", "workstation"), ("RTX PRO 6000 Blackwell Server", "data centre"),
     ("RTX A6000", "workstation"), ("Radeon PRO V710", "data centre"), ("Apple M4 Pro 48 GB", "integrated"),
     ("GB10", "workstation"), ("Jetson AGX Orin 64 GB", "embedded"), ("Jetson T4000", "embedded"),
     ("Radeon Instinct MI300X", "data centre"),
     ("Tesla P40", "data centre"), ("Radeon RX 7900 XTX", "consumer desktop"), ("Arc B580", "consumer desktop")],
)
def test_segments_of_known_cards(name: str, segment: str) -> None:
    assert _one(name).segment == segment


def test_reference_cards_carry_segments_too() -> None:
    ref = load_gpu_records()
    assert all(g.segment in SEGMENTS for g in ref)
    assert {g.segment for g in ref if g.name.startswith(("GRID M60-8Q", "RTX A5000-8Q"))} == {"vgpu"}
    assert next(g for g in ref if g.name == "P102-100").segment == "mining"


def test_xeon_phi_is_never_a_consumer_pick() -> None:
    phis = [g for g in _current()[0] if g.name.startswith("Xeon Phi")]
    assert phis and all(g.segment == "data centre" for g in phis)


@pytest.mark.parametrize(("name", "usd"), [("GeForce RTX 4090", 1599), ("GeForce RTX 5090", 1999),
                                           ("Radeon RX 7900 XTX", 999), ("Arc B580", 249)])
def test_launch_prices(name: str, usd: float) -> None:
    assert _one(name).launch_price_usd == usd


def test_catalog_order_and_positions() -> None:
    cards = _current()[0]
    assert [g.position for g in cards] == list(range(len(cards)))
    dates = [g.release for g in cards]
    assert dates == sorted(dates)


# --------------------------------------------------------------------------- load-time checks
def test_bad_data_names_the_file_and_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    real = hardware._read

    def broken(name: str):  # noqa: ANN202
        raw = real(name)
        if name == "additions.json":
            raw = json.loads(json.dumps(raw))
            raw[0]["bandwidth_gbps"] = -1
        return raw

    load_hardware_data.cache_clear()
    monkeypatch.setattr(hardware, "_read", broken)
    try:
        with pytest.raises(HardwareDataError, match=r"additions\.json: entry 'H20': bandwidth_gbps"):
            load_hardware_data()
    finally:
        monkeypatch.setattr(hardware, "_read", real)
        load_hardware_data.cache_clear()


def test_an_alias_to_a_missing_card_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    data = load_hardware_data()
    bad = msgspec.structs.replace(data, aliases={**data.aliases, "GeForce RTX 9999": ["nope"]})
    monkeypatch.setattr(hardware, "load_hardware_data", lambda: bad)
    with pytest.raises(HardwareDataError, match="RTX 9999"):
        current_catalog(load_gpu_records())


def test_segment_rules_have_a_valid_answer_for_every_card() -> None:
    assert all(segment_of(g) in SEGMENTS for g in _current()[0])


@pytest.mark.parametrize("name", ["H100 SXM5 96 GB", "H100 PCIe 96 GB", "H100 SXM5 94 GB", "H100 SXM5 64 GB"])
def test_doubtful_h100_variants_are_marked_unverified_not_changed(name: str) -> None:
    ref = next(g for g in load_gpu_records() if g.name == name)
    card = _one(name)
    assert (card.memory_gb, card.bandwidth_gbps) == (ref.memory_gb, ref.bandwidth_gbps)
    assert card.source and "unverified" in card.source and card.corrected is None


def test_rtx_3080_laptop_16gb_added() -> None:
    card = _one("GeForce RTX 3080 Mobile 16 GB")
    assert (card.memory_gb, card.bandwidth_gbps, card.segment) == (16, 256 * 14 / 8, "laptop")
