"""Compare the several-users model (estimator/users.py) with public batched-decode measurements.

    python benchmarks/users_accuracy.py [--profile measured|reference] [--rows]

Rows: estimator/data/batched_measured.csv — llama.cpp total decode speeds with B tokens per step
(llama-batched-bench with B sequences, or llama-bench's pp512 at micro-batch B, which reads the weights
once per B tokens like B users do, at depth 0). Each is predicted with the profile's one-request speed,
the calibrated prefill (the compute ceiling) and the model's memory parts, exactly as `--users B`
computes it. Nothing here is fitted on these rows: they only test the model. Pure Python.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.facts.throughput import Ask, card_prefill, workload  # noqa: E402
from answers.knowledge.catalog_view import model_size  # noqa: E402
from answers.knowledge.profiles import load_profile, load_setup_constants  # noqa: E402
from benchmarks.measured_rows import card_lookup  # noqa: E402
from catalog.builtin import load_builtin_models  # noqa: E402
from estimator.model import ModelSize  # noqa: E402
from estimator.quants import BY_NAME  # noqa: E402
from estimator.users import concurrency  # noqa: E402

CSV_PATH = ROOT / "estimator" / "data" / "batched_measured.csv"


def predictions(profile_name: str) -> list[tuple[dict[str, str], float]]:
    profile = load_profile(profile_name)
    constants = load_setup_constants()
    share, fixed = constants.moe_expert_share_active, constants.moe_batch_fixed_share
    lookup = card_lookup()
    natives = {m.name: model_size(m) for m in load_builtin_models() if m.native_format is not None}
    out = []
    with CSV_PATH.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            card = lookup(r["card"])
            if card is None:
                raise SystemExit(f"no catalog card for {r['card']!r}")
            model = ModelSize(float(r["params_b"]), float(r["active_b"]) if r["active_b"] else None, name=r["model"])
            native = natives.get(r["model"])  # gpt-oss: the catalog's record, MXFP4 experts whatever the level
            model = native if native is not None else model
            q = BY_NAME[r["quant"]]
            ctx = int(r["context_tokens"])
            ask = Ask(backend=r["backend"])
            w = workload(profile, model, q, ctx, "f16", profile.tok_s(model, card, q), profile.usable_gb(card),
                         card_prefill(model, card, q, ctx, ask).tok_s, share, fixed, card.bandwidth_gbps)
            out.append((r, concurrency(w, int(r["users"])).total_tok_s))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", default="measured", choices=("measured", "reference"))
    ap.add_argument("--rows", action="store_true")
    args = ap.parse_args(argv)
    pairs = predictions(args.profile)
    ratios = [float(r["total_tok_s"]) / est for r, est in pairs]
    if args.rows:
        for (r, est), x in zip(pairs, ratios, strict=True):
            print(f"  {r['card']:24} {r['model']:14} {r['quant']:5} B={r['users']:>4} "
                  f"measured {float(r['total_tok_s']):9.1f} est {est:9.1f} ×{x:5.2f}")
    errs = [max(x, 1 / x) for x in ratios]
    print(f"several users ({args.profile}): {len(pairs)} rows, median error ×{statistics.median(errs):.2f}, "
          f"{sum(e <= 1.6 for e in errs) / len(errs):.0%} within ×1.6")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
