"""Score the GGUF size model against every published file on record.

    python benchmarks/gguf_sizes.py [--rows]

For each row of catalog/data/gguf_files.json (a real file: model, level, size), the weights the estimator
would give WITHOUT that file on record: the tensor-by-tensor size (estimator/gguf_size.py) from the model's
config shape, beside the rule it replaces (parameters × the level's average bits per weight, plus the measured
profile's small per-kind overhead). Prints the median and largest error of each, the share of files within
10 %, and every file the size model misses by more than 10 %; `--rows` prints every row.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from msgspec.structs import replace  # noqa: E402

from answers.knowledge.catalog_view import model_size  # noqa: E402
from answers.knowledge.profiles import load_profile  # noqa: E402
from catalog.builtin import load_builtin_models  # noqa: E402
from catalog.gguf_files import GgufFile, load_gguf_files  # noqa: E402
from estimator.gguf_size import file_gib  # noqa: E402
from estimator.measured import MeasuredProfile  # noqa: E402
from estimator.quants import quant  # noqa: E402

TOLERANCE = 0.10  # the goal: within 10 % of the file for at least 98 % of files
GIB = 2**30


def _old_rule(f: GgufFile) -> float:
    """What the measured profile gave before sizes were modelled per tensor (GiB)."""
    profile = load_profile("measured")
    assert isinstance(profile, MeasuredProfile)
    size = model_size(_records()[f.model])
    assert size is not None
    bare = replace(size, layout=None, files=())
    return profile.weights_gb(bare, quant(f.level))


def _records() -> dict:
    return {r.name: r for r in load_builtin_models()}


def score() -> list[tuple[GgufFile, float, float]]:
    """(file, modelled GiB, old rule GiB) for every published file."""
    records = _records()
    out = []
    for f in load_gguf_files():
        size = model_size(records[f.model])
        assert size is not None
        modelled = file_gib(replace(size, files=()), f.level)
        out.append((f, modelled if modelled is not None else float("nan"), _old_rule(f)))
    return out


def _errors(rows: list[tuple[GgufFile, float, float]], column: int) -> list[float]:
    return [abs(r[column] / r[0].gib - 1) for r in rows]


def report(all_rows: list[tuple[GgufFile, float, float]], every_row: bool) -> str:
    rows = [r for r in all_rows if not r[0].scored_apart]
    older = [r for r in all_rows if r[0].older_rules]
    tailored = [r for r in all_rows if r[0].model_tailored]
    lines = [f"{len(rows)} published GGUF files made under today's llama.cpp rules, "
             f"{len({r[0].model for r in rows})} models"]
    for label, column in (("tensor-by-tensor size model", 1), ("old rule (params × level bpw)", 2)):
        errs = _errors(rows, column)
        inside = sum(e <= TOLERANCE for e in errs) / len(errs)
        lines.append(f"{label:32s} median error {statistics.median(errs):6.1%}  max {max(errs):6.1%}  "
                     f"within 10 %: {inside:6.1%}")
    if older:
        errs = _errors(older, 1)
        lines.append(f"{len(older)} files made under older rules (scored apart): median error "
                     f"{statistics.median(errs):6.1%}  max {max(errs):6.1%}")
        rows = all_rows
    if tailored:
        errs = _errors(tailored, 1)
        lines.append(f"{len(tailored)} files with a mix tailored to their model (scored apart): median error "
                     f"{statistics.median(errs):6.1%}  max {max(errs):6.1%}")
        rows = all_rows
    misses = [r for r, e in zip(rows, _errors(rows, 1), strict=True) if e > TOLERANCE]
    lines.append(f"misses (> 10 %): {len(misses)}")
    shown = rows if every_row else misses
    for f, modelled, old in shown:
        lines.append(f"  {f.model:32s} {f.level:11s} file {f.gb:7.1f} GB ({f.gib:7.1f} GiB)  model {modelled:7.1f} GiB "
                     f"{modelled / f.gib - 1:+6.1%}  old {old / f.gib - 1:+6.1%}  {f.repo}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", action="store_true", help="print every file, not only the misses")
    args = parser.parse_args(argv)
    print(report(score(), args.rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
