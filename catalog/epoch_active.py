"""The active (per-token) parameters a mixture-of-experts model's "Parameters notes" state.

Epoch's sheet has no active-parameter column; the figure is only ever written in prose ("37B
activated", "Active parameters: 10B"). It has its own module because reading it is a careful
heuristic of its own: a figure is taken only when the note states it plainly, never a guess.
"""

from __future__ import annotations

import re

_UNIT_B = {"t": 1000.0, "trillion": 1000.0, "b": 1.0, "bn": 1.0, "billion": 1.0, "m": 0.001, "million": 0.001}
_QTY = r"(\d+(?:\.\d+)?)\s*(trillion|billion|million|bn|[tbm])\b"
_ACTIVE_WORD = r"(?:active|activated|activation|activations)"
_PARAMS = r"(?:parameters?|params?)"
# "12B active", "37B activated", "21B parameters activated", "1.4B are activated", "13B - activated"
_QTY_THEN_ACTIVE = re.compile(
    _QTY + r"\s*(?:-\s*)?(?:" + _PARAMS + r"\s+)?(?:(?:are|is)\s+)?(?:only\s+)?(" + _ACTIVE_WORD + r")\b", re.I
)
# "Active parameters: 10B", "Activated Parameters per Token: 45.9B", "active parameters - 47B",
# "activated parameters is 4.2 billion", "activates 14 billion parameters"
_ACTIVE_THEN_QTY = re.compile(
    r"(?:(" + _ACTIVE_WORD + r")\s+" + _PARAMS + r"(?:\s+per\s+token)?\s*(?:is|are|of|:|-|–)?|(activates))"
    + r"\s*(?:only\s+)?" + _QTY,
    re.I,
)
# Totals with a unit: "671B total", "1T total", "a total of 30.5B", "Total parameters: 100B".
_TOTAL = re.compile(
    _QTY + r"\s*(?:-\s*)?(?:" + _PARAMS + r"\s+)?(?:in\s+)?total\b"
    + r"|total(?:\s+of)?(?:\s+" + _PARAMS + r")?(?:\s+scale of the model is)?\s*[:\-–]?\s*" + _QTY,
    re.I,
)
# A note that hedges ("~3B active", "assumed", "rumored") is not a clear statement.
_HEDGE = re.compile(r"~|∼|\baround\b|\babout\b|approx|\broughly\b|assum|rumou?r|suspect|estimat|guess|\blikely\b|"
                    r"probabl|effectively|averag|\bup to\b", re.I)
_TOTAL_TOLERANCE = 0.10  # a stated total further than this from Parameters means the note is about something else


def _billions(number: str, unit: str) -> float:
    return float(number) * _UNIT_B[unit.lower()]


def parse_active_params(notes: str | None, total_b: float | None) -> float | None:
    """Active (per-token) parameters in billions when the notes state them plainly, else None.

    Accepted only when: exactly one active figure is stated, with a unit; nothing is hedged;
    it is below the total (`total_b`, Epoch's Parameters); and any total stated in the note
    agrees with Parameters within 10%.
    """
    if not notes or total_b is None or _HEDGE.search(notes):
        return None
    values: set[float] = set()
    claimed: list[int] = []  # where an "active" word was already used by an active-then-number match
    for m in _ACTIVE_THEN_QTY.finditer(notes):
        claimed.append(m.start())
        values.add(_billions(m.group(3), m.group(4)))
    for m in _QTY_THEN_ACTIVE.finditer(notes):
        # "Total parameters 1T Activated Parameters 32B": the "Activated" belongs to the 32B.
        if m.start(3) not in claimed:
            values.add(_billions(m.group(1), m.group(2)))
    if len(values) != 1:
        return None
    active = values.pop()
    if not 0 < active < total_b:
        return None
    totals = [_billions(m.group(1) or m.group(3), m.group(2) or m.group(4)) for m in _TOTAL.finditer(notes)]
    if totals and not any(abs(t - total_b) <= _TOTAL_TOLERANCE * total_b for t in totals):
        return None
    return round(active, 6)
