"""The other profile's figure beside an answer's, in one line, only where it helps a reader:

- Under the default (`measured`), an answer about one of the reference site's own page models (the five
  models of catalog/data/models/reference.json) adds the page's figure for what it leads with, so a reader
  who came from the site recognises it (`facts["reference_figure"]`): the named card's row, the memory need
  at the least compressed level, or the page's smallest and fastest card.
- Under `reference` (chosen by a flag or a setting), the answer says its figures are the site's
  (`facts["reference_note"]`) and, when the calibrated speed or memory differs by more than `TRUER_RATIO`,
  gives it in the same line (`facts["measured_figure"]`). A fit the two profiles disagree on is never set
  side by side ("no" and then "fits" would contradict itself): the note says the figures are the site's.
The figures themselves are never changed.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.knowledge.profiles import page_models
from catalog.records import GpuRecord
from estimator.ranking import rate_all
from estimator.setups import Setup, rate_setup

from .common import Entities, Estimates, EstimateSettings

TRUER_RATIO = 1.5  # issue 18: "differs by more than 1.5×"
TRUER_INTENTS = frozenset({"can_run", "speed", "two_gpus", "offload", "vram"})  # answers that lead with a figure
# Answers about a model whose page-level figures a page model's reader knows (smallest, fastest card).
PAGE_INTENTS = TRUER_INTENTS | {"fastest", "smallest", "what_gpu", "model_info"}
# Every answer that gives estimator figures: under `reference` each says they are the site's.
FIGURE_INTENTS = PAGE_INTENTS | {"why_quant", "card_models", "memory_cards", "compare", "longest_context",
                                 "prefill", "users", "family_fit"}
MEASURED = "measured"
REFERENCE = "reference"


def _counterpart(est: Estimates, card: GpuRecord, profile: str) -> GpuRecord | None:
    """The same card in `profile`'s catalog; None when that catalog lacks it (a Mac under `reference`)."""
    for other in est.kn.gpus_for(profile):
        if other.name == card.name:
            return other
    return None


def _differs(a: float, b: float) -> bool:
    return a > 0 and b > 0 and max(a / b, b / a) > TRUER_RATIO


def _row_in(est: Estimates, e: Entities, s: EstimateSettings, profile: str) -> tuple[str | None, float | None,
                                                                           float | None, float | None] | None:
    """(level, tok/s, low, high) of the named card or setup under `profile`; None when it has no such card."""
    assert e.model is not None
    size = est.size_of(e.model)
    if size is None:
        return None
    query = est.query(size, replace(s, profile=profile))
    if e.setup is not None:
        devices = []
        for d in e.setup.devices:
            if isinstance(d.card, GpuRecord):
                other = _counterpart(est, d.card, profile)
                if other is None:
                    return None
                d = replace(d, card=other)
            devices.append(d)
        setup: Setup = replace(e.setup, devices=tuple(devices))
        srow = rate_setup(query.profile, size, setup, s.context, s.min_quality, s.quant,
                          constants=est.profiles.setup_constants())
        return (srow.quant.name if srow.quant else None), srow.tok_s, srow.tok_s_low, srow.tok_s_high
    if e.card is not None:
        card = _counterpart(est, e.card, profile)
        if card is None:
            return None
        row = rate_all(query, [card])[0]
        return (row.quant.name if row.quant else None), row.tok_s, row.tok_s_low, row.tok_s_high
    return None


def _measured_speed(est: Estimates, e: Entities, s: EstimateSettings, lead: dict[str, Any]) -> dict[str, Any] | None:
    got = _row_in(est, e, s, MEASURED)
    ref_tok = lead.get("tok_s")
    if got is None or got[1] is None or ref_tok is None or not _differs(got[1], ref_tok):
        return None  # only two speeds side by side: a fit one profile denies is never contradicted
    quant, tok, low, high = got
    return {"kind": "speed", "profile": MEASURED, "quant": quant, "tok_s": tok, "tok_s_low": low,
            "tok_s_high": high, "reference_tok_s": ref_tok, "reference_quant": lead.get("quant"),
            "ratio": tok / ref_tok}


