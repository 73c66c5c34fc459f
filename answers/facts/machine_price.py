"""A shared-memory machine's price where one is kept (catalog/data/hardware/prices.json `machines`, with sources):
a comparison weighs machines per dollar as it weighs cards by their launch price."""

from __future__ import annotations

from typing import Any


def machine_price_usd(card: Any) -> float | None:
    """A whole machine's price where one is kept (a Mac, a Strix Halo box, the DGX Spark: prices.json `machines`,
    sold new today), so "which is better value?" between machines is weighed per dollar as between cards."""
    if card is None or not getattr(card, "unified_memory", False):
        return None
    # lazy: the hardware data file only for a comparison with a shared-memory machine
    from catalog.hardware import load_hardware_data

    found = next((m for m in load_hardware_data().machine_prices if m.name == card.name), None)
    return float(found.usd) if found is not None else None
