"""Decode speed at a filled context (estimator/long_context.py) against public llama-bench runs at depth.

    python benchmarks/depth_accuracy.py [--rows] [--write]

Rows: benchmarks/data/depth_measured.csv — `llama-bench -d D` decode speeds (tg at depth D) beside the same
run's speed at depth 0, so only the fall with depth is scored: measured tg(D)/tg(0) against the model's
1 / slowdown (the cache read at the profile's effective bandwidth, plus the attention's arithmetic at a share
of the card's vector (FP32) TFLOPS: one query row against the cache is vector work). The share is fitted here
(least squares on log error); `--write` stores it in estimator/data/prefill_constants.json
(`decode_attention`). Pure Python.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.facts.long_context import vector_tflops  # noqa: E402
from answers.facts.throughput import load_prefill_constants  # noqa: E402
from answers.knowledge.catalog_view import model_size  # noqa: E402
from answers.knowledge.profiles import load_profile  # noqa: E402
from benchmarks.measured_rows import card_lookup  # noqa: E402
from catalog.builtin import load_builtin_models  # noqa: E402
from estimator.long_context import attention_seconds, slowdown  # noqa: E402
from estimator.quants import BY_NAME  # noqa: E402

CSV_PATH = ROOT / "benchmarks" / "data" / "depth_measured.csv"
JSON_PATH = ROOT / "estimator" / "data" / "prefill_constants.json"
SHARES = [round(0.01 * i, 2) for i in range(1, 101)]


def load_rows() -> list[dict[str, Any]]:
    profile = load_profile("measured")
    constants = load_prefill_constants()
    lookup = card_lookup()
    models = {m.name: m for m in load_builtin_models()}
    rows = []
    with CSV_PATH.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            card, rec = lookup(r["card"]), models.get(r["model"])
            if card is None or rec is None:
                raise SystemExit(f"no catalog card or model for {r['card']!r} / {r['model']!r}")
            model, q, depth = model_size(rec), BY_NAME[r["quant"]], int(r["depth"])
            rows.append({**r, "model_size": model, "depth_n": depth, "tg0": float(r["tg0_tok_s"]),
                         "ratio": float(r["tg_tok_s"]) / float(r["tg0_tok_s"]),
                         "cache_gib": profile.memory_parts(model, q, depth, "f16").cache_gb,
                         "read_gb": profile.gb_per_token(model, q),
                         "tflops": vector_tflops(card, constants)})
    return rows


def predicted(row: dict[str, Any], share: float | None) -> float:
    """tg(depth)/tg(0) as the model gives it; share None: the cache read alone (no arithmetic)."""
    att = attention_seconds(row["model_size"], row["depth_n"], row["tflops"] * share) if share else 0.0
    return 1 / slowdown(row["cache_gib"], row["read_gb"], att, row["tg0"])


def score(rows: list[dict[str, Any]], share: float | None) -> float:
    return statistics.median(math.exp(abs(math.log(r["ratio"] / predicted(r, share)))) for r in rows)


def fit(rows: list[dict[str, Any]]) -> float:
    return min(SHARES, key=lambda s: sum(math.log(r["ratio"] / predicted(r, s)) ** 2 for r in rows))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    rows = load_rows()
    share = fit(rows)
    if args.rows:
        for r in rows:
            print(f"  {r['card'][:24]:24} {r['model'][:20]:20} {r['quant']:6} d={r['depth_n']:>6} measured "
                  f"×{r['ratio']:.3f} reads only ×{predicted(r, None):.3f} with attention ×{predicted(r, share):.3f}")
    print(f"decode at depth: {len(rows)} rows, median error of the fall: reads only ×{score(rows, None):.3f}, "
          f"with attention at {share:.2f} of the vector TFLOPS ×{score(rows, share):.3f}")
    if args.write:
        data = json.loads(JSON_PATH.read_text("utf-8"))
        data["decode_attention"] = {
            "share": share,
            "source": f"benchmarks/depth_accuracy.py --write: fitted on {len(rows)} public llama-bench rows at depth "
                      "(benchmarks/data/depth_measured.csv, each row's source there): the share of the card's "
                      "vector (FP32) TFLOPS a decode step's attention reaches (one query row against the whole cache)"}
        JSON_PATH.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {JSON_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
