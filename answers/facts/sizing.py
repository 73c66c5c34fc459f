"""What to buy to serve several people ("a server for 30 people with Qwen3 32B, which GPUs?"): when no
hardware is named and the stand-in card cannot give everyone reading speed, the fewest of each usual serving
card (answers/knowledge/serving_cards.json) that can, each rated by the same several-users rules as a setup
the asker names (answers/facts/serving.py, estimator/users.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from msgspec.structs import replace

from answers.facts.common import Entities, Estimates, EstimateSettings
from estimator.setups import Device, Setup

MAX_COUNT = 8  # cards of a kind in one box: a board's usual ceiling (and the setups' own limit)


@cache
def serving_cards() -> tuple[str, ...]:
    text = (resources.files("answers.knowledge") / "serving_cards.json").read_text("utf-8")
    return tuple(c["name"] for c in json.loads(text)["cards"])


def _most_key(row: dict[str, Any]) -> str:
    """The speed each must get: the one asked ("at 20 tok/s each"), else reading speed."""
    return "users_at_target" if row.get("target_tok_s") else "users_at_reading_speed"


RateSetup = Callable[[Entities, EstimateSettings], dict[str, Any] | None]


def needed(est: Estimates, e: Entities, s: EstimateSettings, users: int, rate: RateSetup,
           names: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """For each serving card (or each of `names`: "how many H100s for 30 people"): the fewest (1–8) that give
    `users` people reading speed each, with that setup's several-users row (`rate`: serving.py's setup rating
    at the verdict's level). A card that cannot, even eight of it, is left out."""
    by_name = {g.name: g for g in est.kn.gpus_for(s.profile)}
    out = []
    for name in names if names is not None else serving_cards():
        card = by_name.get(name)
        if card is None:
            continue
        for count in range(1, MAX_COUNT + 1):
            setup = Setup((Device(card, count),))
            row = rate(replace(e, setup=setup, card=None), s)
            if row is not None and (row.get(_most_key(row)) or 0) >= users:
                out.append({"card": name, "count": count, "label": setup.label, "row": row})
                break
    return out


def priced(est: Estimates, needed_rows: list[dict[str, Any]], budget: dict[str, Any], profile: str) -> dict[str, Any]:
    """A budget said beside "which GPUs to serve N people" ("100 at once on a 70B, about 40,000 EUR"): each box of
    `needed` at its cards' launch prices (dollars, the catalog's), within the budget or not; a card with no launch
    price on record is said so."""
    by_name = {g.name: g for g in est.kn.gpus_for(profile)}
    usd = float(budget.get("usd_compared") or budget["usd"])
    options = []
    for n in needed_rows:
        price = getattr(by_name.get(n["card"]), "launch_price_usd", None)
        total = price * n["count"] if price else None
        options.append({"label": n["label"], "usd": total, "within": total is not None and total <= usd})
    return {"budget": budget, "options": options}
