"""The facts every answer carries beside its builder's, added in the facts stage so the engine only runs the
stages (issue 29): what the answer assumed (a courtesy, a processor named, the variant picked, the Mac a size
stands for, the generic model a size stands for), how it was asked (answers/facts/as_asked.py), the engine its
figures assume (answers/facts/engine_facts.py), a speed wanted, the other profile's figure (facts/truer.py),
and the entity names the answer reports.

    named = Named(card_alternatives=[…], model_alternatives=[…], generic_b=70.0, generic_near=[…])
    names = complete(est, intent, built, entities, settings, asked, echo, named)

What the names resolved to (`Named`) comes from the resolving stage; nothing here resolves a name or reads text.
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field
from msgspec.structs import replace

from answers.facts import fits_instead, speculative
from answers.facts import scope as scope_facts
from answers.facts.also import add_also
from answers.facts.as_asked import as_asked
from answers.facts.cards_prefill import add_cards_prefill
from answers.facts.common import Built, Entities, Estimates, EstimateSettings
from answers.facts.entities import EntityBuilding
from answers.facts.mac_unsized import mac_configs
from answers.facts.model_sheet import add_sheet
from answers.facts.model_versions import add_versions
from answers.facts.size_moe import budget_pick_card, moe_of_size
from answers.facts.target_speed import TARGET_INTENTS, target_speed
from answers.facts.task_quality import add_quality
from answers.facts.truer import add_other_profile
from answers.reading.apple_typical import stand_in_facts
from answers.records.asked import Asked
from estimator.setups import rate_setup


class Named(Struct, frozen=True):
    """What the resolving stage says of the names beside the records: the other variants of the card and the
    model named, and the size of a generic model standing in for one (with the catalog's nearest names)."""

    card_alternatives: list[str] = field(default_factory=list)
    model_alternatives: list[str] = field(default_factory=list)
    generic_b: float | None = None  # the model is a generic stand-in of this many billion parameters
    generic_near: list[str] = field(default_factory=list)  # "gemma 3 13b": the sizes the catalog does have


def assumed(built: Built, entities: Entities, asked: Asked, named: Named) -> None:
    """Facts that say what the answer assumed: a courtesy, the card or model variant picked, the Mac
    a memory size stands for, the generic model a size stands for (and the catalog's nearest names)."""
    if asked.courtesy:
        built.facts["courtesy"] = True
    if asked.cpu_named and built.facts.get("cpu"):
        built.facts["cpu_named"] = asked.cpu_named  # "i9 13900k": a processor, answered from system RAM
    if named.card_alternatives:
        built.facts["card_alternatives"] = named.card_alternatives
    if entities.setup is not None:
        mac = stand_in_facts(asked.setup)  # the setup as read (answers/reading/options.py for a card field)
        if mac is not None:
            built.facts["mac_stand_in"] = mac
    if asked.offload_stand_in:  # "in offload", no hardware: the usual offload machine, said
        card = entities.card or (entities.setup.devices[0].card if entities.setup and entities.setup.devices else None)
        if card is not None:
            built.facts["offload_stand_in"] = {"card": card.name, "memory_gb": card.memory_gb,
                                               "ram_type": asked.ram_type, "ram_mts": asked.ram_mts,
                                               "ram_channels": asked.ram_channels}
    if named.model_alternatives:
        built.facts["model_alternatives"] = named.model_alternatives
    if entities.model is not None and named.generic_b is not None:
        built.facts["generic_model_b"] = named.generic_b
        if entities.model.active_params_b:  # "35b-a3b" typed: a generic mixture of experts
            built.facts["generic_model_active_b"] = entities.model.active_params_b
        if asked.model_size_stand_in:
            built.facts["generic_stand_in"] = True  # no size was said: "q4 or q8?" on a typical model
        if asked.model_typed:
            built.facts["generic_for"] = asked.model_typed
            if named.generic_near:
                built.facts["generic_near"] = named.generic_near


def engine_facts(est: Estimates, built: Built, entities: Entities, settings: EstimateSettings) -> None:
    """Every answer says which engine its figures assume (llama.cpp unless asked); a level asked for on
    one named card says whether that engine runs it there (answers/facts/engine_facts.py)."""
    # lazy: the engines' data is read on the first answer that needs it, not at start-up
    from answers.facts.engine_facts import check_keys, engine_keys

    size = est.size_of(entities.model) if entities.model is not None else None
    keys = engine_keys(est.profiles, settings.profile, settings.engine, settings.split, settings.link,
                       size, settings.min_quality, settings.quant)
    built.facts.update({k: v for k, v in keys.items() if k not in built.facts})
    if settings.quant and entities.card is not None:
        built.facts.setdefault("engine_check", check_keys(est.profiles, settings.engine, settings.quant,
                                                          entities.card, size))
        check = built.facts["engine_check"]
        if not check.get("runs", True) and size is not None and "nearest_row" not in check:
            several = entities.setup is not None and entities.setup.gpu_count > 1
            check["nearest_row"] = (_nearest_on_setup(est, size, entities.setup, settings, check) if several
                                    else None) or _nearest_row(est, size, entities.card, settings, check)


def _nearest_settings(settings: EstimateSettings, check: dict[str, Any]) -> EstimateSettings:
    """The settings of a refused format's nearest that works: its engine, the level left to the rating."""
    return replace(settings, engine=check.get("nearest_engine") or settings.engine, quant=None)


def _nearest_row(est: Estimates, size: Any, card: Any, settings: EstimateSettings,
                 check: dict[str, Any]) -> dict[str, Any] | None:
    """The refused format's nearest that works ("EXL2 on a Mac: llama.cpp at Q4_K_M"), with its need and speed on
    that card: that level if it fits, else the largest that does (answers/facts/fits_instead.py), so the
    answer names figures instead of asking again."""
    level = check.get("nearest_quant")
    if not level:
        return None
    try:
        s = _nearest_settings(settings, check)
        q = est.query(size, s)
        row = fits_instead.on_card(q, card, None)
        wanted = fits_instead.first_fit(tuple(lv for lv in q.profile.levels if lv.name == level),
                                        lambda lv: _rate(q, card, lv))
    except Exception:  # noqa: BLE001 — the refusal stands on its own; its figures are a help
        return None
    return wanted or row


def _nearest_on_setup(est: Estimates, size: Any, setup: Any, settings: EstimateSettings,
                      check: dict[str, Any]) -> dict[str, Any] | None:
    """Several cards: the nearest level's need and speed over all of them, split the engine's way (tensor
    parallel under vLLM), not one card's figure."""
    level = check.get("nearest_quant")
    if not level:
        return None
    try:
        s = _nearest_settings(settings, check)
        q = est.query(size, s)
        row = rate_setup(q.profile, size, setup, s.context, None, level, constants=est.profiles.setup_constants())
    except Exception:  # noqa: BLE001 — the refusal stands on its own; its figures are a help
        return None
    return {"quant": level, "need_gb": row.need_gb, "tok_s": row.tok_s, "tok_s_low": row.tok_s_low,
            "tok_s_high": row.tok_s_high, "gpu_count": setup.gpu_count} if row.runs and row.tok_s else None


def _rate(q: Any, card: Any, lv: Any) -> dict[str, Any] | None:
    need = q.need_gb(lv)
    if need > q.profile.usable_gb(card):
        return None
    if card.bandwidth_gbps <= 1:
        return {"need_gb": need, "tok_s": None}
    tok = q.profile.tok_s(q.model, card, lv)
    low, high, _ = q.profile.tok_range(q.model, card, lv, tok)
    return {"need_gb": need, "tok_s": tok, "tok_s_low": low, "tok_s_high": high}


def complete(est: Estimates, intent: str, built: Built, entities: Entities, settings: EstimateSettings,
             asked: Asked, echo: str | None) -> dict[str, Any]:
    """Add to `built` what every answer carries beside its builder's facts; the entity names the answer
    reports. (`assumed` is called first, where a name problem can still turn into another answer.)"""
    as_asked(intent, built, entities, asked, echo)
    add_also(est, intent, built, entities, settings, asked)  # "…and how many experts?": the side asks answered
    add_sheet(intent, built, entities.model, asked)  # "…based on what, ok for commercial use?": each fact asked
    add_quality(intent, built.facts, entities.model, asked, entities.model2)  # "X or Y for tool calling?": scores
    add_cards_prefill(est, entities, settings, built.facts, asked)  # "is AMD still behind on pp?"
    add_versions(intent, built.facts, entities.model, asked)  # "is there a thinking version?"
    engine_facts(est, built, entities, settings)
    if entities.model is not None and scope_facts.image_generator(entities.model.domain, intent):
        built.facts["image_generator"] = entities.model.name  # GLIDE: the site's figures, said for what they are
    if asked.target_tok_s and entities.model is not None and entities.card is None and entities.setup is None \
            and intent in TARGET_INTENTS:  # "what gpu for 100 tok/s on X": the cards that reach it
        built.facts["target_speed"] = target_speed(est, entities, settings, asked.target_tok_s)
    # the other profile's figure in one line where it helps: a page model's page figure under the default,
    # the site's-figures note under `reference` (facts/truer.py)
    add_other_profile(est, entities, settings, intent, built.facts)
    if asked.mac_unsized and not (entities.setup is not None and entities.setup.unified):
        built.facts["mac_unsized"] = mac_configs(est, asked.mac_unsized, entities, settings)
    generic_b = built.facts.get("generic_model_b")
    if generic_b and not built.facts.get("generic_model_active_b"):  # "a 30B": the MoE of that size too
        on, where = intent, entities
        if intent == "what_gpu" and built.facts.get("budget_mode") == "model":  # the budget's pick is the card
            pick = budget_pick_card(est, built.facts, settings)
            on, where = ("speed", replace(entities, card=pick)) if pick is not None else (intent, entities)
        moe = moe_of_size(est, on, where, settings, generic_b)
        if moe is not None:
            built.facts["generic_moe"] = moe
    if asked.speculative:  # "MTP/4", "with a draft model": the figures with its public gain (facts/speculative.py)
        speculative.apply(built.facts, asked.users)
    names = EntityBuilding.entity_names(entities, settings)
    if built.facts.get("together"):
        names["together"] = True  # two models loaded at once: `model2` is the second
    if "budget" in built.facts:
        spent = built.facts["budget"]
        names["budget"] = {"amount": spent["amount"], "currency": spent["currency"], "usd": spent["usd"]}
    return names
