"""Score the estimator profiles against real llama.cpp decode speeds, with cross-validation.

    python benchmarks/accuracy.py [path/to/llama_cpp_decode.csv] [--folds gpu|model|row]

Every `measured` prediction comes from constants refitted WITHOUT the row's group (leave-one-GPU-out
by default: all rows of the same catalog card are held out together, so a card is never scored with
constants that saw it). The `reference` profile has nothing fitted, so it is scored as is.

Hardware is looked up in the current catalog (catalog/hardware.py, what the `measured` profile rates):
`GPU_MAP` pins the names whose form factor the row does not state, the catalog's resolver finds the
rest. Rows used: single-GPU rows on discrete cards. Left out, and listed: multi-GPU and
memory-starved/offloaded rows (flagged in the notes) and the setups rows (Apple silicon, the Radeon
8060S iGPU, the Arc Pro B70: scored by `--setups`, which fits the Apple factor on them). Pure Python
(no numpy/scipy), so the tests can call `cross_validate()` directly.

`--setups` also scores those rows (and benchmarks/data/setups_measured.csv) with the setups rules, by
slice: multi-GPU, unified memory, offload, new hardware (benchmarks/setups_accuracy.py, leave-one-out).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from benchmarks.fit_measured import CrossValidation, cross_validate  # noqa: E402, F401 — tests call cross_validate here
from benchmarks.measured_rows import (  # noqa: E402, F401 — the data pieces, also read from here by tests
    DEFAULT_CSV,
    GPU_MAP,
    MeasuredRow,
    Scored,
    card_lookup,
    csv_sha256,
    load_rows,
    parse_quant,
    usable_rows,
)
from benchmarks.setups_accuracy import report as setups_report  # noqa: E402

# ---------------------------------------------------------------------------------------- scoring


def score_reference(rows: Sequence[MeasuredRow]) -> list[Scored]:
    from estimator.profile import REFERENCE

    out = []
    for r in rows:
        q = r.quant
        est = REFERENCE.tok_s(r.size, r.card, q)  # type: ignore[arg-type]
        low, high, conf = REFERENCE.tok_range(r.size, r.card, q, est)  # type: ignore[arg-type]
        out.append(Scored(r, est, low, high, conf))
    return out


# ---------------------------------------------------------------------------------------- report


def summary(scored: Sequence[Scored]) -> dict[str, float]:
    if not scored:
        return {"n": 0}
    return {
        "n": len(scored),
        "median_error": statistics.median(s.error_factor for s in scored),
        "within_25": sum(1 for s in scored if 0.8 <= s.ratio <= 1.25) / len(scored),
        "inside_range": sum(1 for s in scored if s.inside) / len(scored),
        "bias": statistics.median(s.ratio for s in scored),
    }


def _breakdowns(scored: Sequence[Scored]) -> dict[str, dict[str, list[Scored]]]:
    out: dict[str, dict[str, list[Scored]]] = {"vendor": defaultdict(list), "dense/MoE": defaultdict(list),
                                               "quant kind": defaultdict(list), "card class": defaultdict(list)}
    from estimator.measured import card_class

    for s in scored:
        r = s.row
        out["vendor"][r.card.vendor].append(s)  # type: ignore[union-attr]
        out["dense/MoE"]["MoE" if r.size.is_moe else "dense"].append(s)
        out["quant kind"]["mxfp4" if r.native_mxfp4 else r.quant.kind].append(s)
        out["card class"][card_class(r.card)].append(s)  # type: ignore[arg-type]
    return out


def report(csv_path: Path | str = DEFAULT_CSV, by: str = "gpu", out=sys.stdout) -> dict[str, dict[str, float]]:
    all_rows = load_rows(csv_path)
    rows = usable_rows(all_rows)
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"data: {csv_path}")
    p(f"sha256 {csv_sha256(csv_path)[:16]}…  rows in file: {len(all_rows)}  rows used: {len(rows)}")
    left = [r for r in all_rows if r.excluded]
    reasons: dict[str, list[str]] = defaultdict(list)
    for r in left:
        reasons[r.excluded or ""].append(f"#{r.index} {r.gpu}")
    for why, items in sorted(reasons.items()):
        p(f"  left out ({why}): {len(items)}: " + "; ".join(items))
    p("  gpt-oss rows labelled F16/Q4_K_M keep MXFP4 experts: scored as native-MXFP4 files.")
    p("  Q4_1 rows: 5.0 bpw, legacy kind (reference: Q4_0 efficiency).")
    ref = score_reference(rows)
    cv = cross_validate(csv_path, by, rows)
    p(f"cross-validation for `measured`: leave-one-{by}-out ({cv.folds} folds); `reference` has nothing fitted")
    p("")
    header = f"{'':28} {'n':>3}  {'median err':>10}  {'within 25%':>10}  {'in range':>8}  {'bias est/meas':>13}"
    results = {}

    def line(label: str, t: dict[str, float]) -> str:
        return (f"{label:28} {t['n']:>3}  {t['median_error']:>9.2f}×  {t['within_25']:>10.0%}  "
                f"{t['inside_range']:>8.0%}  {t['bias']:>13.2f}")

    for name, scored in (("reference", ref), ("measured", cv.scored)):
        p(f"== {name}")
        p(header)
        results[name] = summary(scored)
        p(line("all", results[name]))
        for title, groups in _breakdowns(scored).items():
            for g, items in sorted(groups.items()):
                p(line(f"{title}: {g}", summary(items)))
        p("")
    conf = defaultdict(list)
    for s in cv.scored:
        conf[s.confidence].append(s)
    p("measured, by confidence label: " + ", ".join(
        f"{c}: n={len(v)}, median err {summary(v)['median_error']:.2f}×, in range {summary(v)['inside_range']:.0%}"
        for c, v in sorted(conf.items())))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="?", default=str(DEFAULT_CSV))
    ap.add_argument("--folds", choices=("gpu", "model", "row"), default="gpu")
    ap.add_argument("--rows", action="store_true", help="also print every scored row")
    ap.add_argument("--setups", action="store_true",
                    help="also score setups by slice (multi-GPU, unified, offload, new hardware)")
    args = ap.parse_args(argv)
    report(args.csv, args.folds)
    if args.setups:
        print()
        setups_report(rows=args.rows)
    if args.rows:
        cv = cross_validate(args.csv, args.folds)
        ref = {s.row.index: s for s in score_reference([s.row for s in cv.scored])}
        for s in cv.scored:
            r = s.row
            print(f"#{r.index:>3} {r.model[:22]:22} {r.quant_text[:8]:8} {r.group_gpu[:28]:28} {r.backend:6} "
                  f"meas {r.tok_s:7.1f}  meas-prof {s.est:7.1f} [{s.low:6.1f}–{s.high:6.1f}] {s.confidence:6} "
                  f"ref {ref[r.index].est:7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
