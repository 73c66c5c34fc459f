"""How many stated conditions the answers' `"asked"` record reads right (issue 29), per language and per key.

Run from the repository root:  python benchmarks/asked_accuracy.py [--show-errors] [--corpus FILE]
The default set, tests/data/asked_unseen.jsonl, was written and committed before the reader was changed
for it. Each row states two or more conditions (`asked`, under the `--json` contract's keys). A condition
counts as read right when the answer's `asked` has the key with:

- the same value (`models` in order, `budget`, strings such as `quant`, `engine`, `kv_cache`, `ram_type`);
- token counts (`context`, `prompt_tokens`, `output_tokens`) within 3% ("32k" is 32,768 or 32,000 tokens);
- cards: the same number of entries, each catalog name holding the expected words and the same count;
- `cpu` and `device`: the catalog or typed name holding the expected words.

Keys the answer states that the row does not are counted apart ("extra"), not as misses. Under the catalog
the command line uses (TPSBOT_DB).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "asked_unseen.jsonl"
TOKENS = ("context", "prompt_tokens", "output_tokens")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(text).casefold())


def right(key: str, want: Any, got: Any) -> bool:
    if got is None:
        return False
    if key in TOKENS:
        return abs(float(got) - float(want)) <= 0.03 * float(want)
    if key == "cards":
        return len(got) == len(want) and all(
            _key(w["name"]) in _key(g["name"]) and w["count"] == g["count"] for w, g in zip(want, got, strict=True))
    if key in ("cpu", "device"):
        return _key(want) in _key(got)
    if isinstance(want, int | float) and isinstance(got, int | float):
        return float(want) == float(got)
    return bool(want == got)


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=DEFAULT)
    ap.add_argument("--show-errors", action="store_true")
    args = ap.parse_args()
    engine = await Engine.open()
    rows = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    total = good = extra = 0
    by_key: Counter[str] = Counter()
    miss_key: Counter[str] = Counter()
    by_lang: dict[str, list[int]] = {}
    for row in rows:
        got = engine.ask(row["text"]).asked
        lang = by_lang.setdefault(row["lang"], [0, 0])
        extra += len(set(got) - set(row["asked"]))
        for key, want in row["asked"].items():
            ok = right(key, want, got.get(key))
            total += 1
            good += ok
            lang[0] += ok
            lang[1] += 1
            by_key[key] += 1
            if not ok:
                miss_key[key] += 1
                if args.show_errors:
                    print(f"  {row['lang']} {key}: want {want!r} got {got.get(key)!r}  | {row['text']}")
    print(f"{args.corpus.name}: {len(rows)} questions, {total} stated conditions, "
          f"read right {good} ({100 * good / total:.1f}%), extra keys {extra}")
    print("  by language: " + ", ".join(f"{k} {100 * a / b:.1f}%" for k, (a, b) in sorted(by_lang.items())))
    print("  by key (right/stated): " + ", ".join(
        f"{k} {by_key[k] - miss_key[k]}/{by_key[k]}" for k in sorted(by_key, key=lambda k: -by_key[k])))


if __name__ == "__main__":
    asyncio.run(main())
