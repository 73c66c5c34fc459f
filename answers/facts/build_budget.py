"""A budget for the whole machine ("$2500 total", "PC completo", "ne reine LLM-Kiste") is a build, not a card's
price: the rest of the PC is set aside first (prices.json `rest_of_pc`, sourced), the cards are bought with
what is left, used where people buy them used (prices.json `used`), and as many of one card as the asked model
needs (one to four); a Mac, a Strix Halo box or a DGX Spark is weighed by its whole price (prices.json
`machines`). One home for prices: catalog/data/hardware/prices.json; this module keeps the rules.

- **How many cards**: a side named as one card of a comparison whose model does not fit one card gets the fewest
  of that card (up to four) that hold the model at the usual level without offload, when they and the rest of
  the PC fit the budget at the low end of the card's price.
- **A Mac named without its chip**: the Mac of the kept machines within the budget that runs the model fastest
  at the usual level (else the one with the most memory).
- **The verdict** weighs the options within budget that hold the model at the usual level: the fastest, and
  whether it reaches reading speed (`READING_SPEED_TOK_S`, the bar every answer uses for "decent").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts import advice, setups
from answers.facts.compare import new_price
from estimator.profile import READING_SPEED_TOK_S
from estimator.setups import Device, Setup

if TYPE_CHECKING:
    from answers.facts.common import Entities, Estimates, EstimateSettings
    from catalog.price_records import MachinePrice, RestOfPc

MAX_CARDS = 4  # a desktop or workstation board holds up to four cards


def _data():  # noqa: ANN202 — catalog.hardware.HardwareData
    # lazy: the checked hardware files only for a budget answer
    from catalog.hardware import load_hardware_data

    return load_hardware_data()


def for_cards(budget: dict[str, Any]) -> dict[str, Any]:
    """A whole-machine budget as the budget answers compare cards with it: less the rest of a PC for up to two
    cards (`rest_usd` says how much), never below nothing."""
    rest = rest_cost(budget, 2)
    if rest is None:
        return budget
    share = rest["amount"] / budget["amount"]  # the part of the budget the rest of the PC takes, where it is spent
    return {**budget, "usd_compared": max(budget["usd_compared"] * (1.0 - share), 0.0),
            "rest_usd": rest["amount"] * budget["usd"] / budget["amount"], "rest_local": rest["amount"],
            "rest_year": rest["year"], "rest_site": rest["site"], "rest_own": rest["own"]}


def rest_of_pc(cards: int) -> RestOfPc | None:
    """The kept cost of the rest of a PC around `cards` cards (None beyond what is kept)."""
    return next((r for r in _data().rest_of_pc if cards <= r.cards_max), None)


def rest_cost(budget: dict[str, Any], cards: int) -> dict[str, Any] | None:
    """The rest of a PC around `cards` cards in the budget's currency: what its own shops charge where that is
    kept (prices.json `rest_of_pc[].local`: "R$ 2.500" in Brazil, not the US parts' $600 converted and marked up
    to R$ 5.800), else the US cost converted (`local`, with the shops' markup where one is kept). `own` says
    which; `year` and `site` say where the figure comes from."""
    rest = rest_of_pc(cards)
    if rest is None:
        return None
    kept = rest.local.get(budget["currency"])
    if kept is not None:
        return {"amount": kept.amount, "year": kept.year, "site": _site(kept.source), "own": True}
    return {"amount": local(budget, rest.usd), "year": rest.year, "site": _site(rest.source),
            "own": budget["currency"] == "USD"}


def _site(source: str) -> str:
    """A kept source as the answer names it: its address, without the quote that follows."""
    return source.split(" ")[0].rstrip(":,")


def machine_price(name: str) -> MachinePrice | None:
    return next((m for m in _data().machine_prices if m.name == name), None)


def machine_beside(e: Entities) -> bool:
    """A whole machine with a kept price (a Framework Desktop, a Mac Studio, a DGX Spark) weighed against cards
    ("framework desktop 128 GB or a PC with 2× used 3090"): the budget buys a machine either way, so the cards'
    side is priced as a build, with the rest of the PC, not as the cards alone."""
    cards: list[Any] = [c for c in (e.card, e.card2) if c is not None]  # catalog cards and setup devices' cards
    cards += [side.devices[0].card for side in e.sides or () if side.devices]
    machines = {c.name for c in cards if machine_price(c.name) is not None}
    return bool(machines) and any(c.name not in machines for c in cards)


def card_price(est: Estimates, card: Any, s: EstimateSettings,
               said: dict[str, float] | None = None) -> dict[str, Any] | None:
    """One card's price: the asker's own where they gave one (`said`: card name → US dollars, no markup on top),
    else its kept used range when people buy it used, else its launch price while sold new."""
    if said and card.name in said:
        return {"low": said[card.name], "high": said[card.name], "used": True, "year": None, "said": True}
    used = next((u for u in _data().used_prices if u.name == card.name), None)
    if used is not None:
        return {"low": used.usd_low, "high": used.usd_high, "used": True, "year": used.year}
    price = new_price(est, card, s)
    return None if price is None else {"low": float(price), "high": float(price), "used": False, "year": None}


def local(budget: dict[str, Any], usd: float, used: bool = False) -> float:
    """A US-dollar price in the budget's currency, as bought where the budget is spent: new goods at the shops'
    markup over the converted US price where one is kept (reais, `shop_ratio`), used cards without it (people
    sell them used at about the converted US used price: "3090 usada ta uns 4 mil", about $740)."""
    ratio = 1.0 if used else float(budget.get("shop_ratio") or 1.0)
    return usd * ratio * budget["amount"] / budget["usd"]


def _holds(row: dict[str, Any]) -> bool:
    return row["fit"] not in (None, "no") and not row.get("offload_gb") and row["tok_s"] is not None


def _row(est: Estimates, e: Entities, s: EstimateSettings, card: Any, n: int) -> dict[str, Any] | None:
    size = est.size_of(e.model) if e.model is not None else None
    if size is None:
        return None
    # at the level asked, else the usual one: the level the comparison quotes, not the best that fits
    row: dict[str, Any] = setups.rate(est.profile(s.profile), size, Setup((Device(card, n),)),
                                      est.profiles.setup_constants(), s.context, s.min_quality,
                                      s.quant or advice.GOOD_LEVEL)["row"]
    return row


def cards_for(est: Estimates, e: Entities, s: EstimateSettings, card: Any, budget: dict[str, Any],
              said: dict[str, float] | None = None) -> int | None:
    """The fewest of `card` (2 to 4) that hold the model at the usual level with the rest of the PC within the
    budget at the low end of the card's price; None when one card holds it, or no count within budget does."""
    price = card_price(est, card, s, said)
    one = _row(est, e, s, card, 1)
    if price is None or one is None or _holds(one):
        return None
    for n in range(2, MAX_CARDS + 1):
        rest = rest_cost(budget, n)
        if rest is None or n * local(budget, price["low"], price["used"]) + rest["amount"] > budget["amount"]:
            return None
        row = _row(est, e, s, card, n)
        if row is not None and _holds(row):
            return n
    return None


def sized(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any],
          said: dict[str, float] | None = None) -> Entities:
    """The comparison's one-card sides as the build the budget pays for (`cards_for`); other sides as asked."""
    if e.sides is None or e.model is None:
        return e
    out = []
    for side in e.sides:
        d = side.devices[0]
        one = not side.unified and len(side.devices) == 1 and d.count == 1
        n = cards_for(est, e, s, d.card, budget, said) if one else None
        out.append(side if n is None else replace(side, devices=(replace(d, count=n),)))
    first, second = out
    return e if (first, second) == e.sides else replace(e, sides=(first, second))


