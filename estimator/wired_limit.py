"""A Mac's GPU share that can be raised: `sudo sysctl iogpu.wired_limit_mb=N` (macOS Sonoma 14 and later).

macOS lets the GPU wire about 2/3 of a Mac's memory up to 36 GB and 3/4 above (setup_constants.json
`unified_gpu_share`); the `iogpu.wired_limit_mb` sysctl raises that ceiling until the next restart. When a
model misses only that default share, the answer says how to raise it and how fast the model runs once
raised. The limit suggested leaves the system the first of `apple_raise_leave_gb` (8, then 6, then 4 GB)
that makes the model fit: never less than 4 GB, below which macOS itself starts to swap.

Pure: the constants come in as a SetupConstants; the rating is estimator.setups.rate_setup's.
"""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from .model import DEFAULT_CONTEXT, ModelSize
from .profile import Profile
from .setup_constants import SetupConstants
from .setup_hardware import Setup
from .setups import SetupRow, rate_setup

MB_PER_GB = 1024  # the sysctl takes MiB; Apple's "48 GB" is 48 GiB


class RaisedLimit(Struct, frozen=True):
    row: SetupRow  # the rating with the raised share
    wired_limit_mb: int  # the N of `sudo sysctl iogpu.wired_limit_mb=N`
    gpu_gb: float  # what the GPU may then use
    left_gb: float  # what the system keeps


def raised_limit(c: SetupConstants, p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
                 min_quality: str | None = None, forced_quant: str | None = None) -> RaisedLimit | None:
    """The rating once the wired limit is raised, for one Apple machine whose default share misses the
    model; None when the setup is not one Mac, already runs it, or a raised limit would not help either."""
    if len(setup.devices) != 1 or setup.devices[0].count != 1 or not setup.devices[0].is_unified:
        return None
    card = setup.devices[0].card
    if card.vendor != "Apple":
        return None
    if rate_setup(p, model, setup, context, min_quality, forced_quant, constants=c).runs:
        return None
    total = card.memory_gb
    for leave in c.unified_gpu_share_leave_gb:
        if total - leave <= 0:
            continue
        share = (total - leave) / total
        if share <= c.unified_gpu_share["apple_large"]:
            continue  # no more than the default: nothing to raise
        raised = replace(c, unified_gpu_share={**c.unified_gpu_share, "apple_small": share, "apple_large": share})
        row = rate_setup(p, model, setup, context, min_quality, forced_quant, constants=raised)
        if row.runs and row.fit != "offload":
            return RaisedLimit(row, int(round((total - leave) * MB_PER_GB)), total - leave, leave)
    return None


__all__ = ["RaisedLimit", "raised_limit"]
