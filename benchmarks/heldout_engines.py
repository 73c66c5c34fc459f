"""Held-out public engine rows asked in chat, as a person would, and the answer's figure and range scored.

    python benchmarks/heldout_engines.py [CSV] [--rows]
    python benchmarks/heldout_engines.py --users [--rows]

CSV: the held-out rows' columns (engine, hardware, count, model, quant, users, decode_tok_s_per_user, ...);
default docs/trials/2026-12-07-second/heldout/engines_decode.csv (now seen, and also calibration rows in
benchmarks/data/engines_measured.csv: scored here only to compare with the session that collected them).

The questions are built as the crude scorer of that session built them (same words, same order). Its
reading of the answer is fixed here: it took a range only when "(range a–b)" came right after "tokens per
second", so "about 251 tokens per second at `EXL2-3.0bpw` (range 175–351)" and "57.1 tokens per second each
(40–80)" counted as answers without a range, hence outside it. Here the range is the first parenthesised
"a–b" after the figure in the same sentence. Prints the answered share, the median error and the share of
measured figures inside the stated range.

`--users` scores issue 30's second goal apart: each user's speed at N users (rows with users > 1) on the
held-out rounds 4-10 (docs/trials/2026-12-07-{second..eighth}/heldout), both files: engines_decode.csv (its
per-user column, or its total divided by the users) and setups.csv (a per-user row as it is, a total divided by
the users: benchmarks/heldout_setups_kinds.py kind_of). Each row is asked with the scorer's words and the answer's
`facts.row.per_user_tok_s` compared with the measured per-user speed. Goal: median error <= x1.5. A figure
written "~12" counts as 12; a user count written "16 (8 concurrent per pair)" counts as its first number.
"""

from __future__ import annotations

import argparse
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
from benchmarks.heldout_figure import _num, read_figure  # noqa: E402 (read_figure: the other scorers import it here too)

DEFAULT_CSV = ROOT / "docs" / "trials" / "2026-12-07-second" / "heldout" / "engines_decode.csv"
ENGINE_WORDS = (("exllamav3", "exllamav3"), ("exllamav2", "exllamav2"), ("exllama", "exllamav2"), ("vllm", "vllm"),
                ("sglang", "sglang"), ("mlx", "mlx"), ("tensorrt", "tensorrt-llm"), ("ollama", "ollama"),
                ("lm studio", "lm-studio"), ("llama.cpp", "llama.cpp"))


def _engine(text: str) -> str:
    low = text.lower()
    return next((name for key, name in ENGINE_WORDS if key in low), low)


def question(r: dict[str, str]) -> str:
    """The row asked as the collecting session's scorer asked it."""
    n, users = int(r["count"] or 1), int(float(r["users"] or 1))
    hw = f"{n}x {r['hardware']}" if n > 1 else r["hardware"]
    model = re.sub(r"\s*\(.*?\)", "", r["model"]).strip()
    text = f"{model} {r['quant']} on {hw} with {_engine(r['engine'])}"
    return text + (f", {users} users" if users > 1 else "") + ", how many tok/s?"


def _measured(r: dict[str, str]) -> float | None:
    try:
        return float(r["decode_tok_s_per_user"])
    except ValueError:
        return None


async def score(path: Path, show: bool) -> int:
    engine = await Engine.open()
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    ratios: list[float] = []
    inside = asked = 0
    for r in rows:
        real = _measured(r)
        if real is None or not r["users"].strip().isdigit():
            continue  # an offline throughput run, no per-user figure
        asked += 1
        q = question(r)
        got, lo, hi = read_figure(engine.ask(q).text)
        ok = got is not None and lo is not None and hi is not None and lo <= real <= hi
        if got:
            ratios.append(got / real)
            inside += ok
        if show:
            ratio = f"{got / real:5.2f}x" if got else "     "
            print(f"{ratio} {'in ' if ok else 'out'} {real:8.1f} {got or 0:8.1f} {lo}-{hi}\t{q}")
    err = [math.exp(abs(math.log(x))) for x in ratios]
    print(f"engines: {asked} rows asked, answered {len(ratios)} ({100 * len(ratios) / max(asked, 1):.0f}%), "
          f"median error x{statistics.median(err):.2f}, inside range {inside}/{len(ratios)} "
          f"({100 * inside / max(len(ratios), 1):.0f}%)")
    return 0


