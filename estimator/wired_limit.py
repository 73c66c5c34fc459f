"""A unified machine's GPU share that can be raised: a Mac's with `sudo sysctl iogpu.wired_limit_mb=N` (macOS
Sonoma 14 and later), a Ryzen AI Max's (Strix Halo) on Linux with the kernel's TTM limit (`amd-ttm --set N`
from AMD's amd-debug-tools, or the boot parameters `ttm.pages_limit`/`ttm.page_pool_size` in 4 KiB pages),
which lets the GPU map 110–124 GB of a 128 GB machine instead of the 96 GB its BIOS carve-out allows
(rocm.docs.amd.com "AMD Strix Halo system optimization": GTT; mvysny.github.io/amd-igpu-gtt-llm).

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
from .setup_pool import unified_gpu_share
from .setups import SetupRow, rate_setup

MB_PER_GB = 1024  # the sysctl takes MiB; Apple's "48 GB" is 48 GiB
PAGES_PER_GB = 262144  # ttm.pages_limit counts 4 KiB pages: 1 GiB = 262,144 of them


class RaisedLimit(Struct, frozen=True):
    row: SetupRow  # the rating with the raised share
    wired_limit_mb: int  # the N of `sudo sysctl iogpu.wired_limit_mb=N`
    gpu_gb: float  # what the GPU may then use
    left_gb: float  # what the system keeps
    os: str = "macos"  # "macos": the sysctl; "linux": the TTM limit (Ryzen AI Max)
    ttm_pages: int | None = None  # Linux: the ttm.pages_limit that gives the GPU `gpu_gb`


def raised_limit(c: SetupConstants, p: Profile, model: ModelSize, setup: Setup, context: int = DEFAULT_CONTEXT,
                 min_quality: str | None = None, forced_quant: str | None = None) -> RaisedLimit | None:
    """The rating once the wired limit is raised, for one unified machine (or several alike, split over llama.cpp's
    RPC: the limit raised on each) whose default share misses the model; None when the setup is not that,
    already runs it, or a raised limit would not help either."""
    if len(setup.devices) != 1 or not setup.devices[0].is_unified:
        return None
    card = setup.devices[0].card
    keys = _share_keys(card.vendor)
    if not keys:
        return None
    if rate_setup(p, model, setup, context, min_quality, forced_quant, constants=c).runs:
        return None
    total = card.memory_gb
    for leave in c.unified_gpu_share_leave_gb:
        if total - leave <= 0:
            continue
        share = (total - leave) / total
        # The default this machine gets (a 16 GB Mac: 2/3, not the 3/4 of a larger one), so a 16 GB Mac's
        # 12 GB with 4 GB left is a raise it can make.
        if share <= unified_gpu_share(c, card, total):
            continue  # no more than the default: nothing to raise
        raised = replace(c, unified_gpu_share={**c.unified_gpu_share, **dict.fromkeys(keys, share)})
        row = rate_setup(p, model, setup, context, min_quality, forced_quant, constants=raised)
        if row.runs and row.fit != "offload":
            gpu = total - leave
            if card.vendor == "Apple":
                return RaisedLimit(row, int(round(gpu * MB_PER_GB)), gpu, leave)
            return RaisedLimit(row, int(round(gpu * MB_PER_GB)), gpu, leave, "linux", int(round(gpu * PAGES_PER_GB)))
    return None


def _share_keys(vendor: str) -> tuple[str, ...]:
    """The default-share figures a raised limit replaces: a Mac's two, a Ryzen AI Max's one. NVIDIA's DGX
    Spark has no carve-out to raise (its GPU already maps all but the OS's tenth), so none."""
    return {"Apple": ("apple_small", "apple_large"), "AMD": ("amd",)}.get(vendor, ())


__all__ = ["RaisedLimit", "raised_limit"]
