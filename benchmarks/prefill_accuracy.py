"""Fit and score the prefill estimate (estimator/prefill.py) on public llama-bench prompt-processing rows.

    python benchmarks/prefill_accuracy.py            # leave-one-card-out figures
    python benchmarks/prefill_accuracy.py --rows     # … and every held-out row
    python benchmarks/prefill_accuracy.py --write    # refit on every row, write the `fit` section
    python benchmarks/prefill_accuracy.py --medians  # the per-vendor TFLOPS-per-TB/s fallback figures

Rows: estimator/data/prefill_measured.csv (card, backend, model, sizes, quant, prompt length, flash
attention, pp tok/s, source). Each row is put on the current catalog's card (benchmarks.accuracy).

The fit: for fixed (moe_factor, k_fa, k_no_fa) on a grid, log(pp · A_eff · (1 + k·att)) is linear in
log eff[vendor/backend], alpha · log F, log class[hbm] and log kind[f16]: ordinary least squares, the grid
point with the smallest squared log error wins. Then, at that point, each vendor/backend whose MoE rows
come from one card or more gets its own MoE factor (one more column per such backend).
Leave-one-card-out: every card's rows are predicted with everything (grid included) fitted without that
card; a backend seen on no other card takes the vendor's default (AMD: the ROCm/Vulkan mean; Intel: the
SYCL/Vulkan mean). The stated range is the 7.5th–92.5th percentile of those held-out
ratios per class (MoE rows; else vendor/backend), the all-rows figure for a class with few rows; the honest
share inside is printed with each card's ranges computed without that card's rows. Pure Python.
"""

from __future__ import annotations

import argparse
import csv
import json
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

from answers.knowledge.catalog_view import Knowledge  # noqa: E402
from benchmarks.linear import solve  # noqa: E402
from benchmarks.measured_rows import card_lookup  # noqa: E402
from catalog.compute import fp32_tflops  # noqa: E402
from catalog.gpus import load_gpu_records  # noqa: E402
from estimator.measured import card_class  # noqa: E402
from estimator.model import LayerGroup, Layout, ModelSize  # noqa: E402
from estimator.prefill import (  # noqa: E402
    PrefillConstants,
    attention_width,
    effective_params_b,
    is_hybrid,
    matrix_tflops,
    prefill,
)
from estimator.quants import BY_NAME, Quant  # noqa: E402

CSV_PATH = ROOT / "estimator" / "data" / "prefill_measured.csv"
CONSTANTS = ROOT / "estimator" / "data" / "prefill_constants.json"
MOE_GRID = (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
# k >= 1: attention's FLOPs (4·L·w·n at position n) run at best as fast as the weight matrices' (physics,
# not a fit: a k below 1 would read a long prompt faster than its FLOPs allow).
K_GRID = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0)
# A backend's tiny-model ceiling comes from its rows of models this small (per-token work outside the matrix
# kernels sets their pace); a backend with none keeps the all-backend figure (the JSON's max_tok_s_per_gbps).
TINY_B = 2.0
MOE_MIN_CARDS = 1
# The stated range per class: these percentiles of the class's held-out ratios (90% nominal: rows collected
# apart from these fell inside about 13 points less often than the leave-one-card-out rows did, and a class's
# own percentiles cover a card outside it less often than they cover the class), for a class with at least
# RANGE_MIN_ROWS rows from RANGE_MIN_CARDS cards (fewer cards: one card's quirks would set the width); a
# smaller class takes the all-rows percentiles.
RANGE_P = (0.05, 0.95)
RANGE_MIN_ROWS = 15
RANGE_MIN_CARDS = 4


@dataclass(frozen=True)
class Row:
    index: int
    card_name: str
    card: object
    backend: str
    vendor_backend: str
    model: ModelSize
    quant: Quant
    layers: int | None
    width: int | None
    prompt: int
    fa: bool
    pp: float
    log_f: float
    hbm: bool
    source: str


def load_constants() -> tuple[dict, PrefillConstants]:
    raw = json.loads(CONSTANTS.read_text("utf-8"))
    return raw, PrefillConstants.from_dict(raw)


def quant_of(text: str) -> Quant:
    return BY_NAME.get(text.upper()) or (BY_NAME["Q4_K_M"] if text.upper() == "MXFP4" else BY_NAME[text.upper()])