TRIALS = ROOT / "docs" / "trials"
ROUNDS = {"second": 4, "third": 5, "fourth": 6, "fifth": 7, "sixth": 8, "seventh": 9, "eighth": 10}
LEADING = re.compile(r"~?\s*(\d[\d,]*(?:\.\d+)?)")


def _lead(x: str | None) -> float | None:
    """The first number of a cell ("~12" -> 12, "16 (8 concurrent per pair)" -> 16), None when there is none."""
    m = LEADING.match((x or "").strip())
    return _num(m.group(1)) if m else None


def users_rows(name: str) -> list[tuple[str, float, int]]:
    """(question, measured tok/s each, users) of a round's rows with several users."""
    # imported here: only --users needs the setups rows' questions
    from benchmarks.heldout_setups import q_setups
    from benchmarks.heldout_setups_kinds import kind_of

    out: list[tuple[str, float, int]] = []
    base = TRIALS / f"2026-12-07-{name}" / "heldout"
    dec = base / "engines_decode.csv"
    for r in csv.DictReader(dec.open(encoding="utf-8")) if dec.exists() else []:
        users = _lead(r["users"])
        each, total = _lead(r["decode_tok_s_per_user"]), _lead(r.get("decode_tok_s_total"))
        if users is None or users < 2 or (each is None and total is None):
            continue
        r = dict(r, users=str(int(users)))
        out.append((question(r), each if each is not None else (total or 0) / users, int(users)))
    setups = base / "setups.csv"
    for r in csv.DictReader(setups.open(encoding="utf-8")) if setups.exists() else []:
        users, real = _lead(r["users"]), _lead(r["decode_tok_s"])
        if users is None or users < 2 or real is None:
            continue
        r = dict(r, users=str(int(users)), decode_tok_s=str(real))
        kind = kind_of(r)
        q, _ = q_setups(r)
        out.append((q, real / users if kind == "total" else real, int(users)))
    return out


async def score_users(show: bool) -> int:
    """Each user's speed at N users, per round and over rounds 4-10."""
    engine = await Engine.open()
    every: list[float] = []
    for name, number in ROUNDS.items():
        ratios: list[float] = []
        inside = 0
        rows = users_rows(name)
        for q, real, users in rows:
            row = engine.ask(q).facts.get("row") or {}
            got = row.get("per_user_tok_s") or (row.get("tok_s") if users == 1 else None)
            if not got:
                if show:
                    print(f"  round {number}   ----  {real:8.1f} unanswered  {q[:110]}")
                continue
            lo, hi = row.get("per_user_tok_s_low"), row.get("per_user_tok_s_high")
            ok = lo is not None and hi is not None and lo <= real <= hi
            inside += ok
            ratios.append(got / real)
            if show:
                print(f"  round {number} x{got / real:5.2f} {'in ' if ok else 'out'} {real:8.1f} {got:8.1f}  {q[:110]}")
        every += ratios
        if ratios:
            err = statistics.median(math.exp(abs(math.log(x))) for x in ratios)
            print(f"round {number}: {len(rows)} rows with users > 1, answered {len(ratios)}, median answer/measured "
                  f"x{statistics.median(ratios):.2f}, median error x{err:.2f}, inside {inside}/{len(ratios)}")
        else:
            print(f"round {number}: {len(rows)} rows with users > 1, none answered")
    if every:
        err = statistics.median(math.exp(abs(math.log(x))) for x in every)
        print(f"rounds 4-10: {len(every)} rows answered, median error x{err:.2f} (goal <= x1.5)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", nargs="?", type=Path, default=DEFAULT_CSV)
    ap.add_argument("--rows", action="store_true", help="list every row with its answer's figure and range")
    ap.add_argument("--users", action="store_true", help="score each user's speed at N users (rows with users > 1)")
    args = ap.parse_args(argv)
    if args.users:
        return asyncio.run(score_users(args.rows))
    return asyncio.run(score(args.csv, args.rows))


if __name__ == "__main__":
    raise SystemExit(main())
