"""The pick of a comparison held to the budget said beside it: a side over the budget at the prices used (the
asker's own where they gave one, else the kept used range or launch price: answers/facts/side_prices.py) is never
the pick while another side is within it. Among the sides within, the one with the most memory (for language models
memory decides what runs at all), the faster of equal memory first in the comparison's order. Pure: facts in, the
replacement pick (or None) out; the template `_choice.md.j2` writes it (`why` "budget")."""

from __future__ import annotations

from typing import Any


def _within(row: dict[str, Any]) -> bool | None:
    """A side within the budget: its build's figure where one was made (with the rest of the PC, at the asker's
    price), else the card's own price."""
    build = row.get("build")
    if isinstance(build, dict) and build.get("within") is not None:
        return bool(build["within"])
    return row.get("within")


def within_pick(choice: dict[str, Any] | None, sides: dict[str, Any] | None,
                memory: dict[str, float]) -> dict[str, Any] | None:
    """The pick among the sides within the budget when the comparison picked one over it; None when the pick is
    within, unknown, or no side is within. `memory`: each side's memory in GB by its name."""
    if not choice or not sides or not choice.get("pick"):
        return None
    status = {r["name"]: _within(r) for r in sides.get("sides") or ()}
    if status.get(choice["pick"]) is not False:
        return None
    inside = [name for name, ok in status.items() if ok]
    if not inside:
        return None
    best = max(inside, key=lambda n: (memory.get(n, 0.0), -inside.index(n)))
    return {"why": "budget", "pick": best, "other": choice["pick"], "memory_gb": memory.get(best),
            "other_memory_gb": memory.get(choice["pick"]), "was": choice.get("why")}
