"""Offload for an asker who did not say their RAM: the card plus the usual amount of the default RAM type, and,
when the rest does not fit in that amount, the smallest common upgrade that runs it (a 5090 with 64 GB runs
gpt-oss-120b with its experts in RAM where 32 GB has no room). One rule for every answer that mentions
offloading (the setup's rating, one card short of a model, a long prompt's routes)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.setup_rows import row_facts
from estimator.model import ModelSize
from estimator.profile import Profile
from estimator.quants import floor as lowest_level
from estimator.setups import RAM_SIZES_GB, Setup, SetupConstants, rate_setup


def assumed_offload(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                    min_quality: str | None, quant: str | None, ram_gb: float) -> dict[str, Any]:
    """The setup plus `ram_gb` of the default RAM type, for an asker who did not say their RAM: one rule
    for every answer that mentions offloading. `outcome`: "runs" (at least `offload_min_tok_s`), "slow"
    (fits in RAM but below it: `tok_s` is the crawl), "no_room" (the rest does not fit in that RAM); with no
    room, `more_ram` is the smallest common upgrade that runs it (None when none up to a desktop's most does)."""
    row = rate_setup(profile, model, replace(setup, ram_gb=ram_gb), context, min_quality, quant, constants=constants)
    facts = row_facts(row)
    if row.fit == "offload":
        outcome, tok = "runs", row.tok_s
    elif row.slow_tok_s is not None:
        outcome, tok = "slow", row.slow_tok_s
    else:
        outcome, tok = "no_room", None
    floor = lowest_level(min_quality, profile.default_min_quality)
    # a level the asker named is theirs, not one the RAM forced: no "only a level as compressed as" for it
    below = quant is None and outcome == "runs" and row.quant is not None and row.quant.rank > floor.rank
    return {"outcome": outcome, "card": row.label, "ram_gb": ram_gb, "ram_type": row.ram_type, "tok_s": tok,
            # a crawl at a level below the usual one (the rest fits the RAM only there) names that level
            "quant": facts["quant"] or facts["slow_quant"] or quant or profile.miss_quant,
            "offload_gb": row.offload_gb, "min_tok_s": constants.offload_min_tok_s, "row": facts,
            # Only a level below the minimum quality leaves little enough for that RAM (said in the answer).
            "floor_quant": floor.name if below else None,
            "more_ram": (more := more_ram(profile, model, setup, constants, context, min_quality, quant, ram_gb)
                         if outcome == "no_room" else None),
            "from_disk": _from_disk_smallest(profile, model, setup, constants, context, quant, ram_gb, row.offload_gb)
            if outcome == "no_room" and more is None else None}


def _from_disk_smallest(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
                        quant: str | None, ram_gb: float, offload_gb: float | None) -> dict[str, Any] | None:
    """The SSD figure at the level asked, else at the most compressed level: read from the drive every token,
    a smaller file is a faster one (a 405B at IQ2_XXS reads about half of what its Q4_K_M does)."""
    if quant is not None:
        return from_disk(model, offload_gb, ram_gb, constants, quant)
    smallest = profile.levels[-1].name
    small = rate_setup(profile, model, replace(setup, ram_gb=ram_gb), context, None, smallest, constants=constants)
    return from_disk(model, small.offload_gb or offload_gb, ram_gb, constants, smallest)


def from_disk(model: ModelSize, offload_gb: float | None, ram_gb: float, constants: SetupConstants,
              level: str) -> dict[str, Any] | None:
    """The honest figure for "even very slowly?" when neither the card nor the RAM holds the model: llama.cpp
    maps the file and reads what the RAM cannot keep from the SSD every token, at `disk_read_gbps`; a mixture of
    experts reads only its active share of it. An upper bound (the page cache keeps less than the whole RAM)."""
    if not offload_gb or constants.disk_read_gbps <= 0:
        return None
    beyond = offload_gb - constants.offload_ram_gb(ram_gb)
    if beyond <= 0:
        return None
    if model.is_moe and model.active_params_b:
        beyond *= model.active_params_b / model.params_b
    seconds = beyond / constants.disk_read_gbps
    return {"tok_s": 1 / seconds, "seconds_per_token": seconds, "disk_gbps": constants.disk_read_gbps,
            "quant": level, "from_disk_gb": beyond}


def more_ram(profile: Profile, model: ModelSize, setup: Setup, constants: SetupConstants, context: int,
             min_quality: str | None, quant: str | None, ram_gb: float) -> dict[str, Any] | None:
    """The smallest RAM size people buy above `ram_gb`, up to `ram_upgrade_max_gb` (a desktop's two channels
    full), at which the setup runs the model offloaded at a usable speed: its size, level and speed. The
    standard answer to "does not fit, even with RAM": buy the RAM, not a second card."""
    for size in (s for s in RAM_SIZES_GB if ram_gb < s <= max(ram_gb, constants.ram_upgrade_max_gb)):
        row = rate_setup(profile, model, replace(setup, ram_gb=size), context, min_quality, quant,
                         constants=constants)
        if row.fit == "offload" and row.quant is not None:
            return {"ram_gb": size, "ram_type": row.ram_type, "quant": row.quant.name, "tok_s": row.tok_s,
                    "tok_s_low": row.tok_s_low, "tok_s_high": row.tok_s_high, "moe": model.is_moe,
                    "offload_gb": row.offload_gb}
        if row.slow_tok_s is not None:
            return None  # the rest fits here but crawls: more RAM does not make it faster
    return None