def load_rows(c: PrefillConstants) -> list[Row]:
    lookup = card_lookup()
    rows = []
    with CSV_PATH.open(encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh)):
            card = lookup(r["card"])
            if card is None:
                raise SystemExit(f"row {i + 2}: no catalog card for {r['card']!r}")
            active = float(r["active_b"]) if r["active_b"] else None
            # A hybrid's layout only marks its linear-attention layers (the rows give no full shape).
            layout = Layout((LayerGroup("linear", 1), LayerGroup("full", 1))) if r.get("hybrid") == "1" else None
            model = ModelSize(float(r["params_b"]), active, name=r["model"], layout=layout)
            vendor = "AMD" if card.vendor == "ATI" else card.vendor
            tflops, _ = matrix_tflops(card, fp32_tflops(card), c, r["backend"])
            rows.append(Row(i + 2, card.name, card, r["backend"], f"{vendor}/{r['backend']}", model,
                            quant_of(r["quant"]), int(r["layers"]) if r["layers"] else None,
                            int(r["attn_width"]) if r["attn_width"] else None, int(r["prompt_tokens"]),
                            r["flash_attention"] == "1", float(r["pp_tok_s"]), math.log(tflops),
                            card_class(card) == "hbm", r["source"]))
    return rows


# ------------------------------------------------------------------------------------------ least squares


def _att(row: Row, c: PrefillConstants) -> float:
    """The attention's share against the weights' work, as estimator.prefill.length_factor takes it: a MoE's
    effective size with the stored MoE factors (the grid's own factor would make the share circular)."""
    return attention_width(row.model, c, row.layers, row.width) * row.prompt / (
        effective_params_b(row.model, c, row.vendor_backend) * 1e9)


def moe_groups(rows: Sequence[Row]) -> list[str]:
    """The vendor/backends with MoE rows from at least MOE_MIN_CARDS cards: each gets its own MoE factor. One
    card is enough (Intel/SYCL: only the Arc Pro B70 runs MoE models there, all of them about twice as slow
    as the shared factor says); leave-one-card-out cannot test such a factor, and scores that card's MoE
    rows with the shared one."""
    cards: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        if r.model.is_moe:
            cards[r.vendor_backend].add(r.card_name)
    return sorted(g for g, names in cards.items() if len(names) >= MOE_MIN_CARDS)


def fit_linear(rows: Sequence[Row], c: PrefillConstants, moe: float, k_fa: float, k_no: float,
               groups: Sequence[str], own_moe: bool = False) -> tuple[dict, float]:
    """OLS for fixed shape constants; returns (fitted figures, squared log error). With `own_moe`, a MoE row
    of a backend in `moe_groups` also carries that backend's MoE column: its factor is `moe` over the
    column's exp."""
    mgroups = moe_groups(rows) if own_moe else []
    names = [*groups, "alpha", "hbm", "f16", "hybrid", *mgroups]
    xs, ys = [], []
    for r in rows:
        a_eff = (r.model.active_params_b or r.model.params_b) * moe if r.model.is_moe else r.model.params_b
        k = k_fa if r.fa else k_no
        y = math.log(r.pp) + math.log(a_eff) + math.log(1 + k * _att(r, c))
        x = [1.0 if r.vendor_backend == g else 0.0 for g in groups] + [r.log_f, float(r.hbm),
                                                                         float(r.quant.kind == "f16"),
                                                                         float(r.model.is_moe and is_hybrid(r.model))]
        x += [1.0 if r.model.is_moe and r.vendor_backend == g else 0.0 for g in mgroups]
        xs.append(x)
        ys.append(y)
    n = len(names)
    ata = [[sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(n)] for i in range(n)]
    aty = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(n)]
    beta = solve(ata, aty)
    sse = sum((y - sum(b * v for b, v in zip(beta, x, strict=True))) ** 2 for x, y in zip(xs, ys, strict=True))
    fit = {"efficiency": {g: math.exp(beta[i]) for i, g in enumerate(groups)}, "alpha": beta[len(groups)],
           "class_factor": {"hbm": math.exp(beta[len(groups) + 1])},
           "kind_factor": {"f16": math.exp(beta[len(groups) + 2]), "quantized": 1.0},
           "moe_factor": moe, "attention_k": {"fa": k_fa, "no_fa": k_no},
           "hybrid_moe_factor": math.exp(-beta[len(groups) + 3]),
           "moe_by_backend": {g: moe * math.exp(-beta[len(groups) + 4 + i]) for i, g in enumerate(mgroups)}}
    return fit, sse


