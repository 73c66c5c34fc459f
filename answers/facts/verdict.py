"""One verdict for every rating question ("can it run", "how fast", "tok/s", several cards, offload).

Whatever the wording, the same model on the same hardware gets the same figures: every rating
answer asks `decide` which level to recommend, from the same per-level ratings, under either profile.

The rule (both profiles):
- The recommended level is the least compressed level at or above the minimum quality that the
  hardware holds *and* that generates at reading speed (`READING_SPEED_TOK_S`, 10 tok/s: people read
  about 5–8 words, some 7–11 tokens, a second; below it they wait for the text). On a 4090 an 8B runs
  at Q8_0 at ~100 tok/s and stays the pick; a 70B at Q8_0 on a Ryzen AI Max+ 395 (1–3 tok/s) does not.
- When no such level reaches reading speed, `Q4_K_M` (llama.cpp's usual balance: the more compressed
  IQ4_XS gains about a tenth in speed for a visible loss) when it fits, else the most compressed level
  within the minimum quality: the fastest the asker can get at the usual quality, said to be slow.
- The least compressed level that fits (the reference page's own fact) is always named with its
  speed when it is not the recommended one: "Q8_0 fits but crawls at 3 tok/s".
- Nothing within the minimum quality fits: the least compressed lower level that fits, with its speed.

Speeds are those of the profile asked (`reference`: the page's bandwidth estimate; `measured`: the
calibrated one), so the rule is the same and only the figures differ.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec import Struct

from estimator.profile import READING_SPEED_TOK_S, Profile
from estimator.quants import Quant, quant
from estimator.ranking import Query

# The usual balance people pick when the less compressed levels crawl (see the module's rule).
USUAL_LEVEL = "Q4_K_M"


class LevelRating(Struct, frozen=True):
    """One level on one piece of hardware: whether it is held whole, its need, fit and speed."""

    quant: str
    need_gb: float
    fits: bool
    below_floor: bool
    fit: str | None = None
    tok_s: float | None = None
    tok_s_low: float | None = None
    tok_s_high: float | None = None

    def facts(self) -> dict[str, Any]:
        return {"quant": self.quant, "need_gb": self.need_gb, "fit": self.fit, "tok_s": self.tok_s,
                "tok_s_low": self.tok_s_low, "tok_s_high": self.tok_s_high, "below_floor": self.below_floor}


def _readable(r: LevelRating, threshold: float) -> bool:
    return r.tok_s is None or r.tok_s >= threshold  # no speed known (a bare memory size): fitting is enough


def decide(levels: Sequence[LevelRating], hardware: str | None = None,
           threshold: float = READING_SPEED_TOK_S) -> dict[str, Any]:
    """The verdict from every level's rating, least compressed first (see the module's rule).

    `outcome`: "runs" (at reading speed), "slow" (fits at the usual quality, none at reading speed),
    "lower_only" (only a level below the minimum quality fits), "no" (nothing fits whole)."""
    fitting = [r for r in levels if r.fits]
    within = [r for r in fitting if not r.below_floor]
    fits_best: LevelRating | None = within[0] if within else None
    if within:
        readable = [r for r in within if _readable(r, threshold)]
        if readable:
            rec, outcome = readable[0], "runs"
        else:
            usual = [r for r in within if r.quant == USUAL_LEVEL]
            rec, outcome = (usual or within[-1:])[0], "slow"
    elif fitting:
        rec, outcome = fitting[0], "lower_only"
    else:
        rec, outcome = None, "no"
    higher = fits_best if fits_best is not None and rec is not None and fits_best.quant != rec.quant else None
    named = [r.quant for r in (rec, higher) if r is not None]
    return {"outcome": outcome, "hardware": hardware, "threshold_tok_s": threshold,
            "recommended": rec.facts() if rec else None,
            "least_compressed_fit": fits_best.facts() if fits_best else None,
            "higher": higher.facts() if higher else None, "levels_named": named}


def _floor_rank(profile: Profile, min_quality: str | None) -> int:
    return quant(min_quality or profile.default_min_quality).rank


def _ladder(profile: Profile, forced: str | None, model: Any = None) -> tuple[Quant, ...]:
    """The levels weighed: the one forced, else the model's own under the engine (gpt-oss: its MXFP4 file under
    vLLM and SGLang, never a "BF16" that is the same file relabelled), else the profile's ladder."""
    if forced:
        return (quant(forced),)
    own = getattr(profile, "levels_for", None) if getattr(profile, "_own_speed", False) else None
    return tuple(own(model)) if own is not None and model is not None else tuple(profile.levels)


