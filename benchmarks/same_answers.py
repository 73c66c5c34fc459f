"""Same answers before and after a start-up change: `tpsbot ask --json` for ~40 varied questions, each in
its own process (so every lazy import path is taken from a cold interpreter), plus the same questions
through one `tpsbot ask -` stream (one process, modules already loaded by the earlier questions).

    python benchmarks/same_answers.py --save before.jsonl     # on the old code
    python benchmarks/same_answers.py --compare before.jsonl  # on the new code: exit 1 on any difference

Uses the catalog and cache named by TPSBOT_DB and TPSBOT_CACHE_DIR, as `tpsbot` does. The questions are
the four typical ones of docs/benchmarks.md (a card and model, a memory size, a card's list, a Mac), one
per intent and language from tests/data/questions.jsonl, and media, setup and flag-led ones.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPICAL = ["qwen3 32b on a 3090", "can GLIDE run on 12 GB?", "what can my 5060 Ti run",
           "how fast is llama 3.1 70b on an M4 Max 128GB"]
MORE = [
    "stable diffusion xl on a 3060: seconds per image?", "can a raspberry pi 5 run whisper?",
    "2x 3090 + 64gb ddr5 for deepseek v3", "qwen3 30b a3b on a 7950x with 128gb ram, cpu only",
    "best gpu under 800 euros for llama 3 70b", "rtx 4090 vs rx 7900 xtx for qwen3 32b",
    "can my iphone 15 pro run llama 3.2 3b?", "wan 2.1 video on a 4090", "qwen3 8b at 128k context on a 4060 ti 16gb",
    "what's the cheapest way to run gpt-oss-120b", "10 users on qwen3 32b with a 5090, 8k prompt",
]
PER_INTENT = 24  # one question per (intent, language) from the test corpus, the first this many


def questions() -> list[str]:
    seen: dict[tuple[str, str], str] = {}
    for line in (ROOT / "tests/data/questions.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        seen.setdefault((row.get("intent"), row.get("lang")), row["q"])
    picked = list(seen.values())
    step = max(1, len(picked) // PER_INTENT)
    return TYPICAL + MORE + picked[::step][:PER_INTENT]


def answers() -> list[str]:
    tpsbot = str(Path(sys.executable).with_name("tpsbot"))
    out = []
    for q in questions():  # one process each: a cold interpreter per question
        run = subprocess.run([tpsbot, "ask", "--json", q], capture_output=True, text=True, cwd=ROOT)
        out.append(json.dumps({"q": q, "code": run.returncode, "out": run.stdout, "err": run.stderr},
                              ensure_ascii=False))
    stream = subprocess.run([tpsbot, "ask", "--json", "-"], input="\n".join(questions()) + "\n",
                            capture_output=True, text=True, cwd=ROOT)
    out.append(json.dumps({"q": "(all, one stream)", "code": stream.returncode, "out": stream.stdout,
                           "err": stream.stderr}, ensure_ascii=False))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path)
    group.add_argument("--compare", type=Path)
    args = ap.parse_args()
    now = answers()
    if args.save:
        args.save.write_text("\n".join(now) + "\n", encoding="utf-8")
        print(f"{len(now)} answers saved to {args.save}")
        return 0
    before = args.compare.read_text(encoding="utf-8").splitlines()
    differ = [json.loads(a)["q"] for a, b in zip(before, now, strict=False) if a != b]
    if len(before) != len(now):
        differ.append(f"(count: {len(before)} before, {len(now)} now)")
    for q in differ:
        print(f"differs: {q}")
    print(f"{len(now) - len(differ)} of {len(now)} answers byte-identical")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
