"""What a machine with graphics cards draws running a language model, and the energy over a month.

Pure: the figures come in as `PowerConstants` (estimator/data/power_constants.json, read by
answers/knowledge/power.py, sources there). A card draws a share of its board power (TDP): near all of it while
it reads a prompt (compute-bound), less while it generates (memory-bound), a few watts loaded and idle; the rest
of the machine adds its own base.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

# 365 days x 24 hours / 12 months: the hours of an average month
HOURS_PER_MONTH = 365 * 24 / 12

Share = Annotated[float, Meta(gt=0, le=1.5)]
Watts = Annotated[float, Meta(ge=0, le=5000)]


class PowerConstants(Struct, frozen=True, kw_only=True):
    decode_share: Share
    decode_low: Share
    decode_high: Share
    prefill_share: Share
    idle_card_w: Watts
    system_load_w: Watts
    system_idle_w: Watts
    power_limit_share: Share

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PowerConstants:
        """From power_constants.json's parsed content; a missing or out-of-range figure raises."""
        d = data["decode_share"]
        return msgspec.convert({
            "decode_share": d["value"], "decode_low": d["low"], "decode_high": d["high"],
            "prefill_share": data["prefill_share"]["value"], "idle_card_w": data["idle_card_w"]["value"],
            "system_load_w": data["system_load_w"]["value"], "system_idle_w": data["system_idle_w"]["value"],
            "power_limit_share": data["power_limit_share"]["value"]}, cls)


class MachineDraw(Struct, frozen=True):
    """Watts at the wall: generating (typical, low, high), reading a prompt, loaded and idle."""

    decode_w: float
    decode_low_w: float
    decode_high_w: float
    prefill_w: float
    idle_w: float
    cards_tdp_w: float  # the cards' board power together


def machine_draw(cards: Iterable[tuple[float, int]], c: PowerConstants) -> MachineDraw:
    """The draw of cards given as (board power W, count), all busy at once, plus the machine's base."""
    pairs = list(cards)
    tdp = sum(w * n for w, n in pairs)
    count = sum(n for _, n in pairs)
    base = c.system_load_w
    return MachineDraw(
        decode_w=tdp * c.decode_share + base, decode_low_w=tdp * c.decode_low + base,
        decode_high_w=tdp * c.decode_high + base, prefill_w=tdp * c.prefill_share + base,
        idle_w=count * c.idle_card_w + c.system_idle_w, cards_tdp_w=tdp)


def month_kwh(watts: float, hours_per_day: float) -> float:
    """Energy over an average month at `watts` for `hours_per_day` each day."""
    return watts / 1000 * hours_per_day * HOURS_PER_MONTH / 24