def card_levels(query: Query, card: Any) -> list[LevelRating]:
    """Every level of the profile's ladder on one card (or a bare memory size: no speed)."""
    p = query.profile
    floor = _floor_rank(p, query.min_quality)
    usable = p.usable_gb(card)
    has_speed = getattr(card, "bandwidth_gbps", 0) > 1
    out = []
    for lv in _ladder(p, query.forced_quant, query.model):
        need = query.need_gb(lv)
        fits = need <= usable
        tok = low = high = None
        if fits and has_speed:
            tok = p.tok_s(query.model, card, lv)
            low, high, _ = p.tok_range(query.model, card, lv, tok)
        # A level the asker chose is never "below the minimum quality": they asked for it.
        below = lv.rank > floor and query.forced_quant is None
        out.append(LevelRating(lv.name, need, fits, below, p.fit(need, card) if fits else None, tok, low, high))
    return out


def setup_levels(profile: Profile, min_quality: str | None, forced: str | None,
                 rate_at: Callable[[str], Any], model: Any = None) -> list[LevelRating]:
    """Every level on a setup held whole (several cards, a shared-memory machine): `rate_at(level)` is
    the setup's own rating at that level (an `estimator.setups.SetupRow`, system RAM left out: offloading
    is the setup row's business). Passed in so this module does not load the setup code at start-up."""
    floor = _floor_rank(profile, min_quality)
    out = []
    for lv in _ladder(profile, forced, model):
        row = rate_at(lv.name)
        out.append(LevelRating(lv.name, row.need_gb, row.runs, lv.rank > floor and not forced,
                               row.fit if row.runs else None, row.tok_s, row.tok_s_low, row.tok_s_high))
    return out


# The figures of a level a side row shows (a row from answers/facts/describe.row_facts or a setup's row).
LEVEL_KEYS = ("quant", "need_gb", "fit", "tok_s", "tok_s_low", "tok_s_high")


def at_verdict(row: dict[str, Any], v: dict[str, Any]) -> dict[str, Any]:
    """One side of a comparison as the verdict rates that hardware alone: the row's level figures become
    the recommended level's (so a side never shows a level that crawls where "can it run" would not), the
    verdict rides along (`verdict`: the crawling higher level, with its speed), and a side that holds the
    model only below the minimum quality gets that level as `lower` (quant None, like "can it run")."""
    out = {**row, "verdict": v}
    rec = v["recommended"]
    if rec is None:
        return out
    if v["outcome"] == "lower_only":
        out["lower"] = {"quant": rec["quant"], "need_gb": rec["need_gb"], "tok_s": rec["tok_s"],
                        "tok_s_low": rec["tok_s_low"], "tok_s_high": rec["tok_s_high"]}
        return out
    out.update({k: rec[k] for k in LEVEL_KEYS})
    return out


def on_card(query: Query, card: Any, row: dict[str, Any]) -> dict[str, Any]:
    """`row` (the card's row facts) as the verdict rates that card alone: "can it run"'s own figures."""
    return at_verdict(row, decide(card_levels(query, card), getattr(card, "name", None)))


def summary_keys(v: dict[str, Any]) -> dict[str, Any]:
    """The top-level JSON keys that go with a verdict (added beside the existing ones, never replacing)."""
    rec = v["recommended"]
    return {"verdict": v, "recommended_quant": rec["quant"] if rec else None, "levels_named": v["levels_named"]}

