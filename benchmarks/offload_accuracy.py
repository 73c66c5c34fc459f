"""Score the machine model (estimator/machine.py: RAM bandwidth from type, speed and channels; the share
llama.cpp streams) on public CPU-only and card + RAM (offload) measurements, cross-validated.

    python benchmarks/offload_accuracy.py [--rows]

Rows: `benchmarks/data/machine_measured.csv` (CPU-only and offload runs with the RAM's type, speed and
channel count, each with its source) plus the offload rows of `benchmarks/data/setups_measured.csv`
(RTX 2080 with quad-channel DDR4, its bandwidth as measured). What the machine model fits — the share
of the theoretical bandwidth for each mode (cpu_only, offload) and platform (desktop, server) — is
refitted leave-one-out: every row is predicted with shares fitted without it (the median of what the
other rows of its mode and platform imply; of its mode alone when it is the only one of its platform).
Both profiles use the machine model (the reference site has no offload or CPU-only rule), so both are
scored, their difference being the GPU side and the bytes read per token.

"before" is the previous release's rule, scored on the same rows: dual-channel RAM whatever was said
(DDR4 50 GB/s, DDR5 80 GB/s), streamed at 0.43 (measured) or the level's efficiency (reference).

Rows left out of the public held-out sets (docs/trials/2026-12-07-*/heldout/offload_cpu.csv), and why: RAM type
or speed unknown (Ollama and llmfit rows that name no RAM, cloud instances); RAM smaller than the model
(gpt-oss-120b beside a 3090 with 64 GB: the author sees the system page); llama.cpp builds before expert offload
and DeepSeek's MLA cache (January–February 2025: DeepSeek-R1/V3 by whole `-ngl` layers at 3–4.7 tok/s on servers
the current build runs four times faster); other engines (ktransformers); the quantization level unstated.

CPU prefill: rows with a prompt-processing figure and a named CPU are scored with
`estimator.machine.cpu_prefill` at that CPU's cores, clock and vector unit, its efficiency refitted
leave-one-out.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from msgspec.structs import replace

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.measured_rows import CardLookup, RatioScore, card_lookup, parse_quant  # noqa: E402
from benchmarks.setups_accuracy import load_cases as setups_cases  # noqa: E402
from benchmarks.setups_accuracy import model_layouts  # noqa: E402
from estimator.machine import RamSpec, cpu_prefill, ram_spec  # noqa: E402
from estimator.model import ModelSize  # noqa: E402
from estimator.profile import Profile  # noqa: E402
from estimator.quants import Quant  # noqa: E402
from estimator.setups import Device, Setup, SetupConstants  # noqa: E402

CSV_PATH = ROOT / "benchmarks" / "data" / "machine_measured.csv"
OLD_RAM_GBPS = {"DDR3": 25.0, "DDR4": 50.0, "DDR5": 80.0}  # the previous release's dual-channel table
OLD_MEASURED_SHARE = 0.43


@dataclass(frozen=True)
class Case:
    source: str
    model: str
    size: ModelSize
    quant: Quant
    mode: str  # cpu_only | offload
    setup: Setup | None  # offload: the cards and the RAM
    ram: tuple[str, int | None, int | None, float | None]  # type, MT/s, channels, GB
    tok_s: float
    pp_tok_s: float | None = None
    cpu: tuple[int, float, str] | None = None  # cores, GHz, vector unit
    bandwidth_gbps: float | None = None  # a bandwidth the source measured (overrides the theoretical one)


def load_cases(path: Path | str = CSV_PATH, lookup: CardLookup | None = None) -> list[Case]:
    lookup = lookup or card_lookup()
    layout = model_layouts()
    out: list[Case] = []
    with open(path, newline="", encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh)):
            q, _ = parse_quant(r["quant"])
            size = ModelSize(float(r["params_b_total"]), float(r["params_b_active"]) if r["params_b_active"] else None,
                             layout(r["model"]), name=r["model"])
            ram = (r["ram_type"], int(r["ram_mts"]) if r["ram_mts"] else None,
                   int(r["ram_channels"]) if r["ram_channels"] else None, float(r["ram_gb"]) if r["ram_gb"] else None)
            setup = None
            if r["mode"] == "offload":
                card = lookup(r["gpu"])
                if card is None:
                    raise LookupError(f"machine#{i}: {r['gpu']!r} is not in the current catalog")
                setup = Setup((Device(card, int(r["gpu_count"] or 1)),), ram_gb=ram[3], ram_type=ram[0],
                              ram_mts=ram[1], ram_channels=ram[2])
            cpu = (int(r["cpu_cores"]), float(r["cpu_ghz"]), r["cpu_isa"]) if r["cpu_cores"] else None
            out.append(Case(f"machine#{i}", r["model"], size, q, r["mode"], setup, ram, float(r["tg_tokens_per_s"]),
                            float(r["pp_tokens_per_s"]) if r["pp_tokens_per_s"] else None, cpu))
    for x in setups_cases():
        if "offload" in x.slices and x.setup.ram_gb is not None:
            ram = ((x.setup.ram_type or "DDR4"), None, None, x.setup.ram_gb)
            out.append(Case(x.source.replace("extra", "setups"), x.model, x.size, x.quant, "offload", x.setup, ram,
                            x.tok_s, bandwidth_gbps=x.setup.ram_bandwidth_gbps))
    return out


def share_mode(case: Case) -> str:
    """The share a row fits: CPU-only, a dense model's layers offloaded, or a mixture of experts' experts."""
    return "offload_moe" if case.mode == "offload" and case.size.is_moe else case.mode


def spec_of(c: SetupConstants, case: Case) -> RamSpec:
    kind, mts, channels, gb = case.ram
    return ram_spec(c.machine, kind, mts, channels, gb)


def _bandwidth(c: SetupConstants, case: Case) -> float:
    return case.bandwidth_gbps or spec_of(c, case).theoretical_gbps


def estimate(p: Profile, case: Case, c: SetupConstants, share: float | None = None) -> float:
    """tok/s for the case at `share` of its RAM's bandwidth (None: the constants' share)."""
    from estimator.setups import offload_seconds, pool_of, split_seconds

    spec = spec_of(c, case)
    share = c.machine.shares[share_mode(case)][spec.platform] if share is None else share
    if case.mode == "cpu_only":
        return _bandwidth(c, case) * share / p.gb_per_token(case.size, case.quant)
    assert case.setup is not None
    pool = pool_of(c, p, case.setup)
    hop = c.for_profile(p.name).hop_ms
    need = p.need_gb(case.size, case.quant, 4096)
    if need <= pool.total_usable:  # our count holds it whole: the cards' speed
        return 1 / split_seconds(p, case.size, pool, case.quant, hop)
    t, _ = offload_seconds(c, p, case.size, pool, case.quant, need, _bandwidth(c, case), hop, share)
    return 1 / t


def implied_share(p: Profile, case: Case, c: SetupConstants) -> float:
    """The share that makes the estimate match the row (bisection: the speed grows with the share)."""
    lo, hi = 0.02, 3.0
    for _ in range(50):
        mid = math.sqrt(lo * hi)
        if estimate(p, case, c, mid) > case.tok_s:
            hi = mid
        else:
            lo = mid
    return math.sqrt(lo * hi)


def before(p: Profile, case: Case) -> float:
    """The previous release's estimate: dual-channel table bandwidth, its share."""
    from answers.knowledge.profiles import load_setup_constants
    from estimator.setups import offload_seconds, pool_of, split_seconds

    c = load_setup_constants()
    bw = case.bandwidth_gbps or OLD_RAM_GBPS.get(case.ram[0], 50.0)
    share = OLD_MEASURED_SHARE if p.name == "measured" else case.quant.ref_eff
    if case.mode == "cpu_only":
        return bw * share / p.gb_per_token(case.size, case.quant)
    assert case.setup is not None
    pool = pool_of(c, p, case.setup)
    need = p.need_gb(case.size, case.quant, 4096)
    hop = c.for_profile(p.name).hop_ms
    if need <= pool.total_usable:
        return 1 / split_seconds(p, case.size, pool, case.quant, hop)
    return 1 / offload_seconds(c, p, case.size, pool, case.quant, need, bw, hop, share)[0]


