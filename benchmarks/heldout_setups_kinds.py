"""The public held-out setups rows scored by what each row measured: one request, each user's speed, or the total
of several users; with speculative decoding said when the run had it on.

    python benchmarks/heldout_setups_kinds.py [--rows]

Rows: docs/trials/2026-12-07-{third,fourth,fifth,sixth,seventh}/heldout/setups.csv (rounds 5-9; round 4 has no
setups file), each with its source. The held-out scorer asks every row "..., N users, how many tok/s?" and
compares the row's figure with the answer's per-user speed; many rows with users are totals ("aggregate output
tok/s", "across concurrent requests"), and some single-request rows ran with MTP, DFlash or EAGLE that the question
does not say. Here each row is asked with the scorer's words (benchmarks/heldout_setups.py q_setups) and:

- a total (users > 1 and the notes say aggregate, total or throughput across requests) is compared with the
  answer's total (`facts.row.total_tok_s`, its range the per-user range times the users);
- a total with no user count ("aggregate", concurrency not stated) cannot be asked: counted apart, not scored;
- a run with speculative decoding on (notes name MTP, DFlash, EAGLE or a draft, and not "no MTP"/"off"/"baseline")
  is asked again with "with MTP speculative decoding" added, which the reader takes (answers/reading/
  speculative_words.py) and the answer applies (estimator/data/speculative.json, fitted on rounds 4-7).

Nothing is fitted here, so every round is out of sample for this scoring; the speculative factor was fitted on
rounds 4-7, so rounds 8 and 9 are its held-out test. Printed per round: as the scorer scores, then by kind.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from benchmarks.heldout_setups import q_setups  # noqa: E402

TRIALS = ROOT / "docs" / "trials"
ROUNDS = {"third": 5, "fourth": 6, "fifth": 7, "sixth": 8, "seventh": 9}
TOTAL = re.compile(r"aggregate|\btotal\b|across concurrent|output (token )?throughput", re.IGNORECASE)
PER_USER = re.compile(r"tg per user|t/s/u\b", re.IGNORECASE)
SPEC = re.compile(r"\b(mtp|dflash\w*|eagle\d?|speculative|draft)", re.IGNORECASE)
SPEC_OFF = re.compile(r"no mtp|mtp off|spec off|baseline|without spec|no spec|not plain", re.IGNORECASE)
SINGLE = re.compile(r"\bc ?= ?1\b|\bc1\b|single user", re.IGNORECASE)


def kind_of(r: dict[str, str]) -> str:
    """one | per_user | total | unstated_total | speculative: what the row's figure is."""
    notes = r.get("notes", "")
    users = r.get("users") or ""
    many = users.isdigit() and int(users) > 1
    if many:
        return "per_user" if PER_USER.search(notes) or not TOTAL.search(notes) else "total"
    if TOTAL.search(notes) and not SINGLE.search(notes) and not users:
        return "unstated_total"
    if SPEC.search(notes) and not SPEC_OFF.search(notes):
        return "speculative"
    return "one"


def _answer(engine: Engine, q: str, kind: str) -> tuple[float | None, float | None, float | None]:
    """(figure, low, high) of the answer for what the row measured."""
    row: dict[str, Any] = engine.ask(q).facts.get("row") or {}
    if kind == "total" and row.get("total_tok_s"):
        users = row.get("users") or 1
        lo, hi = row.get("per_user_tok_s_low"), row.get("per_user_tok_s_high")
        return row["total_tok_s"], (lo * users if lo else None), (hi * users if hi else None)
    key = "per_user_tok_s" if row.get("per_user_tok_s") else "tok_s"
    return row.get(key), row.get(f"{key}_low"), row.get(f"{key}_high")


def _summary(label: str, scored: list[tuple[float, bool]]) -> str:
    if not scored:
        return f"{label}: no rows"
    ratios = [r for r, _ in scored]  # answer / measured, as the held-out scorer prints it
    err = statistics.median(math.exp(abs(math.log(r))) for r in ratios)
    inside = sum(1 for _, i in scored if i)
    return (f"{label}: {len(scored)} rows, median ratio answer/measured x{statistics.median(ratios):.2f}, "
            f"median error x{err:.2f}, inside {inside}/{len(scored)} ({100 * inside / len(scored):.0f}%)")


def _score(engine: Engine, r: dict[str, str], kind: str, rows: bool) -> tuple[float, bool] | None:
    try:
        q, real = q_setups(r)
    except (ValueError, KeyError):
        return None
    if kind == "speculative":
        q = q.replace(", how many tok/s?", " with MTP speculative decoding, how many tok/s?")
    got, lo, hi = _answer(engine, q, kind)
    if not got:
        return None
    inside = lo is not None and hi is not None and lo <= real <= hi
    if rows:
        print(f"  {kind:>12} x{got / real:5.2f} {real:>8.1f} {got:>8.1f}  {q[:100]}")
    return got / real, inside


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", action="store_true")
    args = ap.parse_args()
    engine = await Engine.open()
    for name, number in ROUNDS.items():
        path = TRIALS / f"2026-12-07-{name}" / "heldout" / "setups.csv"
        if not path.exists():
            continue
        by_kind: dict[str, list[tuple[float, bool]]] = {}
        unstated = 0
        for r in csv.DictReader(path.open(encoding="utf-8")):
            kind = kind_of(r)
            if kind == "unstated_total":
                unstated += 1
                continue
            got = _score(engine, r, kind, args.rows)
            if got is not None:
                by_kind.setdefault(kind, []).append(got)
        every = [x for xs in by_kind.values() for x in xs]
        print(_summary(f"round {number} by kind", every) + f"; {unstated} totals with no user count left out")
        for kind, scored in sorted(by_kind.items()):
            print("  " + _summary(kind, scored))


if __name__ == "__main__":
    asyncio.run(main())
