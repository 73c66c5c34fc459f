"""Which card to buy within a budget: facts for "best gpu under 400 bucks (for X)". Pure over the estimator.

The rules (also in the README, "Budget questions"):

- **Prices** are the makers' launch prices in US dollars (catalog/data/hardware/prices.json); a budget in
  euros, pounds or reais is turned into dollars with fixed ECB reference rates of one stated day
  (catalog/data/exchange_rates.json). Both are approximations and every answer says so.
- **Cards** are consumer desktop and workstation cards with a known launch price (answers/facts/picks.py,
  tier 0): the cards a person can buy and put in a PC.
- **With a model**: the cards within budget that run it at the usual quality (Q4_K_M or better, the
  advice rules' good level), fastest first on the same file (the most compressed level any of them holds).
  None: the same at the lower levels (IQ4_XS down to Q2_K), said so. Still none: the cheapest card that
  runs it (at the usual quality, else lower, said so) and how much over budget it is, and two of one card
  when two fit the budget and together hold it at the usual quality.
- **Without a model**: the cards within budget ranked by memory, then by speed (bandwidth), each with the
  biggest model it runs at reading speed (answers/facts/advice.py); the first is the pick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from answers.facts import advice, picks, setups
from answers.facts.common import Built, Entities, Estimates, EstimateSettings
from answers.knowledge.cpus import find_cpu
from catalog.records import GpuRecord, ModelRecord
from estimator.model import ModelSize
from estimator.ranking import rate_all
from estimator.setups import Device, Setup

if TYPE_CHECKING:
    from estimator.ranking import Row

SHOWN = 5  # cards listed in a budget answer
LOWEST_LEVEL = "Q2_K"  # the fallback's minimum quality: the lowest level of the reference ladder
DESKTOP_TIER = 0


def budget_facts(amount: float, currency: str, currency_said: bool) -> dict[str, Any]:
    """The budget as the answer states it: the amount, its currency and the dollars compared with."""
    # lazy: the exchange-rate data (~15 ms) is only needed for budget answers
    from catalog.currency import rates

    r = rates()
    usd = r.to_usd(amount, currency)
    facts: dict[str, Any] = {"amount": amount, "currency": currency, "usd": usd, "currency_said": currency_said}
    if currency != "USD":
        day, source, ecb = r.dated(currency)
        facts.update({"usd_per_unit": r.usd_per_unit(currency), "rate_date": day.isoformat(),
                      "rate_source": source, "rate_ecb": ecb, "units_per_usd": 1.0 / r.usd_per_unit(currency)})
    gap = r.shop_over_launch.get(currency)
    # Where shops charge far more than the converted launch price, cards are compared with what the budget
    # buys there: "R$ 10 mil" is no RTX 4090, whose converted launch price alone is most of it.
    facts["usd_compared"] = usd / gap.ratio if gap else usd
    facts["shop_ratio"] = gap.ratio if gap else None
    return facts


def _usd(budget: dict[str, Any]) -> float:
    return float(budget.get("usd_compared") or budget["usd"])


def _price(card: Any) -> float | None:
    return getattr(card, "launch_price_usd", None)


def buyable(card: Any) -> bool:
    """A desktop or workstation card with a known launch price."""
    return picks.home_tier(card) == DESKTOP_TIER and _price(card) is not None


def _one_per_name(rows: list[Row]) -> list[Row]:
    """Same-name variants ("Tesla V100 SXM2 16 GB" twice) once: the faster."""
    best: dict[str, Row] = {}
    for r in rows:
        seen = best.get(r.card.name)
        if seen is None or (r.tok_s or 0.0) > (seen.tok_s or 0.0):
            best[r.card.name] = r
    return list(best.values())


def _runner(r: Row) -> dict[str, Any]:
    return {"card": r.card.name, "price_usd": _price(r.card), "memory_gb": r.card.memory_gb,
            "quant": r.quant.name if r.quant else None, "need_gb": r.need_gb, "tok_s": r.tok_s, "fit": r.fit}


def _in_budget(rows: list[Row], usd: float) -> list[Row]:
    fits = [r for r in _one_per_name([r for r in rows if r.runs and buyable(r.card)])
            if (price := _price(r.card)) is not None and price <= usd]
    return sorted(fits, key=lambda r: (-(r.tok_s or 0.0), _price(r.card), r.card.name))


def _same_file_first(est: Estimates, model: ModelRecord, s: EstimateSettings,
                     fits: list[Row]) -> tuple[list[Row], str | None]:
    """`fits` fastest first on the same file: each card at the most compressed level any of them holds (which
    every one of them holds too). A smaller card that holds only a more compressed file reads fewer bytes per
    token, so its own figure looks faster than a bigger card's at a better level, although on the same file
    the bigger card may be faster (a 6 GB RTX 2060 at Q4_K_M against an 8 GB RTX 5060 at Q6_K). The level
    is returned when the cards' own levels differ (the answer says the ranking is on that file), else None."""
    levels = {r.quant.name: r.quant for r in fits if r.quant is not None}
    if len(levels) < 2:
        return fits, None
    common = max(levels.values(), key=lambda q: q.rank)
    speed: dict[str, float] = {}
    for r in est.rated(model, replace(s, quant=common.name)).rows:
        if r.tok_s is not None:
            speed[r.card.name] = max(speed.get(r.card.name, 0.0), r.tok_s)
    ranked = sorted(fits, key=lambda r: (-speed.get(r.card.name, 0.0), -(r.tok_s or 0.0), _price(r.card),
                                         r.card.name))
    return ranked, common.name