@dataclass
class Scored(RatioScore):
    case: Case
    est: float
    platform: str

    @property
    def measured(self) -> float:
        return self.case.tok_s

    @property
    def inside(self) -> bool:
        return 0.6 * self.est <= self.case.tok_s <= 1.6 * self.est  # the answers' range for RAM speeds


def fitted_shares(p: Profile, cases: Sequence[Case], c: SetupConstants) -> dict[str, dict[str, float]]:
    """Medians of the implied shares per mode and platform (per mode where a platform has no row)."""
    by: dict[tuple[str, str], list[float]] = defaultdict(list)
    for x in cases:
        by[(share_mode(x), spec_of(c, x).platform)].append(implied_share(p, x, c))
    out: dict[str, dict[str, float]] = {}
    for mode in ("cpu_only", "offload", "offload_moe"):
        pooled = [v for (m, _), vs in by.items() if m == mode for v in vs]
        out[mode] = {pl: statistics.median(by[(mode, pl)] or pooled or [c.machine.shares[mode][pl]])
                     for pl in ("desktop", "server")}
    return out


def cross_validate(profile_name: str, cases: Sequence[Case] | None = None) -> list[Scored]:
    from answers.knowledge.profiles import load_profile, load_setup_constants

    p, c = load_profile(profile_name), load_setup_constants()
    cases = list(cases) if cases is not None else load_cases()
    implied = [(share_mode(x), spec_of(c, x).platform, implied_share(p, x, c)) for x in cases]
    out = []
    for i, x in enumerate(cases):
        mode, platform, _ = implied[i]
        same = [v for j, (m, pl, v) in enumerate(implied) if j != i and m == mode and pl == platform]
        pooled = [v for j, (m, _, v) in enumerate(implied) if j != i and m == mode]
        share = statistics.median(same or pooled)
        out.append(Scored(x, estimate(p, x, c, share), platform))
    return out


