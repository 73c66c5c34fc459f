"""GPU names as people type them, against the current catalog (measured profile) and the reference list."""

from __future__ import annotations

from functools import cache

import pytest

from catalog.gpus import load_gpu_records
from catalog.hardware import aliases_for, current_catalog
from catalog.resolve import Resolver, gpu_entries


@cache
def current() -> Resolver:
    cards, aliases = current_catalog(load_gpu_records())
    return Resolver(gpu_entries(cards, aliases), kind="gpu")


@cache
def reference() -> Resolver:
    cards = load_gpu_records()
    return Resolver(gpu_entries(cards, aliases_for(cards)), kind="gpu")


CURRENT_CASES = [
    # Apple silicon: chip + memory configuration, with Mac product words around it.
    ("m4 pro 48gb", "Apple M4 Pro 48 GB"),
    ("M2 Max 96 GB", "Apple M2 Max 96 GB"),
    ("mac studio m2 ultra", "Apple M2 Ultra 64 GB"),  # no size: the base configuration
    ("Mac Studio M2 Ultra 192GB", "Apple M2 Ultra 192 GB"),
    ("macbook pro m4 max 128gb", "Apple M4 Max 128 GB"),
    ("MacBook Pro M4 Max 128 GB", "Apple M4 Max 128 GB"),
    ("mac mini m4 16gb", "Apple M4 16 GB"),
    ("MacBook Air M3 24GB", "Apple M3 24 GB"),
    ("m3 ultra 512gb", "Apple M3 Ultra 512 GB"),
    ("m1 max 64 gb", "Apple M1 Max 64 GB"),
    ("m4", "Apple M4 16 GB"),
    # Laptops under the names people use.
    ("4070 laptop", "GeForce RTX 4070 Mobile"),
    ("RTX 4070 Laptop GPU", "GeForce RTX 4070 Mobile"),
    ("4060 laptop gpu", "GeForce RTX 4060 Mobile"),
    ("rtx 4080 max-q", "GeForce RTX 4080 Max-Q"),
    ("rtx 4080 max q", "GeForce RTX 4080 Max-Q"),
    ("5090 laptop", "GeForce RTX 5090 Mobile"),
    ("rtx 3060 portatile", "GeForce RTX 3060 Mobile"),
    # New hardware.
    ("h20", "H20"),
    ("H20 96GB", "H20"),
    ("dgx spark", "GB10"),
    ("gb10", "GB10"),
    ("strix halo 128gb", "Ryzen AI Max+ 395 128 GB"),
    ("Strix Halo 64 GB", "Ryzen AI Max+ 395 64 GB"),
    ("ryzen ai max+ 395", "Ryzen AI Max+ 395 128 GB"),
    ("Ryzen AI Max 385 32GB", "Ryzen AI Max 385 32 GB"),
    ("gh200", "GH200 96 GB"),
    ("gb200", "GB200"),
    ("b100", "B100"),
    ("gaudi 3", "Gaudi 3"),
    ("Intel Gaudi 2", "Gaudi 2"),
    ("jetson agx orin", "Jetson AGX Orin 64 GB"),
    ("jetson agx thor", "Jetson T5000"),
    ("jetson orin nano", "Jetson Orin Nano 8 GB"),  # the developer kit's module
    ("jetson orin nano 4gb", "Jetson Orin Nano 4 GB"),
    # Word order and extra words.
    ("sxm4 a100 40gb", "A100 SXM4 40 GB"),
    ("4090 rtx", "GeForce RTX 4090"),
    ("3090 ti founders edition", "GeForce RTX 3090 Ti"),
    ("nvidia geforce rtx 4090 graphics card", "GeForce RTX 4090"),
    ("mi300x 192", "Radeon Instinct MI300X"),
    ("mi300x 192gb", "Radeon Instinct MI300X"),
    # Defaults instead of quizzes.
    ("h100", "H100 SXM5 80 GB"),
    ("a100 80gb", "A100 SXM4 80 GB"),
    ("a100 40gb", "A100 SXM4 40 GB"),
    ("rtx pro 6000", "RTX PRO 6000 Blackwell"),
    ("mi300", "Radeon Instinct MI300X"),
    ("rtx 3060", "GeForce RTX 3060 12 GB"),
    ("rtx 3060 8gb", "GeForce RTX 3060 8 GB"),
]


@pytest.mark.parametrize(("typed", "expected"), CURRENT_CASES)
def test_current_catalog_resolution(typed: str, expected: str) -> None:
    res = current().resolve(typed)
    assert res.best is not None, (typed, [c.name for c in res.candidates])
    assert res.best.name == expected and not res.ambiguous