def fit(rows: Sequence[Row], c: PrefillConstants) -> dict:
    groups = sorted({r.vendor_backend for r in rows})
    has_moe = any(r.model.is_moe for r in rows)
    has_fa_len = any(r.fa and r.prompt > 512 for r in rows)
    has_no_len = any(not r.fa and r.prompt > 512 for r in rows)
    best: tuple[float, dict] | None = None
    for moe in MOE_GRID if has_moe else (c.moe_factor,):
        for k_fa in K_GRID if has_fa_len else (c.attention_k["fa"],):
            for k_no in K_GRID if has_no_len else (c.attention_k["no_fa"],):
                f, sse = fit_linear(rows, c, moe, k_fa, k_no, groups)
                if best is None or sse < best[0]:
                    best = (sse, f)
    assert best is not None
    # The shared MoE factor and k come from every row; then the backends with their own MoE rows get theirs.
    f = best[1]
    out = fit_linear(rows, c, f["moe_factor"], f["attention_k"]["fa"], f["attention_k"]["no_fa"], groups,
                     own_moe=True)[0]
    out["ceiling_by_backend"] = ceilings(rows, c, out["attention_k"])
    return out


def ceilings(rows: Sequence[Row], c: PrefillConstants, k: dict) -> dict[str, float]:
    """Per vendor/backend, the fastest tiny-model row per GB/s of the card's bandwidth, its prompt's attention
    fall undone (the ceiling applies to a short prompt's figure): the same rule as the all-backend figure."""
    out: dict[str, float] = {}
    for r in rows:
        if (r.model.active_params_b or r.model.params_b) <= TINY_B:
            short = r.pp * (1 + k["fa" if r.fa else "no_fa"] * _att(r, c)) / r.card.bandwidth_gbps  # type: ignore[attr-defined]
            out[r.vendor_backend] = max(out.get(r.vendor_backend, 0.0), short)
    return {g: min(v, c.max_tok_s_per_gbps) for g, v in out.items()}


def with_fit(c: PrefillConstants, f: dict) -> PrefillConstants:
    eff = dict(f["efficiency"])
    eff["default"] = statistics.median(eff.values())
    return replace(c, efficiency=eff, alpha=f["alpha"], class_factor=f["class_factor"], kind_factor=f["kind_factor"],
                   moe_factor=f["moe_factor"], attention_k=f["attention_k"], moe_by_backend=f["moe_by_backend"],
                   ceiling_by_backend=f["ceiling_by_backend"], hybrid_moe_factor=f["hybrid_moe_factor"],
                   range_by_class={})


def predict(row: Row, c: PrefillConstants, backend: str | None) -> float:
    return prefill(row.model, row.card, row.quant, row.prompt, c, fp32_tflops(row.card), backend, row.fa,
                   row.layers, row.width).tok_s  # type: ignore[arg-type]


def leave_one_card_out(rows: Sequence[Row], c: PrefillConstants) -> list[tuple[Row, float]]:
    by_card: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        by_card[r.card_name].append(r)
    out = []
    for name, held in by_card.items():
        rest = [r for r in rows if r.card_name != name]
        cc = with_fit(c, fit(rest, c))
        for r in held:
            seen = r.vendor_backend in cc.efficiency
            out.append((r, predict(r, cc, r.backend if seen else None)))
    return out


def percentile(xs: Sequence[float], p: float) -> float:
    s = sorted(xs)
    k = (len(s) - 1) * p
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def range_class(r: Row) -> str:
    """The class whose held-out spread states a row's range: MoE rows together, else the vendor/backend."""
    return "moe" if r.model.is_moe else r.vendor_backend


def class_ranges(held: Sequence[tuple[Row, float]]) -> tuple[tuple[float, float], dict[str, tuple[float, float]]]:
    """The all-rows range and each large-enough class's: RANGE_P percentiles of measured / estimate, never
    excluding the estimate itself."""
    def span(xs: Sequence[float]) -> tuple[float, float]:
        return min(percentile(xs, RANGE_P[0]), 1.0), max(percentile(xs, RANGE_P[1]), 1.0)

    by: dict[str, list[float]] = defaultdict(list)
    cards: dict[str, set[str]] = defaultdict(set)
    for r, est in held:
        by[range_class(r)].append(r.pp / est)
        cards[range_class(r)].add(r.card_name)
    overall = span([r.pp / est for r, est in held])
    return overall, {k: span(xs) for k, xs in sorted(by.items())
                     if len(xs) >= RANGE_MIN_ROWS and len(cards[k]) >= RANGE_MIN_CARDS}


def inside_share(held: Sequence[tuple[Row, float]], overall: tuple[float, float],
                 per: dict[str, tuple[float, float]]) -> float:
    n = 0
    for r, est in held:
        lo, hi = per.get(range_class(r), overall)
        n += lo <= r.pp / est <= hi
    return n / len(held)


def inside_unseen(held: Sequence[tuple[Row, float]]) -> float:
    """The honest figure: each card's rows against ranges computed from every other card's residuals."""
    n = 0
    for name in {r.card_name for r, _ in held}:
        rest = [h for h in held if h[0].card_name != name]
        mine = [h for h in held if h[0].card_name == name]
        overall, per = class_ranges(rest)
        n += round(inside_share(mine, overall, per) * len(mine))
    return n / len(held)


