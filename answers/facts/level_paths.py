"""The path that works when the levels asked do not fit whole (answers/facts/rating.py's level advice): the largest
level that fits whole beside them (a dense model), or the level to take with part of it in system RAM."""

from __future__ import annotations

from typing import Any


def with_best_fit(asked: list[dict[str, Any]], rows: list[dict[str, Any]], moe: bool = False) -> list[dict[str, Any]]:
    """"qat q4 on a 16 GB card, or down to q3?": when no level asked fits at the usual quality but one between
    them does (IQ4_XS), it is shown too, largest first, so the pick is never a lower level than needed. When no
    level asked fits at all, the largest that does (an IQ2 level below the usual quality) is shown likewise, for a
    dense model only: a mixture of experts runs better with its experts in RAM at the level asked (the offload
    figures) than squeezed to two bits."""
    if not asked or any(r["fits"] and not r["lower_quality"] for r in asked):
        return asked
    best = next((r for r in rows if r["fits"] and not r["lower_quality"]), None)
    if best is None and not moe and not any(r["fits"] for r in asked):
        # "70B at Q2 on a 24 GB card": Q2_K misses, IQ2_XS fits: the level that works is shown, never "none fits"
        best = next((r for r in rows if r["fits"]), None)
    if best is None or any(r["quant"] == best["quant"] for r in asked):
        return asked
    return sorted([*asked, best], key=lambda r: -(r["need_gb"] or 0.0))  # largest first, as the ladder


def offload_pick(rows: list[dict[str, Any]]) -> str | None:
    """None fits whole and two levels or more run with part in RAM ("q4 or q3 with the experts in RAM?"): the least
    compressed that runs at all is the pick (quality first; the smaller one's speed is on its line)."""
    running = [r for r in rows if r.get("offload") and r["offload"]["runs"]]
    return running[0]["quant"] if len(running) >= 2 else None