def _need_gap(est: Estimates, e: Entities, s: EstimateSettings, levels: list[dict[str, Any]],
              other: str) -> dict[str, Any] | None:
    """The level whose memory need differs most between the answer's figures and `other`'s."""
    assert e.model is not None
    size = est.size_of(e.model)
    if size is None:
        return None
    query = est.query(size, replace(s, profile=other))
    widest: dict[str, Any] | None = None
    for level in query.levels():
        shown = next((lv for lv in levels if lv.get("quant") == level.name), None)
        if shown is None:
            continue
        need = query.need_gb(level)
        if _differs(need, shown["need_gb"]):
            ratio = need / shown["need_gb"]
            if widest is None or abs(ratio - 1) > abs(widest["ratio"] - 1):
                widest = {"kind": "memory", "profile": other, "quant": level.name, "need_gb": need,
                          "shown_need_gb": shown["need_gb"], "ratio": ratio}
    if widest is not None and other == MEASURED:
        widest["reference_need_gb"] = widest["shown_need_gb"]
    return widest


def measured_figure(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """Under `reference`: the measured profile's figure for what the answer leads with, when it differs
    enough to matter; None otherwise (and always under another profile)."""
    if s.profile != REFERENCE or e.model is None:
        return None
    lead = facts.get("row")
    if isinstance(lead, dict) and (e.card is not None or e.setup is not None):
        return _measured_speed(est, e, s, lead)
    if isinstance(facts.get("levels"), list) and facts["levels"] and e.card is None and e.setup is None:
        return _need_gap(est, e, s, facts["levels"], MEASURED)
    return None


def is_page_model(e: Entities) -> bool:
    return e.model is not None and e.model.name in page_models()


def reference_figure(est: Estimates, e: Entities, s: EstimateSettings, facts: dict[str, Any]) -> dict[str, Any] | None:
    """Under the default: for one of the site's page models, the page's figure for what the answer leads
    with (the named card's row, the least compressed level's need, or the page's smallest and fastest card);
    None for any other model, under `reference`, or when the site has no such figure (a Mac, a setup)."""
    return _page_figure(est, e, s, isinstance(facts.get("levels"), list) and bool(facts["levels"]))


def media_reference_figure(est: Estimates, e: Entities, s: EstimateSettings, intent: str) -> dict[str, Any] | None:
    """The same line for a page model answered in its own units (GLIDE, TiTok-L make images: the image
    answer has no levels nor rows): the named card's row, the need when the question is about memory, or
    the page's smallest and fastest card; None outside the page intents and where `reference_figure` says."""
    if intent not in PAGE_INTENTS:
        return None
    return _page_figure(est, e, s, intent == "vram" and e.card is None and e.setup is None)


def _page_figure(est: Estimates, e: Entities, s: EstimateSettings, leads_with_memory: bool) -> dict[str, Any] | None:
    if s.profile == REFERENCE or not is_page_model(e):
        return None
    assert e.model is not None
    base = {"profile": REFERENCE, "model": e.model.name}
    if e.card is not None or e.setup is not None:
        got = _row_in(est, e, s, REFERENCE) if e.setup is None else None
        if got is not None and got[1] is not None:
            return {**base, "kind": "row", "quant": got[0], "tok_s": got[1]}
        # the site's page does not rate this hardware running it: its page-level figures instead, never a
        # "no" beside the answer's own verdict
    elif leads_with_memory:
        size = est.size_of(e.model)
        if size is None:
            return None
        query = est.query(size, replace(s, profile=REFERENCE))
        top = query.levels()[0]
        return {**base, "kind": "memory", "quant": top.name, "need_gb": query.need_gb(top)}
    page = est.rated(e.model, replace(s, profile=REFERENCE)).summary
    small, fast = page.get("smallest"), page.get("fastest")
    if not small or not fast:
        return None
    return {**base, "kind": "page", "smallest": small["card"], "smallest_memory_gb": small["memory_gb"],
            "fastest": fast["card"], "fastest_tok_s": fast["tok_s"]}


def add_other_profile(est: Estimates, e: Entities, s: EstimateSettings, intent: str, facts: dict[str, Any]) -> None:
    """The keys above, each where its rule says (the engine's one call after the builder)."""
    if s.profile == REFERENCE:
        if intent in FIGURE_INTENTS:
            facts["reference_note"] = True
        if intent in TRUER_INTENTS:
            truer = measured_figure(est, e, s, facts)
            if truer is not None:
                facts["measured_figure"] = truer
    elif intent in PAGE_INTENTS:
        page = reference_figure(est, e, s, facts)
        if page is not None:
            facts["reference_figure"] = page
