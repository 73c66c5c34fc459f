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
come from two cards or more gets its own MoE factor (one more column per such backend).
Leave-one-card-out: every card's rows are predicted with everything (grid included) fitted without that
card; a backend seen on no other card takes the vendor's default (AMD: the ROCm/Vulkan mean; Intel: the
SYCL/Vulkan mean). The stated range is the 10th–90th percentile of those held-out
ratios. Pure Python.
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
from estimator.model import ModelSize  # noqa: E402
from estimator.prefill import PrefillConstants, attention_width, matrix_tflops, prefill  # noqa: E402
from estimator.quants import BY_NAME, Quant  # noqa: E402

CSV_PATH = ROOT / "estimator" / "data" / "prefill_measured.csv"
CONSTANTS = ROOT / "estimator" / "data" / "prefill_constants.json"
MOE_GRID = (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
# k >= 1: attention's FLOPs (4·L·w·n at position n) run at best as fast as the weight matrices' (physics,
# not a fit: a k below 1 would read a long prompt faster than its FLOPs allow).
K_GRID = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0, 8.0)


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
            model = ModelSize(float(r["params_b"]), active, name=r["model"])
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
    active = row.model.active_params_b if row.model.is_moe and row.model.active_params_b else row.model.params_b
    return attention_width(row.model, c, row.layers, row.width) * row.prompt / (active * 1e9)


def moe_groups(rows: Sequence[Row]) -> list[str]:
    """The vendor/backends whose MoE rows come from at least two cards: each gets its own MoE factor (one
    card's MoE rows would be that card's quirk, and leave-one-card-out could never test it)."""
    cards: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        if r.model.is_moe:
            cards[r.vendor_backend].add(r.card_name)
    return sorted(g for g, names in cards.items() if len(names) >= 2)


def fit_linear(rows: Sequence[Row], c: PrefillConstants, moe: float, k_fa: float, k_no: float,
               groups: Sequence[str], own_moe: bool = False) -> tuple[dict, float]:
    """OLS for fixed shape constants; returns (fitted figures, squared log error). With `own_moe`, a MoE row
    of a backend in `moe_groups` also carries that backend's MoE column: its factor is `moe` over the
    column's exp."""
    mgroups = moe_groups(rows) if own_moe else []
    names = [*groups, "alpha", "hbm", "f16", *mgroups]
    xs, ys = [], []
    for r in rows:
        a_eff = (r.model.active_params_b or r.model.params_b) * moe if r.model.is_moe else r.model.params_b
        k = k_fa if r.fa else k_no
        y = math.log(r.pp) + math.log(a_eff) + math.log(1 + k * _att(r, c))
        x = [1.0 if r.vendor_backend == g else 0.0 for g in groups] + [r.log_f, float(r.hbm),
                                                                         float(r.quant.kind == "f16")]
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
           "moe_by_backend": {g: moe * math.exp(-beta[len(groups) + 3 + i]) for i, g in enumerate(mgroups)}}
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
    return fit_linear(rows, c, f["moe_factor"], f["attention_k"]["fa"], f["attention_k"]["no_fa"], groups,
                      own_moe=True)[0]


def with_fit(c: PrefillConstants, f: dict) -> PrefillConstants:
    eff = dict(f["efficiency"])
    eff["default"] = statistics.median(eff.values())
    return replace(c, efficiency=eff, alpha=f["alpha"], class_factor=f["class_factor"], kind_factor=f["kind_factor"],
                   moe_factor=f["moe_factor"], attention_k=f["attention_k"], moe_by_backend=f["moe_by_backend"])


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


def report(held: Sequence[tuple[Row, float]], low: float, high: float, show_rows: bool) -> dict:
    ratios = [r.pp / est for r, est in held]
    err = [max(x, 1 / x) for x in ratios]
    inside = sum(1 for x in ratios if low <= x <= high)
    by_vendor: dict[str, list[float]] = defaultdict(list)
    for (r, _), e in zip(held, err, strict=True):
        by_vendor[r.vendor_backend.split("/")[0]].append(e)
    if show_rows:
        for (r, est), x in zip(held, ratios, strict=True):
            print(f"  {r.card_name:28} {r.backend:6} {r.model.name[:26]:26} {r.quant.name:7} pp{r.prompt:<6} "
                  f"fa{int(r.fa)} measured {r.pp:8.1f} est {est:8.1f} ×{x:5.2f}")
    return {"rows": len(held), "cards": len({r.card_name for r, _ in held}), "median_error": statistics.median(err),
            "inside": inside / len(held), "range": (low, high),
            "by_vendor": {v: (len(e), statistics.median(e)) for v, e in sorted(by_vendor.items())}}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--write", action="store_true",
                    help="write the fit (all rows) and the range (held-out) to the JSON")
    ap.add_argument("--medians", action="store_true")
    args = ap.parse_args(argv)
    raw, c = load_constants()
    if args.medians:
        return print_medians(c)
    rows = load_rows(c)
    held = leave_one_card_out(rows, c)
    ratios = [r.pp / est for r, est in held]
    low, high = percentile(ratios, 0.10), percentile(ratios, 0.90)
    low, high = min(low, 1.0), max(high, 1.0)
    out = report(held, low, high, args.rows)
    print(f"prefill, leave one card out: {out['rows']} rows on {out['cards']} cards")
    print(f"  median error ×{out['median_error']:.2f}; {out['inside']:.0%} inside the stated range "
          f"(×{low:.2f}–×{high:.2f} of the estimate)")
    for v, (n, e) in out["by_vendor"].items():
        print(f"  {v:7} {n:3} rows, median error ×{e:.2f}")
    if args.write:
        f = fit(rows, c)
        cc = with_fit(c, f)
        raw["fit"] = {"note": f"Fitted by benchmarks/prefill_accuracy.py on {len(rows)} rows; "
                              "range = held-out 10th/90th percentile of measured/estimate.",
                      "alpha": round(cc.alpha, 4), "efficiency": {k: round(v, 3) for k, v in cc.efficiency.items()},
                      "class_factor": {k: round(v, 4) for k, v in cc.class_factor.items()},
                      "kind_factor": {k: round(v, 4) for k, v in cc.kind_factor.items()},
                      "moe_factor": cc.moe_factor,
                      "moe_by_backend": {k: round(v, 3) for k, v in cc.moe_by_backend.items()},
                      "attention_k": dict(cc.attention_k),
                      "range": {"low": round(low, 3), "high": round(high, 3)}}
        CONSTANTS.write_text(json.dumps(raw, indent=2, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {CONSTANTS.relative_to(ROOT)}")
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