def summary(scored: Sequence[Scored]) -> dict[str, float]:
    if not scored:
        return {"n": 0}
    return {"n": len(scored), "median_error": statistics.median(s.error for s in scored),
            "inside_range": sum(s.inside for s in scored) / len(scored),
            "bias": statistics.median(s.ratio for s in scored)}


def prefill_scores() -> list[tuple[Case, float]]:
    """(row, estimate) for the CPU prefill rows, the efficiency refitted leave-one-out."""
    from answers.knowledge.profiles import load_setup_constants

    m = load_setup_constants().machine
    rows = [x for x in load_cases() if x.pp_tok_s and x.cpu and x.mode == "cpu_only"]
    implied = []
    for x in rows:
        assert x.cpu is not None and x.pp_tok_s is not None
        at_one = cpu_prefill(replace(m, cpu_prefill_efficiency=1.0), x.size.active_params_b or x.size.params_b,
                             cores=x.cpu[0], ghz=x.cpu[1], isa=x.cpu[2]).tok_s
        implied.append(x.pp_tok_s / at_one)
    out = []
    for i, x in enumerate(rows):
        assert x.cpu is not None
        eff = statistics.median([v for j, v in enumerate(implied) if j != i] or implied)
        est = cpu_prefill(replace(m, cpu_prefill_efficiency=eff), x.size.active_params_b or x.size.params_b,
                          cores=x.cpu[0], ghz=x.cpu[1], isa=x.cpu[2]).tok_s
        out.append((x, est))
    return out


def report(out=sys.stdout, rows: bool = False) -> dict[str, dict[str, dict[str, float]]]:  # noqa: ANN001
    from answers.knowledge.profiles import load_profile, load_setup_constants

    cases = load_cases()
    c = load_setup_constants()
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"machine: {len(cases)} rows ({CSV_PATH.name} + the offload rows of setups_measured.csv)")
    p(f"shares fitted on all rows (measured profile): {fitted_shares(load_profile('measured'), cases, c)}")
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name in ("reference", "measured"):
        prof = load_profile(name)
        scored = cross_validate(name, cases)
        old = [Scored(x, before(prof, x), s.platform) for x, s in zip(cases, scored, strict=True)]
        p(f"== {name} (leave-one-out)            | before (previous release's rule)")
        columns = f"{'med err':>8}  {'in range':>8}  {'bias':>5}"
        p(f"{'':18} {'n':>3}  {columns} | {columns}")
        results[name] = {}
        for g in ("all", "cpu_only", "offload", "offload_moe", "desktop", "server"):
            sel = [k for k, s in enumerate(scored)
                   if g == "all" or g in (s.case.mode, s.platform) or g == share_mode(s.case)]
            t, b = summary([scored[k] for k in sel]), summary([old[k] for k in sel])
            results[name][g] = t
            results[name][f"{g} (before)"] = b
            if t["n"]:
                p(f"{g:18} {t['n']:>3}  {t['median_error']:>7.2f}×  {t['inside_range']:>8.0%}  {t['bias']:>5.2f} | "
                  f"{b['median_error']:>7.2f}×  {b['inside_range']:>8.0%}  {b['bias']:>5.2f}")
        if rows:
            for s, o in zip(scored, old, strict=True):
                x = s.case
                p(f"  {x.source:10} {x.model[:18]:18} {x.quant.name:7} {x.mode:8} {s.platform:7} "
                  f"meas {x.tok_s:6.2f} est {s.est:6.2f} before {o.est:6.2f}")
    pre = prefill_scores()
    if pre:
        errs = [max(e / x.pp_tok_s, x.pp_tok_s / e) for x, e in pre if x.pp_tok_s]
        p(f"CPU prefill (pp512, efficiency leave-one-out): n={len(pre)}, median err {statistics.median(errs):.2f}×")
        for x, e in pre:
            p(f"  {x.source:10} {x.model[:18]:18} {x.cpu} meas {x.pp_tok_s:7.1f} est {e:7.1f}")
    return results


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print every scored row")
    args = ap.parse_args(argv)
    report(rows=args.rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
