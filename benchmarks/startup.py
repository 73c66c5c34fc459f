"""Start-up: `tpsbot ask "can GLIDE run on 12 GB?"` as a whole process, database present.

    python benchmarks/startup.py [--runs 15]

Each run is measured with `/usr/bin/time -v` (wall clock, CPU time — steadier than the wall clock on a
shared machine — and peak resident memory). The first run
fills the start-up cache (answers/knowledge/cache.py: compiled templates, catalogues, number symbols) and is
reported apart; the figures are the median of the warm runs. Also reported: which heavy packages the
command imported (none of discord, matplotlib, pydantic-settings, rapidfuzz should be).
Targets: ≤ 0.25 s wall, ≤ 45 MB peak RSS.
"""

from __future__ import annotations

import argparse
import asyncio
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

QUESTION = "can GLIDE run on 12 GB?"
HEAVY = ("discord", "matplotlib", "pydantic_settings", "rapidfuzz", "babel", "ssl", "_hashlib")


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, int, float]:
    out = subprocess.run(["/usr/bin/time", "-v", *cmd], env=env, capture_output=True, text=True, cwd=ROOT, check=True)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", out.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    cpu = re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", out.stderr)
    assert wall and rss and len(cpu) == 2, out.stderr
    seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    return seconds, int(rss.group(1)), sum(map(float, cpu))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    tpsbot = Path(sys.executable).with_name("tpsbot")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "catalog.db"
        asyncio.run(build_catalog(db))
        env = {**os.environ, "TPSBOT_DB": str(db), "TPSBOT_CACHE_DIR": str(Path(tmp) / "cache")}
        cmd = [str(tpsbot), "ask", QUESTION]
        cold = timed(cmd, env)
        warm = [timed(cmd, env) for _ in range(args.runs)]
        probe = (f"import sys; sys.argv = ['tpsbot', 'ask', {QUESTION!r}]; from bot.cli import main; main(); "
                 f"print(' '.join(m for m in {HEAVY!r} if sys.modules.get(m)))")
        loaded = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=ROOT,
                                check=True).stdout.splitlines()[-1].strip()
    walls, rss, cpu = [w for w, _, _ in warm], [r for _, r, _ in warm], [c for _, _, c in warm]
    print(f"`tpsbot ask {QUESTION!r}`, database present, {args.runs} warm runs:")
    print(f"  wall {statistics.median(walls):.3f} s median (min {min(walls):.3f}, max {max(walls):.3f}); "
          f"CPU {statistics.median(cpu):.2f} s median; peak RSS {statistics.median(rss):,.0f} KiB "
          f"({statistics.median(rss) / 1024:.1f} MiB) median")
    print(f"  first run (fills the start-up cache): wall {cold[0]:.3f} s, peak RSS {cold[1]:,} KiB")
    print(f"  heavy packages imported: {loaded or 'none'}")


if __name__ == "__main__":
    main()
