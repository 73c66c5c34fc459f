"""Speed of catalog/resolve.py over the full catalog (built-in models + every Epoch name; all GPUs).

Run from the repository root:  python benchmarks/resolve_speed.py
Queries: exact names, names with one character dropped (typos), the test cases, and nonsense.
The target is a median ≤ 1 ms per resolve().
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catalog.resolve import Resolver  # noqa: E402
from tests.catalog.test_resolve import (  # noqa: E402
    GPU_CASES,
    GPU_NEGATIVES,
    MODEL_CASES,
    MODEL_NEGATIVES,
    gpu_resolver,
    model_resolver,
)


def _typo(rng: random.Random, s: str) -> str:
    if len(s) < 5:
        return s
    k = rng.randrange(len(s))
    return s[:k] + s[k + 1:]


def _time(resolver: Resolver, queries: list[str], method: str = "resolve") -> list[float]:
    fn = getattr(resolver, method)
    out = []
    for q in queries:
        t = time.perf_counter()
        fn(q)
        out.append((time.perf_counter() - t) * 1000)
    return out


def _report(label: str, ms: list[float]) -> None:
    ms = sorted(ms)
    print(f"{label:34} n={len(ms):5}  median {statistics.median(ms):.3f} ms  p95 {ms[int(len(ms) * 0.95)]:.3f} ms"
          f"  max {ms[-1]:.3f} ms")


def main() -> int:
    t = time.perf_counter()
    models = model_resolver()
    gpus = gpu_resolver()
    print(f"build: {(time.perf_counter() - t) * 1000:.0f} ms for {len(models.names)} model names"
          f" and {len(gpus.names)} GPU names")
    rng = random.Random(0)
    m_exact = [n.lower() for n in rng.sample(models.names, 500)]
    m_typo = [_typo(rng, n.lower()) for n in rng.sample(models.names, 500)]
    m_cases = [q for q, _ in MODEL_CASES] + MODEL_NEGATIVES
    g_exact = [n.lower() for n in gpus.names]
    g_typo = [_typo(rng, n.lower()) for n in gpus.names]
    g_cases = [q for q, _ in GPU_CASES] + GPU_NEGATIVES

    everything: list[float] = []
    for label, resolver, queries in (
        ("models: exact names", models, m_exact),
        ("models: one character dropped", models, m_typo),
        ("models: test cases + negatives", models, m_cases),
        ("gpus: exact names", gpus, g_exact),
        ("gpus: one character dropped", gpus, g_typo),
        ("gpus: test cases + negatives", gpus, g_cases),
    ):
        ms = _time(resolver, queries)
        everything += ms
        _report(label, ms)
    _report("ALL resolve()", everything)
    _report("models: suggest() on prefixes", _time(models, [q[:6] for q in m_exact[:200]], "suggest"))
    _report("gpus: suggest() on prefixes", _time(gpus, [q[:6] for q in g_exact[:200]], "suggest"))
    return 0 if statistics.median(everything) <= 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
