"""What an answer offers when the card named is short of the model: offload with an assumed amount of RAM, the
fewest of the same card that hold it, and a smaller model of the same line that runs well there. Used by the
one-card and memory-size answers (answers/facts/rating.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from msgspec.structs import replace

from answers.facts import fits_instead
from answers.facts import verdict as vd
from answers.facts.advice import GOOD_LEVEL
from answers.facts.common import GUESS_RAM_GB, BadInput, Estimates, EstimateSettings, Rated
from answers.facts.offload_assumed import assumed_offload
from answers.facts.quant_advice import CACHE_ALTERNATIVES
from answers.facts.relatives import best_relative
from answers.facts.setup_rows import row_facts
from catalog.records import GpuRecord, ModelRecord
from estimator.cpu_machine import CpuSpec
from estimator.model import DEFAULT_CONTEXT, ModelSize
from estimator.quants import floor, ladder, quant
from estimator.ranking import Row, rate_all
from estimator.setup_ram import usual_ram_gb
from estimator.setups import Device, Setup, pool_of, rate_setup


def _setups() -> ModuleType:
    # lazy: the setup rules (answers/facts/setups.py) are only needed once a card is short of the model
    from answers.facts import setups

    return setups


def runs_row(guess: dict[str, Any] | None) -> dict[str, Any] | None:
    """`offload_guess` (kept for JSON readers): the offload row when the assumed RAM runs it at a usable speed."""
    return guess["row"] if guess is not None and guess["outcome"] == "runs" else None


def offload_assumed(est: Estimates, rated: Rated, card: GpuRecord | None, s: EstimateSettings,
                    ram_type: str | None = None, ram_mts: int | None = None, ram_channels: int | None = None,
                    cpu: CpuSpec | None = None) -> dict[str, Any] | None:
    """The card plus `GUESS_RAM_GB` of RAM, whatever the outcome (runs, too slow, no room): the one rule
    every answer that mentions offloading follows (answers.facts.offload_assumed). None without a card,
    or for a unified-memory machine (its RAM is the memory already counted)."""
    if card is None or getattr(card, "unified_memory", False):
        return None
    q = rated.query
    # What the asker said of the RAM ("with ddr5", "4 channels", a processor whose platform fills the rest)
    # with the common amount; else the default type.
    setup = Setup((Device(card),), ram_type=ram_type, ram_mts=ram_mts, ram_channels=ram_channels, cpu=cpu)
    return assumed_offload(q.profile, q.model, setup,
                                  est.profiles.setup_constants(),
                                  s.context, s.min_quality, s.quant,
                                  usual_ram_gb(est.profiles.setup_constants(), setup, GUESS_RAM_GB))


def level_offloads(est: Estimates, rated: Rated, card: GpuRecord | None, s: EstimateSettings, levels: list[str],
                   ram: tuple[str | None, int | None, int | None], cpu: CpuSpec | None = None,
                   ram_gb_said: float | None = None) -> dict[str, Any]:
    """"q8 or q4 on a 12 GB card?" when neither fits whole: each level with part of it in the assumed RAM
    (`offload_assumed`'s rule: the common amount, or a named workstation's channels filled), so the choice
    between levels has figures (a mixture of experts keeps its attention on the card, experts in RAM)."""
    if card is None or getattr(card, "unified_memory", False):
        return {}
    q, ram_type, ram_mts, ram_channels = rated.query, *ram
    setup = Setup((Device(card),), ram_type=ram_type, ram_mts=ram_mts, ram_channels=ram_channels, cpu=cpu)
    constants = est.profiles.setup_constants()
    # the amount said ("a 3090 + 64 GB of RAM") is the one used; only when none was said is it assumed
    ram_gb = ram_gb_said or usual_ram_gb(constants, setup, GUESS_RAM_GB)
    out: dict[str, Any] = {}
    for name in levels:
        guess = assumed_offload(q.profile, q.model, setup, constants, s.context, s.min_quality, name, ram_gb)
        if guess["outcome"] != "no_room" and guess["tok_s"]:
            out[name] = {"tok_s": guess["tok_s"], "ram_gb": ram_gb, "ram_type": guess["ram_type"],
                         "runs": guess["outcome"] == "runs", "offload_gb": guess["offload_gb"],
                         "ram_said": bool(ram_gb_said)}
    return out


TOGETHER_MAX = 8  # cards one server holds; past that the answer is a cluster, not a count of cards


def how_many(est: Estimates, rated: Rated, card: GpuRecord, s: EstimateSettings) -> dict[str, Any] | None:
    """"How many 3090s for Mixtral 8x22B": the fewest of this card (up to TOGETHER_MAX) that the one verdict
    says run it at the usual quality, with the level and speed it recommends there; None for a
    shared-memory machine (one is the machine) or when even TOGETHER_MAX of them do not."""
    if getattr(card, "unified_memory", False):
        return None
    q, setups = rated.query, _setups()
    constants = est.profiles.setup_constants()
    floor_need = q.need_gb(quant(s.quant) if s.quant else floor(s.min_quality, q.profile.default_min_quality))
    tensor = getattr(q.profile, "split", "layer") == "tensor"
    for count in range(2, TOGETHER_MAX + 1):
        if tensor and not tensor_parallel_size_ok(q.model, count):
            continue  # vLLM and SGLang refuse it: "3x R9700 in tensor parallel" is no answer, 4x is
        setup = Setup((Device(card, count=count),))
        if pool_of(constants, q.profile, setup).total_usable < floor_need:
            continue  # not even the usual quality's last level fits: no need to rate every level
        levels = setups.held_levels(q.profile, q.model, setup, constants, s.context, s.min_quality, s.quant)
        v = vd.decide(levels, setup.label)
        if v["outcome"] in ("runs", "slow"):
            # the engine's split: tensor parallel (vLLM, SGLang, TensorRT-LLM) adds speed, a layer split does not
            return {"count": count, "card": card.name, "outcome": v["outcome"], **v["recommended"],
                    "split": getattr(q.profile, "split", "layer"), **_as_released(q.model, v["recommended"])}
    return None


# 16-bit levels: for a model released with native low-bit tensors they are the release itself
SIXTEEN_BIT = frozenset({"BF16", "F16"})


def _as_released(model: ModelSize, level: dict[str, Any]) -> dict[str, Any]:
    """A native-format model at a 16-bit level is the model as released (gpt-oss: MXFP4 experts, the rest in
    BF16, ~65 GB for the 120b): named by its format, never "BF16", which readers take for 234 GB."""
    if model.native is not None and level.get("quant") in SIXTEEN_BIT:
        return {"quant": model.native.format}
    return {}


def tensor_parallel_size_ok(model: ModelSize, count: int) -> bool:
    """Whether tensor parallelism over `count` cards is allowed for `model`: vLLM and SGLang split the attention
    heads evenly between the cards (num_attention_heads % tensor_parallel_size == 0; gpt-oss-120b's 64 heads take
    2, 4 or 8 cards, not 3). A model whose head count is not on record takes a power of two, as people run."""
    ffn = model.layout.ffn if model.layout is not None else None
    heads = ffn.attention_heads if ffn is not None else None
    if heads:
        return heads % count == 0
    return count & (count - 1) == 0


def relative(est: Estimates, rec: ModelRecord, s: EstimateSettings,
              row_of: Callable[[ModelRecord, EstimateSettings], Any]) -> dict[str, Any] | None:
    """The largest smaller model of the asked one's line that runs well on the same hardware
    (answers/facts/relatives.py), for a "no" or "only lower" answer. `row_of(model, settings)` rates it there."""
    profile = est.profile(s.profile)
    levels = [lv.name for lv in ladder(profile.levels, s.min_quality, profile.default_min_quality)]

    def rate(m: ModelRecord, level: str | None) -> Any:
        try:
            return row_of(m, replace(s, quant=level) if level else s)
        except BadInput:  # a record without a parameter count: not a candidate
            return None

    return best_relative(est.kn.models, rec, levels, rate)


def fastest_of(est: Estimates, m: ModelRecord, s: EstimateSettings, cards: Sequence[GpuRecord]) -> Row | None:
    """The fastest of `cards` that runs `m` at the settings' level (ties: catalog order, as
    `Rated.best_with_memory`); only those cards are rated, not the whole catalog."""
    size = est.size_of(m)
    if size is None or not cards:
        return None
    runs = [r for r in rate_all(est.query(size, s), cards) if r.runs]
    return min(runs, key=lambda r: (-(r.tok_s or 0.0), r.card.position), default=None)


# The cache type that most often turns a long prompt's "no" into a "yes": it halves the f16 cache at a quality
# cost people do not notice (the first of answers/facts/quant_advice.py's alternatives; a quantized V cache
# needs flash attention, which the prefill figures assume anyway).
PROMPT_CACHE_TYPE = CACHE_ALTERNATIVES[0]
# Below this speed an offload route is worth naming even when something is held whole (fits_instead.py).
ROUTE_USABLE_TOK_S = fits_instead.SLOW_OFFLOAD_TOK_S


def prompt_routes(est: Estimates, rated: Rated, setup: Setup, s: EstimateSettings,
                  make_keys: Callable[[Setup, Any, str], dict[str, Any]]) -> list[dict[str, Any]]:
    """A setup that cannot hold the model with a long prompt: the ways it still reads it, best first — the
    level asked with a q8_0 cache, a smaller level held whole (answers/facts/fits_instead.py), the level
    asked with part of it in `GUESS_RAM_GB` of RAM. Each: `way`, the row facts and its prompt keys
    (`make_keys(setup, row, cache_type)`)."""
    q = rated.query
    constants = est.profiles.setup_constants()
    bare = replace(setup, ram_gb=None)
    routes: list[dict[str, Any]] = []
    cached = _cache_route(est, q, bare, s, make_keys) if q.cache_type == "f16" else None
    if cached is not None:
        routes.append(cached)
    smaller = fits_instead.on_setup(q.profile, q.model, bare, constants, s.context, s.quant)
    if smaller is not None:
        row = rate_setup(q.profile, q.model, bare, s.context, None, smaller["quant"], constants=constants)
        if row.runs:
            routes.append(_route("level", row, row.need_gb, make_keys(bare, row, q.cache_type)))
    if len(routes) == 2 and quant(routes[0]["row"]["quant"]).bpw <= quant(routes[1]["row"]["quant"]).bpw:
        routes.pop(0)  # the smaller cache buys no better level than the f16 one: only that one
    if routes and (routes[0]["row"].get("tok_s") or 0) >= ROUTE_USABLE_TOK_S:
        return routes
    if not getattr(setup.cards()[0].card, "unified_memory", False):
        # the RAM said, else the common amount (a named workstation or server: its channels filled)
        ram_gb = setup.ram_gb or usual_ram_gb(constants, setup, GUESS_RAM_GB)
        ram = replace(setup, ram_gb=ram_gb)
        guess = assumed_offload(q.profile, q.model, setup, constants, s.context, s.min_quality, s.quant,
                                       ram_gb)
        if guess["outcome"] == "runs":
            row = rate_setup(q.profile, q.model, ram, s.context, s.min_quality, s.quant, constants=constants)
            routes.append(_route("offload", row, row.need_gb, make_keys(ram, row, q.cache_type),
                                 ram_gb=ram_gb, moe=q.model.is_moe))
    return routes


def _cache_route(est: Estimates, q: Any, bare: Setup, s: EstimateSettings,
                 make_keys: Callable[[Setup, Any, str], dict[str, Any]]) -> dict[str, Any] | None:
    """The prompt held whole with a smaller conversation cache: q8_0 first, else q4_0 (the one the fit answer
    names when only it makes room: answers/facts/quant_advice.py), so a prompt's time is given wherever the
    fit answer says it fits."""
    constants = est.profiles.setup_constants()
    room = pool_of(constants, q.profile, bare).total_usable
    for cache in CACHE_ALTERNATIVES:
        small = est.query(q.model, replace(s, cache_type=cache))
        # the level asked first, then the ones below it: Q4_K_M with a q8_0 cache beats IQ3 with an f16 one
        tried = small.levels() + (fits_instead.after(tuple(q.profile.levels), s.quant) if s.quant else ())
        level = next((lv for lv in tried if small.need_gb(lv) <= room), None)
        if level is None:
            continue
        # its speed and prompt time at that level; its memory with the smaller cache
        row = rate_setup(q.profile, q.model, bare, DEFAULT_CONTEXT, None, level.name, constants=constants)
        if row.runs:
            return _route("cache", row, small.need_gb(level), make_keys(bare, row, cache), cache_type=cache)
    return None


def _route(way: str, row: Any, need_gb: float, keys: dict[str, Any], **extra: Any) -> dict[str, Any]:
    facts = {**row_facts(row), **keys, "need_gb": need_gb}
    return {"way": way, "row": facts, **extra}


HOME_CARD_GB = 24.0  # the most memory on a consumer card most people can buy (3090, 4090, 7900 XTX)


def home_cards(est: Estimates, rated: Rated, s: EstimateSettings) -> dict[str, Any] | None:
    """"Two cards or a third?" when no 24 GB card holds the model at the usual quality: the fewest of the
    fastest 24 GB consumer card that do (`how_many`), so the answer never says a second card is rarely needed
    because a 96 GB workstation card holds it alone. None when one 24 GB card holds it, or none is rated."""
    usual_s = s if s.quant or s.min_quality else replace(s, min_quality=GOOD_LEVEL)
    usual = est.rated_size(rated.query.model, usual_s) if usual_s is not s else rated
    if usual.best_with_memory(HOME_CARD_GB) is not None:
        return None
    # the fastest such card sold at a known launch price (not a one-market variant)
    home = [r.card for r in rated.rows if isinstance(r.card, GpuRecord) and r.card.memory_gb == HOME_CARD_GB
            and getattr(r.card, "launch_price_usd", None) and getattr(r.card, "segment", "") == "consumer desktop"]
    if not home:
        return None
    card = max(home, key=lambda c: (c.bandwidth_gbps, -c.position))
    many = how_many(est, usual, card, usual_s)
    fewer = how_many(est, rated, card, s) if usual is not rated else None  # below the usual quality, fewer cards
    out = {"card_gb": HOME_CARD_GB, "card": card.name, "count": many["count"] if many else None,
           "quant": many["quant"] if many else None, "tok_s": many["tok_s"] if many else None,
           "max_count": TOGETHER_MAX, "fewer": None}
    if fewer is not None and (many is None or fewer["count"] < many["count"]):
        out["fewer"] = {"count": fewer["count"], "quant": fewer["quant"], "tok_s": fewer["tok_s"]}
    return out