@pytest.mark.parametrize("typed", ["m4 pro 48gb", "m4 16gb", "mac mini m4 16gb", "macbook pro m4 max 128gb"])
def test_apple_configurations_never_land_on_tesla_m4(typed: str) -> None:
    for resolver in (current(), reference()):
        res = resolver.resolve(typed)
        assert res.best is None or res.best.name != "Tesla M4"


@pytest.mark.parametrize("typed", ["M2 Max 96 GB", "m2 max 96gb"])
def test_m2_max_96_is_never_an_h100(typed: str) -> None:
    for resolver in (current(), reference()):
        res = resolver.resolve(typed)
        assert res.best is None or not res.best.name.startswith("H100")


def test_h20_is_never_h200() -> None:
    assert current().resolve("h20").best.name == "H20"
    res = reference().resolve("h20")  # the reference pages have no H20: not found, never the H200
    assert res.best is None and not res.ambiguous


def test_h100_names_its_other_variants() -> None:
    res = current().resolve("h100")
    assert res.default is not None and res.default.name == "H100 SXM5 80 GB"
    names = [m.name for m in res.alternatives]
    assert {"H100 PCIe 80 GB", "H100 NVL 94 GB"} <= set(names) and "H100 SXM5 80 GB" not in names


def test_memory_size_narrows_the_alternatives() -> None:
    res = current().resolve("a100 80gb")
    assert all(m.key.memory_gb == 80 for m in res.alternatives)
    assert "A100 PCIe 80 GB" in [m.name for m in res.alternatives]


def test_apple_chip_without_size_names_the_sizes() -> None:
    res = current().resolve("m4 max")
    assert res.best.name == "Apple M4 Max 36 GB"
    assert {"Apple M4 Max 48 GB", "Apple M4 Max 64 GB", "Apple M4 Max 128 GB"} <= {m.name for m in res.alternatives}


def test_a_size_the_product_never_had_is_not_found() -> None:
    res = current().resolve("m4 pro 96gb")  # M4 Pro goes to 64 GB
    assert res.best is None
    assert any(c.name.startswith("Apple M4 Pro") for c in res.candidates) or res.candidates == []


@pytest.mark.parametrize("typed", ["rtx 9999", "m9 ultra", "radeon rx 9990 xtx", "h999"])
def test_unknown_card_shaped_names_are_not_found_with_closest_names(typed: str) -> None:
    res = current().resolve(typed)
    assert res.best is None and not res.ambiguous
    assert res.candidates, typed


def test_reference_apple_question_is_not_found_not_a_tesla() -> None:
    res = reference().resolve("mac studio m2 ultra")
    assert res.best is None and not res.ambiguous


def test_reference_keeps_dgx_spark_alias_for_gb10() -> None:
    assert reference().resolve("dgx spark").best.name == "GB10"


@pytest.mark.parametrize("typed", ["mac", "laptop", "gpu", "founders edition", "1000", "16"])
def test_lookup_ignores_words_that_are_not_names(typed: str) -> None:
    assert current().lookup(typed) is None


def test_lookup_finds_setups_words_around_a_name() -> None:
    hit = current().lookup("mac mini m4 16gb")
    assert hit is not None and hit.best.name == "Apple M4 16 GB"


@pytest.mark.parametrize("typed", ["GeForce RTX 3060 12 GB", "m4 pro 48gb", "rtx 3060 8gb", "A100 SXM4 40 GB",
                                   "rtx 3080 laptop 16gb", "h20"])
def test_a_name_that_fits_one_record_has_no_alternatives(typed: str) -> None:
    res = current().resolve(typed)
    assert res.best is not None and res.default is None and res.alternatives == []


