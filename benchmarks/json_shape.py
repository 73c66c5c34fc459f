"""The `--json` contract kept while the facts are retyped (issue 29): every answer of a fixed set of questions,
written as JSON lines, and compared key for key with a run from before the change.

Run from the repository root, under the catalog the command line uses (TPSBOT_DB):
    python benchmarks/json_shape.py > before.jsonl           # on the commit before the change
    python benchmarks/json_shape.py --compare before.jsonl   # after it: prints each difference, exits 1 on any
The questions are benchmarks/data/json_shape_questions.txt (every intent family, six languages).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402

QUESTIONS = ROOT / "benchmarks" / "data" / "json_shape_questions.txt"
KEYS = ("intent", "locale", "entities", "facts", "text", "asked", "assumed", "unused", "unused_why")


async def answers() -> list[dict[str, Any]]:
    engine = await Engine.open()
    out = []
    for q in QUESTIONS.read_text("utf-8").splitlines():
        if q.strip():
            a = engine.ask(q)
            out.append({"q": q, **json.loads(json.dumps({k: getattr(a, k) for k in KEYS}, default=str))})
    return out


def differences(before: Any, after: Any, where: str = "") -> list[str]:
    """Every path where the two differ: a key missing or added, keys reordered, a value changed."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = [f"{where}.{k}: missing" for k in before if k not in after]
        out += [f"{where}.{k}: added" for k in after if k not in before]
        if not out and list(before) != list(after):
            out.append(f"{where}: keys in another order")
        return out + [d for k in before if k in after for d in differences(before[k], after[k], f"{where}.{k}")]
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        pairs = enumerate(zip(before, after, strict=True))
        return [d for k, (b, a) in pairs for d in differences(b, a, f"{where}[{k}]")]
    return [] if before == after else [f"{where}: {str(before)[:80]!r} → {str(after)[:80]!r}"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", type=Path, help="a file this script wrote before the change")
    args = ap.parse_args()
    now = asyncio.run(answers())
    if args.compare is None:
        sys.stdout.write("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in now))
        return 0
    before = [json.loads(line) for line in args.compare.read_text("utf-8").splitlines() if line.strip()]
    diffs = [f"{b['q']}: {d}" for b, a in zip(before, now, strict=False) for d in differences(b, a)]
    print("\n".join(diffs) or f"{len(now)} answers, no difference")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
