"""CPU time per answer in process (`Engine.ask`), alone or paired against another checkout.

    python benchmarks/answer_cpu.py [--profile measured] [--fresh-names]
    python benchmarks/answer_cpu.py --against ../tpsbot-0.1.0 --pairs 10 [--profile measured]

The questions are this checkout's `tests/data/questions.jsonl`: a warm pass over the odd-numbered ones
(caches fill as in a running bot), then CPU time over the even-numbered ones, so no answer is asked
twice. Start-up objects are frozen first, as `tpsbot run` freezes them (bot/ops/collector.py).
`--fresh-names` forgets every name looked up before each question, the cost for a question whose names
no one asked before. `--against DIR` alternates runs of this checkout and of DIR (each with its own
`.venv` and `.tmp/catalog.db`, the way the README's commands build them), pinned to one core, and
prints each pair's ratio and the median: CPU time, which a loaded machine moves less than wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
QUESTIONS = HERE / "tests" / "data" / "questions.jsonl"


def per_answer_ms(root: Path, profile: str, fresh_names: bool) -> float:
    """CPU milliseconds per answer of the checkout at `root` (imported from there)."""
    sys.path.insert(0, str(root))
    # lazy: the checkout to measure is only known here (this one, or the one --against names)
    from answers.api import AskOptions
    from answers.engine import Engine

    try:
        from answers.knowledge.catalog_view import Knowledge
    except ImportError:  # releases before the reshaped answers/ (0.1.0 … 0.8.x)
        from answers.knowledge import Knowledge  # type: ignore[no-redef]
    forget = None
    if fresh_names:
        try:
            from catalog import name_memo
        except ImportError:  # a release that remembers no names: nothing to forget
            pass
        else:
            forget = name_memo._MEMOS.clear
    corpus = [json.loads(x)["q"] for x in QUESTIONS.open(encoding="utf-8") if x.strip()]
    db = os.environ.get("TPSBOT_DB") or str(root / ".tmp" / "catalog.db")
    engine = Engine(asyncio.run(Knowledge.load(db)))
    options = AskOptions(profile=profile)
    for q in corpus[1::2]:
        engine.ask(q, None, options)
    asked = corpus[0::2]
    gc.collect()
    gc.freeze()
    spent = 0.0
    for q in asked:
        if forget is not None:
            forget()
        t = time.process_time()
        engine.ask(q, None, options)
        spent += time.process_time() - t
    return spent / len(asked) * 1000


def _one_run(root: Path, profile: str, fresh_names: bool) -> float:
    python = root / ".venv" / "bin" / "python"
    env = {**os.environ, "TPSBOT_DB": str(root / ".tmp" / "catalog.db"),
           "TPSBOT_CACHE_DIR": str(root / ".tmp" / "cache")}
    pin = ["taskset", "-c", "0"] if os.path.exists("/usr/bin/taskset") else []
    extra = ["--fresh-names"] if fresh_names else []
    out = subprocess.run([*pin, str(python), __file__, "--root", str(root), "--profile", profile, *extra],
                         capture_output=True, text=True, env=env, cwd=root, check=True)
    return float(out.stdout.split()[0])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="reference", choices=("reference", "measured"))
    ap.add_argument("--fresh-names", action="store_true", help="forget the names looked up before each question")
    ap.add_argument("--root", type=Path, default=HERE, help="the checkout to measure (default: this one)")
    ap.add_argument("--against", type=Path, help="another checkout to pair with this one")
    ap.add_argument("--pairs", type=int, default=8)
    args = ap.parse_args()
    if args.against is None:
        print(f"{per_answer_ms(args.root.resolve(), args.profile, args.fresh_names):.3f} ms CPU per answer")
        return
    ratios = []
    for k in range(args.pairs):
        theirs = _one_run(args.against.resolve(), args.profile, args.fresh_names)
        ours = _one_run(HERE, args.profile, args.fresh_names)
        ratios.append(ours / theirs)
        print(f"pair {k + 1}: {ours:.2f} ms against {theirs:.2f} ms, ratio {ours / theirs:.3f}", flush=True)
    spread = f"{min(ratios):.3f}–{max(ratios):.3f}"
    print(f"median ratio {statistics.median(ratios):.3f} ({spread}) over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
