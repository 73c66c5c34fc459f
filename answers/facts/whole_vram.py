""""Can I keep it all in VRAM?" when the answer's row spills part of the model into system RAM: how much spills
at the level rated, and the least compressed level the card holds whole, with its speed (even below the usual
minimum quality, said so), so the asker reads the in-VRAM option beside the offload one. Pure: no text."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts import verdict as vd
from answers.facts.common import Entities, Estimates, EstimateSettings


def whole_vram(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """{"quant", "spill_gb", "card", "memory_gb", "whole": {"quant", "need_gb", "tok_s"…, "below_floor"} | None}
    for an offloaded row on one card; None when the row holds the model whole or names no single card."""
    row = facts.get("row")
    if e.model is None or not isinstance(row, dict) or row.get("fit") != "offload":
        return None
    card: Any = e.card
    if e.setup is not None:
        devices = e.setup.devices
        card = devices[0].card if len(devices) == 1 and devices[0].count == 1 else None
    if card is None:
        return None
    q = est.rated(e.model, replace(s, quant=None, min_quality=None)).query
    hit = next((lv for lv in vd.card_levels(q, card) if lv.fits), None)
    return {"quant": row.get("quant"), "spill_gb": row.get("offload_gb"), "card": card.name,
            "memory_gb": card.memory_gb, "whole": hit.facts() if hit is not None else None}
