"""Two cards for one model (intent `compare`), or two models / two setups side by side (answers.facts.versus):
the speeds at the same level, or two typical sizes when no model is named.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts import choice, more_sides, versus
from answers.facts import quant_advice as qa
from answers.facts import verdict as vd
from answers.facts.common import Built, Entities, Estimates, EstimateSettings, base_facts, card_row, model_of
from answers.facts.describe import card_brief, row_facts
from answers.facts.machine_price import machine_price_usd
from answers.knowledge.usable import market
from estimator.model import ModelSize
from estimator.quants import quant
from estimator.ranking import Query, Row, rate_all


def compare(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    if e.sides is not None:
        built = versus.compare(est, replace(e, model2=None), s)
        _more(built.facts, est, e, s, [x.label for x in e.sides], ())
        if e.model2 is not None and e.model is not None:
            # "qwen3-coder 30b or devstral, on a 5090 or an M4 Max?": the second model on every side too
            built.facts["model2_sides"] = more_sides.second_model(est, e, s, e.model2)
        return built
    if e.model2 is not None:
        return versus.compare(est, e, s)
    assert e.card is not None and e.card2 is not None
    if e.model is None:
        return _compare_cards(est, e, s)
    rated = est.rated(model_of(e), s)
    facts = base_facts(rated)
    facts["mode"] = "model"
    # Each card as "can it run" rates it alone (answers/facts/verdict.py): the same level, speed and figures.
    facts["a"], facts["b"] = (side(rated.query, card_row(rated, c)) for c in (e.card, e.card2))
    for key, card in (("a", e.card), ("b", e.card2)):
        if facts[key]["quant"] is None:  # as in the fit answer: a card that holds it only below the floor says so
            low = qa.lower_fit(rated.query, card)
            facts[key]["lower"] = None if low is None else {**low, **facts[key].get("lower", {})}
    facts["ratio"] = _ratio(facts["a"], facts["b"])  # each at its recommended level
    facts["same_level"] = _same_level(rated.query, e.card, e.card2, facts["a"], facts["b"])
    facts["choice"] = choice.between_hardware(facts["a"], facts["b"], [e.card.name, e.card2.name], _prices(est, e, s),
                                              same=facts["same_level"])
    _more(facts, est, e, s, [e.card.name, e.card2.name], _prices(est, e, s))
    return Built(facts, sources={"gpus"})


def _more(facts: dict[str, Any], est: Estimates, e: Entities, s: EstimateSettings, two: list[str],
          prices: tuple[float | None, ...]) -> None:
    """The sides after the second (answers/facts/more_sides.py), for the model asked or the sizes tried."""
    if not e.more_sides:
        return
    every = (*prices, *more_sides.prices(est, e, s)) if prices else ()
    if e.model is not None and "a" in facts:
        more_sides.add_to_model(facts, est, e, s, versus.size_of(est, e.model), two, every)
    elif "sizes" in facts:
        sizes = [ModelSize(z["params_b"], name=f"{z['params_b']:g}B") for z in facts["sizes"]]
        more_sides.add_to_sizes(facts, est, e, s, sizes, two, every)


def _prices(est: Estimates, e: Entities, s: EstimateSettings) -> tuple[float | None, float | None]:
    """The two cards' launch prices where a kept source has them (catalog/data/hardware/prices.json), only
    for cards still sold new: an old card's launch price says nothing of what it costs used today."""
    a, b = (new_price(est, c, s) or machine_price_usd(c) for c in (e.card, e.card2))
    return a, b



def new_price(est: Estimates, card: Any, s: EstimateSettings) -> float | None:
    """A card's launch price, for a card still sold new (None otherwise, or unknown)."""
    newest = max((c.release for c in est.kn.gpus_for(s.profile) if c.release), default=None)
    return getattr(card, "launch_price_usd", None) if market(card, newest) == "new" else None


def side(q: Query, row: Row) -> dict[str, Any]:
    """One card of a comparison at the level the one verdict recommends on that card alone."""
    return vd.on_card(q, row.card, row_facts(row))


def _ratio(a: dict[str, Any], b: dict[str, Any]) -> float | None:
    return a["tok_s"] / b["tok_s"] if a["quant"] and b["quant"] and a["tok_s"] and b["tok_s"] else None


def _same_level(q: Query, card_a: Any, card_b: Any, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """A fair comparison: both cards at the more compressed of their two recommended levels (both hold
    it); a card that holds the model only below the usual quality counts with that lower level ("5090 or
    4090 for a 70B": IQ3_XXS and IQ2_XXS, compared at IQ2_XXS). `levels_differ` says whether that changed
    anything."""
    name_a, name_b = (side["quant"] or (side.get("lower") or {}).get("quant") for side in (a, b))
    if name_a is None or name_b is None:
        return None
    qa_, qb_ = quant(name_a), quant(name_b)
    common = qa_ if qa_.rank >= qb_.rank else qb_
    p = q.profile
    ta, tb = p.tok_s(q.model, card_a, common), p.tok_s(q.model, card_b, common)
    if not ta or not tb:
        return None
    return {"quant": common.name, "a_tok_s": ta, "b_tok_s": tb, "ratio": ta / tb,
            "levels_differ": qa_.name != qb_.name}


TYPICAL_SIZES_B = (8.0, 32.0)  # "two typical sizes": an 8B and a 32B dense model
# Common sizes tried when the two typical ones do not tell the cards apart: between them (Qwen 14B, Mistral
# Small 24B) when the 32B fits neither, above them (Llama 70B, gpt-oss-120b) when it fits both ("5090 or a
# 96 GB RTX PRO 6000": both run a 32B at the same speed, only one holds a 70B, and that decides).
BETWEEN_SIZES_B = (14.0, 24.0, 70.0, 120.0)


def _compare_cards(est: Estimates, e: Entities, s: EstimateSettings) -> Built:
    """Two cards, no model: memory, bandwidth, and the speed of an 8B and a 32B model on each."""
    assert e.card is not None and e.card2 is not None
    cards = [e.card, e.card2]
    sizes: list[dict[str, Any]] = []
    for params in TYPICAL_SIZES_B:
        q = est.query(ModelSize(params, name=f"{params:g}B"), s)
        a, b = (side(q, r) for r in rate_all(q, cards))
        sizes.append({"params_b": params, "a": a, "b": b, "same_level": _same_level(q, e.card, e.card2, a, b)})
    if all(bool(z["a"]["quant"]) == bool(z["b"]["quant"]) for z in sizes):
        # "3060 12 GB vs 4060 Ti 16 GB": the 8B fits both, the 32B neither, so nothing shows what the extra
        # memory buys; the first other size that only one card holds says it.
        for params in BETWEEN_SIZES_B:
            q = est.query(ModelSize(params, name=f"{params:g}B"), s)
            a, b = (side(q, r) for r in rate_all(q, cards))
            if bool(a["quant"]) != bool(b["quant"]):
                sizes.append({"params_b": params, "a": a, "b": b, "same_level": None})
                sizes.sort(key=lambda z: z["params_b"])
                break
    facts = {
        "mode": "cards",
        "cards": [card_brief(c) for c in cards],
        "bandwidth_ratio": e.card.bandwidth_gbps / e.card2.bandwidth_gbps,
        "sizes": sizes, "context": s.context, "profile": est.profile(s.profile).name, "cache_type": s.cache_type,
        "choice": choice.between_sizes(sizes, [c.name for c in cards], _prices(est, e, s),
                                       [c.memory_gb for c in cards]),
    }
    _more(facts, est, e, s, [c.name for c in cards], _prices(est, e, s))
    return Built(facts, sources={"gpus"})
