"""Answering speed: `Engine.ask` in process (median per question) and `tpsbot ask -` as a whole
process on one core (questions per second, startup included).

    python benchmarks/ask_speed.py [--n 5000]

Questions are the corpus (tests/data/questions.jsonl), cycled. Targets: ≤ 5 ms median in process,
≥ 500 questions/s through `tpsbot ask -`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.knowledge.catalog_view import Knowledge  # noqa: E402
from catalog.build import build_catalog  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=5000, help="questions piped through `tpsbot ask -`")
    args = ap.parse_args()
    questions = ROOT / "tests" / "data" / "questions.jsonl"
    corpus = [json.loads(x)["q"] for x in questions.open(encoding="utf-8") if x.strip()]

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.db"
        asyncio.run(build_catalog(db))
        engine = Engine(asyncio.run(Knowledge.load(db)))
        for q in corpus:  # first pass: caches warm as they would in a running bot
            engine.ask(q)
        times = []
        for q in corpus * 3:
            t = time.perf_counter()
            engine.ask(q)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"in process: {len(times)} answers, median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms")

        questions = "\n".join(corpus[i % len(corpus)] for i in range(args.n)) + "\n"
        env = {**os.environ, "TPSBOT_DB": str(db)}
        cmd = ["taskset", "-c", "0"] if os.path.exists("/usr/bin/taskset") else []
        cmd += [sys.executable, "-m", "bot.cli.parser", "ask", "-", "--json"]
        t = time.perf_counter()
        out = subprocess.run(cmd, input=questions, capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        elapsed = time.perf_counter() - t
        answered = sum(1 for line in out.stdout.splitlines() if line.startswith("{"))
        print(f"`tpsbot ask - --json` on one core: {answered} questions in {elapsed:.2f} s = "
              f"{answered / elapsed:.0f} questions/s (startup included)")


if __name__ == "__main__":
    main()
