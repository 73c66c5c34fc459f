"""Headline picks a person can act on: which cards a home user can buy and use, and the picks among them
(smallest, fastest, best of a memory size, cheapest). Pure functions over the estimator's rows.

The rules (also in the README, "Headline picks"):

- **Home cards** (`home_tier`): consumer desktop cards first (tier 0), then workstation cards (1: a home
  user buys an RTX A4500 or a Radeon PRO only when no gaming card holds the model), then laptops (2),
  then integrated and unified-memory machines (3: Apple silicon, Ryzen AI Max, DGX Spark). A pick comes
  from the first tier that holds the model. Embedded modules (Jetson) are boards built into devices,
  never a home pick (the asker who owns one names it).
- **Never a headline**: mining cards (CMP, P102-100: cut-down links and compute, sold to miners only),
  console and handheld GPUs, vGPU profiles (slices of a server card), Xeon Phi (a coprocessor no
  LLM runtime drives) and cards sold in one country's market only (the China "D" cards: regional.json).
  Full tables still list them.
- **Data centre**: named in a headline only when no home card holds the model, and then said so
  ("only data-centre cards hold it: …").
- **Smallest**: least memory, then the faster. **Fastest**: the most tok/s, then the less memory. Ties go
  to a card with a known launch price, then to the earlier catalog entry. **Best N GB**: the fastest home card
  with exactly N GB (a data-centre card only when no home card has that size).
- **Cheapest**: the lowest maker's launch price (`launch_price_usd`) among home cards that hold the model,
  then the faster. When no card with a known price holds it, memory stands in for price: the answer
  says so and gives the smallest home card.

The `reference` profile keeps the pages' picks in its headlines and adds one line with the home pick
when it differs; every other profile leads with the home pick (answers/templates/_picks.md.j2).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from answers.knowledge.usable import market, usable
from estimator.ranking import Row

CONSUMER_DESKTOP = "consumer desktop"
HOME_TIERS: dict[str, int] = {CONSUMER_DESKTOP: 0, "workstation": 1, "laptop": 2, "integrated": 3}
NEVER_SEGMENTS = frozenset({"mining", "console/handheld", "vgpu"})
DATA_CENTRE = "data centre"
DATA_CENTRE_SHOWN = 3  # "only data-centre cards hold it: A, B, C"
CHEAPEST_OTHERS = 2  # the next cheapest named after the pick


def segment(card: Any) -> str | None:
    seg = getattr(card, "segment", None)
    return seg if isinstance(seg, str) and seg else None


def never_headline(card: Any) -> bool:
    """Mining, console, vGPU and Xeon Phi parts: listed in tables, never "the card you need"."""
    return _never(card.name, segment(card), getattr(card, "generation", None) or "")


def home_tier(card: Any) -> int | None:
    """0: consumer desktop card; 1: workstation card; 2: laptop; 3: integrated/unified machine; None: a card
    a home user cannot buy and use (data centre, embedded module, mining, console, vGPU, Xeon Phi) or that
    llama.cpp cannot run today (answers/knowledge/usable.py: a Kepler GeForce, a pre-Polaris Radeon). A card
    without a segment (a bare memory size) counts as a desktop card."""
    if not usable(card):
        return None
    return _tier(card.name, segment(card), getattr(card, "generation", None) or "")


# The picks ask these of every row of every list (~800 cards, several times an answer): remembered per
# card by what they read of it.
@lru_cache(maxsize=8192)
def _never(name: str, seg: str | None, generation: str) -> bool:
    return seg in NEVER_SEGMENTS or "Knights" in generation or name.startswith("Xeon Phi") or regional(name)


def regional(name: str) -> bool:
    """A card sold in one country's market only ("RTX 5090 D V2", China): no one elsewhere can buy it, so it is
    never a pick (catalog/data/hardware/regional.json); answered when named, listed in full tables."""
    # lazy: the checked hardware files, read once (and cached at start-up)
    from catalog.hardware import load_hardware_data

    return name in load_hardware_data().regional


@lru_cache(maxsize=8192)
def _tier(name: str, seg: str | None, generation: str) -> int | None:
    if _never(name, seg, generation):
        return None
    return 0 if seg is None else HOME_TIERS.get(seg)


def home_first(cards: Sequence[Any]) -> list[Any]:
    """The cards of the first home tier present among `cards` (desktop and workstation before laptops
    before integrated); all of them when none is a home card."""
    tiers = [(home_tier(c), c) for c in cards]
    best = min((t for t, _ in tiers if t is not None), default=None)
    return [c for t, c in tiers if t == best] if best is not None else list(cards)


def is_data_centre(card: Any) -> bool:
    """A data-centre card llama.cpp runs today (never a Kepler Tesla or a FirePro of before Polaris)."""
    return segment(card) == DATA_CENTRE and not never_headline(card) and usable(card)


def _mainstream(card: Any) -> tuple[bool, int]:
    """Ties go to a card with a known launch price (a mainstream product), then to the earlier catalog
    entry (the original "RTX 3070 Ti" before its later "8 GB GA102" respin)."""
    return _price(card) is None, getattr(card, "position", 0)


def _smallest_key(r: Row) -> tuple:
    # Among cards of the same memory, a priced (mainstream) card before a regional or unpriced variant
    # ("RTX 5090 D V2"), then the faster one: what a person can actually find in a shop.
    return (r.card.memory_gb, _price(r.card) is None, -(r.tok_s or 0.0), _mainstream(r.card), r.card.name)


def _fastest_key(r: Row) -> tuple:
    return (-(r.tok_s or 0.0), r.card.memory_gb, _mainstream(r.card), r.card.name)


def home_runners(rows: Sequence[Row]) -> list[Row]:
    """The rows that run the model on home cards of the first tier that holds it."""
    by_tier: dict[int, list[Row]] = {}
    for r in rows:
        if r.runs:
            tier = home_tier(r.card)
            if tier is not None:
                by_tier.setdefault(tier, []).append(r)
    return by_tier[min(by_tier)] if by_tier else []


def listed(rows: Sequence[Row], profile: str) -> list[Row]:
    """The rows a "smallest cards" list shows: under `reference` every card that runs it (the site's list),
    under any other profile only hardware llama.cpp runs today (answers/knowledge/usable.py)."""
    return [r for r in rows if r.runs and (profile == "reference" or usable(r.card))]


def data_centre_runners(rows: Sequence[Row]) -> list[Row]:
    return [r for r in rows if r.runs and is_data_centre(r.card)]


def smallest(rows: Sequence[Row]) -> Row | None:
    return min(rows, key=_smallest_key, default=None)


def fastest(rows: Sequence[Row]) -> Row | None:
    return min(rows, key=_fastest_key, default=None)


def best_with_memory(rows: Sequence[Row], memory_gb: float) -> tuple[Row | None, bool]:
    """The fastest home card with exactly this memory that runs it, else the fastest data-centre one;
    the flag says the pick is a data-centre card (no home card of that size runs it)."""
    sized = [r for r in rows if r.card.memory_gb == memory_gb]
    home = home_runners(sized)
    if home:
        return fastest(home), False
    dc = fastest(data_centre_runners(sized))
    return dc, dc is not None


def best_of_size(best: Row | None, rows: Sequence[Row], memory_gb: float, profile: str) -> Row | None:
    """`best`, the fastest card of exactly this memory that runs it, unless it is sold in one market only (a
    China-only card is no one's best of a size): then the fastest other one. `reference` keeps the site's."""
    if best is None or profile == "reference" or not regional(best.card.name):
        return best
    return min((r for r in rows if r.runs and r.card.memory_gb == memory_gb and not regional(r.card.name)),
               key=lambda r: (-(r.tok_s or 0.0), r.card.position), default=None)


def cheapest(rows: Sequence[Row]) -> list[Row]:
    """Home cards with a launch price that run it, cheapest first (then the faster)."""
    priced = [r for r in rows if r.runs and home_tier(r.card) is not None and _price(r.card) is not None]
    return sorted(priced, key=lambda r: (_price(r.card), -(r.tok_s or 0.0), r.card.name))


def _price(card: Any) -> float | None:
    return getattr(card, "launch_price_usd", None)


def _is_home(r: Row | None, pick: dict[str, Any] | None) -> bool:
    """The page's pick is a home card of the home pick's own tier: no second line needed. A workstation or
    laptop card the page picked, with a desktop card as the home pick, still gets the home line."""
    if r is None or home_tier(r.card) is None:
        return False
    return pick is None or home_tier(r.card) == HOME_TIERS.get(pick["segment"] or CONSUMER_DESKTOP)


def _pick(r: Row | None, newest: Any = None) -> dict[str, Any] | None:
    """A pick's facts; `market` says whether it is sold new or, older, found used (answers/knowledge/usable.py)."""
    if r is None:
        return None
    return {"card": r.card.name, "memory_gb": r.card.memory_gb, "segment": segment(r.card),
            "quant": r.quant.name if r.quant else None, "need_gb": r.need_gb, "tok_s": r.tok_s, "fit": r.fit,
            "launch_price_usd": _price(r.card), "usable": usable(r.card), "market": market(r.card, newest)}


def newest_release(rows: Sequence[Row]) -> Any:
    """The newest release date among the rated cards: what "sold new" is measured from."""
    return max((d for d in (getattr(r.card, "release", None) for r in rows) if d is not None), default=None)


def picks_facts(rows: Sequence[Row], memory_sizes: Sequence[int], page: Any = None) -> dict[str, Any]:
    """The `picks` facts: home picks (or data-centre ones, flagged) for the headlines, and the cheapest.
    With `page` (the estimator's Summary), `page_home` says which of its all-card picks are home cards
    already (the reference answers add a home line only where they are not)."""
    home = home_runners(rows)
    newest = newest_release(rows)
    dc = sorted(data_centre_runners(rows), key=_smallest_key)
    only_dc = not home and bool(dc)
    pool = home or dc
    by_memory = {}
    for n in memory_sizes:
        r, dc_only = best_with_memory(rows, float(n))
        by_memory[str(n)] = None if r is None else {**_pick(r, newest), "data_centre": dc_only}  # type: ignore[dict-item]
    cheap = cheapest(rows)
    priced_total = sum(1 for r in rows if _price(r.card) is not None and home_tier(r.card) is not None)
    if cheap:
        cheap_facts = {"by": "price", "pick": _pick(cheap[0], newest),
                       "others": [_pick(r, newest) for r in cheap[1:1 + CHEAPEST_OTHERS]],
                       "priced_cards": priced_total}
    else:
        cheap_facts = {"by": "memory", "pick": _pick(smallest(pool), newest), "others": [],
                       "priced_cards": priced_total}
    names: list[str] = []
    for r in dc:
        if r.card.name not in names:
            names.append(r.card.name)
    small, fast = _pick(smallest(pool), newest), _pick(fastest(pool), newest)
    return {
        "picks": {
            "smallest": small,
            "fastest": fast,
            "by_memory": by_memory,
            "only_data_centre": only_dc,
            "data_centre_cards": names[:DATA_CENTRE_SHOWN] if only_dc else [],
            "home_tier": home_tier(home[0].card) if home else None,
            # The page's all-card pick is a part never headlined (a Xeon Phi, a mining card, a vGPU profile):
            # the answers lead with the home pick and name the page's after it.
            "page_never_headline": None if page is None else {
                "smallest": page.smallest is not None and never_headline(page.smallest.card)},
            "page_home": None if page is None else {
                "smallest": _is_home(page.smallest, small), "fastest": _is_home(page.fastest, fast),
                "by_memory": {str(n): _is_home(r, by_memory.get(str(n))) for n, r in page.by_memory.items()},
            },
        },
        "cheapest": cheap_facts,
    }
