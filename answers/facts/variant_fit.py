"""A chip named without its memory ("M4 Max", "M2 Ultra") is rated at its most common size; when that size
cannot hold the model at the level the question names (or at any usual level, none named), the answer is about
the smallest of the chip's other sizes that does, and says so (rather than "No" for a machine the asker may well
have with more memory).

Only shared-memory machines (Macs and other unified chips): their sizes are configurations of one chip, the
same bandwidth and speed. A graphics card named without its memory keeps its most common variant. Pure: no
text (answers/rendering/answer.py says the line).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts.common import Built, Entities, EstimateSettings
from answers.records.asked import Asked
from estimator.setups import Device, Setup

if TYPE_CHECKING:
    from answers.resolving.names import NameResolution

# The facts stage's call for one intent (answers/facts/entities.py `EntityBuilding.build`), passed in: this module
# sits below that stage and never imports it.
Build = Callable[[str, Entities, EstimateSettings], Built]

VARIANT_INTENTS = ("speed", "can_run", "prefill")
_SIZED = re.compile(r"\d\s?GB\b")  # the reader's spelling of a size in a device's name ("m3 16 GB")


def _short(built: Built) -> bool:
    row = built.facts.get("row")
    return isinstance(row, dict) and row.get("fit") == "no"


def larger_variant(names: NameResolution, build: Build, intent: str, e: Entities, s: EstimateSettings,
                   asked: Asked, built: Built) -> tuple[Built, Entities] | None:
    """(the facts, the entities) on the smallest larger size of the named chip that holds the model at the
    level asked, with `variant_holds` saying which; None when nothing is to change."""
    if intent not in VARIANT_INTENTS or not _short(built):
        return None
    if asked.setup and (len(asked.setup) != 1 or asked.setup[0][1] != 1 or asked.ram_gb):
        return None  # several machines, or one with its RAM said: the setup the asker has
    if asked.memory_gb is not None or (asked.setup and _SIZED.search(asked.setup[0][0])):
        return None  # "a macbook air m3 de 16 go": the size said is the asker's, short or not
    if e.card is None or e.setup is None or len(e.setup.devices) != 1 or not e.card.unified_memory:
        return None
    typed: Any = asked.card_typed or (asked.setup[0][0] if asked.setup else asked.card)
    if not isinstance(typed, str):
        return None
    others = [names.resolve_card(n, s.profile) for n in names.card_variants(typed, e.card, s.profile)]
    larger = sorted((r for r in others if r is not None and r.memory_gb > e.card.memory_gb), key=lambda r: r.memory_gb)
    for record in larger:
        moved = replace(e, card=record, setup=Setup((Device(record),)))
        facts = build(intent, moved, s)
        if not _short(facts):
            facts.facts["variant_holds"] = {"default": e.card.name, "card": record.name, "quant": s.quant}
            return facts, moved
    return None


__all__ = ["VARIANT_INTENTS", "larger_variant"]
