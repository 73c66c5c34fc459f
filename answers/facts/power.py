"""What a machine draws running a language model and what it costs a month (intent `power`): "how much does a
4090 draw while generating, for my bill", "2x3090 24/7 at 0.30/kWh". The cards' board power comes from their
TechPowerUp records (catalog/board_power.py), the shares of it and the machine's base from
estimator/data/power_constants.json (estimator/power.py); the price and hours are what the asker said
(answers/reading/power_words.py), else the month is given in kWh at 24 hours a day, said so."""

from __future__ import annotations

import msgspec
from msgspec import Struct

from answers.facts.common import Built, Entities, Estimates, EstimateSettings
from answers.knowledge.power import power_constants
from catalog.board_power import board_power_w
from estimator.power import machine_draw, month_kwh

ALWAYS_HOURS = 24.0  # no hours said: the month at 24 hours a day, the most a bill can hold


class PowerCard(Struct, frozen=True):
    name: str
    count: int
    tdp_w: float


class PowerFacts(Struct, frozen=True):
    """The facts of a power answer (its `--json` facts under "power")."""

    cards: tuple[PowerCard, ...]
    unknown: tuple[str, ...]  # cards named without a board power on record (Apple silicon …)
    cards_tdp_w: float
    cards_decode_w: float  # the cards alone while generating
    decode_w: float
    decode_low_w: float
    decode_high_w: float
    prefill_w: float
    idle_w: float
    hours_per_day: float
    hours_said: bool
    month_kwh_load: float
    month_kwh_idle: float
    limit_w: float  # a per-card power limit that costs generation little (nvidia-smi -pl)
    nvidia: bool  # every card is NVIDIA's: the limit is set with nvidia-smi
    system_load_w: float  # what the rest of the machine is counted at, generating and idle
    system_idle_w: float
    price_kwh: float | None = None
    currency: str | None = None
    currency_said: bool = False
    month_cost_load: float | None = None
    month_cost_idle: float | None = None


def _cards(e: Entities) -> list[tuple[object, int]]:
    if e.setup is not None:
        return [(d.card, d.count) for d in e.setup.devices]
    return [(c, 1) for c in (e.card, e.card2) if c is not None]


def power_use(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """The machine's draw generating, reading a prompt and idle, and the month's energy (and cost, a price said)."""
    cards = _cards(e)
    known = [(c, n, board_power_w(c)) for c, n in cards]
    rated = [PowerCard(getattr(c, "name", "?"), n, w) for c, n, w in known if w is not None]
    unknown = tuple(getattr(c, "name", "?") for c, _, w in known if w is None)
    if not rated:
        return Built({"power": None, "unknown": list(unknown)}, sources={"gpus"} if cards else set())
    c = power_constants()
    draw = machine_draw(((p.tdp_w, p.count) for p in rated), c)
    said = e.power
    hours = said.hours_per_day if said is not None and said.hours_per_day else None
    per_day = hours or ALWAYS_HOURS
    load, idle = month_kwh(draw.decode_w, per_day), month_kwh(draw.idle_w, per_day)
    price = said.price_kwh if said is not None else None
    facts = PowerFacts(
        cards=tuple(rated), unknown=unknown, cards_tdp_w=draw.cards_tdp_w,
        cards_decode_w=draw.decode_w - c.system_load_w, decode_w=draw.decode_w,
        decode_low_w=draw.decode_low_w, decode_high_w=draw.decode_high_w, prefill_w=draw.prefill_w,
        idle_w=draw.idle_w, hours_per_day=per_day, hours_said=hours is not None, month_kwh_load=load,
        month_kwh_idle=idle, nvidia=all(getattr(x, "vendor", "") == "NVIDIA" for x, _ in cards),
        system_load_w=c.system_load_w, system_idle_w=c.system_idle_w,
        limit_w=round(max(p.tdp_w for p in rated) * c.power_limit_share / 10) * 10,
        price_kwh=price, currency=said.currency if price is not None and said is not None else None,
        currency_said=bool(said and said.currency_said),
        month_cost_load=load * price if price is not None else None,
        month_cost_idle=idle * price if price is not None else None)
    return Built({"power": msgspec.to_builtins(facts)}, sources={"gpus"})
