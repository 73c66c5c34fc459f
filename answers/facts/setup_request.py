"""The asker's hardware as the command line states it, beside the model: read by the reports
(answers/facts/reports.py) and by the processor's part of them (answers/facts/cpu_report.py)."""

from __future__ import annotations

from msgspec import Struct


class SetupRequest(Struct, frozen=True):
    """The asker's hardware when it is more than one plain card: a setup as typed ("2x RTX 3090",
    "M4 Max 128GB", "4090 + 3060"), a count of the named card, system RAM beside it."""

    text: str | None = None
    gpus: int | None = None
    ram_gb: float | None = None
    ram_type: str | None = None  # "DDR5", or with its speed: "DDR5-6000"
    ram_channels: int | None = None
    cpu: str | None = None  # "EPYC 9654": its platform fills the RAM's type, speed and channels
    ram_mts: int | None = None  # --ram-speed 6000 (wins over the CPU's and the type's usual speed)