def side_build(est: Estimates, e: Entities, s: EstimateSettings, cards: list[tuple[Any, int]], whole: bool,
               budget: dict[str, Any], said: dict[str, float] | None = None) -> dict[str, Any]:
    """A side's price as a build, in the budget's currency (`local`): a whole machine's own price, or its cards'
    and (a whole-machine budget) the rest of the PC's, with the model's level and speed on it; {} when a price
    is missing."""
    card, n = cards[0]
    if len(cards) == 1 and n == 1 and (m := machine_price(card.name)) is not None:
        price = local(budget, m.usd)
        out: dict[str, Any] = {"machine": m.machine, "low": price, "high": price, "machine_year": m.year}
    else:
        prices = [(card_price(est, c, s, said), k) for c, k in cards]
        if any(p is None for p, _ in prices):
            return {}
        rest = rest_cost(budget, sum(k for _, k in cards)) if whole else None
        extra = rest["amount"] if rest is not None else 0.0
        out = {"low": sum(local(budget, p["low"], p["used"]) * k for p, k in prices if p) + extra,
               "high": sum(local(budget, p["high"], p["used"]) * k for p, k in prices if p) + extra,
               "used": any(p["used"] for p, _ in prices if p), "rest": extra or None,
               "said": any(p.get("said") for p, _ in prices if p)}
        if rest is not None:
            out.update(rest_year=rest["year"], rest_site=rest["site"], rest_own=rest["own"])
    out["currency"] = budget["currency"]
    out["within"] = out["low"] <= budget["amount"]
    out["within_all"] = out["high"] <= budget["amount"]
    row = _row(est, e, s, card, n) if len(cards) == 1 else None
    if row is not None and _holds(row):
        out.update({"quant": row["quant"], "tok_s": row["tok_s"]})
    return out


