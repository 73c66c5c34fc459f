"""The estimator does no I/O (issue 12): every figure it uses is passed in by the answers layer.

Run in a fresh interpreter so the imports themselves happen with every way of reading a file refused:
the data files are read first, as answers.profiles would, then `open`, `io.open`, `os.open`, pathlib's
readers and `importlib.resources.files` are made to raise, every `estimator.*` module is imported and a
setup is rated under both profiles — several cards, a unified-memory chip and offload to RAM.
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = r"""
import builtins, importlib.resources, io, json, os, pathlib, pkgutil
from dataclasses import dataclass

import estimator  # the package's __init__ only: its modules are imported below, under the patches

data = pathlib.Path(estimator.__file__).parent / "data"
measured = json.loads((data / "measured_constants.json").read_text("utf-8"))
setups = json.loads((data / "setup_constants.json").read_text("utf-8"))
names = [m.name for m in pkgutil.iter_modules(estimator.__path__)]


def refuse(*args, **kwargs):
    raise AssertionError(f"the estimator opened a file: {args[:1]!r}")


builtins.open = io.open = os.open = importlib.resources.files = refuse
pathlib.Path.open = pathlib.Path.read_text = pathlib.Path.read_bytes = refuse

for name in names:
    __import__("estimator." + name)

from estimator.measured import MeasuredProfile
from estimator.model import ModelSize
from estimator.profile import REFERENCE
from estimator.setups import Device, Setup, SetupConstants, rate_setup


@dataclass(frozen=True)
class Card:
    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    memory_type: str
    unified_memory: bool = False
    architecture: str = "Ampere"
    position: int = 0


constants = SetupConstants.from_dict(setups)
pair = Setup((Device(Card("Card A", "NVIDIA", 24.0, 936.0, "GDDR6X"), 2),))
mac = Setup((Device(Card("Chip B", "Apple", 128.0, 546.0, "LPDDR5X", True, "Apple M4")),))
offload = Setup((Device(Card("Card C", "NVIDIA", 8.0, 448.0, "GDDR6")),), ram_gb=64, ram_type="DDR5")
for profile in (REFERENCE, MeasuredProfile(measured)):
    rows = [rate_setup(profile, ModelSize(70.0), s, constants=constants) for s in (pair, mac)]
    rows.append(rate_setup(profile, ModelSize(30.5, 3.3), offload, constants=constants))
    assert [r.why for r in rows] == ["split", "unified", "offload"], [r.why for r in rows]
    assert all(r.tok_s and r.tok_s > 0 for r in rows), rows
print("ok")
"""


def test_no_estimator_module_reads_a_file_even_to_rate_a_setup() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
