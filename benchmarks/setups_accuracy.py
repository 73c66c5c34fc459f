"""Score the setups rules (estimator/setups.py) on measured multi-GPU, unified-memory, new-hardware and
offload rows, cross-validated.

    python benchmarks/setups_accuracy.py [--rows]

Rows: the shared CSV's rows the single-card score leaves out (multi-GPU, Apple silicon, the Radeon
8060S, the Arc Pro B70), its DGX Spark rows (unified memory), plus `benchmarks/data/setups_measured.csv`
(multi-GPU, Apple and offload rows gathered with sources), each on the current hardware catalog's record
of its hardware (`benchmarks.accuracy.card_lookup`). The single-card `measured` constants never saw any
of these rows except the DGX Spark ones (single-GPU, in the catalog), so they are held out already; what
the setups fit themselves — the per-hop time (multi-GPU rows), the RAM share (offload rows) and the Apple
speed factor (Apple rows; it lives in measured_constants.json `vendor_speed`) — is refitted
leave-one-out: every row is predicted with values fitted without it. Pure Python.
"""

from __future__ import annotations

import argparse
import csv
import math
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measured_rows import DEFAULT_CSV, SETUPS_HARDWARE, CardLookup, RatioScore, card_lookup, parse_quant  # noqa: E402
from estimator.model import Layout, ModelSize  # noqa: E402
from estimator.profile import Profile  # noqa: E402
from estimator.quants import Quant  # noqa: E402
from estimator.setups import Device, Setup, SetupConstants  # noqa: E402

EXTRA_CSV = ROOT / "benchmarks" / "data" / "setups_measured.csv"
SLICES = ("multi-GPU", "unified", "offload", "new hardware")


@dataclass(frozen=True)
class SetupCase:
    source: str  # "shared#N" or "extra#N"
    model: str
    size: ModelSize
    quant: Quant
    gpu: str
    setup: Setup
    tok_s: float
    slices: tuple[str, ...]
    single_tok_s: float | None = None  # the same source's speed on one of the cards, for the hop fit
    notes: str = ""


def model_layouts() -> Callable[[str], Layout | None]:
    """A row's model name → the built-in model record's architecture (attention layout, vocabulary,
    hidden width), as an answer naming that model gets it; exact name or alias after normalizing, so a
    row never borrows another model's shape. None for a model the catalog does not hold."""
    from answers.knowledge.catalog_view import layout_of
    from catalog.builtin import load_builtin_models
    from catalog.resolve import normalize

    index: dict[str, Layout | None] = {}
    for rec in load_builtin_models():
        for name in (rec.name, *rec.aliases):
            index.setdefault(normalize(name), layout_of(rec.architecture))
    return lambda name: index.get(normalize(name))