def mac_within(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any]) -> dict[str, Any] | None:
    """The kept Mac within the budget that runs the model fastest at the usual level (else the one with the most
    memory, when no model was asked or none holds it)."""
    best: dict[str, Any] | None = None
    for m in _data().machine_prices:
        card = est.kn.added_card(m.name)
        if not m.name.startswith("Apple") or card is None or local(budget, m.usd) > budget["amount"]:
            continue
        row = _row(est, e, s, card, 1)
        held = row is not None and _holds(row)
        entry = {"machine": m.machine, "chip": card.name, "price": local(budget, m.usd), "currency": budget["currency"],
                 "memory_gb": card.memory_gb,
                 "quant": row["quant"] if held and row else None, "tok_s": row["tok_s"] if held and row else None}
        key = (entry["tok_s"] or 0.0, card.memory_gb)
        if best is None or key > (best["tok_s"] or 0.0, best["memory_gb"]):
            best = entry
    return best


def verdict(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The fastest option within budget that holds the model at the usual level, and whether it reads well."""
    ok = [r for r in rows if r.get("within") and r.get("tok_s")]
    if not ok:
        return None
    best = max(ok, key=lambda r: r["tok_s"])
    return {"name": best["name"], "tok_s": best["tok_s"], "reading": best["tok_s"] >= READING_SPEED_TOK_S,
            "reading_tok_s": READING_SPEED_TOK_S, "quant": best.get("quant")}  # its level, said with the speed


def local_build(e: Entities, budget: dict[str, Any], local_price: dict[str, Any], whole: bool) -> dict[str, Any]:
    """The named card at the asker's own price ("3090 usada ta uns 4 mil aqui") bought within the budget: how
    many of it fit, with (a whole-machine budget) the rest of the PC (`local`: at the local shops' markup where
    one is kept), in the budget's currency; `local_price` is the price's budget facts, in any currency."""
    assert e.card is not None
    price = local(budget, local_price["usd"], used=True)  # the asker's own figure: no markup on top

    def total(n: int) -> tuple[float, float] | None:
        rest = rest_cost(budget, n) if whole else None
        if whole and rest is None:
            return None
        extra = rest["amount"] if rest is not None else 0.0
        return n * price + extra, extra

    count, over = 0, None
    for n in range(1, MAX_CARDS + 1):
        t = total(n)
        if t is None:
            break
        if t[0] > budget["amount"]:
            over = {"count": n, "amount": t[0]}
            break
        count = n
    shown = total(max(count, 1))
    assert shown is not None  # one card always has a kept rest of the PC
    kept = rest_cost(budget, max(count, 1)) if whole else None
    return {"card": e.card.name, "price": price, "currency": budget["currency"], "whole": whole,
            "count": count, "total": shown[0] if count else None, "rest": shown[1], "next": over, "budget": budget,
            "rest_year": kept["year"] if kept else None, "rest_site": kept["site"] if kept else None,
            "rest_own": bool(kept and kept["own"])}
