"""Processors as people name them: the table's figures against the vendors' spec pages, the names
people type, and a bad entry refused at load."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from catalog.cpu_names import resolve_cpu
from catalog.cpus import load_cpus, parse_cpus
from catalog.hardware import HardwareDataError

RAW = json.loads((resources.files("catalog") / "data" / "hardware" / "cpus.json").read_text("utf-8"))


# Figures from the vendors' pages (AMD product specifications, Intel ARK, Apple newsroom).
@pytest.mark.parametrize(("typed", "full", "cores", "channels", "kind", "mts"), [
    ("7950x", "AMD Ryzen 9 7950X", 16, 2, "DDR5", 5200),
    ("Ryzen 7 9800X3D", "AMD Ryzen 7 9800X3D", 8, 2, "DDR5", 5600),
    ("amd ryzen 9 5950x", "AMD Ryzen 9 5950X", 16, 2, "DDR4", 3200),
    ("EPYC 9654", "AMD EPYC 9654", 96, 12, "DDR5", 4800),
    ("epyc 9965", "AMD EPYC 9965", 192, 12, "DDR5", 6000),
    ("epyc 7763", "AMD EPYC 7763", 64, 8, "DDR4", 3200),
    ("threadripper pro 7995wx", "AMD Threadripper PRO 7995WX", 96, 8, "DDR5", 5200),
    ("TR 7980X", "AMD Threadripper 7980X", 64, 4, "DDR5", 5200),
    ("i9-13900k", "Intel Core i9-13900K", 24, 2, "DDR5", 5600),
    ("intel core i5 12400", "Intel Core i5-12400", 6, 2, "DDR5", 4800),
    ("core ultra 9 285k", "Intel Core Ultra 9 285K", 24, 2, "DDR5", 6400),
    ("xeon w9-3495x", "Intel Xeon w9-3495X", 56, 8, "DDR5", 4800),
    ("Xeon Platinum 8480+", "Intel Xeon Platinum 8480+", 56, 8, "DDR5", 4800),
    ("xeon 8480", "Intel Xeon Platinum 8480+", 56, 8, "DDR5", 4800),
    ("xeon 6980p", "Intel Xeon 6980P", 128, 12, "DDR5", 6400),
    ("ryzen ai max+ 395", "AMD Ryzen AI Max+ 395", 16, 4, "LPDDR5X", 8000),
    ("ryzen ai 9 hx 370", "AMD Ryzen AI 9 HX 370", 12, 2, "LPDDR5X", 7500),
    ("M4 Max", "Apple M4 Max", 16, 8, "LPDDR5X", 8533),
])
def test_a_named_cpu_brings_its_cores_channels_and_ram(typed, full, cores, channels, kind, mts) -> None:
    match = resolve_cpu(typed)
    assert match is not None
    cpu = match.cpu
    assert (cpu.full_name, cpu.cores, cpu.channels, cpu.ram_type, cpu.ram_mts) == (full, cores, channels, kind, mts)


@pytest.mark.parametrize(("typed", "gbps"), [
    ("M4 Max", 546),  # Apple: 546 GB/s
    ("M3 Ultra", 819),  # Apple: 819 GB/s
    ("Ryzen AI Max+ 395", 256),  # AMD: 256 GB/s
    ("EPYC 9654", 460.8),  # AMD: 460.8 GB/s
])
def test_the_table_gives_the_makers_bandwidth(typed, gbps) -> None:
    match = resolve_cpu(typed)
    assert match is not None
    assert match.cpu.channels * 8 * match.cpu.ram_mts / 1000 == pytest.approx(gbps, rel=0.01)


def test_a_core_count_said_with_the_name_is_kept() -> None:
    match = resolve_cpu("EPYC 9654, 64 cores")
    assert match is not None and match.cores_said == 64


@pytest.mark.parametrize("typed", ["rtx 3090", "epyc 9653", "i9-13950k", "", "ryzen"])
def test_a_name_the_table_lacks_is_none_not_a_neighbour(typed) -> None:
    assert resolve_cpu(typed) is None


def test_every_family_cites_a_vendor_page() -> None:
    makers = {"AMD": "amd.com", "Intel": "intel.com", "Apple": "apple.com", "Qualcomm": "qualcomm.com",
              "Arm": "arm.com"}
    for family in RAW["families"]:
        assert makers[family["vendor"]] in family["source"], family["family"]
    assert len(load_cpus()) >= 200


@pytest.mark.parametrize(("path", "value"), [
    (("cpus", "Ryzen 9 7950X"), 0),  # no cores
    (("ram",), {"DDR9": 5200}),  # no such RAM type
    (("isa",), "sse2"),  # a vector unit the estimator has no figure for
    (("source",), "a forum post"),  # not a vendor page's address
])
def test_a_bad_entry_is_refused_at_load(path, value) -> None:
    data = copy.deepcopy(RAW)
    family = next(f for f in data["families"] if f["family"] == "Ryzen 7000")
    target = family
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(HardwareDataError, match="cpus.json"):
        parse_cpus(data)


@pytest.mark.parametrize(("typed", "full", "cores"), [
    # "EPYC, 96 cores" was modelled as a 32-core server: the newest EPYC with 96 cores (AMD: 9655, Turin)
    ("EPYC 96 cores", "AMD EPYC 9655", 96),
    ("threadripper 32 cores", "AMD Threadripper 9970X", 32),  # not a PRO when "pro" is not said
    ("threadripper pro 64 cores", "AMD Threadripper PRO 9985WX", 64),
    ("ryzen 16 cores", "AMD Ryzen 9 9950X", 16),  # a desktop part before a laptop's
])
def test_a_series_and_a_core_count_pick_the_newest_such_part(typed, full, cores) -> None:
    match = resolve_cpu(typed)
    assert match is not None and match.score < 100  # a default, said as such
    assert (match.cpu.full_name, match.cpu.cores) == (full, cores)


@pytest.mark.parametrize("typed", ["epyc 7 cores", "epyc", "16 cores"])
def test_no_series_or_no_such_core_count_is_none(typed) -> None:
    assert resolve_cpu(typed) is None