def load_cases(shared_csv: Path | str = DEFAULT_CSV, extra_csv: Path | str = EXTRA_CSV,
               lookup: CardLookup | None = None) -> list[SetupCase]:
    """The rows, each on the current catalog's record of its hardware (a Mac's memory configuration
    when the row names it, else the chip's default one) and with its model's architecture when the
    model catalog holds it (the memory need and the offload placement use the layout and vocabulary)."""
    lookup = lookup or card_lookup()
    layout = model_layouts()
    cases: list[SetupCase] = []

    def add(tag: str, r: dict[str, str], count: int, gpu: str, ram_gb: float | None, ram_bw: float | None,
            single: float | None = None) -> None:
        card = lookup(gpu)
        if card is None:
            raise LookupError(f"{tag}: {gpu!r} is not in the current catalog")
        q, _ = parse_quant(r["quant"])
        size = ModelSize(float(r["params_b_total"]), float(r["params_b_active"]) if r["params_b_active"] else None,
                         layout(r["model"]), name=r["model"])
        setup = Setup((Device(card, count),), ram_gb=ram_gb, ram_bandwidth_gbps=ram_bw)
        slices = []
        if count > 1:
            slices.append("multi-GPU")
        if card.unified_memory:
            slices.append("unified")
        if ram_gb is not None:
            slices.append("offload")
        if gpu.startswith(SETUPS_HARDWARE) or "DGX Spark" in gpu:
            slices.append("new hardware")
        cases.append(SetupCase(tag, r["model"], size, q, gpu, setup, float(r["tg_tokens_per_s"]), tuple(slices), single,
                               r.get("notes") or ""))

    with open(shared_csv, newline="", encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh)):
            gpu, notes = r["gpu"], r["notes"]
            m = re.match(r"^(\d+)x (.+)$", gpu)
            if m and "MULTI-GPU" in notes.upper():
                add(f"shared#{i}", r, int(m.group(1)), m.group(2), None, None)
            elif "memory-starved" in notes and "8GB" in gpu:
                continue  # M1 8 GB: the model spills past the GPU share and swaps; not a setup we answer
            elif gpu.startswith(SETUPS_HARDWARE) or "DGX Spark" in gpu:
                add(f"shared#{i}", r, 1, gpu, None, None)
    with open(extra_csv, newline="", encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh)):
            ram = float(r["ram_gb"]) if r["ram_gb"] else None
            bw = float(r["ram_bandwidth_gbps"]) if r["ram_bandwidth_gbps"] else None
            single = float(r["single_card_tok_s"]) if r.get("single_card_tok_s") else None
            add(f"extra#{i}", r, int(r["gpu_count"]), r["gpu"], ram, bw, single)
    return cases


# ---------------------------------------------------------------------------------------- estimates


def estimate(profile: Profile, case: SetupCase, c: SetupConstants, hop_ms: float | None = None,
             ram_share: float | None = None) -> tuple[float, float, float, str]:
    """(tok/s, low, high, confidence) for the case's setup at its measured level; `hop_ms` and
    `ram_share` override the constants' (for fitting)."""
    from estimator.setups import (
        offload_seconds,
        offload_share,
        pool_of,
        ram_bandwidth,
        setup_ram,
        speed_range,
        split_seconds,
    )

    pool = pool_of(c, profile, case.setup)
    q = case.quant
    hop = c.for_profile(profile.name).hop_ms if hop_ms is None else hop_ms
    need = profile.need_gb(case.size, q, 4096)
    offload = case.setup.ram_gb is not None and need > pool.total_usable
    if offload:
        _, bw = ram_bandwidth(c, case.setup)
        share = offload_share(c, setup_ram(c, case.setup), case.size.is_moe) if ram_share is None else ram_share
        t, _ = offload_seconds(c, profile, case.size, pool, q, need, bw, hop, share)
    else:
        t = split_seconds(profile, case.size, pool, q, hop)
    tok = 1 / t
    low, high, conf = speed_range(c, profile, case.size, pool, q, tok, offload)
    return tok, low, high, conf


def _implied_hop_ms(case: SetupCase) -> float | None:
    """The time one hop adds, from a row measured on N cards and on one of them by the same source:
    (1/tok_N − 1/tok_1) / (N − 1). Paired rows only, so the single-card model's own error stays out."""
    n = case.setup.gpu_count
    if n < 2 or case.single_tok_s is None:
        return None
    return (1 / case.tok_s - 1 / case.single_tok_s) / (n - 1) * 1000


def _implied_ram_share(profile: Profile, case: SetupCase, c: SetupConstants) -> float | None:
    """The RAM share that would make the estimate match (bisection; the time falls as the share grows)."""
    if case.setup.ram_gb is None:
        return None
    lo, hi = 0.05, 2.0
    for _ in range(50):
        mid = math.sqrt(lo * hi)
        tok = estimate(profile, case, c, ram_share=mid)[0]
        if tok > case.tok_s:
            hi = mid
        else:
            lo = mid
    return math.sqrt(lo * hi)


def _implied_vendor(bare: Profile, case: SetupCase, c: SetupConstants) -> tuple[str, float] | None:
    """For one device of a vendor the single-card fit never saw (Apple): measured / estimate, the
    estimate from a profile without a vendor factor."""
    if case.setup.gpu_count != 1 or case.setup.ram_gb is not None:
        return None
    vendor = case.setup.devices[0].card.vendor
    if vendor not in FIT_VENDORS:
        return None
    return vendor, case.tok_s / estimate(bare, case, c)[0]


