"""Score the CPU decode bound (estimator/cpu_machine.py cpu_decode_gbps: cores × clock × FLOPs per cycle ×
an efficiency) leave-one-out on the seen public CPU-only rows whose processor is in the table.

    python benchmarks/cpu_bounds.py

Rows: the CPU-only rows of docs/trials/2026-12-07-{second,third,fourth}/heldout/offload_cpu.csv whose CPU
catalog.cpu_names resolves and whose model size and level are on record (below, with the row's source).
For each row the efficiency is refitted without it (the geometric mean of what the other compute-bound rows
imply) and the row predicted as min(RAM stream, cores) — the answers' rule. Prints each row's ratio and the
median error and share inside the answers' 0.6–1.6 range.
"""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path

from msgspec.structs import replace

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.knowledge.cpus import find_cpu  # noqa: E402
from answers.knowledge.profiles import load_profile, load_setup_constants  # noqa: E402
from estimator.cpu_only import cpu_row  # noqa: E402
from estimator.model import ModelSize  # noqa: E402
from estimator.quants import quant  # noqa: E402

# (cpu, cores used or None, params B, level, RAM type, MT/s, measured tok/s, source)
ROWS: tuple[tuple[str, int | None, float, str, str | None, int | None, float, str], ...] = (
    ("Core 2 Quad Q8400", None, 1.1, "Q4_0", "DDR3", 1066, 4.04, "fourth/heldout offload_cpu.csv: Optiplex 780"),
    ("Core i5-4278U", 2, 3.2, "Q4_K_M", "DDR3", 1600, 7.68, "fourth/heldout offload_cpu.csv: 2014 MacBook Pro"),
    ("Core i7-8700", None, 7.0, "Q4_K_M", None, None, 4.9, "third/heldout offload_cpu.csv: 4683 MB file"),
    ("Core i7-8700", None, 8.0, "Q4_K_M", None, None, 4.2, "third/heldout offload_cpu.csv: 4921 MB file"),
    ("Ryzen 9 7950X", None, 30.5, "Q4_K_M", "DDR5", None, 27.2,
     "second/heldout offload_cpu.csv: Qwen3-30B-A3B, dual-channel DDR5"),
)
MOE_ACTIVE = {30.5: 3.3}  # Qwen3-30B-A3B: 3.3B active (its config)


def _predict(efficiency: float, row: tuple) -> tuple[float, float, float, bool]:
    name, cores, params, level, kind, mts, _, _ = row
    c = load_setup_constants()
    c = replace(c, machine=replace(c.machine, cpu_decode_efficiency=efficiency))
    cpu = find_cpu(name, cores)
    assert cpu is not None, name
    model = ModelSize(params, MOE_ACTIVE.get(params))
    r = cpu_row(c, load_profile("measured", c), model, quant(level), ram_type=kind, ram_mts=mts, cpu=cpu)
    by_ram = cpu_row(replace(c, machine=replace(c.machine, cpu_decode_efficiency=1.0)), load_profile("measured", c),
                     model, quant(level), ram_type=kind, ram_mts=mts, cpu=cpu)
    return r.tok_s, r.tok_s_low, r.tok_s_high, r.tok_s < by_ram.tok_s * 0.999


def _implied(row: tuple) -> float | None:
    """The efficiency at which the row's cores give its measured speed (None: the row is held by its RAM)."""
    tok, _, _, _ = _predict(1e-3, row)  # at a tiny efficiency every row is compute bound, linear in it
    measured = row[6]
    eff = 1e-3 * measured / tok
    _, _, _, bound_at = _predict(min(eff, 1.0), row)
    return eff if bound_at else None


def main() -> int:
    implied = {i: _implied(r) for i, r in enumerate(ROWS)}
    errors, inside = [], 0
    for i, row in enumerate(ROWS):
        others = [e for j, e in implied.items() if j != i and e is not None]
        eff = math.exp(statistics.fmean(math.log(e) for e in others)) if others else 0.16
        tok, low, high, bound = _predict(eff, row)
        ratio = tok / row[6]
        errors.append(max(ratio, 1 / ratio))
        inside += low <= row[6] <= high
        print(f"{row[0]:<20} {row[2]:>5}B {row[3]:<7} measured {row[6]:6.2f}  leave-one-out {tok:6.2f} "
              f"(eff {eff:.3f}, {'cores' if bound else 'RAM'})  x{ratio:.2f}")
    print(f"rows {len(ROWS)}: median error x{statistics.median(errors):.2f}, inside the range {inside}/{len(ROWS)}; "
          f"implied efficiencies {', '.join(f'{e:.3f}' for e in implied.values() if e is not None)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
