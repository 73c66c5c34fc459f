"""Lines that answer what a message asked beside its main question, from the facts built for it: a chip named
without its memory in a comparison (answers/facts/chip_sizes.py)."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown

# A comparison's side named as a chip without its memory, moved to the size that holds the model.
CHIP_MOVED = N_("The %(default)s cannot hold it at the usual quality: that side is the %(card)s, the smallest "
                "memory size of that chip that does.")
# …no model asked: the chip's other sizes, with their bandwidth where it differs.
CHIP_SIZES = N_("%(default)s is the smallest size of that chip; it also comes as %(sizes)s: more memory holds larger "
                "models.")


def chip_lines(facts: dict[str, Any], lang: str) -> list[str]:
    """One line per chip side named without its memory."""
    lines = []
    for c in facts.get("chip_sizes") or ():
        if c.get("moved"):
            lines.append(i18n.gettext(lang, CHIP_MOVED) % {"default": markdown.escape(c["default"]),
                                                            "card": markdown.escape(c["card"])})
        elif not c.get("model_asked"):
            first = c["sizes"][0]
            others = ", ".join(
                fmt.memory(x["memory_gb"], lang) + " GB"
                + (f" ({fmt.integer(x['bandwidth_gbps'], lang)} GB/s)"
                   if x["bandwidth_gbps"] != first["bandwidth_gbps"] else "")
                for x in c["sizes"][1:])
            lines.append(i18n.gettext(lang, CHIP_SIZES) % {"default": markdown.escape(c["default"]), "sizes": others})
    return lines
