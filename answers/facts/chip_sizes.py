"""A shared-memory chip named without its memory as one side of a comparison ("dgx spark vs framework desktop 128
vs m4 max studio for gpt-oss-120b"): the chip's most common size may be too small for the model, while the asker
can buy (or has) a bigger one of the same chip. Each such side is weighed at the smallest size of that chip that
holds the model at the usual quality, and the answer says so; with no model asked, the chip's other sizes are said
with their memory and bandwidth (an M4 Max with 36 GB reads at 410 GB/s, with 48 GB or more at 546 GB/s).

The single-machine answer has the same rule (answers/facts/variant_fit.py); this is its comparison's form. Pure:
no text (answers/templates/_sides.md.j2 says the lines).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts.common import Entities, Estimates, EstimateSettings
from answers.records.asked import Asked
from catalog.records import GpuRecord
from estimator.quants import quant
from estimator.setups import Device, Setup, rate_setup

if TYPE_CHECKING:
    from answers.resolving.names import NameResolution

FLOOR = "IQ4_XS"  # the usual minimum quality (estimator/quants.py DEFAULT_MIN_QUALITY)
_SIZED = re.compile(r"\d\s?(GB|GO|G)\b", re.IGNORECASE)  # a size typed in the name ("m4 max 64gb")


def sized_sides(names: NameResolution, est: Estimates, e: Entities, s: EstimateSettings,
                asked: Asked) -> tuple[Entities, list[dict[str, Any]]]:
    """(the entities with each unsized chip side at the size that holds the model, one record per chip side
    named without its memory that was moved, or, no model asked, whose sizes differ: {"default", "card", "moved",
    "model_asked", "sizes": [{"name", "memory_gb", "bandwidth_gbps"}]})."""
    said: list[dict[str, Any]] = []
    card = _sized(names, est, e, s, e.card, asked.card_typed or asked.card, said)
    card2 = _sized(names, est, e, s, e.card2, asked.card2_typed or asked.card2, said)
    more = tuple(_side(names, est, e, s, side, parts[0][0] if len(parts) == 1 else None, said)
                 for side, parts in zip(e.more_sides, asked.more_sides, strict=False))
    sides = e.sides
    if sides is not None:  # two setups side by side ("two 3090s or an m4 pro"): each one-chip side as typed
        sides = (_side(names, est, e, s, sides[0], _typed(asked.setup), said),
                 _side(names, est, e, s, sides[1], _typed(asked.setup2), said))
    if not said:
        return e, []
    once = list({(c["default"], c["card"]): c for c in said}.values())  # a side read as a card and as a setup
    return replace(e, card=card, card2=card2, more_sides=more or e.more_sides, sides=sides), once


def _typed(parts: Any) -> str | None:
    """The one machine of a side as typed, or None for a side of several cards."""
    return str(parts[0][0]) if parts and len(parts) == 1 and parts[0][1] == 1 else None


def _side(names: NameResolution, est: Estimates, e: Entities, s: EstimateSettings, side: Setup, typed: str | None,
          said: list[dict[str, Any]]) -> Setup:
    if len(side.devices) != 1 or side.gpu_count != 1:
        return side
    record = side.devices[0].card
    if not isinstance(record, GpuRecord):
        return side
    moved = _sized(names, est, e, s, record, typed, said)
    return side if moved is record or moved is None else replace(side, devices=(Device(moved),))


def _sized(names: NameResolution, est: Estimates, e: Entities, s: EstimateSettings, record: GpuRecord | None,
           typed: Any, said: list[dict[str, Any]]) -> GpuRecord | None:
    """`record`, or the smallest size of its chip that holds the model, when it is a shared-memory chip typed
    without a size; the chip's sizes recorded in `said`."""
    if record is None or not record.unified_memory or not isinstance(typed, str) or _SIZED.search(typed):
        return record
    others = [names.resolve_card(n, s.profile) for n in names.card_variants(typed, record, s.profile)]
    sizes = sorted({r.name: r for r in [record, *others] if r is not None}.values(), key=lambda r: r.memory_gb)
    if len(sizes) < 2:
        return record
    chosen = record
    if e.model is not None and not _holds(est, e, s, record):
        chosen = next((r for r in sizes if r.memory_gb > record.memory_gb and _holds(est, e, s, r)), record)
    if e.model is not None and chosen is record:
        return record  # a model asked and this size holds it (or none does): nothing to say of the sizes
    said.append({"default": record.name, "card": chosen.name, "moved": chosen is not record,
                 "model_asked": e.model is not None,
                 "sizes": [{"name": r.name, "memory_gb": r.memory_gb, "bandwidth_gbps": r.bandwidth_gbps}
                           for r in sizes]})
    return chosen


def _holds(est: Estimates, e: Entities, s: EstimateSettings, record: GpuRecord) -> bool:
    """The chip at this size holds the model whole at the usual level or better."""
    size = est.size_of(e.model) if e.model is not None else None
    if size is None:
        return True
    try:
        row = rate_setup(est.profile(s.profile), size, Setup((Device(record),)), s.context, s.min_quality, None,
                         constants=est.profiles.setup_constants())
    except Exception:  # noqa: BLE001 — a size that cannot be rated is not moved to
            return False
    # the usual minimum quality or better, by bits per weight (a model's own MXFP4 file ranks apart from GGUF's)
    return row.fit in ("comfortable", "tight") and row.quant is not None and row.quant.bpw >= quant(FLOOR).bpw