def for_model(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any]) -> Built:
    """The cards within budget that run the model, or the cheapest that does and how far over it is."""
    assert e.model is not None
    usd = _usd(budget)
    rated = est.rated(e.model, s)
    facts: dict[str, Any] = {**rated.summary, "budget": budget, "budget_mode": "model"}
    can_lower = s.quant is None and s.min_quality is None
    # The usual quality is Q4_K_M or better (answers/facts/advice.py's good level): a card that holds the model
    # only at IQ4_XS or below is a lower-quality choice, offered only when nothing holds it at the usual level.
    usual = est.rated(e.model, replace(s, min_quality=advice.GOOD_LEVEL)) if can_lower else rated
    fits = _in_budget(usual.rows, usd)
    lower = False
    # Rated at the lower levels only when needed: nothing within budget, or nothing priced at all.
    low_rows = est.rated(e.model, replace(s, min_quality=LOWEST_LEVEL)).rows if can_lower and not fits else []
    if not fits and low_rows:
        # None at the usual levels: the levels below them (Q3_K_M … Q2_K) lose quality, said so.
        fits = _in_budget(low_rows, usd)
        lower = bool(fits)
    fits, facts["budget_rank_quant"] = _same_file_first(est, e.model, s, fits)
    facts["in_budget"] = [_runner(r) for r in fits[:SHOWN]]
    facts["in_budget_count"] = len(fits)
    facts["lower_quality"] = lower
    facts["budget_pick"] = facts["in_budget"][0] if fits else None
    priced = _cheapest_first(usual.rows)
    facts["cheapest_lower_quality"] = False
    if not priced and low_rows:
        priced = _cheapest_first(low_rows)  # no card holds it at the usual levels: the lower ones, said so
        facts["cheapest_lower_quality"] = bool(priced)
    facts["budget_cheapest"] = _runner(priced[0]) if priced else None
    if priced and not fits:
        facts["over_usd"] = (_price(priced[0].card) or 0.0) - usd  # priced: buyable, so a price
    facts["priced_cards"] = sum(1 for c in est.kn.gpus_for(s.profile) if buyable(c))
    if not fits or lower:
        facts["two_cards"] = _two_cards(est, e, s, usd)
    # A card bought used at the usual quality (its kept used price within budget) beats a new one at a lower level.
    used = used_card(usual.rows, usd, None if lower else facts["budget_pick"], bool(budget.get("used_said")))
    if (not fits or lower) and used is None:
        facts["used_route"] = _used_route(usual.rows, usd) or _used_pair(est, e, s, usd)
    if used is not None:
        used["is_pick"] = used["is_pick"] or lower or not fits
        if budget.get("usd_per_unit"):  # the used range in the asker's currency too, at the same stated rate
            used.update(low_local=used["used_low_usd"] / budget["usd_per_unit"],
                        high_local=used["used_high_usd"] / budget["usd_per_unit"])
        facts["used_card"] = used
    if not fits and rated.query.model.is_moe:
        facts["ram_route"] = ram_route(est, rated.query.model, s)  # no card: the server-RAM way people take
    return Built(facts, sources={"gpus"})


