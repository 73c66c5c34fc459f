"""A mixture of experts decoded by a named server or workstation CPU alone, against the public held-out rows
of rounds 4-8: tok/s = 1 / (GB per token / (theoretical GB/s × share × NUMA share) + token_ms), fitted on
rounds 4-7 and tested on round 8, and leave-one-page-out (setup_constants.json machine.cpu_moe_server).

    python benchmarks/cpu_moe_server.py [--rows]

Rows: the CPU-only rows of docs/trials/2026-12-07-{second,...,sixth}/heldout/offload_cpu.csv (all seen by the
team, each with its source) whose answer is a mixture of experts on 8 channels or more, asked in chat as the
held-out scorer asks them; the bytes a token reads and the theoretical bandwidth come from the answer's facts.
The 8-socket Xeon E7 row is left out (eight NUMA nodes: no rule of ours covers it).
"""

from __future__ import annotations

import asyncio
import csv
import math
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.knowledge.profiles import load_setup_constants  # noqa: E402
from benchmarks.heldout_setups import q_offload  # noqa: E402

ROUNDS = {4: "second", 5: "third", 6: "fourth", 7: "fifth", 8: "sixth"}
SHARES = (0.6, 0.7, 0.75, 0.8)
Row = tuple[int, str, float, float, float, float]  # round, page, GB per token, theoretical GB/s, measured, shipped


async def rows() -> list[Row]:
    engine = await Engine.open()
    out: list[Row] = []
    for rnd, name in ROUNDS.items():
        path = ROOT / "docs" / "trials" / f"2026-12-07-{name}" / "heldout" / "offload_cpu.csv"
        for r in csv.DictReader(path.open()):
            if (r["gpu_count"] or "0") != "0" or re.search(r"\b8x\b", r["cpu"]):
                continue
            try:
                question, real = q_offload(r)
            except ValueError:
                continue
            facts = engine.ask(question).facts
            cpu = facts.get("cpu") if facts.get("cpu_only") else None
            pick = (cpu or {}).get("pick") or {}
            if not pick.get("tok_s") or not cpu.get("moe") or (cpu.get("ram_channels") or 2) < 8:
                continue
            gb = cpu["ram_effective_gbps"] / pick["tok_s"]
            out.append((rnd, r["source"], gb, cpu["ram_bandwidth_gbps"], real, pick["tok_s"]))
            if "--rows" in sys.argv:
                print(f"round {rnd}\t{pick['tok_s'] / real:5.2f}x\t{real}\t{pick['tok_s']:.1f}\t{question}")
    return out


def _tok(r: Row, share: float, ms: float) -> float:
    return 1.0 / (r[2] / (r[3] * share) + ms / 1000.0)


def _err(rs: list[Row], share: float, ms: float) -> float:
    return math.exp(statistics.median(abs(math.log(r[4] / _tok(r, share, ms))) for r in rs)) if rs else math.nan


def _fit(rs: list[Row], share: float) -> float:
    return min(range(0, 61, 2), key=lambda ms: _err(rs, share, ms))


def main() -> None:
    rs = asyncio.run(rows())
    m = load_setup_constants().machine
    train, test = [r for r in rs if r[0] < 8], [r for r in rs if r[0] == 8]
    shipped = [math.exp(abs(math.log(r[4] / r[5]))) for r in rs]
    print(f"{len(rs)} rows; shipped ({m.cpu_moe_server_share}, {m.cpu_moe_token_ms:g} ms): median error "
          f"x{statistics.median(shipped):.2f}; the old flat share 0.6: x{_err(rs, 0.6, 0):.2f}")
    for share in SHARES:
        ms = _fit(train, share)
        loo = []
        for page in {r[1] for r in rs}:
            held = _fit([r for r in rs if r[1] != page], share)
            loo += [abs(math.log(r[4] / _tok(r, share, held))) for r in rs if r[1] == page]
        inside = sum(x < math.log(1.67) for x in loo) / len(loo)
        print(f"share {share}: rounds 4-7 fit {ms} ms (x{_err(train, share, ms):.2f}); round 8 ({len(test)} rows) "
              f"x{_err(test, share, ms):.2f} (no fixed cost x{_err(test, share, 0):.2f}); leave-one-page-out "
              f"x{math.exp(statistics.median(loo)):.2f}, {inside:.0%} within x1.67")


if __name__ == "__main__":
    main()
