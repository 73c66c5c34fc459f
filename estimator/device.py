"""Language models on phones and single-board computers (llama.cpp-based apps, llama.cpp or Ollama on a
Raspberry Pi).

Generation reads every weight once per token, so a device's speed is bound by its memory bandwidth:

    tok/s = bandwidth × efficiency ÷ GB read per token        (never above bandwidth ÷ GB read per token)

The efficiency is fitted per device class on public runs (benchmarks/media_accuracy.py): the kind (phone,
board) on its CPU cores, or `<kind>_gpu` where its usual app runs the model on the GPU (iOS apps on Metal);
a phone's CPU cores reach a smaller share of LPDDR5X's bandwidth than a Raspberry Pi's reach of its LPDDR4X.
What fits is the profile's memory need at a level against the memory an app can hold: the RAM × the
kind's app share (the system keeps the rest). The level picked is the least compressed one at or above the
minimum quality that fits and reads at reading speed; else Q4_K_M when it fits; else the most compressed
that fits. Pure functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec import Struct

from .model import ModelSize
from .profile import READING_SPEED_TOK_S, Profile
from .quants import MISS_QUANT, Quant


class DeviceConstants(Struct, frozen=True):
    app_share: Mapping[str, float]  # phone | board → share of RAM an app can hold
    efficiency: Mapping[str, float]  # phone | board | phone_gpu… | default → fitted share of bandwidth
    range_low: float
    range_high: float

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], shares: Mapping[str, float]) -> DeviceConstants:
        try:
            fit = data["fit"]
            out = cls(app_share=dict(shares), efficiency={k: float(v) for k, v in fit["efficiency"].items()},
                      range_low=float(fit["range"]["low"]), range_high=float(fit["range"]["high"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"device constants: missing or malformed figure ({exc})") from exc
        if any(not (0 < v <= 1) for v in (*out.efficiency.values(), *out.app_share.values())):
            raise ValueError("device constants: efficiencies and shares are fractions")
        if "default" not in out.efficiency or not (0 < out.range_low <= 1 <= out.range_high):
            raise ValueError("device constants: a default efficiency and a range holding the estimate are needed")
        return out


class Device(Struct, frozen=True):
    name: str
    kind: str  # phone | board
    memory_gb: float
    bandwidth_gbps: float
    runs_on: str = "cpu"  # cpu | gpu: where its usual app runs the model (iOS apps: Metal)
    own_class: str | None = None  # a chip fitted apart from its kind (the RK3588's A76 cores)

    @property
    def speed_class(self) -> str:
        """The efficiency class: its own when it has one, else the kind on its CPU cores ("phone", "board"),
        "<kind>_gpu" on its GPU."""
        if self.own_class:
            return self.own_class
        return self.kind if self.runs_on == "cpu" else f"{self.kind}_{self.runs_on}"


class Level(Struct, frozen=True):
    quant: str
    need_gb: float
    fits: bool
    tok_s: float
    tok_s_low: float
    tok_s_high: float
    ceiling_tok_s: float  # bandwidth ÷ GB read per token


class DeviceRating(Struct, frozen=True):
    usable_gb: float
    levels: tuple[Level, ...]
    pick: Level | None
    outcome: str  # reading | slow | no


def usable_gb(d: Device, c: DeviceConstants) -> float:
    return d.memory_gb * c.app_share[d.kind]


def tok_s(p: Profile, model: ModelSize, q: Quant, d: Device, c: DeviceConstants) -> tuple[float, float]:
    """(estimate, ceiling) in tokens per second."""
    ceiling = d.bandwidth_gbps / p.gb_per_token(model, q)
    # a class with no fitted row (no public run yet) takes the fit's default: the mean over every row
    return ceiling * c.efficiency.get(d.speed_class, c.efficiency["default"]), ceiling


def rate_device(p: Profile, model: ModelSize, d: Device, c: DeviceConstants, levels: Sequence[Quant],
                context: int = 4096) -> DeviceRating:
    usable = usable_gb(d, c)
    rated = []
    for q in levels:
        need = p.need_gb(model, q, context)
        tok, ceiling = tok_s(p, model, q, d, c)
        rated.append(Level(q.name, need, need <= usable, tok, tok * c.range_low, min(tok * c.range_high, ceiling),
                           ceiling))
    fits = [lv for lv in rated if lv.fits]
    if not fits:
        return DeviceRating(usable, tuple(rated), None, "no")
    reading = next((lv for lv in fits if lv.tok_s >= READING_SPEED_TOK_S), None)
    if reading is not None:
        return DeviceRating(usable, tuple(rated), reading, "reading")
    fallback = next((lv for lv in fits if lv.quant == MISS_QUANT), fits[-1])
    return DeviceRating(usable, tuple(rated), fallback, "slow")