# The catalog has launch prices only. The card people buy used for local models is an older 24 GB one: its
# launch price is over a small budget, its used price often is not, so a budget that buys nothing at the usual
# quality names it, its level and speed, and says to check its used price (no used price is kept to quote).
USED_CARD_GB = 24.0


def _used_route(rows: list[Row], usd: float) -> dict[str, Any] | None:
    """The oldest buyable 24 GB card that holds the model at the usual quality and launched over the budget."""
    over = [r for r in rows if r.runs and buyable(r.card) and r.card.memory_gb == USED_CARD_GB
            and (_price(r.card) or 0.0) > usd and getattr(r.card, "release", None) is not None]
    if not over:
        return None
    r = min(over, key=lambda r: (getattr(r.card, "release", None), r.card.position))
    return {"card": r.card.name, "memory_gb": r.card.memory_gb, "launch_usd": _price(r.card),
            "quant": r.quant.name if r.quant else None, "tok_s": r.tok_s}


SAME_SPEED = 0.95  # a used card within 5% of the new pick's speed is as fast, for less


def used_card(rows: list[Row], usd: float, pick: dict[str, Any] | None, said: bool) -> dict[str, Any] | None:
    """A card people buy second-hand (prices.json `used`) that runs the model at the usual quality, whose used
    price's low end fits the budget, beside the new cards: at least as fast as the new pick or with more memory
    (the used RTX 3090: 24 GB for less than a new 16 GB card), or any such card when the asker said they would
    buy used ("usada de preferencia"), which makes it the pick. With its kept used range, year and source."""
    # lazy: the checked hardware files only for a budget answer
    from catalog.hardware import load_hardware_data

    kept = {u.name: u for u in load_hardware_data().used_prices}
    found: list[dict[str, Any]] = []
    for r in _one_per_name([r for r in rows if r.runs and r.card.name in kept and r.tok_s is not None]):
        u = kept[r.card.name]
        if u.usd_low > usd or (pick is not None and r.card.name == pick["card"]):
            continue
        tok = r.tok_s or 0.0
        better = pick is None or tok >= SAME_SPEED * (pick["tok_s"] or 0.0) or r.card.memory_gb > pick["memory_gb"]
        if said or better:
            found.append({**_runner(r), "used_low_usd": u.usd_low, "used_high_usd": u.usd_high, "used_year": u.year,
                          "used_source": u.source, "within": u.usd_high <= usd, "is_pick": said, "said": said})
    return value_pick(found)


USED_SAME_SPEED = 0.9  # a used card within 10% of the fastest used one's speed is as good a buy, for less


