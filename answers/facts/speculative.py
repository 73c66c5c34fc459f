"""Speculative decoding said ("MTP/4", "with a draft model", "DFlash"): every decode figure of the answer times the
median gain public runs with it show for one request, and its range widened by their spread
(estimator/data/speculative.json, fitted by benchmarks/heldout_speculative.py on rounds 4-7). Not with several
users at once, where the drafts' gain shrinks as the batch fills the card."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

_SCALED = ("tok_s", "per_user_tok_s")


@cache
def gain() -> tuple[float, float, float]:
    """(median gain, 10th percentile, 90th percentile), checked at load."""
    d = json.loads((resources.files("estimator") / "data" / "speculative.json").read_text("utf-8"))
    factor, low, high = float(d["factor"]), float(d["low"]), float(d["high"])
    if not (1 <= low <= factor <= high) or not d.get("source"):
        raise ValueError("speculative.json: needs 1 <= low <= factor <= high and a source")
    return factor, low, high


def apply(facts: dict[str, Any], users: int | None) -> None:
    """Scale the decode figures in `facts` in place and record the gain (`facts["speculative"]`)."""
    if users is not None and users > 1:
        return
    factor, low, high = gain()
    _scale(facts, factor, low, high)
    facts["speculative"] = {"factor": factor, "low": low, "high": high}


def _scale(node: Any, factor: float, low: float, high: float) -> None:
    if isinstance(node, list):
        for item in node:
            _scale(item, factor, low, high)
        return
    if not isinstance(node, dict):
        return
    for key in _SCALED:
        base = node.get(key)
        if isinstance(base, (int, float)) and not isinstance(base, bool) and base > 0:
            node[key] = base * factor
            for side, k in (("_low", low), ("_high", high)):
                v = node.get(key + side)
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    node[key + side] = v * k
    for key, value in node.items():
        if isinstance(value, (dict, list)) and key != "speculative":
            _scale(value, factor, low, high)


__all__ = ["apply", "gain"]