def report(held: Sequence[tuple[Row, float]], show_rows: bool) -> dict:
    ratios = [r.pp / est for r, est in held]
    err = [max(x, 1 / x) for x in ratios]
    overall, per = class_ranges(held)
    by_vendor: dict[str, list[float]] = defaultdict(list)
    for (r, _), e in zip(held, err, strict=True):
        by_vendor[r.vendor_backend.split("/")[0]].append(e)
    if show_rows:
        for (r, est), x in zip(held, ratios, strict=True):
            print(f"  {r.card_name:28} {r.backend:6} {r.model.name[:26]:26} {r.quant.name:7} pp{r.prompt:<6} "
                  f"fa{int(r.fa)} measured {r.pp:8.1f} est {est:8.1f} ×{x:5.2f}")
    return {"rows": len(held), "cards": len({r.card_name for r, _ in held}), "median_error": statistics.median(err),
            "inside": inside_share(held, overall, per), "inside_unseen": inside_unseen(held), "range": overall,
            "range_by_class": per,
            "by_vendor": {v: (len(e), statistics.median(e)) for v, e in sorted(by_vendor.items())}}


def write_fit(raw: dict, rows: Sequence[Row], c: PrefillConstants, out: dict) -> None:
    cc = with_fit(c, fit(rows, c))
    low, high = out["range"]
    raw["fit"] = {"note": f"Fitted by benchmarks/prefill_accuracy.py on {len(rows)} rows; range = held-out "
                          f"{RANGE_P[0]:.1%}/{RANGE_P[1]:.1%} percentiles of measured/estimate, over all rows and "
                          f"per class (MoE rows; else vendor/backend) with {RANGE_MIN_ROWS} rows on "
                          f"{RANGE_MIN_CARDS} cards or more; "
                          f"ceiling_by_backend = the fastest row of a model of {TINY_B:g}B or less per GB/s.",
                  "alpha": round(cc.alpha, 4), "efficiency": {k: round(v, 3) for k, v in cc.efficiency.items()},
                  "class_factor": {k: round(v, 4) for k, v in cc.class_factor.items()},
                  "kind_factor": {k: round(v, 4) for k, v in cc.kind_factor.items()},
                  "moe_factor": cc.moe_factor,
                  "moe_by_backend": {k: round(v, 3) for k, v in cc.moe_by_backend.items()},
                  "hybrid_moe_factor": round(cc.hybrid_moe_factor, 3),
                  "ceiling_by_backend": {k: round(v, 2) for k, v in cc.ceiling_by_backend.items()},
                  "attention_k": dict(cc.attention_k),
                  "range": {"low": round(low, 3), "high": round(high, 3)},
                  "range_by_class": {k: {"low": round(lo, 3), "high": round(hi, 3)}
                                     for k, (lo, hi) in out["range_by_class"].items()}}
    CONSTANTS.write_text(json.dumps(raw, indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {CONSTANTS.relative_to(ROOT)}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--write", action="store_true",
                    help="write the fit (all rows) and the ranges (held-out) to the JSON")
    ap.add_argument("--medians", action="store_true")
    args = ap.parse_args(argv)
    raw, c = load_constants()
    if args.medians:
        return print_medians(c)
    rows = load_rows(c)
    held = leave_one_card_out(rows, c)
    out = report(held, args.rows)
    low, high = out["range"]
    print(f"prefill, leave one card out: {out['rows']} rows on {out['cards']} cards")
    print(f"  median error ×{out['median_error']:.2f}; {out['inside']:.0%} inside the stated range "
          f"({out['inside_unseen']:.0%} with each card's range computed without it; all rows ×{low:.2f}–×{high:.2f})")
    for k, (lo, hi) in out["range_by_class"].items():
        print(f"  range {k:14} ×{lo:.2f}–×{hi:.2f}")
    for v, (n, e) in out["by_vendor"].items():
        print(f"  {v:7} {n:3} rows, median error ×{e:.2f}")
    if args.write:
        write_fit(raw, rows, c, out)
    return 0


def print_medians(c: PrefillConstants) -> int:
    per: dict[str, list[float]] = defaultdict(list)
    for card in Knowledge(load_gpu_records(), []).gpus_for("measured"):
        tflops, basis = matrix_tflops(card, fp32_tflops(card), c)
        if basis != "bandwidth" and card.bandwidth_gbps > 0:
            per[card.vendor].append(tflops / (card.bandwidth_gbps / 1000))
    for vendor, xs in sorted(per.items()):
        print(f"{vendor:8} {len(xs):4} cards, median {statistics.median(xs):.1f} TFLOPS per TB/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
