"""How to split one model over the cards of a setup in llama.cpp ("4090 und 3090 mit --tensor-split, wie verteil
ich das?"): `-ts` in proportion to each card's free memory, in the order the cards are listed (even for two equal
cards, where it is the default split), and `-mg` on the card with the most bandwidth (the main card of `-sm row`,
which keeps the intermediate results there). Figures from the setup's own cards; no I/O."""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities, Estimates, EstimateSettings


def tensor_split(est: Estimates, e: Entities, s: EstimateSettings) -> dict[str, Any] | None:
    """`-ts` and `-mg` for the setup's discrete cards; None for one card or a shared-memory machine."""
    setup = e.setup
    if setup is None or setup.gpu_count < 2 or setup.unified:
        return None
    p = est.profiles.get(s.profile)
    cards = [d.card for d in setup.devices for _ in range(max(1, d.count))][:16]
    if len(cards) < 2:
        return None
    free = [max(1, round(p.usable_gb(c))) for c in cards]
    fastest = max(range(len(cards)), key=lambda i: (cards[i].bandwidth_gbps, cards[i].memory_gb, -i))
    return {"ts": free, "mg": fastest, "main": cards[fastest].name, "names": [c.name for c in cards],
            "even": len(set(free)) == 1}


__all__ = ["tensor_split"]
