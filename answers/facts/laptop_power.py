"""A laptop's power limit asked beside its speed ("is the 5090 laptop held back by its TDP?"): the laptop chip's
board power (its TechPowerUp record, catalog/board_power.py) against the desktop card of its name, and their
memory bandwidths. Generation reads every weight once per token, so it follows the bandwidth (the laptop chip's
own, already in its figures) and a power limit barely slows it; reading a prompt is compute work and slows with
the limit. Facts only, JSON-ready (answers/templates/_also.md.j2 says the line)."""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities, Estimates
from catalog.board_power import board_power_w

LAPTOP_SUFFIXES = (" Mobile", " Laptop GPU", " Laptop", " Max-Q")


def laptop_power(est: Estimates, e: Entities, profile: str) -> list[dict[str, Any]]:
    """One entry per laptop card of the answer: its board power and bandwidth, and the desktop card's."""
    cards = [c for c in (e.card, e.card2) if c is not None]
    for side in (*(e.sides or ()), *e.more_sides):
        cards += [d.card for d in side.devices]
    by_name = {g.name: g for g in est.kn.gpus_for(profile)}
    out = []
    for card in dict.fromkeys(cards):
        name = getattr(card, "name", "")
        suffix = next((x for x in LAPTOP_SUFFIXES if name.endswith(x)), None)
        watts = board_power_w(card) if suffix else None
        if suffix is None or watts is None:
            continue
        desktop = by_name.get(name.removesuffix(suffix))
        out.append({"card": name, "board_w": watts, "bandwidth_gbps": card.bandwidth_gbps,
                    "desktop": desktop.name if desktop is not None else None,
                    "desktop_w": board_power_w(desktop) if desktop is not None else None,
                    "desktop_bandwidth_gbps": desktop.bandwidth_gbps if desktop is not None else None})
    return out