# Hardware as written in the measured llama.cpp rows (benchmarks/data/measured): GPU-core counts in
# brackets choose the Apple variant (M4 Max 40-core = 546 GB/s, from 48 GB), remarks in brackets are ignored.
MEASURED_ROW_NAMES = [
    ("Apple M1 (7-core GPU) 8GB", "Apple M1 8 GB"),
    ("Apple M1 Max (32-core GPU) 64GB", "Apple M1 Max 64 GB"),
    ("Apple M2 Max (38-core GPU) 96GB", "Apple M2 Max 96 GB"),
    ("Apple M2 Ultra (76-core GPU) 192GB", "Apple M2 Ultra 192 GB"),
    ("Apple M3 Max (40-core GPU) 64GB", "Apple M3 Max 64 GB"),
    ("Apple M3 Ultra (Mac Studio 512GB)", "Apple M3 Ultra 512 GB"),
    ("Apple M4 Max (40-core GPU)", "Apple M4 Max 48 GB"),
    ("Apple M3 Max (30-core GPU)", "Apple M3 Max 36 GB"),
    ("AMD Radeon 8060S iGPU (Ryzen AI Max+ 395 / Framework Desktop)", "Ryzen AI Max+ 395 128 GB"),
    ("NVIDIA A100 80GB (form factor not stated)", "A100 SXM4 80 GB"),
    ("NVIDIA A30", "A30 PCIe"),
    ("NVIDIA DGX Spark (GB10)", "GB10"),
    ("NVIDIA RTX PRO 6000 Blackwell Max-Q (300 W)", "RTX PRO 6000 Blackwell Max-Q"),
    ("NVIDIA Tesla K80 (one of two GPUs)", "Tesla K80"),
    ("NVIDIA Tesla V100 32GB", "Tesla V100 SXM2 32 GB"),
    ("AMD Radeon RX 7900 XT 20GB", "Radeon RX 7900 XT"),
    ("Intel Arc Pro B70 32GB", "Arc Pro B70"),
]


@pytest.mark.parametrize(("typed", "expected"), MEASURED_ROW_NAMES)
def test_measured_row_hardware_names(typed: str, expected: str) -> None:
    res = current().resolve(typed)
    assert res.best is not None and res.best.name == expected, (typed, res.best and res.best.name)


def test_core_count_keeps_the_variant_and_its_bandwidth() -> None:
    res = current().resolve("Apple M4 Max (40-core GPU)")
    assert res.best.key.bandwidth_gbps == 546
    assert all(m.key.bandwidth_gbps == 546 for m in res.alternatives)


# Laptop cards as people name them. Sizes from NVIDIA's spec pages: desktop RTX 4070 12 GB / laptop 8 GB;
# desktop RTX 4090 24 GB / laptop 16 GB; desktop RTX 4080 16 GB / laptop 12 GB.
LAPTOP_NAMES = [
    ("rtx 4070 8gb", "GeForce RTX 4070 Mobile"),  # a size only the laptop chip has
    ("4090 16 Go", "GeForce RTX 4090 Mobile"),
    ("RTX 4080 12 GB", "GeForce RTX 4080 Mobile"),
    ("rtx 4090 laptop", "GeForce RTX 4090 Mobile"),
    ("laptop rtx 4090", "GeForce RTX 4090 Mobile"),
    ("rtx 4090 mobile 16gb", "GeForce RTX 4090 Mobile"),
    ("rtx 4060 portátil", "GeForce RTX 4060 Mobile"),
    ("4070 móvil", "GeForce RTX 4070 Mobile"),
    ("notebook rtx 4080", "GeForce RTX 4080 Mobile"),
]


@pytest.mark.parametrize(("typed", "expected"), LAPTOP_NAMES)
def test_laptop_cards_as_people_name_them(typed: str, expected: str) -> None:
    res = current().resolve(typed)
    assert res.best is not None and res.best.name == expected, (typed, res.best and res.best.name)


@pytest.mark.parametrize("typed", ["rtx 4070 12gb", "rtx 4090 24gb", "rtx 4060 8gb"])
def test_a_desktop_size_keeps_the_desktop_card(typed: str) -> None:
    res = current().resolve(typed)
    assert res.best is not None and "Mobile" not in res.best.name


# Apple GPU-core counts as people write them, in several languages (Apple: M5 Max has a 40-core GPU).
APPLE_CORES = [
    ("m5 max 40 core", 614),
    ("M5 Max 40-core 128gb", 614),
    ("m5 max 40 núcleos", 614),
    ("M5 Max 40 cœurs 64 Go", 614),
    ("M4 Max 40 Kerne 128 GB", 546),
    ("macbook pro m4 max 32 core", 410),
]


@pytest.mark.parametrize(("typed", "bandwidth"), APPLE_CORES)
def test_apple_gpu_core_counts_in_any_phrasing(typed: str, bandwidth: int) -> None:
    res = current().resolve(typed)
    assert res.best is not None and res.best.key.bandwidth_gbps == bandwidth, (typed, res.best and res.best.name)


def test_a_cpu_core_count_does_not_block_the_chip() -> None:
    res = current().resolve("m4 pro 14 core")  # 14 CPU cores: no GPU variant has 14, the chip still resolves
    assert res.best is not None and res.best.name.startswith("Apple M4 Pro")