def value_pick(found: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Of the used cards that run the model, the one to buy: the fastest, unless a cheaper one (low end of its
    used range) is within `USED_SAME_SPEED` of it: a used RTX 3090 ($500–800) before a 3090 Ti ($700–1,000) or
    a 4090 ($1,400–1,700) a few tokens per second faster; a Tesla P40 at a third of the speed is not."""
    if not found:
        return None
    fastest = max(r["tok_s"] for r in found)
    near = [r for r in found if r["tok_s"] >= USED_SAME_SPEED * fastest]
    return min(near, key=lambda r: (r["used_low_usd"], -r["tok_s"]))


def _used_pair(est: Estimates, e: Entities, s: EstimateSettings, usd: float) -> dict[str, Any] | None:
    """Two of a card people buy used (catalog/data/hardware/prices.json `used`) when two at the low end of its
    used price fit the budget and together hold the model at the usual quality: "$2,000 for a 70B" is two used
    RTX 3090s, the setup people build for it. The fastest such pair, with its used price range and year."""
    size = est.size_of(e.model)  # type: ignore[arg-type]
    if size is None:
        return None
    # lazy: the hardware data (checked files) only for a budget that buys nothing at the usual quality
    from catalog.hardware import load_hardware_data
    cards = {c.name: c for c in est.kn.gpus_for(s.profile)}
    profile, constants = est.profile(s.profile), est.profiles.setup_constants()
    found: list[dict[str, Any]] = []
    for used in load_hardware_data().used_prices:
        card = cards.get(used.name)
        if card is None or 2 * used.usd_low > usd:
            continue
        row = setups.rate(profile, size, Setup((Device(card, 2),)), constants, s.context,
                          s.min_quality or (None if s.quant else advice.GOOD_LEVEL), s.quant)["row"]
        if row["fit"] in (None, "no") or row.get("offload_gb") or row["tok_s"] is None:
            continue
        found.append({"card": card.name, "count": 2, "memory_gb": card.memory_gb * 2, "launch_usd": _price(card),
                      "used_low_usd": used.usd_low, "used_high_usd": used.usd_high, "used_year": used.year,
                      "quant": row["quant"], "tok_s": row["tok_s"]})
    return value_pick(found)


# "No card holds it" is not the end for a large mixture of experts: each token reads only the active experts,
# so people run DeepSeek-V3/R1 and the like from a used server's RAM — 8 channels of DDR4-3200 on an EPYC 7003
# (its channels, memory and cores: catalog/data/hardware/cpus.json) with 512 GB, a size such boards take.
RAM_ROUTE_CPU = "EPYC 7543"
RAM_ROUTE_GB = 512.0


def ram_route(est: Estimates, model: ModelSize, s: EstimateSettings) -> dict[str, Any] | None:
    """The model in the RAM of that server, no card: the level quoted there, its need and speeds; None when
    even 512 GB does not hold it or it crawls below the offload minimum."""
    cpu = find_cpu(RAM_ROUTE_CPU)
    profile = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    facts = setups.cpu_facts(profile, model, constants, s.context, s.min_quality, s.quant, RAM_ROUTE_GB, None,
                             s.cache_type, cpu=cpu)
    pick = facts["pick"]
    if not pick.get("fits") or (pick.get("tok_s") or 0.0) < constants.offload_min_tok_s:
        return None
    return {"cpu": cpu.name if cpu else RAM_ROUTE_CPU, "ram_gb": RAM_ROUTE_GB, "ram_type": facts["ram_type"],
            "ram_bandwidth_gbps": facts["ram_bandwidth_gbps"], "quant": pick["quant"], "need_gb": pick["need_gb"],
            "tok_s": pick["tok_s"], "prefill_tok_s": facts["prefill_tok_s"]}


def _cheapest_first(rows: list[Row]) -> list[Row]:
    return sorted(_one_per_name([r for r in rows if r.runs and buyable(r.card)]),
                  key=lambda r: (_price(r.card), -(r.tok_s or 0.0), r.card.name))


def _two_cards(est: Estimates, e: Entities, s: EstimateSettings, usd: float) -> dict[str, Any] | None:
    """Two of one card whose two launch prices fit the budget and that together hold the model at the
    usual levels: the fastest such pair (answers/facts/setups.py rates the pair like the asker's own setup)."""
    size = est.size_of(e.model)  # type: ignore[arg-type]
    if size is None:
        return None
    profile = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    best: dict[str, Any] | None = None
    seen: set[str] = set()
    for card in est.kn.gpus_for(s.profile):
        price = _price(card)
        if not buyable(card) or card.name in seen or price is None or 2 * price > usd:
            continue
        seen.add(card.name)
        facts = setups.rate(profile, size, Setup((Device(card, 2),)), constants, s.context,
                            s.min_quality or (None if s.quant else advice.GOOD_LEVEL), s.quant)
        row = facts["row"]
        if row["fit"] in (None, "no") or row.get("offload_gb") or row["tok_s"] is None:
            continue
        pair = {"card": card.name, "price_usd": 2 * price, "memory_gb": card.memory_gb * 2,
                "quant": row["quant"], "tok_s": row["tok_s"], "fit": row["fit"]}
        if best is None or pair["tok_s"] > best["tok_s"]:
            best = pair
    return best


SPEED_PROBE_B = 8.0  # "then speed": each card's decode speed on a dense 8B model, the profile's own rules


def _speed(est: Estimates, s: EstimateSettings):  # noqa: ANN202 — card → tok/s
    """A card's decode speed on one fixed model at one fixed level: bandwidth alone would miss the
    profile's vendor factors (an Arc card's 560 GB/s is not an RTX card's)."""
    query = est.query(ModelSize(SPEED_PROBE_B), replace(s, quant="Q4_K_M", min_quality=None))

    def speed(card: GpuRecord) -> float:
        return rate_all(query, [card])[0].tok_s or 0.0

    return speed


def without_model(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any]) -> Built:
    """The best cards to buy within budget for local models: most memory first, then the faster."""
    usd = _usd(budget)
    names: dict[str, GpuRecord] = {}
    for c in est.kn.gpus_for(s.profile):
        if buyable(c) and (_price(c) or 0.0) <= usd and (e.memory_gb is None or c.memory_gb >= e.memory_gb):
            held = names.get(c.name)
            if held is None or c.bandwidth_gbps > held.bandwidth_gbps:
                names[c.name] = c
    speed = _speed(est, s)
    ranked = sorted(names.values(), key=lambda c: (-c.memory_gb, -speed(c), _price(c), c.name))
    cards = []
    for c in ranked[:SHOWN]:
        big = advice.biggest(est.card_models(c, s))
        cards.append({"card": c.name, "price_usd": _price(c), "memory_gb": c.memory_gb,
                      "bandwidth_gbps": c.bandwidth_gbps,
                      "biggest": None if big is None else {
                          "model": big[0].name, "quant": big[1].quant.name if big[1].quant else None,
                          "tok_s": big[1].tok_s}})
    facts: dict[str, Any] = {"budget": budget, "budget_mode": "overview", "cards": cards,
                             "in_budget_count": len(ranked), "budget_pick": cards[0] if cards else None,
                             "memory_gb": e.memory_gb, "profile": s.profile}
    if cards:
        _community_options(est, s, usd, ranked, cards, facts)
    if not cards:
        priced = sorted((c for c in est.kn.gpus_for(s.profile) if buyable(c)
                         and (e.memory_gb is None or c.memory_gb >= e.memory_gb)),
                        key=lambda c: (_price(c), -c.memory_gb, c.name))
        if priced:
            facts["budget_cheapest"] = {"card": priced[0].name, "price_usd": _price(priced[0]),
                                 "memory_gb": priced[0].memory_gb}
            facts["over_usd"] = (_price(priced[0]) or 0.0) - usd
    return Built(facts, sources={"gpus"})


def _community_options(est: Estimates, s: EstimateSettings, usd: float, ranked: list[GpuRecord],
                       cards: list[dict[str, Any]], facts: dict[str, Any]) -> None:
    """Beside the list by memory, the two buys people name for a budget: the cheapest new card with the pick's
    memory when the list does not show it (a 5060 Ti 16 GB under faster 16 GB cards), and a card bought used
    (prices.json `used`) with more memory than the pick, with its kept used range, two of them if two fit."""
    shown = {c["card"] for c in cards}
    pick_gb = cards[0]["memory_gb"]
    same = [c for c in ranked if c.memory_gb == pick_gb]
    cheap = min(same, key=lambda c: (_price(c) or 0.0, c.name)) if same else None
    if cheap is not None and cheap.name not in shown:
        facts["cheapest_same_memory"] = {"card": cheap.name, "price_usd": _price(cheap), "memory_gb": cheap.memory_gb}
    # lazy: the checked hardware files only for a budget answer
    from catalog.hardware import load_hardware_data
    by_name = {c.name: c for c in est.kn.gpus_for(s.profile)}
    for used in load_hardware_data().used_prices:
        card = by_name.get(used.name)
        if card is None or used.usd_low > usd or card.memory_gb < pick_gb \
                or (card.memory_gb == pick_gb and used.usd_low >= (cards[0]["price_usd"] or 0.0)):
            continue  # more memory than the pick, or as much for less
        big = advice.biggest(est.card_models(card, s))
        facts["used_option"] = {
            "card": card.name, "memory_gb": card.memory_gb, "more_memory": card.memory_gb > pick_gb,
            "used_low_usd": used.usd_low,
            "used_high_usd": used.usd_high, "used_year": used.year, "pair_fits": 2 * used.usd_low <= usd,
            "biggest": None if big is None else {"model": big[0].name, "quant": big[1].quant.name if big[1].quant
                                                 else None, "tok_s": big[1].tok_s}}
        break


def build(est: Estimates, e: Entities, s: EstimateSettings, budget: dict[str, Any]) -> Built:
    return for_model(est, e, s, budget) if e.model is not None else without_model(est, e, s, budget)

