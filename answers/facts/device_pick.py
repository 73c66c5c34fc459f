"""The pick between two phones or boards ("pixel 9 pro or iphone 16 pro for gemma 3n?", "orange pi 5 plus 32gb or a
pi 5, which is better for small llms?"), from their two answers' facts: with a model, the one that runs it, else
the faster (by more than SPEED_EDGE), else the one with more memory for an app; with no model, the one with more
memory for an app, its bandwidth said beside it (generation reads every weight once per token). Facts only."""

from __future__ import annotations

from typing import Any

SPEED_EDGE = 1.15  # below this ratio two speeds are "about the same" (answers/facts/choice.py uses the same idea)


def device_pick(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """{"why": "only" | "faster" | "memory", "pick", "other", …the figures said}; None when either is no device."""
    da, db = a.get("device"), b.get("device")
    if not isinstance(da, dict) or not isinstance(db, dict) or da.get("name") == db.get("name"):
        return None
    model = a.get("model") if isinstance(a.get("model"), dict) else None
    if model is not None and isinstance(b.get("model"), dict):
        ta, tb = _tok(a), _tok(b)
        if bool(ta) != bool(tb):
            pick, other = (da, db) if ta else (db, da)
            return {"why": "only", "pick": pick["name"], "other": other["name"], "model": model["name"]}
        if ta and tb and max(ta, tb) / min(ta, tb) >= SPEED_EDGE:
            (pick, other), ratio = ((da, db), ta / tb) if ta > tb else ((db, da), tb / ta)
            return {"why": "faster", "pick": pick["name"], "other": other["name"], "model": model["name"],
                    "ratio": ratio}
        if not (ta and tb):
            return None  # neither runs it: nothing to pick
    ua, ub = float(a.get("usable_gb") or 0.0), float(b.get("usable_gb") or 0.0)
    if ua == ub:
        return None
    (pick, up), (other, uo) = ((da, ua), (db, ub)) if ua > ub else ((db, ub), (da, ua))
    return {"why": "memory", "pick": pick["name"], "other": other["name"], "usable_gb": up, "other_usable_gb": uo,
            "bandwidth_gbps": pick["bandwidth_gbps"], "other_bandwidth_gbps": other["bandwidth_gbps"],
            "model": model["name"] if model else None}


def _tok(f: dict[str, Any]) -> float | None:
    row = f.get("row")
    if f.get("verdict") == "no" or not isinstance(row, dict):
        return None
    return row.get("tok_s")
