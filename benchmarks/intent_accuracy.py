"""Intent and entity accuracy of answers/parse.py on the question corpus, and parse time.

Run from the repository root:  python benchmarks/intent_accuracy.py [--show-errors]
Resolvers are built like the tests build them: built-in models + every Epoch name, all GPUs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.parse import parse  # noqa: E402
from tests.test_resolve import gpu_resolver, model_resolver  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "questions.jsonl"
ENTITY_FIELDS = ("model", "card", "card2", "memory_gb", "context", "quant")


def load_corpus(path: Path = CORPUS) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show-errors", action="store_true", help="print every wrong line")
    ap.add_argument("--repeat", type=int, default=5, help="timing passes over the corpus")
    ap.add_argument("--corpus", type=Path, default=CORPUS,
                    help="questions file (tests/data/questions_heldout.jsonl: written apart from the parser's tuning)")
    args = ap.parse_args()

    models, gpus = model_resolver(), gpu_resolver()
    rows = load_corpus(args.corpus)
    parse(rows[0]["q"], models, gpus)  # warm caches (compiled patterns, stop words)

    per_lang: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    errors = []
    for row in rows:
        got = parse(str(row["q"]), models, gpus)
        lang = str(row["lang"])
        stats = per_lang[lang]
        stats["n"] += 1
        stats["intent"] += got.intent == row["intent"]
        # Rows with no wording to go by ("llama 3 8b") count as right when left unclear (None).
        stats["language"] += got.language == (lang if row.get("lang_detectable", True) else None)
        entity_ok = all(getattr(got, f) == row.get(f) for f in ENTITY_FIELDS)
        stats["entities"] += entity_ok
        stats["all"] += entity_ok and got.intent == row["intent"]
        if not entity_ok or got.intent != row["intent"]:
            want = {f: row.get(f) for f in ("intent", *ENTITY_FIELDS)}
            have = {f: getattr(got, f) for f in ("intent", *ENTITY_FIELDS)}
            diff = {k: (want[k], have[k]) for k in want if want[k] != have[k]}
            errors.append((row["q"], diff))

    times = []
    for _ in range(args.repeat):
        for row in rows:
            t = time.perf_counter()
            parse(str(row["q"]), models, gpus)
            times.append(time.perf_counter() - t)

    def pct(a: int, n: int) -> str:
        return f"{100 * a / n:5.1f}%"

    total: dict[str, int] = defaultdict(int)
    print(f"{'lang':6} {'n':>4} {'intent':>8} {'entities':>9} {'both':>7} {'language':>9}")
    for lang in ("en", "it", "fr", "de", "es"):
        s = per_lang[lang]
        for k, v in s.items():
            total[k] += v
        if s["n"]:
            print(f"{lang:6} {s['n']:4} {pct(s['intent'], s['n']):>8} {pct(s['entities'], s['n']):>9}"
                  f" {pct(s['all'], s['n']):>7} {pct(s['language'], s['n']):>9}")
    n = total["n"]
    print(f"{'all':6} {n:4} {pct(total['intent'], n):>8} {pct(total['entities'], n):>9}"
          f" {pct(total['all'], n):>7} {pct(total['language'], n):>9}")
    ms = sorted(t * 1000 for t in times)
    print(f"parse time: median {statistics.median(ms):.3f} ms, p95 {ms[int(len(ms) * 0.95)]:.3f} ms,"
          f" max {ms[-1]:.3f} ms over {len(ms)} parses")
    if args.show_errors:
        for q, diff in errors:
            print(f"  {q!r}: {diff}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
