"""Which hardware a llama.cpp user can run today (answers/knowledge/usable_hardware.json), checked at load.

The rule, by architecture: CUDA compute capability 5.0 and newer (Maxwell on), Radeons from Polaris (GCN 4)
on through ROCm or Vulkan, Intel Arc and Xe graphics, Apple M-series; never a virtual-GPU profile or a
co-processor (Xeon Phi). The default profile's suggestions (smallest, cheapest, which to buy, best N GB
card, what do I need) name only such hardware (answers/facts/picks.py); the reference profile keeps the
reference site's own lists. Every architecture the catalog holds must be listed one way or the other, so
a new family is a decision, not an accident (tests/answers/test_usable_hardware.py).
"""

from __future__ import annotations

import datetime as dt
import json
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from msgspec import Struct


class UsableDataError(ValueError):
    """usable_hardware.json is malformed; the message says where."""


class UsableRule(Struct, frozen=True):
    usable: frozenset[tuple[str, str]]  # (vendor, architecture)
    not_usable: dict[tuple[str, str], str]  # (vendor, architecture) → why
    never_segments: frozenset[str]
    new_within_years: int


def parse(data: Any) -> UsableRule:
    if not isinstance(data, dict):
        raise UsableDataError("usable_hardware.json: expected an object")
    try:
        usable = frozenset((v, a) for v, archs in data["usable"].items() for a in archs)
        not_usable = {(v, a): str(why) for v, archs in data["not_usable"].items() for a, why in archs.items()}
        never = frozenset(str(s) for s in data["never_segments"])
        years = int(data["new_within_years"])
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise UsableDataError(f"usable_hardware.json: {exc!r}") from exc
    both = usable & set(not_usable)
    if both:
        raise UsableDataError(f"usable_hardware.json: listed as usable and not usable: {sorted(both)}")
    if not isinstance(data.get("sources"), dict) or not data["sources"]:
        raise UsableDataError("usable_hardware.json: every rule needs its sources")
    return UsableRule(usable, not_usable, never, years)


@cache
def rule() -> UsableRule:
    text = (resources.files("answers.knowledge") / "usable_hardware.json").read_text("utf-8")
    return parse(json.loads(text))


@lru_cache(maxsize=8192)
def _usable(name: str, vendor: str, architecture: str | None, segment: str | None) -> bool:
    r = rule()
    if segment in r.never_segments or name.startswith(("Xeon Phi", "GRID ")):
        return False
    if architecture is None:
        return segment is None  # a bare memory size (no record): the asker's own card
    return (vendor, architecture) in r.usable


def usable(card: Any) -> bool:
    """A llama.cpp user can run it today (the rule above); a card without a record (a bare memory size)
    is the asker's own, so usable."""
    arch = getattr(card, "architecture", None)
    seg = getattr(card, "segment", None) or None
    return _usable(card.name, card.vendor, arch, seg)


def known(vendor: str, architecture: str) -> bool:
    """The data file decides this architecture one way or the other."""
    key = (vendor, architecture)
    r = rule()
    return key in r.usable or key in r.not_usable


def market(card: Any, newest: dt.date | None) -> str | None:
    """"new" when released within `new_within_years` of the catalog's newest card, "used" before; None
    when either date is unknown."""
    release = getattr(card, "release", None)
    if release is None or newest is None:
        return None
    return "new" if (newest - release).days <= rule().new_within_years * 365.25 else "used"


__all__ = ["UsableDataError", "UsableRule", "known", "market", "parse", "rule", "usable"]
