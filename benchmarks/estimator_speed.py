"""Estimator speed: one model over all 818 cards (table, summary), one card over the whole model
catalog (built-in + an Epoch snapshot), and `tpsbot summary --params 7 --json` as a whole process.

    python benchmarks/estimator_speed.py [--epoch tests/data/epoch/snapshots/all_ai_models.csv] [--repeat 200]

Prints medians; the README quotes its output. Targets: table ≤ 2 ms, summary ≤ 3 ms,
card over ~3,400 models ≤ 50 ms, whole process ≤ 0.5 s once the database exists.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.facts.describe import summary_facts, table_facts  # noqa: E402
from answers.knowledge.catalog_view import model_size  # noqa: E402
from catalog.builtin import load_builtin_models  # noqa: E402
from catalog.gpus import load_gpu_records  # noqa: E402
from estimator.model import ModelSize  # noqa: E402
from estimator.ranking import Query, models_on_card, rate_all  # noqa: E402


def median_ms(fn, repeat: int) -> float:
    for _ in range(10):  # warm-up: first calls fill caches and allocate
        fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epoch", type=Path, default=ROOT / "tests" / "data" / "epoch" / "snapshots" / "all_ai_models.csv")
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()

    cards = load_gpu_records()
    print(f"cards: {len(cards)}")
    # GLM-4.5V's size (43 cards run it) and a 1.3 B model (all 818 run it: the most rows to build)
    for label, size in (("108 B / 12 B active", ModelSize(108, 12)), ("1.3 B, every card", ModelSize(1.3))):
        q = Query(size)
        table_ms = median_ms(lambda q=q: table_facts(q, rate_all(q, cards)), args.repeat)
        summary_ms = median_ms(lambda q=q: summary_facts(q, rate_all(q, cards)), args.repeat)
        print(f"{label:>20}: table {table_ms:.2f} ms, summary {summary_ms:.2f} ms (median, JSON facts included)")

    models = list(load_builtin_models())
    if args.epoch.exists():
        from catalog.epoch import read_epoch
        from catalog.epoch_merge import merge_models

        models = merge_models(models, read_epoch(args.epoch).records)[0]
    sizes = [s for s in (model_size(m) for m in models) if s is not None]
    card = next(c for c in cards if c.name == "GeForce RTX 3060 12 GB")
    print(f"card    (RTX 3060 over {len(sizes)} models with sizes, of {len(models)}): "
          f"{median_ms(lambda: models_on_card(sizes, card), max(20, args.repeat // 10)):.2f} ms median")

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "TPSBOT_DB": str(Path(tmp) / "catalog.db")}
        cmd = [sys.executable, "-m", "bot.cli.parser", "summary", "--params", "7", "--json"]
        build = [sys.executable, "-m", "bot.cli.parser", "catalog", "build"]
        subprocess.run(build, env=env, check=True, capture_output=True)
        times = []
        for _ in range(15):
            t = time.perf_counter()
            subprocess.run(cmd, env=env, check=True, capture_output=True, cwd=ROOT)
            times.append(time.perf_counter() - t)
        print(f"process `tpsbot summary --params 7 --json` (database exists): "
              f"{statistics.median(times):.3f} s median of 15")


if __name__ == "__main__":
    main()