FIT_VENDORS = ("Apple",)


def with_vendor_speed(profile: Profile, factors: dict[str, float]) -> Profile:
    """The measured profile with other vendor speed factors (the one it carries is what this fits)."""
    from estimator.measured import MeasuredProfile

    assert isinstance(profile, MeasuredProfile)
    return MeasuredProfile({**profile.constants, "vendor_speed": factors})


@dataclass(frozen=True)
class SetupFit:
    hop_ms: float
    ram_share: float
    vendor_speed: dict[str, float]


def fit(profile: Profile, cases: Sequence[SetupCase], c: SetupConstants) -> SetupFit:
    """hop_ms, ram_share and the Apple speed factor: medians of what the rows imply (robust, one number each)."""
    bare = with_vendor_speed(profile, {})
    hops = [h for x in cases if (h := _implied_hop_ms(x)) is not None]
    shares = [sh for x in cases if (sh := _implied_ram_share(bare, x, c)) is not None]
    by_vendor: dict[str, list[float]] = defaultdict(list)
    for x in cases:
        if (hit := _implied_vendor(bare, x, c)) is not None:
            by_vendor[hit[0]].append(hit[1])
    return SetupFit(max(0.0, statistics.median(hops)) if hops else 0.2,
                    statistics.median(shares) if shares else 0.65,
                    {v: statistics.median(f) for v, f in sorted(by_vendor.items())})


@dataclass
class Scored(RatioScore):
    case: SetupCase
    est: float
    low: float
    high: float
    confidence: str

    @property
    def measured(self) -> float:
        return self.case.tok_s

    @property
    def inside(self) -> bool:
        return self.low <= self.case.tok_s <= self.high


def cross_validate(profile_name: str, cases: Sequence[SetupCase] | None = None) -> list[Scored]:
    """Leave-one-out: hop, RAM share and Apple factor refitted without the row (measured); reference as is."""
    from answers.knowledge.profiles import load_profile, load_setup_constants

    profile = load_profile(profile_name)
    c = load_setup_constants()
    cases = list(cases) if cases is not None else load_cases()
    out = []
    for i, case in enumerate(cases):
        if profile_name == "measured":
            params = fit(profile, [x for j, x in enumerate(cases) if j != i], c)
            tok, low, high, conf = estimate(with_vendor_speed(profile, params.vendor_speed), case, c,
                                            params.hop_ms, params.ram_share)
        else:
            tok, low, high, conf = estimate(profile, case, c)
        out.append(Scored(case, tok, low, high, conf))
    return out


def summary(scored: Sequence[Scored]) -> dict[str, float]:
    if not scored:
        return {"n": 0}
    return {"n": len(scored), "median_error": statistics.median(s.error for s in scored),
            "inside_range": sum(s.inside for s in scored) / len(scored),
            "bias": statistics.median(s.ratio for s in scored)}


# ---------------------------------------------------------------------------------------- placement


def _stated_terms(profile: Profile, case: SetupCase, c: SetupConstants) -> tuple[float, float] | None:
    """(seconds on the card, GB the CPU reads) per token at the placement the row's notes state (`-ngl k`:
    the last k repeating layers on the card, the output layer in RAM unless every layer is there;
    `--n-cpu-moe m`: the experts of m layers in RAM), so time = card + GB / (RAM bandwidth × share).
    None when the row states no placement or its model's layer count or vocabulary is not known."""
    from estimator.moe_share import expert_share_active
    from estimator.setup_offload import _gb_per_token
    from estimator.setups import output_bpw, pool_of, split_seconds

    layout = case.size.layout
    ngl = re.search(r"-ngl (\d+)", case.notes)
    cpu_moe = re.search(r"--n-cpu-moe (\d+)", case.notes)
    if layout is None or case.setup.ram_gb is None or not (ngl or cpu_moe):
        return None
    n_layer = sum(g.layers for g in layout.groups)
    pool = pool_of(c, profile, case.setup)
    t_card = split_seconds(profile, case.size, pool, case.quant, c.for_profile(profile.name).hop_ms)
    per_token = _gb_per_token(profile, case.size, case.quant)
    if cpu_moe and case.size.is_moe:
        x, f = expert_share_active(case.size, c.moe_expert_share_active), min(1.0, int(cpu_moe.group(1)) / n_layer)
        return (1 - x * f) * t_card, x * f * per_token
    out_b = layout.output_params_b
    if not ngl or out_b is None:
        return None
    k = int(ngl.group(1))
    if k > n_layer:
        return None  # everything on the card: not an offload
    o, f = min(1.0, out_b / case.size.params_b), (n_layer - k) / n_layer
    return (1 - f) * (1 - o) * t_card, f * per_token * (1 - o) + out_b * output_bpw(case.quant) / 8


