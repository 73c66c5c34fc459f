"""Held-out public prompt-processing rows asked in chat, as a person would, and the answer's figure and range scored;
with --factors, the leave-one-out check of the figures fitted on the rows of rounds 4-6.

    python benchmarks/heldout_prefill.py [CSV ...] [--rows]
    python benchmarks/heldout_prefill.py --factors   # leave-one-out of model_factor and moe_by_engine

CSV: the held-out rows' columns (hardware, backend, model, quant, prompt_tokens, pp_tok_s, source, ...); default
the four rounds in docs/trials/2026-12-07-{second,third,fourth,fifth}/heldout/prefill.csv (all seen now).

The questions and the reading are the collecting sessions' crude scorer's (same words, same order): "how long to
process a N token prompt with MODEL QUANT on HARDWARE (BACKEND)"; the figure is the first tokens-per-second
sentence that speaks of the prompt, its range the parenthesised "a–b" right after the figure. Prints the answered
share, the median error (×, either way) and the share of measured figures inside the stated range.

--factors: the two prefill figures fitted on held-out rows (estimator/data/prefill_constants.json `model_factor`
for DeepSeek V4, `moe_by_engine` for MLX) are each the median of measured / estimate-without-the-figure over
their rows of rounds 4-6. Each such row is predicted with the figure refitted without it; round 7's rows of the
same models and engine are predicted with the figure as stored (they were not used to fit it).
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402

TRIALS = ROOT / "docs" / "trials"
ROUNDS = {4: "2026-12-07-second", 5: "2026-12-07-third", 6: "2026-12-07-fourth", 7: "2026-12-07-fifth"}
CONSTANTS = json.loads((ROOT / "estimator" / "data" / "prefill_constants.json").read_text("utf-8"))
NUM = r"(\d[\d,]*(?:\.\d+)?)"
FIGURE = re.compile(NUM + r" tokens per second(?: \((?:range )?" + NUM + r"[–-]" + NUM + r"\))?")


def question(r: dict[str, str]) -> str:
    model = re.sub(r"\s*\(.*?\)", "", r["model"]).strip()
    return (f"how long to process a {r['prompt_tokens']} token prompt with {model} {r['quant']} on {r['hardware']}"
            f" ({r['backend'].split(' ')[0]})")


def _num(x: str) -> float:
    return float(x.replace(",", ""))


def read_figure(text: str) -> tuple[float | None, float | None, float | None]:
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if "tokens per second" not in sentence or "prompt" not in sentence:
            continue
        m = FIGURE.search(sentence)
        if m:
            lo, hi = m.group(2), m.group(3)
            return _num(m.group(1)), (_num(lo) if lo else None), (_num(hi) if hi else None)
    return None, None, None


def _model(facts: dict[str, Any]) -> tuple[str, bool]:
    m = facts.get("model") or {}
    return str(m.get("name") or ""), m.get("active_params_b") is not None


def factor_group(r: dict[str, str], facts: dict[str, Any]) -> tuple[str | None, float]:
    """(group, the figure the answer applied) for a row a fitted figure touches: DeepSeek V4 by name; an MLX
    row of a MoE model (its MoE factor replaces Metal's: the speed moves by their ratio)."""
    name, moe = _model(facts)
    for prefix, v in CONSTANTS["model_factor"].items():
        if not prefix.startswith("note") and name.lower().startswith(prefix.lower()):
            return f"model {prefix}", float(v["factor"])
    if "mlx" in r["backend"].lower() and moe:
        metal = CONSTANTS["fit"]["moe_by_backend"]["Apple/Metal"]
        return "MLX MoE", metal / float(CONSTANTS["moe_by_engine"]["mlx"]["factor"])
    return None, 1.0


async def score(paths: list[Path], show: bool) -> list[tuple[int, dict[str, str], dict[str, Any], float | None]]:
    engine = await Engine.open()
    out = []
    for path in paths:
        rows = list(csv.DictReader(path.open(encoding="utf-8")))
        ratios: list[float] = []
        inside = 0
        for r in rows:
            try:
                real = float(r["pp_tok_s"])
            except ValueError:
                continue
            a = engine.ask(question(r))
            got, lo, hi = read_figure(a.text)
            ok = got is not None and lo is not None and hi is not None and lo <= real <= hi
            if got:
                ratios.append(got / real)
                inside += ok
            rnd = next((k for k, v in ROUNDS.items() if v in str(path)), 0)
            out.append((rnd, r, a.facts, got))
            if show:
                print(f"{f'{got / real:5.2f}x' if got else '     '} {'in ' if ok else 'out'} {real:8.1f} "
                      f"{got or 0:8.1f} {lo}-{hi}\t{question(r)}")
        err = [math.exp(abs(math.log(x))) for x in ratios]
        print(f"prefill {path.parent.parent.name}: {len(rows)} rows, answered {len(ratios)} "
              f"({100 * len(ratios) / max(len(rows), 1):.0f}%), median error x{statistics.median(err):.2f}, "
              f"inside range {inside}/{len(ratios)} ({100 * inside / max(len(ratios), 1):.0f}%)")
    return out


def factors(scored: list[tuple[int, dict[str, str], dict[str, Any], float | None]]) -> None:
    """Leave-one-out of each fitted figure on its round 4-6 rows; round 7 with the stored figure."""
    groups: dict[str, list[tuple[int, float, float]]] = {}
    for rnd, r, facts, got in scored:
        group, applied = factor_group(r, facts)
        if group is None or not got:
            continue
        groups.setdefault(group, []).append((rnd, float(r["pp_tok_s"]), got / applied))  # estimate without it
    for group, rows in groups.items():
        train = [(real, bare) for rnd, real, bare in rows if rnd < 7]
        test = [(real, bare) for rnd, real, bare in rows if rnd == 7]
        fitted = statistics.median(real / bare for real, bare in train) if train else 1.0
        loo = []
        for i, (real, bare) in enumerate(train):
            rest = [x / y for j, (x, y) in enumerate(train) if j != i]
            if rest:
                loo.append(math.exp(abs(math.log(real / (bare * statistics.median(rest))))))
        held = [math.exp(abs(math.log(real / (bare * fitted)))) for real, bare in test]
        before = [math.exp(abs(math.log(real / bare))) for real, bare in train + test]
        print(f"{group}: speed x{fitted:.3f} from {len(train)} round 4-6 rows; leave-one-out median error "
              f"x{statistics.median(loo):.2f} (without the figure x{statistics.median(before):.2f} on all "
              f"{len(before)}); round 7: {len(test)} rows, median error "
              f"{f'x{statistics.median(held):.2f}' if held else '-'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="*", type=Path)
    ap.add_argument("--rows", action="store_true", help="list every row with its answer's figure and range")
    ap.add_argument("--factors", action="store_true", help="leave-one-out of the figures fitted on held-out rows")
    args = ap.parse_args(argv)
    paths = args.csv or [TRIALS / d / "heldout" / "prefill.csv" for d in ROUNDS.values()]
    scored = asyncio.run(score(paths, args.rows))
    if args.factors:
        factors(scored)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
