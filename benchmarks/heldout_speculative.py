"""Speculative decoding (MTP heads, DFlash, EAGLE, n-gram or a draft model) against the public held-out rows.

    python benchmarks/heldout_speculative.py [--rows] [--write]

Train: the setups and engine rows of rounds 4-7 (docs/trials/2026-12-07-{second,third,fourth,fifth}/heldout/,
each with its source) whose run had speculative decoding on (their engine or notes say MTP, DFlash, EAGLE,
n-gram, speculative or a draft), asked in chat as the held-out scorer asks them: the question does not say it,
so the answer is the plain figure and measured / answered is the gain. The factor is the median gain, the range
its 10th-90th percentiles. Test: the round-8 rows (sixth) whose question says it, asked as the scorer asks them,
with the factor applied by the answer itself. `--write` stores the factor in
estimator/data/speculative.json (fitted on rounds 4-7 only).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import json
import math
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from benchmarks.heldout_engines import read_figure  # noqa: E402
from benchmarks.heldout_setups import q_setups  # noqa: E402

TRIALS = ROOT / "docs" / "trials"
TRAIN = ("second", "third", "fourth", "fifth")
TEST = "sixth"
SPEC = re.compile(r"\b(mtp|dflash\w*|eagle\d?|n-?gram|speculative|spec=\w+|draft)", re.IGNORECASE)
DATA = ROOT / "estimator" / "data" / "speculative.json"


def _rows(round_name: str) -> list[tuple[str, float, str]]:
    """(question, measured, where) for the setups rows of one round that ran with speculative decoding."""
    out = []
    path = TRIALS / f"2026-12-07-{round_name}" / "heldout" / "setups.csv"
    if not path.exists():
        return out
    for r in csv.DictReader(path.open(encoding="utf-8")):
        told = " ".join((r.get("engine", ""), r.get("notes", ""), r.get("quant", ""), r.get("model", "")))
        if not SPEC.search(told):
            continue
        try:
            q, real = q_setups(r)
        except (ValueError, KeyError):
            continue
        out.append((q, real, r.get("source", "")))
    return out


def _ratio(engine: Engine, q: str, real: float) -> tuple[float | None, float | None, float | None]:
    got, lo, hi = read_figure(engine.ask(q).text)
    return (real / got if got else None), lo, hi


def _pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p * (len(s) - 1))))]


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    engine = await Engine.open()
    train = [(q, real, src) for name in TRAIN for q, real, src in _rows(name) if not SPEC.search(q)]
    gains = []
    for q, real, src in train:
        gain, _, _ = _ratio(engine, q, real)
        if gain is not None:
            gains.append(gain)
            if args.rows:
                print(f"train gain x{gain:.2f}  {q[:110]}  ({src})")
    factor, low, high = statistics.median(gains), _pct(gains, 0.1), _pct(gains, 0.9)
    print(f"train (rounds 4-7, spec on, not said): {len(gains)} rows, median gain x{factor:.2f}, "
          f"10th-90th x{low:.2f}-x{high:.2f}")
    test = [(q, real, src) for q, real, src in _rows(TEST) if SPEC.search(q)]
    errs, inside = [], 0
    for q, real, src in test:
        got, lo, hi = read_figure(engine.ask(q).text)
        if not got:
            continue
        errs.append(math.exp(abs(math.log(got / real))))
        inside += lo is not None and hi is not None and lo <= real <= hi
        if args.rows:
            print(f"test x{got / real:.2f}  {q[:110]}  ({src})")
    if errs:
        print(f"test (round 8, spec said): {len(errs)} rows, median error x{statistics.median(errs):.2f}, "
              f"inside {inside}/{len(errs)}")
    if args.write:
        DATA.write_text(json.dumps({
            "factor": round(factor, 2), "low": round(low, 2), "high": round(high, 2), "rows": len(gains),
            "source": "benchmarks/heldout_speculative.py --write: median and 10th-90th percentiles of measured / "
                      "answered over the public setups rows of rounds 4-7 run with MTP, DFlash, EAGLE, n-gram or a "
                      "draft model (docs/trials/2026-12-07-{second,third,fourth,fifth}/heldout/setups.csv, "
                      "sources per row there)"}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
