"""The public held-out setups, offload and CPU-only rows of rounds 4-7 asked in chat, and the stated range of
each kind of setup fitted on them: train on rounds 4-6 / test on round 7, and leave-one-out.

    python benchmarks/heldout_setups.py [--rows] [--write]

Rows: docs/trials/2026-12-07-{second,third,fourth,fifth}/heldout/{offload_cpu,setups}.csv (rounds 4-7, each
row with its source; all seen by the team, used here as calibration data). Each row is asked as the held-out
scorer asks it (docs/trials/2026-12-07-seventh/heldout/score.py.txt's words and order: the model, the level,
the hardware, the RAM, the engine and split), and the answer's first decode figure and its "(range a–b)" are
read from the text.

The kind of setup comes from the answer's facts: cpu_only (no card), offload_moe and offload_dense (a card
plus RAM: experts or whole layers in RAM), layer and tensor (several cards: llama.cpp's layer split, an
engine's tensor parallelism), unified (a unified-memory machine). For each kind with at least MIN_ROWS
answered rows the range is the central COVERAGE of the ratios measured / estimate, widened to hold 1:

- train/test: factors fitted on rounds 4-6, the share of round-7 rows inside them;
- leave-one-out: every row against factors fitted on all the others (of its kind);
- as answered: the share inside the range the answer states (the factors shipped).

`--write` stores the factors fitted on all four rounds in estimator/data/setup_constants.json
`speed_ranges`. The point figures are not fitted here: the ratios show their bias per kind.
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
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from benchmarks.heldout_figure import read_figure  # noqa: E402

ROUNDS = ("second", "third", "fourth", "fifth")  # the trials' held-out rounds 4, 5, 6 and 7
TEST_ROUND = "fifth"
FILES = {"offload": "offload_cpu.csv", "setups": "setups.csv"}
COVERAGE = 0.80  # the central share of the ratios the range holds
MIN_ROWS = 10  # fewer answered rows of a kind: its range is not fitted (the default stays)
# A row off by more than this is a different run from the one the answer describes (a scorer's "7x" before a list
# of cards, experts streamed from an SSD, a January 2025 build before expert offload): a miss to find the cause
# of, not spread. Such rows are left out of the fit (and still counted outside when scored).
OUTLIER = 4.0
CONSTANTS = ROOT / "estimator" / "data" / "setup_constants.json"
ENGINE_WORDS = (("exllamav3", "exllamav3"), ("exllamav2", "exllamav2"), ("exllama", "exllamav2"), ("vllm", "vllm"),
                ("sglang", "sglang"), ("mlx", "mlx"), ("tensorrt", "tensorrt-llm"), ("ollama", "ollama"),
                ("lm studio", "lm-studio"), ("llama.cpp", "llama.cpp"))


def _clean(model: str) -> str:
    return re.sub(r"\s*\(.*?\)", "", model).strip()


def _engine(text: str) -> str:
    low = text.lower()
    return next((name for key, name in ENGINE_WORDS if key in low), low)


def q_setups(r: dict[str, str]) -> tuple[str, float]:
    n, users = int(float(r["count"] or 1)), int(float(r["users"] or 1))
    hw = f"{n}x {r['hardware']}" if n > 1 and "+" not in r["hardware"] else r["hardware"]
    text = f"{_clean(r['model'])} {r['quant']} on {hw} with {_engine(r['engine'])}"
    mode = (r.get("split_mode") or "").lower()
    if "row" in mode:
        text += " split mode row"
    elif "tensor" in mode or mode == "tp":
        text += " tensor parallel"
    return text + (f", {users} users" if users > 1 else "") + ", how many tok/s?", float(r["decode_tok_s"])


def q_offload(r: dict[str, str]) -> tuple[str, float]:
    parts = [_clean(r["model"]), r["quant"]]
    if r["hardware_gpu"] and int(r["gpu_count"] or 0) > 0:
        n = int(r["gpu_count"])
        parts += [f"on {n}x {r['hardware_gpu']}" if n > 1 else f"on a {r['hardware_gpu']}", "with"]
    else:
        parts.append("cpu only on")
    if r["cpu"]:
        parts.append(r["cpu"])
    ram = " ".join(x for x in (f"{r['ram_gb']} GB" if r["ram_gb"] else "", r["ram_type"], r["ram_mt_s"]) if x)
    if ram:
        parts.append(f"and {ram} RAM")
    if r["ram_channels"]:
        parts.append(f"{r['ram_channels']} channels")
    return " ".join(parts) + ", tok/s?", float(r["decode_tok_s"])


def kind_of(facts: Any) -> str | None:
    """The kind of setup the answer's figure is for (the one whose range it states), from its facts."""
    if not isinstance(facts, dict):
        return None
    if facts.get("cpu_only"):
        return "cpu_only"
    row = facts.get("row") if isinstance(facts.get("row"), dict) else {}
    guess = facts.get("offload_assumed") if isinstance(facts.get("offload_assumed"), dict) else {}
    if row.get("why") != "offload" and guess.get("outcome") == "runs":
        row = guess.get("row") or {}
    moe = bool((facts.get("model") or {}).get("active_params_b"))
    why = row.get("why")
    if why == "offload":
        return "offload_moe" if moe else "offload_dense"
    if (row.get("gpu_count") or 1) > 1 or len(row.get("cards") or ()) > 1:
        return "tensor" if row.get("split") == "tensor" else "layer"
    return "unified" if why == "unified" else None


