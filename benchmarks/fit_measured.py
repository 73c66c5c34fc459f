"""Refit the `measured` profile's constants from real llama.cpp decode speeds.

    python benchmarks/fit_measured.py [path/to/llama_cpp_decode.csv] [--write] [--folds gpu|model|row]

Model (see estimator/measured.py):  1/tok_s = t0[class]·(read/8B)^γ + bytes/(bw · share_kind · share_vendor ·
share_class [· share_backend]). Fitted by Levenberg–Marquardt on log(estimate/measured), with weak
Gaussian priors (in log space) that keep the parameters the data barely sees near sensible values.
Pure Python: no numpy/scipy needed. Ranges come from leave-one-GPU-out residuals.

Memory constants are not fitted from speeds: the weights overhead per quant kind comes from the file
sizes the CSV notes give (`file 4.58 GiB`), the compute buffer / reserve are llama.cpp facts (README).
Without --write it prints the constants and the file it would write.
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import math
import re
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.linear import solve  # noqa: E402
from benchmarks.measured_rows import DEFAULT_CSV, MeasuredRow, Scored, csv_sha256, load_rows, usable_rows  # noqa: E402

OUT = ROOT / "estimator" / "data" / "measured_constants.json"

# Parameter layout: (path in the constants dict, prior value, prior strength σ in log space or None).
# log-parametrised, so every factor stays positive. A σ of None: no prior (the data decides).
PARAMS: list[tuple[tuple[str, ...], float, float | None]] = [
    (("t0_ms", "gddr"), 1.5, None),
    (("t0_ms", "hbm"), 2.5, None),
    (("t0_ms", "legacy"), 3.0, 1.0),
    (("t0_ms", "unified"), 2.0, 1.0),
    (("t0_size_exp",), 0.3, 1.0),
    (("share_kind", "f16"), 0.75, None),
    (("share_kind", "q8"), 0.7, 0.3),
    (("share_kind", "k"), 0.7, None),
    (("share_kind", "legacy"), 0.7, None),
    (("share_kind", "mxfp4"), 0.85, 0.15),
    (("share_vendor", "AMD"), 1.0, 0.5),
    (("share_vendor", "Intel"), 0.8, 0.3),
    (("share_class", "hbm"), 1.0, 0.5),
    (("share_class", "legacy"), 0.7, 0.5),
    (("share_class", "unified"), 1.0, 0.3),
    (("share_quantized_class", "hbm"), 1.0, 0.5),
    (("share_backend", "NVIDIA/Vulkan"), 1.0, 0.2),
    (("share_backend", "AMD/Vulkan"), 1.0, 0.5),
    (("moe_read_factor",), 1.0, 0.5),
]
HUBER = 0.1
IQ_FROM_K = 0.95  # no I-quant measurements: I-quants get the K-quant share × this (slower dequantisation)

BASE: dict[str, Any] = {
    "t0_ms": {},
    "t0_size_exp": 0.0,
    # The per-token cost follows the layer count, which stops shrinking below ~4 B (24–28 layers); the
    # smallest measured read is ~5 B, so this floor is a choice, not a fit.
    "t0_min_read_b": 4.0,
    "share_kind": {},
    "share_vendor": {"NVIDIA": 1.0},
    "share_class": {"gddr": 1.0},
    "share_backend": {},
    "share_quantized_class": {},
    "moe_read_factor": 1.0,
    "native_mxfp4": {
        "note": "gpt-oss: experts MXFP4 in every llama.cpp file; non-expert tensors (attention, embeddings, "
        "output) = nonexpert_b + nonexpert_per_b·P billion parameters (from the model cards: 1.79 B of "
        "20.91 B, 2.12 B of 116.83 B), at Q8_0 in the MXFP4 file, F16 in the F16 file, never below "
        "nonexpert_min_bpw (2880-wide rows fall back from K-quants; 10.81 GiB Q4_K_M file). "
        "Experts are expert_share_active of the active parameters (2.39 of 3.61 B; 3.58 of 5.13 B).",
        "nonexpert_b": 1.718,
        "nonexpert_per_b": 0.00344,
        "nonexpert_min_bpw": 6.3,
        "expert_share_active": 0.68,
    },
    "memory": {
        "note": "GiB. weights_overhead: median (file size / real-bpw size) − 1 per quant kind from the CSV "
        "notes, floored at 0. compute_gb (+ compute_gb_per_4k_context per 4,096 tokens): llama.cpp's "
        "compute buffer at n_ubatch 512 (about 0.2–0.3 GiB at 4k context for 7–70 B models). reserve_gb: "
        "driver + CUDA/ROCm/Vulkan context left out of the card's memory. unified_os_share: part of a "
        "unified-memory part's memory the OS keeps. comfortable: need ≤ comfortable_share · usable.",
        "weights_overhead": {},
        "compute_gb": 0.15,
        "compute_gb_per_4k_context": 0.05,
        "reserve_gb": 0.2,
        "unified_os_share": 0.1,
        "comfortable_share": 0.8,
    },
    "distance": {
        "note": "confidence: distance to the nearest measured row = vendor·[different vendor] + "
        "class·[different card class] + |ln read params − ln row's| / log_params_unit + |ln bandwidth − "
        "ln row's| / log_bandwidth_unit + kind·[different quant kind]; high ≤ high_max < medium ≤ "
        "medium_max < low; then capped per card class (confidence_caps)",
        "vendor": 1.0,
        "class": 0.75,
        "kind": 0.5,
        "log_params_unit": math.log(3),
        "log_bandwidth_unit": math.log(4),
        "high_max": 0.5,
        "medium_max": 1.25,
    },
}


def _get(c: dict[str, Any], path: tuple[str, ...]) -> float:
    for k in path[:-1]:
        c = c[k]
    return c[path[-1]]


def _set(c: dict[str, Any], path: tuple[str, ...], value: float) -> None:
    for k in path[:-1]:
        c = c.setdefault(k, {})
    c[path[-1]] = value


def constants_from(theta: Sequence[float], light: bool = False) -> dict[str, Any]:
    """The constants dict for parameters `theta`; `light`: only what `_predict` reads (fast, for fitting)."""
    if light:
        c: dict[str, Any] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in BASE.items()
                             if k not in ("native_mxfp4", "memory", "distance")}
    else:
        c = copy.deepcopy(BASE)
    for (path, _, _), t in zip(PARAMS, theta, strict=True):
        _set(c, path, math.exp(t))
    c["share_kind"]["iq"] = c["share_kind"]["k"] * IQ_FROM_K
    # A card's estimate does not know the backend: NVIDIA = CUDA; AMD halfway (geometric) between ROCm
    # (share_vendor) and Vulkan (share_backend "AMD/Vulkan"), which differ most on AMD.
    c["share_default_backend"] = {"AMD": math.sqrt(c["share_backend"]["AMD/Vulkan"])}
    return c


def _prep(rows: Sequence[MeasuredRow]) -> list[tuple[Any, ...]]:
    """What the speed formula needs from each row that does not depend on the fitted constants."""
    from estimator.measured import MeasuredProfile, card_class, vendor_of

    prof = MeasuredProfile(constants_from([math.log(p) for _, p, _ in PARAMS]))
    out = []
    for r in rows:
        m, card = r.size, r.card
        moe = m.active_params_b if m.is_moe else None
        out.append((card_class(card), vendor_of(card), prof.speed_kind(m, r.quant), m.params_b, moe,
                    prof.read_bpw(m, r.quant), card.bandwidth_gbps, f"{vendor_of(card)}/{r.backend}",
                    math.log(r.tok_s)))
    return out


def _predict(c: dict[str, Any], p: tuple[Any, ...]) -> float:
    """Same formula as MeasuredProfile.seconds_per_token(…, backend) (checked in fit_constants)."""
    klass, vendor, kind, params, active, bpw, bw, backend, _ = p
    read_b = min(c["moe_read_factor"] * active, params) if active else params
    t0 = c["t0_ms"][klass] / 1000 * (max(read_b, c["t0_min_read_b"]) / 8) ** c["t0_size_exp"]
    share = c["share_kind"][kind] * c["share_vendor"].get(vendor, 1.0) * c["share_class"].get(klass, 1.0)
    if kind != "f16":
        share *= c["share_quantized_class"].get(klass, 1.0)
    share *= c["share_backend"].get(backend, 1.0)
    return 1 / (t0 + read_b * bpw / 8 / (bw * min(1.0, share)))  # no card streams above its bandwidth


def _residuals(theta: Sequence[float], prep: Sequence[tuple[Any, ...]]) -> list[float]:
    c = constants_from(theta, light=True)
    res = [math.log(_predict(c, p)) - p[-1] for p in prep]
    if HUBER:  # pseudo-Huber: quadratic below HUBER, linear above (outliers pull less)
        res = [math.copysign(math.sqrt(2 * HUBER * HUBER * (math.sqrt(1 + (x / HUBER) ** 2) - 1)), x) for x in res]
    for (_, prior, sigma), t in zip(PARAMS, theta, strict=True):
        if sigma is not None:
            res.append((t - math.log(prior)) / sigma * 0.1)  # weak: 0.1 = one row's worth of log-error
    return res


def levenberg_marquardt(f, theta: list[float], iters: int = 60, tol: float = 1e-7) -> list[float]:
    lam = 1e-2
    r = f(theta)
    cost = sum(x * x for x in r)
    h = 1e-6
    for _ in range(iters):
        jac_t = []  # columns
        for j in range(len(theta)):
            t2 = theta[:]
            t2[j] += h
            r2 = f(t2)
            jac_t.append([(a - b) / h for a, b in zip(r2, r, strict=True)])
        n = len(theta)
        jtj = [[0.0] * n for _ in range(n)]
        for i in range(n):
            ci = jac_t[i]
            for j in range(i, n):
                jtj[i][j] = jtj[j][i] = math.fsum(map(float.__mul__, ci, jac_t[j]))
        jtr = [math.fsum(map(float.__mul__, ci, r)) for ci in jac_t]
        improved = False
        for _ in range(10):
            a = [[jtj[i][j] + (lam * (jtj[i][i] + 1e-9) if i == j else 0.0) for j in range(len(theta))]
                 for i in range(len(theta))]
            step = solve(a, [-x for x in jtr])
            cand = [t + s for t, s in zip(theta, step, strict=True)]
            rc = f(cand)
            cc = sum(x * x for x in rc)
            if cc < cost:
                improved = True
                done = cost - cc < tol * max(cost, 1e-12)
                theta, r, cost = cand, rc, cc
                lam = max(lam / 3, 1e-9)
                break
            lam *= 4
        if not improved or done:
            break
    return theta


def range_constants(residuals: Sequence[float]) -> dict[str, list[float]]:
    """Range factors per confidence label from held-out log-errors log(measured/estimate).

    high: the 1st–99th percentile of the residuals of the card classes whose confidence is not capped
    (with ~60 rows, about their envelope: the capped classes' rows, mostly outside any 0.6–1.6 range, also
    count against the 90 % target); medium and low widen that by 1.3× and 1.6× in log space (questions
    further from the data miss by more). Clipped to 0.6–1.6.
    """
    xs = sorted(residuals)

    def q(p: float) -> float:
        k = (len(xs) - 1) * p
        lo, hi = math.floor(k), math.ceil(k)
        return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)

    lo, hi = q(0.01), q(0.99)
    out = {}
    for label, widen in (("high", 1.0), ("medium", 1.3), ("low", 1.6)):
        out[label] = [round(max(0.6, math.exp(lo * widen)), 3), round(min(1.6, math.exp(hi * widen)), 3)]
    return out


def confidence_caps(rows: Sequence[MeasuredRow], residuals: Sequence[float]) -> dict[str, str]:
    """Card classes whose held-out rows miss by a median factor above 1.3 (1.2) get at most "low"
    ("medium") confidence, however close a question is to their measured rows."""
    from estimator.measured import card_class

    by_class: dict[str, list[float]] = {}
    for r, e in zip(rows, residuals, strict=True):
        by_class.setdefault(card_class(r.card), []).append(abs(e))  # type: ignore[arg-type]
    caps = {}
    for klass, errs in sorted(by_class.items()):
        factor = math.exp(statistics.median(errs))
        if factor > 1.3:
            caps[klass] = "low"
        elif factor > 1.2:
            caps[klass] = "medium"
    return caps


def uncapped(rows: Sequence[MeasuredRow], residuals: Sequence[float], caps: dict[str, str]) -> list[float]:
    """The residuals the ranges are built from: rows of card classes whose confidence is not capped
    (the capped classes always get the widest range anyway)."""
    from estimator.measured import card_class

    return [e for r, e in zip(rows, residuals, strict=True) if card_class(r.card) not in caps]  # type: ignore[arg-type]


def anchors(rows: Sequence[MeasuredRow], constants: dict[str, Any]) -> list[list[Any]]:
    from estimator.measured import MeasuredProfile

    prof = MeasuredProfile(constants)
    seen = []
    for r in rows:
        v, c, lp, k, lb = prof.features(r.size, r.card, r.quant)  # type: ignore[arg-type]
        a = [v, c, round(lp, 3), k, round(lb, 3)]
        if a not in seen:
            seen.append(a)
    return seen


_FILE = re.compile(r"file ~?([\d.]+) GiB")


def weights_overhead(rows: Sequence[MeasuredRow]) -> dict[str, float]:
    """Median of (stated file size / params·bpw) − 1 per quant kind, floored at 0 (dense rows only)."""
    from estimator.memory import GIB

    ratios: dict[str, list[float]] = {}
    for r in rows:
        m = _FILE.search(r.notes)
        if not m or r.native_mxfp4 or r.active_b or r.quant.name not in ("F16", "Q8_0", "Q4_K_M", "Q5_K_M",
                                                                        "Q4_0", "Q3_K_S", "Q6_K"):
            continue
        ratios.setdefault(r.quant.kind, []).append(float(m.group(1)) / (r.params_b * 1e9 * r.quant.bpw / 8 / GIB))
    out = {k: round(max(0.0, statistics.median(v) - 1), 4) for k, v in sorted(ratios.items())}
    for k in ("f16", "q8", "k", "iq", "legacy", "mxfp4"):
        out.setdefault(k, out.get("k", 0.0))
    return out


def _check_same_formula(c: dict[str, Any], rows: Sequence[MeasuredRow], prep: Sequence[tuple[Any, ...]]) -> None:
    from estimator.measured import MeasuredProfile

    prof = MeasuredProfile(c)
    for r, p in zip(rows, prep, strict=True):
        a, b = prof.row_tok_s(r, with_backend=True), _predict(c, p)
        assert abs(a / b - 1) < 1e-9, (r, a, b)


def fit_constants(
    rows: Sequence[MeasuredRow], ranges: bool = True, folds: str = "gpu", start: Sequence[float] | None = None
) -> dict[str, Any]:
    """Fit the speed constants on `rows` (all single-GPU, catalog-mapped). With `ranges`, also the range
    factors (from a leave-one-group-out pass) and the confidence anchors."""
    prep = _prep(rows)
    theta = levenberg_marquardt(lambda t: _residuals(t, prep), list(start or [math.log(p) for _, p, _ in PARAMS]))
    c = constants_from(theta)
    _check_same_formula(c, rows, prep)
    c["theta"] = theta  # for warm starts; not written to the JSON
    c["memory"]["weights_overhead"] = weights_overhead(rows)
    c["anchors"] = anchors(rows, c)
    if ranges:
        cv = cross_validate(rows=rows, by=folds, start=c["theta"])
        c["confidence_caps"] = confidence_caps(rows, cv.residuals)
        c["ranges"] = range_constants(uncapped(rows, cv.residuals, c["confidence_caps"]))
    return c


def _rounded(x: Any) -> Any:
    if isinstance(x, float):
        return round(x, 5)
    if isinstance(x, dict):
        return {k: _rounded(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_rounded(v) for v in x]
    return x


# ---------------------------------------------------------------------------------------- cross-validation
def _groups(rows: Sequence[MeasuredRow], by: str) -> list[str]:
    key: Callable[[MeasuredRow], str] = {
        "gpu": lambda r: r.group_gpu,
        "model": lambda r: r.group_model,
        "row": lambda r: str(r.index),
    }[by]
    return [key(r) for r in rows]


@dataclass
class CrossValidation:
    scored: list[Scored]
    by: str
    folds: int
    residuals: list[float] = field(default_factory=list)  # held-out log(measured / estimate)


def cross_validate(
    csv_path: Path | str = DEFAULT_CSV,
    by: str = "gpu",
    rows: Sequence[MeasuredRow] | None = None,
    start: Sequence[float] | None = None,
) -> CrossValidation:
    """Leave-one-group-out: refit on every other group, predict the held-out group.

    The range of a held-out row is also built from held-out information only: its width comes from
    the cross-validated residuals of the OTHER groups, and its confidence from the training rows.
    """
    from estimator.measured import MeasuredProfile

    if rows is None:
        rows = usable_rows(load_rows(csv_path))
    keys = _groups(rows, by)
    folds = sorted(set(keys))
    if start is None:  # warm start every fold from the fit on all rows (only speeds up convergence)
        start = fit_constants(rows, ranges=False)["theta"]
    est: dict[int, float] = {}
    profiles: dict[str, MeasuredProfile] = {}
    for g in folds:
        train = [r for r, k in zip(rows, keys, strict=True) if k != g]
        consts = fit_constants(train, ranges=False, start=start)
        prof = MeasuredProfile(consts)
        profiles[g] = prof
        for i, (r, k) in enumerate(zip(rows, keys, strict=True)):
            if k == g:
                est[i] = prof.row_tok_s(r)
    resid = [math.log(r.tok_s / est[i]) for i, r in enumerate(rows)]
    scored = []
    for g in folds:
        others = [e for e, k in zip(resid, keys, strict=True) if k != g]
        other_rows = [r for r, k in zip(rows, keys, strict=True) if k != g]
        prof = profiles[g]
        prof.confidence_caps = confidence_caps(other_rows, others)
        prof.ranges = range_constants(uncapped(other_rows, others, prof.confidence_caps))
        for i, (r, k) in enumerate(zip(rows, keys, strict=True)):
            if k == g:
                low, high, conf = prof.row_range(r, est[i])
                scored.append(Scored(r, est[i], low, high, conf))
    scored.sort(key=lambda s: s.row.index)
    return CrossValidation(scored, by, len(folds), resid)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="?", default=str(DEFAULT_CSV))
    ap.add_argument("--folds", choices=("gpu", "model", "row"), default="gpu")
    ap.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    all_rows = load_rows(args.csv)
    rows = usable_rows(all_rows)
    c = fit_constants(rows, folds=args.folds)
    c.pop("theta")
    c = _rounded(c)
    c = {
        "fitted_on": {
            "csv": "benchmarks/data/measured/llama_cpp_decode.csv",
            "csv_sha256": csv_sha256(args.csv),
            "rows_in_file": len(all_rows),
            "rows_used": len(rows),
            "date": dt.date.today().isoformat(),
            "method": "Levenberg–Marquardt on pseudo-Huber(log(estimate/measured), δ=0.1) with weak log-space priors "
            "(benchmarks/fit_measured.py, pure Python); ranges from leave-one-"
            f"{args.folds}-out residuals (1st–99th percentile; medium/low confidence widened 1.3×/1.6× "
            "in log space; card classes with median held-out error > 1.3× (1.2×) capped at low (medium) "
            "confidence); rows: single-GPU, catalog-mapped "
            "(benchmarks/accuracy.py lists the rest)",
        },
        **c,
    }
    # Figures fitted elsewhere (the Apple speed factor: benchmarks/setups_accuracy.py; the Jetson factor from public
    # runs, its source beside it) are carried over.
    if OUT.exists():
        kept = json.loads(OUT.read_text("utf-8"))
        carried = ("vendor_speed", "device_speed", "architecture_speed", "model_speed", "streamed_params_b")
        c.update({k: kept[k] for k in (*carried, *(f"{k}_source" for k in carried)) if k in kept})
    text = json.dumps(c, indent=1, ensure_ascii=False) + "\n"
    if args.write:
        OUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUT}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
