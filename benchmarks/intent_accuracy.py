"""Intent, entity and language accuracy of answers/reading/parse.py on the question sets, and parse time.

Run from the repository root:  python benchmarks/intent_accuracy.py [--show-errors] [--corpus FILE]
Without --corpus every set is measured: the parser's own corpus (questions.jsonl), the people's corpus
used for tuning (corpus_people.jsonl, corpus_people_2.jsonl, corpus_people_3.jsonl and corpus_people_5.jsonl
with pt-BR) and the held-out set frozen before tuning (heldout_*.jsonl, see tests/data/HELDOUT.md). Resolvers
are built like the tests build them: built-in models + every Epoch name, all GPUs with the data files' aliases.

Scoring: an entity key absent from a row is not scored. The optional keys that newer features add
(gpu_count, task, quants, ram_gb, intents) are scored only when `Parsed` has a field of that name; the
output says which are scored. A row's `locale` (the asker's Discord locale) is passed to the parser
when it accepts one.
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from answers.reading.parse import parse  # noqa: E402
from answers.records.asked import Asked as Parsed  # noqa: E402 — the parser's phase of the one record
from tests.catalog.test_resolve import gpu_resolver, model_resolver  # noqa: E402

DATA = ROOT / "tests" / "data"
CORPUS = DATA / "questions.jsonl"
SETS = (CORPUS, DATA / "corpus_people.jsonl", DATA / "corpus_people_2.jsonl", DATA / "corpus_people_3.jsonl",
        DATA / "corpus_people_4.jsonl", DATA / "corpus_people_5.jsonl", DATA / "corpus_people_versus.jsonl",
        DATA / "corpus_people_budget.jsonl",
        *sorted(DATA.glob("heldout_*.jsonl")))
# model2: scored where a row has it
ENTITY_FIELDS = ("model", "card", "card2", "memory_gb", "context", "quant", "model2")
OPTIONAL_FIELDS = ("gpu_count", "task", "quants", "ram_gb", "intents")
LANGS = ("en", "it", "fr", "de", "es", "pt")


def load_corpus(path: Path = CORPUS) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def supported_optional() -> tuple[str, ...]:
    return tuple(f for f in OPTIONAL_FIELDS if f in Parsed.__struct_fields__)


def _takes_locale() -> bool:
    return "locale" in inspect.signature(parse).parameters


def parse_row(row: dict[str, object], models, gpus) -> Parsed:
    if row.get("locale") and _takes_locale():
        return parse(str(row["q"]), models, gpus, locale=str(row["locale"]))
    return parse(str(row["q"]), models, gpus)


def _expected(row: dict[str, object], field: str) -> object:
    """What a row asks of a field; absent optional keys mean "none of that" (one card, no task…)."""
    if field == "intents":  # the asks after the first (the first is scored as the intent)
        return list(row.get("intents") or [row["intent"]])[1:]
    return row.get(field)


def _got(parsed: Parsed, field: str) -> object:
    value = getattr(parsed, field)
    if field == "intents":
        return list(value or [parsed.intent])[1:]
    if field == "quants":
        return list(value) if value and len(value) > 1 else None
    if field == "gpu_count":
        return value if value and value > 1 else None
    return value


def entity_diff(row: dict[str, object], parsed: Parsed, optional: tuple[str, ...]) -> dict[str, tuple]:
    diff = {}
    for f in ENTITY_FIELDS:
        if f in row and getattr(parsed, f) != row[f]:
            diff[f] = (row[f], getattr(parsed, f))
    for f in optional:
        want, have = _expected(row, f), _got(parsed, f)
        if want != have:
            diff[f] = (want, have)
    return diff


def language_ok(row: dict[str, object], parsed: Parsed) -> bool:
    # Rows with no wording to go by ("llama 3 8b") count as right when left unclear (None).
    return parsed.language == (row["lang"] if row.get("lang_detectable", True) else None)


def measure(rows: list[dict[str, object]], models, gpus) -> tuple[dict[str, dict[str, int]], list]:
    optional = supported_optional()
    per_lang: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    errors = []
    for row in rows:
        got = parse_row(row, models, gpus)
        stats = per_lang[str(row["lang"])]
        stats["n"] += 1
        stats["intent"] += got.intent == row["intent"]
        lang_ok = language_ok(row, got)
        stats["language"] += lang_ok
        diff = entity_diff(row, got, optional)
        stats["entities"] += not diff
        stats["all"] += not diff and got.intent == row["intent"]
        if got.intent != row["intent"]:
            diff = {"intent": (row["intent"], got.intent), **diff}
        if not lang_ok:
            diff["language"] = (row["lang"], got.language)
        if diff:
            errors.append((row["q"], diff))
    return per_lang, errors


def report(name: str, per_lang: dict[str, dict[str, int]]) -> dict[str, float]:
    def pct(a: int, n: int) -> str:
        return f"{100 * a / n:5.1f}%"

    print(f"\n{name}")
    total: dict[str, int] = defaultdict(int)
    print(f"{'lang':6} {'n':>4} {'intent':>8} {'entities':>9} {'both':>7} {'language':>9}")
    for lang in LANGS:
        s = per_lang.get(lang)
        if not s:
            continue
        for k, v in s.items():
            total[k] += v
        print(f"{lang:6} {s['n']:4} {pct(s['intent'], s['n']):>8} {pct(s['entities'], s['n']):>9}"
              f" {pct(s['all'], s['n']):>7} {pct(s['language'], s['n']):>9}")
    n = total["n"]
    print(f"{'all':6} {n:4} {pct(total['intent'], n):>8} {pct(total['entities'], n):>9}"
          f" {pct(total['all'], n):>7} {pct(total['language'], n):>9}")
    return {k: total[k] / n for k in ("intent", "entities", "language", "all")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show-errors", action="store_true", help="print every wrong line")
    ap.add_argument("--repeat", type=int, default=3, help="timing passes over the corpus")
    ap.add_argument("--corpus", type=Path, action="append",
                    help="questions file(s); default: the parser's corpus, the people's corpus and the held-out set")
    args = ap.parse_args()

    models, gpus = model_resolver(), gpu_resolver()
    paths = args.corpus or list(SETS)
    parse("warm up", models, gpus)  # compiled patterns, stop words
    optional = supported_optional()
    missing = [f for f in OPTIONAL_FIELDS if f not in optional]
    print("optional entities scored: " + (", ".join(optional) or "none")
          + ("; not scored (the parser has no such field yet): " + ", ".join(missing) if missing else ""))
    all_rows = []
    for path in paths:
        rows = load_corpus(path)
        all_rows += rows
        per_lang, errors = measure(rows, models, gpus)
        report(path.name, per_lang)
        if args.show_errors and path.name.startswith("heldout"):
            # A held-out set is scored, never read: its wrong lines are not printed, so nobody tunes on them.
            print(f"  ({len(errors)} wrong lines not shown: held-out set)")
        elif args.show_errors:
            for q, diff in errors:
                print(f"  {q!r}: {diff}")

    times = []
    for _ in range(args.repeat):
        for row in all_rows:
            t = time.perf_counter()
            parse_row(row, models, gpus)
            times.append(time.perf_counter() - t)
    if not times:
        return 0
    ms = sorted(t * 1000 for t in times)
    print(f"\nparse time: median {statistics.median(ms):.3f} ms, p95 {ms[int(len(ms) * 0.95)]:.3f} ms,"
          f" max {ms[-1]:.3f} ms over {len(ms)} parses")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