def _quantile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    f = math.floor(k)
    c = min(f + 1, len(xs) - 1)
    return xs[f] + (xs[c] - xs[f]) * (k - f)


def fit(ratios: list[float]) -> tuple[float, float] | None:
    """The central COVERAGE of the ratios measured / estimate, holding 1; None below MIN_ROWS."""
    ratios = [x for x in ratios if 1 / OUTLIER <= x <= OUTLIER]
    if len(ratios) < MIN_ROWS:
        return None
    tail = (1 - COVERAGE) / 2
    return min(1.0, _quantile(ratios, tail)), max(1.0, _quantile(ratios, 1 - tail))


async def ask_all() -> list[dict[str, Any]]:
    engine = await Engine.open()
    out: list[dict[str, Any]] = []
    for rnd in ROUNDS:
        for table, fname in FILES.items():
            path = ROOT / "docs" / "trials" / f"2026-12-07-{rnd}" / "heldout" / fname
            if not path.exists():
                continue
            for r in csv.DictReader(path.open(encoding="utf-8")):
                try:
                    question, real = (q_offload if table == "offload" else q_setups)(r)
                except (ValueError, KeyError, ZeroDivisionError):
                    continue
                answer = engine.ask(question)
                got, low, high = read_figure(answer.text)
                out.append({"round": rnd, "table": table, "question": question, "real": real, "got": got,
                            "low": low, "high": high, "kind": kind_of(answer.facts)})
    return out


def _err(ratios: list[float]) -> float:
    return statistics.median(math.exp(abs(math.log(x))) for x in ratios) if ratios else float("nan")


def _share(hits: list[bool]) -> str:
    return f"{100 * sum(hits) / len(hits):.0f}%" if hits else "—"


def report(rows: list[dict[str, Any]], show: bool) -> dict[str, tuple[float, float]]:
    answered = [r for r in rows if r["got"]]
    for r in answered:
        r["ratio"] = r["real"] / r["got"]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in answered:
        if r["kind"]:
            by_kind[r["kind"]].append(r)
    print("| rows | n | answered | median error | inside (as answered) | train 4-6 → test 7 inside "
          "| leave-one-out inside |")
    print("|---|---|---|---|---|---|---|")
    for table in FILES:
        for rnd in (*ROUNDS, None):
            sub = [r for r in rows if r["table"] == table and (rnd is None or r["round"] == rnd)]
            if sub:
                _line(f"{table} {rnd or 'all'}", sub, by_kind)
    for kind, sub in sorted(by_kind.items()):
        _line(f"kind {kind}", sub, by_kind)
    if show:
        for r in rows:
            mark = "" if r["got"] is None else f"{r['got'] / r['real']:5.2f}x"
            print(f"{mark}\t{r['real']}\t{r['got']}\t{r['low']}–{r['high']}\t{r['kind']}\t{r['round']}\t{r['question']}")
    return {k: f for k, sub in by_kind.items() if (f := fit([r["ratio"] for r in sub])) is not None}


def _line(label: str, sub: list[dict[str, Any]], by_kind: dict[str, list[dict[str, Any]]]) -> None:
    ans = [r for r in sub if r["got"]]
    stated = [r["low"] is not None and r["low"] <= r["real"] <= r["high"] for r in ans]
    test, loo = [], []
    for r in ans:
        same = by_kind.get(r["kind"] or "", [])
        if r["round"] == TEST_ROUND:
            f = fit([o["ratio"] for o in same if o["round"] != TEST_ROUND])
            if f is not None:
                test.append(f[0] <= r["ratio"] <= f[1])
        f = fit([o["ratio"] for o in same if o is not r])
        if f is not None:
            loo.append(f[0] <= r["ratio"] <= f[1])
    print(f"| {label} | {len(sub)} | {100 * len(ans) / len(sub):.0f}% | ×{_err([r['ratio'] for r in ans]):.2f} | "
          f"{_share(stated)} | {_share(test)} ({len(test)}) | {_share(loo)} ({len(loo)}) |")


def write(factors: dict[str, tuple[float, float]]) -> None:
    data = json.loads(CONSTANTS.read_text(encoding="utf-8"))
    table: dict[str, Any] = {
        "note": "The stated range of a setup's figure, as factors on it, per kind of setup (estimator/setup_pool.py "
                "speed_range, estimator/cpu_only.py): the central 80% of measured / estimate on the public held-out "
                "rows of rounds 4-7 (docs/trials/2026-12-07-*/heldout/{offload_cpu,setups}.csv, each row with its "
                "source; rows off by more than 4x left out as misses, not spread), widened to hold 1. Several "
                "cards and unified machines take the wider of this and the card's or engine's own range.",
        "source": "benchmarks/heldout_setups.py --write",
    }
    for kind, (low, high) in sorted(factors.items()):
        table[kind] = {"low": round(low, 2), "high": round(high, 2)}
    data["speed_ranges"] = table
    tmp = CONSTANTS.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(CONSTANTS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", action="store_true", help="print every row")
    parser.add_argument("--write", action="store_true", help="store the factors fitted on all rounds")
    args = parser.parse_args()
    rows = asyncio.run(ask_all())
    factors = report(rows, args.rows)
    print("fitted on all rounds:", {k: (round(a, 2), round(b, 2)) for k, (a, b) in sorted(factors.items())})
    if args.write:
        write(factors)


if __name__ == "__main__":
    main()
