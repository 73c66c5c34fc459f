"""Ollama's decode speed on a mixture of experts against the public held-out rows of rounds 4-9: the share of
llama.cpp's figure (engine_constants.json engines.ollama.moe_decode_share) fitted on rounds 4-8 and tested on
round 9, and leave-one-page-out (every source page's rows against the share fitted on the other pages).

    python benchmarks/ollama_moe.py [--rows]

Rows: the one-request Ollama rows of docs/trials/2026-12-07-{second,...,seventh}/heldout/engines_decode.csv
whose model is a mixture of experts (all seen by the team; each with its source). Each is asked in chat
("<model> <level> on <card> with ollama, how many tok/s?"); the answer's `row.tok_s` divided by the stored
share is llama.cpp's figure, the one the fit scales.
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
from answers.knowledge.profiles import load_engine_constants  # noqa: E402

ROUNDS = {"second": 4, "third": 5, "fourth": 6, "fifth": 7, "sixth": 8, "seventh": 9}
TRIALS = ROOT / "docs" / "trials"


def _rows() -> list[dict[str, Any]]:
    out = []
    for folder, n in ROUNDS.items():
        path = TRIALS / f"2026-12-07-{folder}" / "heldout" / "engines_decode.csv"
        for r in csv.DictReader(path.open(encoding="utf-8")):
            one_user = int(float(r["users"] or 1)) == 1
            if "ollama" not in r["engine"].lower() or not one_user or not r["decode_tok_s_per_user"]:
                continue
            try:
                real = float(r["decode_tok_s_per_user"])
            except ValueError:
                continue  # a span ("18-25"), not one figure
            count = int(float(r["count"] or 1))
            hw = f"{count}x {r['hardware']}" if count > 1 else r["hardware"]
            model = re.sub(r"\s*\(.*?\)", "", r["model"]).strip()
            out.append({"round": n, "page": r["source"], "real": real,
                        "question": f"{model} {r['quant']} on {hw} with ollama, how many tok/s?"})
    return out


def _fit(rows: list[dict[str, Any]]) -> float:
    """The share that centres the rows: the median of measured over llama.cpp's figure."""
    return statistics.median(r["real"] / r["raw"] for r in rows)


def _score(rows: list[dict[str, Any]], share: float) -> tuple[float, float]:
    errs = [math.exp(abs(math.log(r["raw"] * share / r["real"]))) for r in rows]
    return statistics.median(errs), statistics.median(r["raw"] * share / r["real"] for r in rows)


async def main() -> None:
    engine = await Engine.open()
    stored = load_engine_constants().engine("ollama").moe_decode_share
    rows = []
    for r in _rows():
        a = engine.ask(r["question"], locale="en")
        f = a.facts
        model, row = f.get("model") or {}, f.get("row") or {}
        active, total = model.get("active_params_b"), model.get("params_b")
        if not row.get("tok_s") or active is None or not total or active >= total:
            continue  # unanswered, or dense: the share is for a mixture of experts only
        r["raw"] = row["tok_s"] / stored
        rows.append(r)
    train = [r for r in rows if r["round"] <= 8]
    test = [r for r in rows if r["round"] == 9]
    share = _fit(train)
    print(f"rows: {len(rows)} (train rounds 4-8: {len(train)}, test round 9: {len(test)}); stored share {stored}")
    print(f"fitted on rounds 4-8: share {share:.3f}")
    for name, part in (("train", train), ("test", test)):
        if part:
            b, rb = _score(part, 1.0)
            s, rs = _score(part, share)
            print(f"  {name}: median error x{b:.2f} (ratio x{rb:.2f}) without the share, "
                  f"x{s:.2f} (ratio x{rs:.2f}) with it")
    pages = defaultdict(list)
    for r in rows:
        pages[r["page"]].append(r)
    held = []
    for page, part in pages.items():
        rest = [r for r in rows if r["page"] != page]
        if rest:
            s = _fit(rest)
            held += [math.exp(abs(math.log(r["raw"] * s / r["real"]))) for r in part]
    base = [math.exp(abs(math.log(r["raw"] / r["real"]))) for r in rows]
    print(f"leave-one-page-out over {len(pages)} pages: median error x{statistics.median(held):.2f} "
          f"(without the share x{statistics.median(base):.2f})")
    if "--rows" in sys.argv:
        for r in rows:
            print(f"  round {r['round']}  x{r['raw'] / r['real']:.2f} raw  {r['question']}")


if __name__ == "__main__":
    asyncio.run(main())
