"""The link between several cards said in chat, against the public tensor-parallel rows that state it.

    python benchmarks/heldout_links.py [--rows]

Rows: docs/trials/2026-12-07-{second,...,sixth}/heldout/setups.csv (rounds 4-8, each with its source): the
tensor-parallel runs whose `interconnect` column says the link (PCIe generation and lanes, NVLink, xGMI). Each
is asked as the held-out scorer asks it (benchmarks/heldout_setups.q_setups), once as is and once with
"over <interconnect>" added, so the answer reads the link (answers/reading/link_words.py) and its figure pays
the lanes (estimator/engine_speed.lane_seconds) and the link's latency (engine_constants allreduce_us).

The one constant a stated link brings that no lane count gives is the latency of a direct bridge (NVLink, xGMI:
`allreduce_us.nvlink`, a prior). It is fitted here on a grid: train on rounds 4-7 / test on round 8, and leave
one page out (every source page scored with the scale fitted on the other pages). Printed: median error and
median ratio per set, with and without the link said.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.reading.link_words import read as read_link  # noqa: E402
from benchmarks.heldout_engines import read_figure  # noqa: E402
from benchmarks.heldout_setups import q_setups  # noqa: E402

TRIALS = ROOT / "docs" / "trials"
ROUNDS = {"second": 4, "third": 5, "fourth": 6, "fifth": 7, "sixth": 8}
SCALES = (0.5, 1.0, 2.0, 3.0, 4.0)  # times the NVLink latency prior
UNSTATED = ("unstated", "not stated", "")


def rows() -> list[dict[str, object]]:
    out = []
    for name, number in ROUNDS.items():
        path = TRIALS / f"2026-12-07-{name}" / "heldout" / "setups.csv"
        if not path.exists():
            continue
        for r in csv.DictReader(path.open(encoding="utf-8")):
            mode, link = (r.get("split_mode") or "").lower(), (r.get("interconnect") or "").strip()
            if "tensor" not in mode and "tp" not in mode.split():
                continue
            if link.lower().split(" (")[0] in UNSTATED:
                continue
            try:
                q, real = q_setups(r)
            except (ValueError, KeyError):
                continue
            said = q.replace(", how many tok/s?", f" over {link}, how many tok/s?")
            out.append({"round": number, "q": q, "said": said, "real": real, "page": r.get("source", ""),
                        "link": link})
    return out


def _err(ratios: list[float]) -> str:
    if not ratios:
        return "no rows"
    e = statistics.median(math.exp(abs(math.log(x))) for x in ratios)
    return f"{len(ratios)} rows, median error x{e:.2f}, median ratio x{statistics.median(ratios):.2f}"


async def _ratios(scale: float, items: list[dict[str, object]], key: str) -> list[float | None]:
    engine = await Engine.open()
    c = engine.estimates.profiles.engine_constants()
    c.allreduce_us["nvlink"] = c.allreduce_us["nvlink"] * scale  # the grid's value, this engine only
    out: list[float | None] = []
    for it in items:
        got, _, _ = read_figure(engine.ask(str(it[key])).text)
        out.append(got / float(it["real"]) if got else None)  # type: ignore[arg-type]
    return out


def _best(by_scale: dict[float, list[float | None]], keep: list[bool]) -> float:
    def cost(s: float) -> float:
        xs = [abs(math.log(x)) for x, k in zip(by_scale[s], keep, strict=True) if k and x]
        return statistics.median(xs) if xs else math.inf
    return min(SCALES, key=lambda s: (cost(s), abs(s - 1)))


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", action="store_true")
    args = ap.parse_args()
    items = rows()
    plain = await _ratios(1.0, items, "q")
    by_scale = {s: await _ratios(s, items, "said") for s in SCALES}
    bridge = [read_link(str(it["said"])) == "nvlink" for it in items]  # the link as the answer reads it
    if args.rows:
        for it, p, s in zip(items, plain, by_scale[1.0], strict=True):
            print(f"r{it['round']} plain {p and round(p, 2)} said {s and round(s, 2)} | {it['link'][:40]} | "
                  f"{str(it['q'])[:90]}")
    train = [int(it["round"]) < 8 for it in items]  # type: ignore[call-overload]
    for label, keep in (("rounds 4-7", train), ("round 8", [not t for t in train])):
        print(f"{label}: link not said: {_err([x for x, k in zip(plain, keep, strict=True) if k and x])}; "
              f"said: {_err([x for x, k in zip(by_scale[1.0], keep, strict=True) if k and x])}")
    fit = _best(by_scale, [b and t for b, t in zip(bridge, train, strict=True)])
    test = [x for x, b, t in zip(by_scale[fit], bridge, train, strict=True) if b and not t and x]
    prior = [x for x, b, t in zip(by_scale[1.0], bridge, train, strict=True) if b and not t and x]
    print(f"bridge latency scale fitted on rounds 4-7: x{fit}; round 8 bridge rows: fitted {_err(test)}; "
          f"prior {_err(prior)}")
    pages = sorted({str(it["page"]) for it, b in zip(items, bridge, strict=True) if b})
    lopo = []
    for page in pages:
        keep = [b and it["page"] != page for it, b in zip(items, bridge, strict=True)]
        s = _best(by_scale, keep)
        lopo += [x for x, it, b in zip(by_scale[s], items, bridge, strict=True) if b and it["page"] == page and x]
    print(f"leave one page out (bridge rows, {len(pages)} pages): {_err(lopo)}")


if __name__ == "__main__":
    asyncio.run(main())
