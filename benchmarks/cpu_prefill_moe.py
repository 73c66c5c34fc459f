"""The CPU prompt rate of a mixture of experts against the public held-out rows of rounds 4-8: the share
of the dense rate (setup_constants.json machine.cpu_prefill_moe) fitted on rounds 4-7 and tested on round 8,
and leave-one-page-out (every source page's rows against the share fitted on the other pages).

    python benchmarks/cpu_prefill_moe.py [--rows]

Rows: the CPU-only rows with a prompt figure of docs/trials/2026-12-07-{second,...,sixth}/heldout/offload_cpu.csv
whose model is a mixture of experts (all seen by the team; each with its source). Each is asked in chat
("... cpu only on <cpu> ..., prompt speed?") and the answer's `prefill_tok_s` is read from its facts, then
divided by the stored share to get the dense-rate estimate the fit scales.
"""

from __future__ import annotations

import asyncio
import csv
import math
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.knowledge.profiles import load_setup_constants  # noqa: E402

ROUNDS = {4: "second", 5: "third", 6: "fourth", 7: "fifth", 8: "sixth"}
TRIALS = ROOT / "docs" / "trials"


def _find(d: Any, key: str) -> float | None:
    if isinstance(d, dict):
        if isinstance(d.get(key), (int, float)):
            return float(d[key])
        values = list(d.values())
    elif isinstance(d, list):
        values = d
    else:
        return None
    return next((r for r in (_find(v, key) for v in values) if r is not None), None)


def rows() -> list[tuple[int, str, str, float, bool]]:
    """(round, source page, question, measured prompt tok/s, moe) for every CPU-only row with a prompt figure."""
    out = []
    for rnd, name in ROUNDS.items():
        path = TRIALS / f"2026-12-07-{name}" / "heldout" / "offload_cpu.csv"
        for r in csv.DictReader(path.open()):
            if not r["prefill_tok_s"] or (r["gpu_count"] or "0") != "0" or not r["cpu"]:
                continue
            ram = f" and {r['ram_gb']} GB {r['ram_type']} RAM" if r["ram_gb"] else ""
            model = re.sub(r"\s*\(.*?\)", "", r["model"]).strip()
            q = f"{model} {r['quant']} cpu only on {r['cpu']}{ram}, prompt speed?"
            out.append((rnd, r["source"], q, float(r["prefill_tok_s"]), "MoE" in r["model"]))
    return out


def _err(ratios: list[float]) -> float:
    return statistics.median(math.exp(abs(math.log(x))) for x in ratios) if ratios else float("nan")


async def main() -> None:
    engine = await Engine.open()
    share = load_setup_constants().machine.cpu_prefill_moe_share
    scored: list[tuple[int, str, float]] = []  # round, page, measured / dense-rate estimate
    for rnd, page, q, real, moe in rows():
        got = _find(engine.ask(q).facts, "prefill_tok_s")
        if not got or not moe:
            continue
        scored.append((rnd, page, real / (got / share)))
        if "--rows" in sys.argv:
            print(f"round {rnd}\t{got / real:5.2f}x\t{real}\t{got:.1f}\t{q}")
    train = [x for r, _, x in scored if r < 8]
    test = [x for r, _, x in scored if r == 8]
    fit = statistics.median(train)
    print(f"MoE CPU prompt rows: {len(scored)}; stored share {share}; fitted on rounds 4-7 ({len(train)} rows): "
          f"{fit:.2f}; round 8 ({len(test)} rows): median error x{_err([x / fit for x in test]):.2f} "
          f"(at the dense rate x{_err(test):.2f})")
    pages: dict[str, list[float]] = defaultdict(list)
    for _, page, x in scored:
        pages[page].append(x)
    loo = []
    for page, xs in pages.items():
        rest = [x for p, v in pages.items() if p != page for x in v]
        loo += [x / statistics.median(rest) for x in xs]
    every = [x for _, _, x in scored]
    print(f"leave-one-page-out ({len(pages)} pages): median error x{_err(loo):.2f} "
          f"(stored share x{_err([x / share for x in every]):.2f}, dense rate x{_err(every):.2f})")


if __name__ == "__main__":
    asyncio.run(main())
