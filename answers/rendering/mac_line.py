"""The line for a Mac named with neither chip nor memory (answers/facts/mac_unsized.py): which current Macs
hold the asked model, or that it needs its chip and memory for a figure. Never left out silently."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering.markdown import escape

MAC_NO_MODEL = N_("You also mention a Mac (%(said)s) without its chip or memory, so it is not in these figures: "
                  "Macs range from 16 GB to 512 GB and from about 120 to 819 GB/s. Name it (for example "
                  "M4 Max 64 GB) for its own figures.")
MAC_SMALLEST = N_("You also mention a Mac (%(said)s) without its chip or memory. The smallest current Mac that "
                  "holds this at %(quant)s is the %(chip)s, about %(tok)s tokens per second.")
MAC_FASTEST = N_("The fastest is the %(chip)s, about %(tok)s tokens per second.")
MAC_NONE = N_("You also mention a Mac (%(said)s) without its chip or memory: no current Mac holds this at "
              "%(quant)s.")


def mac_lines(mac: dict[str, Any], lang: str, has_model: bool) -> str:
    said = escape(str(mac["said"]))
    if not has_model:
        return i18n.gettext(lang, MAC_NO_MODEL) % {"said": said}
    small = mac.get("smallest")
    if small is None:
        return i18n.gettext(lang, MAC_NONE) % {"said": said, "quant": "`Q4_K_M`"}
    line = i18n.gettext(lang, MAC_SMALLEST) % {"said": said, "quant": f"`{small['quant']}`",
                                               "chip": escape(small["chip"]), "tok": fmt.tok_s(small["tok_s"], lang)}
    fast = mac.get("fastest")
    if fast is not None:
        line += " " + i18n.gettext(lang, MAC_FASTEST) % {"chip": escape(fast["chip"]),
                                                         "tok": fmt.tok_s(fast["tok_s"], lang)}
    return line
