"""The truer figure beside the site's: under the `reference` profile, when the `measured` profile's
figure for the thing an answer leads with differs by more than `TRUER_RATIO`, the answer adds one line
with the measured figure and what it rests on. The reference figures themselves are never changed.

What an answer leads with:
- a named card or setup (`facts["row"]`): its decode speed (or, when only one profile says it runs, that);
- a memory question (`facts["levels"]`): the memory need at each level, the widest gap named.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from catalog.records import GpuRecord
from estimator.ranking import rate_all
from estimator.setups import Setup, rate_setup

from .common import Entities, Estimates, Settings

TRUER_RATIO = 1.5  # issue 18: "differs by more than 1.5×"
TRUER_INTENTS = frozenset({"can_run", "speed", "two_gpus", "offload", "vram"})  # answers that lead with a figure
MEASURED = "measured"
REFERENCE = "reference"


def _counterpart(est: Estimates, card: GpuRecord) -> GpuRecord:
    """The same card in the measured profile's catalog (which carries corrected figures)."""
    for other in est.kn.gpus_for(MEASURED):
        if other.name == card.name:
            return other
    return card  # a card only the reference list has (never expected): rated as it is


def _differs(a: float, b: float) -> bool:
    return a > 0 and b > 0 and max(a / b, b / a) > TRUER_RATIO


def _speed(est: Estimates, e: Entities, s: Settings, lead: dict[str, Any]) -> dict[str, Any] | None:
    assert e.model is not None
    size = est.size_of(e.model)
    if size is None:
        return None
    measured = replace(s, profile=MEASURED)
    query = est.query(size, measured)
    if e.setup is not None:
        devices = tuple(replace(d, card=_counterpart(est, d.card)) if isinstance(d.card, GpuRecord) else d
                        for d in e.setup.devices)
        setup: Setup = replace(e.setup, devices=devices)
        srow = rate_setup(query.profile, size, setup, s.context, s.min_quality, s.quant,
                          constants=est.profiles.setup_constants())
        quant, tok, low, high = (srow.quant.name if srow.quant else None), srow.tok_s, srow.tok_s_low, srow.tok_s_high
    elif e.card is not None:
        row = rate_all(query, [_counterpart(est, e.card)])[0]
        quant, tok, low, high = (row.quant.name if row.quant else None), row.tok_s, row.tok_s_low, row.tok_s_high
    else:
        return None
    ref_tok = lead.get("tok_s")
    if tok is None and ref_tok is None:
        return None
    if tok is not None and ref_tok is not None and not _differs(tok, ref_tok):
        return None
    return {"kind": "speed", "profile": MEASURED, "quant": quant, "tok_s": tok, "tok_s_low": low,
            "tok_s_high": high, "reference_tok_s": ref_tok, "reference_quant": lead.get("quant"),
            "ratio": None if tok is None or not ref_tok else tok / ref_tok}


def _memory(est: Estimates, e: Entities, s: Settings, levels: list[dict[str, Any]]) -> dict[str, Any] | None:
    assert e.model is not None
    size = est.size_of(e.model)
    if size is None:
        return None
    query = est.query(size, replace(s, profile=MEASURED))
    widest: dict[str, Any] | None = None
    for level in query.levels():
        ref = next((lv for lv in levels if lv.get("quant") == level.name), None)
        if ref is None:
            continue
        need = query.need_gb(level)
        if _differs(need, ref["need_gb"]):
            ratio = need / ref["need_gb"]
            if widest is None or abs(ratio - 1) > abs(widest["ratio"] - 1):
                widest = {"kind": "memory", "profile": MEASURED, "quant": level.name, "need_gb": need,
                          "reference_need_gb": ref["need_gb"], "ratio": ratio}
    return widest


def measured_figure(est: Estimates, e: Entities, s: Settings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """The measured profile's figure for what a reference answer leads with, when it differs enough to
    matter; None otherwise (and always under another profile)."""
    if (s.profile or REFERENCE) != REFERENCE or e.model is None:
        return None
    lead = facts.get("row")
    if isinstance(lead, dict) and (e.card is not None or e.setup is not None):
        return _speed(est, e, s, lead)
    if isinstance(facts.get("levels"), list) and facts["levels"] and e.card is None and e.setup is None:
        return _memory(est, e, s, facts["levels"])
    return None
