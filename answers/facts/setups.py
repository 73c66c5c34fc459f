"""Setups in answers: the words a question or a command gives → an `estimator.setups.Setup` → facts.

Every part of a setup is a record of the hardware catalog (catalog/hardware.py), found by the
engine's or the reports' card resolver for the profile asked: an Apple chip, a Strix Halo or a DGX
Spark is the catalog's record of that memory configuration ("Apple M4 Max 128 GB", its `memory_gb`
the machine's whole memory, `unified_memory` set). A chip-shaped name is looked up among the cards
the reference pages lack first (`Knowledge.added_card`), so "M4" in a setup never lands on the
Tesla M4; a name the resolver does not know is never dropped (the resolver's error reaches the
asker with the closest names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from answers.facts import fits_instead
from answers.facts import verdict as vd
from answers.facts.advice import MIN_DATE, MIN_PARAMS_B, at_reading_speed
from answers.facts.common import GUESS_RAM_GB, BadInput, Estimates, EstimateSettings
from answers.facts.gguf_file import file_facts
from answers.facts.moe_run import moe_run
from answers.facts.offload_assumed import assumed_offload
from answers.facts.offload_cache import with_smaller_cache
from answers.facts.quant_advice import QUALITY
from answers.facts.setup_rows import cpu_assumed, ram_facts, row_facts, setup_facts
from answers.knowledge.pickled import compile_cached
from answers.knowledge.unresolved import UnresolvedName  # noqa: F401 — the error a setup's name raises, named here too
from answers.reading import apple_typical
from answers.reading.options import card_parts
from answers.reading.sizes import GB_AMOUNT_RE
from answers.records.asked import Asked
from catalog.records import GpuRecord, ModelRecord
from estimator.cpu_machine import CpuSpec, cpu_ram
from estimator.cpu_only import CpuRow, cpu_pick, cpu_rows
from estimator.machine import MachineConstants
from estimator.model import InvalidInput, ModelSize
from estimator.profile import READING_SPEED_TOK_S, Profile
from estimator.quants import floor as lowest_level
from estimator.quants import quant
from estimator.quants import quant as quant_of
from estimator.ranking import Row
from estimator.setup_ram import usual_ram_gb
from estimator.setups import RAM_SIZES_GB, Device, Setup, SetupConstants, lower_fit, rate_setup
from estimator.wired_limit import RaisedLimit, raised_limit

CardResolver = Callable[[str], GpuRecord | None]

_CHIP_FIRST_RE = compile_cached(r"^\s*(?:apple\s+)?(?:m[1-5]\b|strix|radeon \d{3,4}[ms]\b|ryzen ai|arc pro b70)",
                            re.IGNORECASE)



def _no_added_card(text: str) -> GpuRecord | None:
    return None


def words_from_text(text: str, count: int | None = None, ram_gb: float | None = None) -> list[tuple[str, int]]:
    """A card field as typed, read by answers/reading/options.py (kept for the reports' card field)."""
    try:
        return card_parts(text, count)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None


def setup_from_asked(asked: Asked, resolve: CardResolver, added: CardResolver = _no_added_card,
                     machine: MachineConstants | None = None) -> Setup | None:
    """The asker's setup as read (parse()'s `setup`, or the card field read by answers/reading/options.py):
    the parts with their counts and the RAM beside them (type, speed, channels); None for one plain card.
    Bad counts or sizes become the engine's "invalid" answer."""
    parts, count = asked.setup, asked.gpu_count
    ram, ram_type, mts, channels = asked.ram_gb, asked.ram_type, asked.ram_mts, asked.ram_channels
    if not parts:
        return None
    try:
        if any(n < 1 for _, n in parts):
            raise InvalidInput("the number of cards must be at least 1")
        return build_setup(list(parts), resolve, ram, ram_type, added=added, ram_mts=mts, ram_channels=channels)
    except InvalidInput:
        raise BadInput("setup", count=count, ram_gb=ram) from None


def build_setup(parts: list[tuple[str, int]], resolve: CardResolver, ram_gb: float | None = None,
                ram_type: str | None = None, *, added: CardResolver = _no_added_card, ram_mts: int | None = None,
                ram_channels: int | None = None) -> Setup:
    """Each (text, count) → a Device. `resolve` is the profile's card resolver (it raises an
    `UnresolvedName` for a name it cannot pin down); `added` finds hardware the reference pages lack
    (`Knowledge.added_card`), asked first for chip-shaped names."""
    devices = []
    for text, count in parts:
        text = apple_typical.chip_for(text) or text  # "mac 64 GB": a typical chip of that memory
        card = added(text) if _CHIP_FIRST_RE.match(text) else None
        if card is None:
            text = plural_or_name(text, resolve)
            try:
                card = resolve(text)
            except UnresolvedName as problem:
                picked = server_variant(text, list(problem.candidates)) if count > 1 else None
                if picked is None:
                    raise
                card = resolve(picked)
        if card is None:
            raise InvalidInput(f"{text!r} names no card")
        devices.append(Device(card, count))
    return Setup(tuple(devices), ram_gb=ram_gb, ram_type=ram_type, ram_mts=ram_mts, ram_channels=ram_channels)


_PLURAL_RE = compile_cached(r"\b([a-z]{1,3}\d{1,4})s\b", re.IGNORECASE)


def plural_or_name(text: str, resolve: CardResolver) -> str:
    """"l40s" is the L40S, "a5000s"/"mi50s"/"h100s"/"l4s" are plurals: the name with its s when the card
    resolver finds a card that carries that very word, else the name without the s."""
    hit = _PLURAL_RE.search(text)
    if hit is None:
        return text
    try:
        card = resolve(text)
    except UnresolvedName:
        card = None
    if card is not None and hit.group(0).casefold() in card.name.casefold().split():
        return text
    return text[:hit.end(1)] + text[hit.end():]


def server_variant(text: str, candidates: list[str]) -> str | None:
    """"8x H100", "4 × A100 80GB": several data-centre cards in one box are the SXM boards. Among the
    candidates of an ambiguous name, those carrying the typed model number (and size, when typed), SXM
    first; None when the name does not pin one down."""
    low = text.casefold()
    token = re.search(r"\b[a-z]{1,2}\d{2,4}[a-z]?\b", low)
    if token is None:
        return None
    size = GB_AMOUNT_RE.search(low)
    kept = [c for c in candidates if re.search(rf"\b{re.escape(token.group(0))}\b", c.casefold())]
    if size:
        kept = [c for c in kept if re.search(rf"\b{re.escape(size.group(1))}\s?gb\b", c.casefold())]
    sxm = [c for c in kept if "sxm" in c.casefold()]
    if sxm:
        by_size = [c for c in sxm if re.search(r"\b80\s?gb\b", c.casefold())] if not size else []
        return (by_size or sxm)[0]
    return kept[0] if len(kept) == 1 else None


def _usable_share(constants: SetupConstants, pick: CpuRow) -> float:
    """The share of the RAM size quoted for `pick` the model may take: 80 %, or more on a big machine whose
    system keeps at most `ram_reserve_gb` (the answer's "the model may take about …% of it")."""
    size = pick.ram_size_gb
    return constants.ram_usable_share if not size else constants.offload_ram_gb(size) / size

def rate(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
         min_quality: str | None, quant: str | None, cache_type: str = "f16") -> dict[str, Any]:
    """Facts for one model on one setup: `row` (like one card), `setup`, and `short_gb` when it does not fit."""
    row = rate_setup(profile, model, setup, context, min_quality, quant, constants=constants, cache_type=cache_type)
    facts: dict[str, Any] = {"mode": "setup", "row": row_facts(row), "setup": setup_facts(setup),
                             "offload_min_tok_s": constants.offload_min_tok_s,
                             "file": file_facts(model.name, row.quant.name if row.quant else None)}
    if any(getattr(d.card, "segment", "") == "laptop" for d in setup.devices):
        facts["row"]["ram_laptop"] = True  # the RAM assumed is a laptop's, said so (answers/templates/_macros)
    smaller_cache = with_smaller_cache(profile, model, setup, constants, context, row, cache_type)
    if smaller_cache is not None:  # a long context's f16 cache crowds a MoE's attention off the card
        facts["offload_cache"] = smaller_cache
    _put(facts, "moe_run", moe_run(profile, model, setup, constants, context, row, cache_type))  # --n-cpu-moe N
    floor = lowest_level(min_quality, profile.default_min_quality)
    near = row.fit == "offload" and fits_instead.near_miss(row.offload_gb, row.need_gb)
    if row.fit == "offload" and row.quant is not None and ((row.tok_s or 0.0) < fits_instead.SLOW_OFFLOAD_TOK_S
                                                           or near):
        # a slow offload, or one that misses the cards by a little: the largest smaller level the cards hold
        # whole, named when it is faster
        held = fits_instead.on_setup(profile, model, setup, constants, context, row.quant.name)
        if held is not None and (held["tok_s"] or 0.0) > (row.tok_s or 0.0):
            facts["held_instead"] = held
    if row.fit == "offload" and row.quant is not None and row.quant.rank > floor.rank and quant is None:
        # Only a level below the minimum quality leaves little enough for the RAM: said with the speed (a level
        # the asker named is theirs, not one the RAM forced).
        facts["offload_below_floor"] = {"quant": row.quant.name, "floor_quant": floor.name}
    if row.fit == "no" and row.why == "offload" and row.slow_tok_s is None and setup.ram_gb is not None:
        # The RAM the asker has does not take the rest either: how much RAM would (a size people buy).

        needed = constants.ram_for_offload_gb(row.offload_gb or 0.0)
        facts["ram_to_hold_gb"] = next((size for size in RAM_SIZES_GB if size >= needed), None)
    if not row.runs:
        facts["short_gb"] = max(0.0, row.need_gb - row.usable_gb)
        # "qwen3-235b in nvfp4 on a dgx spark?": no, but llama.cpp's GGUF levels fit
        _put(facts, "gguf_instead", _gguf_instead(profile, model, setup, constants, context, min_quality))
        # The level of the need said: the one asked, else (held whole) the last one tried, the usual minimum.
        short_quant = quant or (floor.name if row.why != "offload" else None)
        if short_quant is not None:
            facts["short_quant"] = short_quant
        raised = raised_limit(constants, profile, model, setup, context, min_quality, quant)
        if raised is not None:
            # A Mac that misses only macOS' default GPU share: how to raise it, and the speed once raised.
            facts["raise_wired_limit"] = raised_facts(raised)
        if quant is None:  # the floor never turns "fits at a lower level" into "No" (answers/facts/quant_advice.py)
            low = lower_fit(profile, model, setup, context, min_quality, constants=constants)
            name = low.quant.name if low is not None and low.quant else None
            facts["lower"] = None if name is None else {"quant": name, "need_gb": low.need_gb,  # type: ignore[union-attr]
                                                        "quality": QUALITY.get(name, "noticeable")}
            if name is None:  # past the ladder: Unsloth's 1-bit files of the largest MoE models
                ud = fits_instead.on_setup(profile, model, setup, constants, context, None)
                facts["lower"] = None if ud is None else {**ud, "quality": "large_loss"}
            if raised is None:  # the raised share may hold a level below the usual one, or a less compressed one
                raised_low = _raised_below_floor(profile, model, setup, constants, context, floor.rank)
                if raised_low is not None:
                    facts["raise_wired_limit"] = {
                        "os": raised_low.os, "ttm_pages": raised_low.ttm_pages,
                        "wired_limit_mb": raised_low.wired_limit_mb, "gpu_gb": raised_low.gpu_gb,
                        "left_gb": raised_low.left_gb, "row": row_facts(raised_low.row), "floor_quant": floor.name}
        else:  # "dual 4090 for llama 70b q8": would a more compressed level fit on the setup held whole?
            facts["smaller_level"] = fits_instead.on_setup(profile, model, setup, constants, context, quant)
            facts["smaller_level_fits"] = facts["smaller_level"] is not None
            facts["smaller_fit"] = _smaller_fit(profile, model, setup, constants, context, quant)
        if setup.ram_gb is None and not setup.unified:
            guess = assumed_offload(profile, model, setup, constants, context, min_quality, quant,
                                    usual_ram_gb(constants, setup, GUESS_RAM_GB))
            facts["offload_assumed"] = guess
            facts["offload_guess"] = guess["row"] if guess["outcome"] == "runs" else None
    return facts


def _put(facts: dict[str, Any], key: str, value: Any) -> None:
    """A fact said only when there is one."""
    if value is not None:
        facts[key] = value


def _gguf_instead(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                  min_quality: str | None) -> dict[str, Any] | None:
    """A shared-memory machine that cannot hold the model in a serving engine's format (vLLM's NVFP4, FP8,
    AWQ): the least compressed GGUF level llama.cpp holds there, with its speed, or None. Only under an engine
    profile (it carries the default one as `base`), only for a unified machine (a card has its own answers)."""
    base = getattr(profile, "base", None)
    if base is None or not setup.unified:
        return None
    row = rate_setup(base, model, setup, context, min_quality, None, constants=constants)
    if not row.runs or row.fit == "offload":
        low = lower_fit(base, model, setup, context, min_quality, constants=constants)  # below the usual floor
        if low is None or not low.runs or low.fit == "offload":
            return None
        row = low
    return {**row_facts(row), "below_floor": row is not None and row.quant is not None
            and row.quant.rank > lowest_level(min_quality, base.default_min_quality).rank}


def raised_facts(raised: RaisedLimit) -> dict[str, Any]:
    """A Mac's (or a Strix Halo's) GPU share raised: the command's figures and the rating once raised."""
    return {"os": raised.os, "ttm_pages": raised.ttm_pages, "wired_limit_mb": raised.wired_limit_mb,
            "gpu_gb": raised.gpu_gb, "left_gb": raised.left_gb, "row": row_facts(raised.row)}


def _raised_below_floor(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                        floor_rank: int) -> RaisedLimit | None:
    """A Mac that holds no level of the usual quality even with its GPU share raised ("M2 Ultra 192 GB,
    DeepSeek-R1 671B", "M3 Ultra 512 GB, Kimi K2"): the least compressed level below that quality the raised
    share holds and the default share does not, or None."""
    for lv in profile.levels:
        if lv.rank > floor_rank:
            raised = raised_limit(constants, profile, model, setup, context, None, lv.name)
            if raised is not None:
                return raised
    return None


def _smaller_fit(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                 forced: str) -> dict[str, Any] | None:
    """The level the setup runs when the one asked does not fit: its own rating with no level forced (its
    RAM included, down to the 1-bit files of the largest models), if that is more compressed than the one
    asked; the answer names it with its speed instead of "ask again"."""
    row = rate_setup(profile, model, setup, context, None, None, constants=constants)
    if not row.runs or row.quant is None or row.quant.rank <= quant(forced).rank:
        return None
    return row_facts(row)


def held_levels(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                min_quality: str | None, forced: str | None) -> list[vd.LevelRating]:
    """Every level of the ladder on the setup held whole (its system RAM left out: offloading is the setup
    row's business), as the one verdict rates them; the "which quant", several-users and prompt answers
    take their levels from here too."""
    bare = replace(setup, ram_gb=None)
    return vd.setup_levels(profile, min_quality, forced, lambda level: rate_setup(
        profile, model, bare, context, None, level, constants=constants), model)


def verdict(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, s: EstimateSettings,
            row: dict[str, Any]) -> dict[str, Any]:
    """The one verdict (answers/verdict.py) on a setup: its levels held whole; when none is, and the
    asker's RAM takes the rest at a usable speed, the offload row is the verdict ("offload")."""
    levels = held_levels(profile, model, setup, constants, s.context, s.min_quality, s.quant)
    v = vd.decide(levels, setup.label)
    if v["outcome"] in ("no", "lower_only") and row["fit"] == "offload":
        at = {k: row[k] for k in ("quant", "need_gb", "fit", "tok_s", "tok_s_low", "tok_s_high")}
        floor = lowest_level(s.min_quality, profile.default_min_quality)
        below = s.quant is None and quant(row["quant"]).rank > floor.rank
        v.update(outcome="offload", recommended={**at, "below_floor": below}, levels_named=[row["quant"]])
    return v


class SetupCard(Struct, frozen=True):
    """A setup seen as one card in a model list (its label, pooled memory, first card's vendor)."""

    name: str
    vendor: str
    memory_gb: float
    bandwidth_gbps: float
    position: int = -1
    release: None = None
    architecture: None = None
    memory_type: None = None


def model_rows(est: Estimates, setup: Setup, s: EstimateSettings) -> tuple[SetupCard, list[tuple[ModelRecord, Row]]]:
    """"What can my setup run": every model the advice rules may rank (Knowledge.rankable_models, a
    superset of advice.runnable) that it holds whole (models that would only run offloaded are left to
    the can_run answer), each with its row, in catalog order; and the setup as a card.
    `other_fits` counts the rest of the catalog."""
    profile = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    first = setup.devices[0].card
    view: SetupCard | None = None
    pairs: list[tuple[ModelRecord, Row]] = []
    for rec in est.kn.rankable_models(MIN_PARAMS_B, MIN_DATE):
        size = est.size_of(rec)
        if size is None:
            continue
        r = rate_setup(profile, size, setup, s.context, s.min_quality, s.quant, constants=constants)
        if view is None:
            view = SetupCard(r.label, r.vendor, r.memory_gb, r.bandwidth_gbps)
        if r.runs and r.fit != "offload":
            pairs.append((rec, Row(view, r.quant, r.need_gb, r.fit, r.tok_s, r.tok_s_low, r.tok_s_high,
                                   r.confidence)))
    if view is None:
        view = SetupCard(setup.label, first.vendor, first.memory_gb, first.bandwidth_gbps)
    if s.quant is None:  # each model at the level people would run it (answers/facts/advice.py at_reading_speed)
        def rerate(rec: ModelRecord, level: str) -> Row | None:
            size = est.size_of(rec)
            if size is None:
                return None
            r = rate_setup(profile, size, setup, s.context, s.min_quality, level, constants=constants)
            if not r.runs or r.fit == "offload":
                return None
            return Row(view, r.quant, r.need_gb, r.fit, r.tok_s, r.tok_s_low, r.tok_s_high, r.confidence)

        pairs = at_reading_speed(pairs, rerate)
    return view, pairs


def other_fits(est: Estimates, setup: Setup, s: EstimateSettings) -> int:
    """How many catalog models outside `model_rows` the setup holds whole, rated once per size group."""
    profile, constants = est.profile(s.profile), est.profiles.setup_constants()
    held = 0
    for size, n in est.kn.other_sizes(MIN_PARAMS_B, MIN_DATE):
        r = rate_setup(profile, size, setup, s.context, s.min_quality, s.quant, constants=constants)
        held += n if r.runs and r.fit != "offload" else 0
    return held


# ---------------------------------------------------------------------------------------- no GPU
def cpu_level_facts(r: CpuRow) -> dict[str, Any]:
    return {"quant": r.quant.name, "need_gb": r.need_gb, "ram_needed_gb": r.ram_needed_gb,
            "ram_size_gb": r.ram_size_gb, "fits": r.fits, "tok_s": r.tok_s, "tok_s_low": r.tok_s_low,
            "tok_s_high": r.tok_s_high, "usable": r.usable, "tight": r.tight,
            "left_gb": None if r.ram_gb is None else r.ram_gb - r.need_gb}


def cpu_facts(profile: Profile, model: ModelSize, constants: SetupConstants, context: int, min_quality: str | None,
              quant: str | None, ram_gb: float | None, ram_type: str | None, cache_type: str = "f16", *,
              ram_mts: int | None = None, ram_channels: int | None = None,
              cpu: CpuSpec | None = None) -> dict[str, Any]:
    """A model on the CPU alone (the `cpu` facts of an answer whose question left the card out): each
    level's need in system RAM and the RAM size that holds it, the speed from the RAM's bandwidth (dual
    channel, the default type unless named), the level quoted (`pick`) and, when the RAM said holds no
    level at the usual minimum quality, the best lower level that fits (`lower`)."""
    said: dict[str, Any] = {"ram_mts": ram_mts, "ram_channels": ram_channels, "cpu": cpu}
    rows = cpu_rows(constants, profile, model, context, min_quality, quant, ram_gb, ram_type, cache_type, **said)
    # the file people run of a giant MoE's "q2" when the plain level misses the RAM or holds it only tightly
    roomy = any(r.fits and not r.tight for r in rows)
    usual = fits_instead.usual_file(model, quant) if ram_gb is not None and not roomy else None
    meant = cpu_rows(constants, profile, model, context, None, usual, ram_gb, ram_type, cache_type, **said) \
        if usual else []
    usual_file = None
    if meant and meant[0].need_gb < (ram_gb or 0.0):
        # "deepseek q2 in 256 GB": the Q2 file people run, within the RAM where plain Q2_K is not; past the
        # share the answers keep for a model it is a tight fit (a headless machine), said so.
        usual_file = {**cpu_level_facts(meant[0]), "asked": quant, "asked_need_gb": rows[0].need_gb,
                      "tight": not meant[0].fits or meant[0].tight}
        if meant[0].fits:
            rows, quant = meant, usual
    pick = cpu_pick(rows, profile.miss_quant, READING_SPEED_TOK_S)
    lower = smallest_tried = None
    if ram_gb is not None and not any(r.fits for r in rows) and quant is None:
        below = cpu_rows(constants, profile, model, context, profile.levels[-1].name, None, ram_gb, ram_type,
                         cache_type, **said)
        lower = next((cpu_level_facts(r) for r in below if r.fits), None)
        # "No, even at …" names the most compressed level tried, never the usual minimum as if it were the last
        smallest_tried = cpu_level_facts(below[-1]) if below else None
    smaller = None
    if ram_gb is not None and quant is not None and not any(r.fits for r in rows):  # "r1 q8 in 512 GB": what fits
        every = cpu_rows(constants, profile, model, context, profile.levels[-1].name, None, ram_gb, ram_type,
                         cache_type, **said)
        smaller = next((cpu_level_facts(r) for r in every if r.fits and r.quant.bpw < quant_of(quant).bpw), None)
    first = rows[0]
    return {
        "ram_gb": ram_gb, "ram_type": first.ram_type, "ram_type_assumed": ram_type is None,
        "ram_bandwidth_gbps": first.ram_bandwidth_gbps, "ram_usable_share": _usable_share(constants, pick),
        **ram_facts(first.ram, first.ram_effective_gbps), "cpu_cores_bound": first.cores_bound,
        "prefill_tok_s": pick.prefill_tok_s, "prefill_tok_s_low": pick.prefill_tok_s_low,
        "prefill_tok_s_high": pick.prefill_tok_s_high, "cpu_assumed": cpu_assumed(constants, first.ram, cpu),
        "min_tok_s": constants.offload_min_tok_s,
        "moe": model.is_moe, "params_b": model.params_b, "active_params_b": model.active_params_b,
        "levels": [cpu_level_facts(r) for r in rows], "pick": cpu_level_facts(pick),
        "lowest": cpu_level_facts(rows[-1]), "lower": lower, "forced": quant, "smaller_level": smaller,
        "usual_file": usual_file, "smallest_tried": smallest_tried,
    }


def cpu_model_rows(est: Estimates, cpu_ram_gb: float, ram_type: str | None, s: EstimateSettings,
                   ram_mts: int | None = None, ram_channels: int | None = None,
                   cpu: CpuSpec | None = None) -> tuple[SetupCard, list[tuple[ModelRecord, Row]]]:
    """"No GPU, 64 GB of RAM, what can I run": every model the advice rules may rank that fits in the RAM
    the system leaves free, at the least compressed level that still reaches reading speed (else the least
    compressed that fits: on a CPU a smaller file is a faster one), with the machine seen as one card."""
    profile = est.profile(s.profile)
    constants = est.profiles.setup_constants()
    spec = cpu_ram(constants.machine, cpu, ram_type, ram_mts, ram_channels, cpu_ram_gb)
    kind, bw = spec.kind, spec.theoretical_gbps
    view = SetupCard(f"CPU + {cpu_ram_gb:g} GB {kind}", "CPU", cpu_ram_gb, bw)
    pairs: list[tuple[ModelRecord, Row]] = []
    for rec in est.kn.rankable_models(MIN_PARAMS_B, MIN_DATE):
        size = est.size_of(rec)
        if size is None:
            continue
        fitting = [r for r in cpu_rows(constants, profile, size, s.context, s.min_quality, s.quant, cpu_ram_gb,
                                       ram_type, s.cache_type, ram_mts=ram_mts, ram_channels=ram_channels,
                                       cpu=cpu) if r.fits]
        if not fitting:
            continue
        r = next((x for x in fitting if x.tok_s >= READING_SPEED_TOK_S), fitting[0])
        fit = "comfortable" if r.need_gb <= 0.7 * cpu_ram_gb else "tight"
        pairs.append((rec, Row(view, r.quant, r.need_gb, fit, r.tok_s, r.tok_s_low, r.tok_s_high, "low")))
    return view, pairs
