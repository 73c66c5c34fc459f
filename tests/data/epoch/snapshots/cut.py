"""Cut the Epoch AI samples kept here from the published exports (how these files were made).

    python tests/data/epoch/snapshots/cut.py DIR   # DIR holds all_ai_models.csv and older/

The 2026 snapshot keeps every row (the tests import thousands of real names) but only the columns
catalog/epoch.py reads; the two older exports keep the rows their tests name (nameless rows, duplicates,
out-of-bounds values, the records asserted on) plus the first rows, in the file's own order. Cells are
copied unchanged. Not collected by pytest; run it again only to refresh the samples from a new export.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

# Every column catalog/epoch.py reads, in any of the three layouts.
READ = {
    "Model", "System", "Organization", "Organization categorization", "Country (of organization)",
    "Country (from Organization)", "Base model", "Parameters", "Parameters notes",
    "Training compute estimation method", "Training hardware", "Model accessibility", "Training code accessibility",
    "Hugging Face developer id", "Confidence", "Reference", "Domain", "Task", "Training compute (FLOP)",
    "Finetune compute (FLOP)", "Training dataset size (total)", "Training dataset size (datapoints)",
    "Publication date", "Citations", "Link", "Last modified",
}
FIRST_ROWS = 150  # of each older export, besides the rows named below
NAMED_OLDER = {"BaGuaLu", "Qwen2.5-72B"}


def _cut(src: Path, dst: Path, keep_all_rows: bool) -> None:
    with src.open(encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        rows = list(reader)
    columns = [i for i, name in enumerate(header) if name in READ]
    name_at = header.index("Model") if "Model" in header else header.index("System")
    names = [row[name_at].strip() for row in rows]
    twice = {n for n in names if n and names.count(n) > 1}
    kept = [row for i, row in enumerate(rows)
            if keep_all_rows or i < FIRST_ROWS or not names[i] or names[i] in twice or names[i] in NAMED_OLDER]
    dst.parent.mkdir(parents=True, exist_ok=True)
    with dst.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow([header[i] for i in columns])
        writer.writerows([row[i] for i in columns] for row in kept)


def main(source: Path) -> None:
    here = Path(__file__).resolve().parent
    _cut(source / "all_ai_models.csv", here / "all_ai_models.csv", keep_all_rows=True)
    for name in ("all_ai_models.2025-04.csv", "notable_ai_models.2024-10.csv"):
        _cut(source / "older" / name, here / "older" / name, keep_all_rows=False)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