def stated_placement(profile_name: str = "measured", cases: Sequence[SetupCase] | None = None) -> list[Scored]:
    """The offload time rule alone: each offload row at the placement its source states, the RAM share
    refitted leave-one-out at those placements (the median of what the other rows imply). Tells the time
    rule's error apart from the placement's (the rows' offload was tuned by hand, often past the minimum)."""
    from answers.knowledge.profiles import load_profile, load_setup_constants
    from estimator.setups import ram_bandwidth

    profile, c = load_profile(profile_name), load_setup_constants()
    cases = list(cases) if cases is not None else load_cases()
    terms = [(x, t, ram_bandwidth(c, x.setup)[1]) for x in cases if (t := _stated_terms(profile, x, c)) is not None]
    implied = [b / (bw * (1 / x.tok_s - a)) if 1 / x.tok_s > a else math.inf for x, (a, b), bw in terms]
    out = []
    for i, (x, (a, b), bw) in enumerate(terms):
        share = statistics.median(v for j, v in enumerate(implied) if j != i)
        tok = 1 / (a + b / (bw * share))
        out.append(Scored(x, tok, 0.6 * tok, 1.6 * tok, "low"))
    return out


def report(out=sys.stdout, rows: bool = False) -> dict[str, dict[str, dict[str, float]]]:  # noqa: ANN001
    from answers.knowledge.profiles import load_profile, load_setup_constants

    cases = load_cases()
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"setups: {len(cases)} rows ({EXTRA_CSV.name} + the shared CSV's multi-GPU/unified/new-hardware rows)")
    p(f"measured fit on all rows: {fit(load_profile('measured'), cases, load_setup_constants())} "
      "(scores below are leave-one-out)")
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in ("reference", "measured"):
        scored = cross_validate(name, cases)
        p(f"== {name}")
        p(f"{'':16} {'n':>3}  {'median err':>10}  {'in range':>8}  {'bias est/meas':>13}")
        groups: dict[str, list[Scored]] = defaultdict(list)
        for s in scored:
            groups["all"].append(s)
            for sl in s.case.slices:
                groups[sl].append(s)
        results[name] = {}
        for g in ("all", *SLICES):
            t = summary(groups.get(g, []))
            results[name][g] = t
            if t["n"]:
                p(f"{g:16} {t['n']:>3}  {t['median_error']:>9.2f}×  {t['inside_range']:>8.0%}  {t['bias']:>13.2f}")
        if rows:
            for s in scored:
                c = s.case
                p(f"  {c.source:9} {c.model[:18]:18} {c.quant.name:7} {c.gpu[:34]:34} ×{c.setup.gpu_count} "
                  f"meas {c.tok_s:7.2f} est {s.est:7.2f} [{s.low:6.1f}–{s.high:6.1f}] {s.confidence}")
    stated = stated_placement("measured", cases)
    t = summary(stated)
    if t["n"]:
        p(f"measured, offload at each row's stated placement (-ngl / --n-cpu-moe; RAM share leave-one-out): "
          f"n={t['n']}, median err {t['median_error']:.2f}×, in range {t['inside_range']:.0%}")
        results["measured"]["offload, stated placement"] = t
    return results


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print every scored row")
    args = ap.parse_args(argv)
    report(rows=args.rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
