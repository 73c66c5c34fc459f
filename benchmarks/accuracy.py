"""Score the estimator profiles against real llama.cpp decode speeds, with cross-validation.

    python benchmarks/accuracy.py [path/to/llama_cpp_decode.csv] [--folds gpu|model|row]

Every `measured` prediction comes from constants refitted WITHOUT the row's group (leave-one-GPU-out
by default: all rows of the same catalog card are held out together, so a card is never scored with
constants that saw it). The `reference` profile has nothing fitted, so it is scored as is.

Hardware is looked up in the current catalog (catalog/hardware.py, what the `measured` profile rates):
`GPU_MAP` pins the names whose form factor the row does not state, the catalog's resolver finds the
rest. Rows used: single-GPU rows on discrete cards. Left out, and listed: multi-GPU and
memory-starved/offloaded rows (flagged in the notes) and the setups rows (Apple silicon, the Radeon
8060S iGPU, the Arc Pro B70: scored by `--setups`, which fits the Apple factor on them). Pure Python
(no numpy/scipy), so the tests can call `cross_validate()` directly.

`--setups` also scores those rows (and benchmarks/data/setups_measured.csv) with the setups rules, by
slice: multi-GPU, unified memory, offload, new hardware (benchmarks/setups_accuracy.py, leave-one-out).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import math
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from estimator.model import ModelSize  # noqa: E402
from estimator.quants import BY_NAME, Quant  # noqa: E402

if TYPE_CHECKING:
    from catalog.records import GpuRecord

DEFAULT_CSV = ROOT.parent / "shared" / "data" / "measured" / "llama_cpp_decode.csv"

# Q4_1 is not one of our levels; a few measurements use it (llama.cpp: 5.0 bits per weight, legacy
# kernels). The reference profile gets the Q4_0 efficiency for it.
EXTRA_QUANTS = {"Q4_1": Quant("Q4_1", BY_NAME["Q4_0"].rank, 5.0, 5.0, 0.55, "legacy")}

# Measured GPU name → catalog card name where the row leaves a choice the resolver would make
# differently (form factor not stated: the lower bandwidth) or where the row's name needs help; every
# other name goes through the current catalog's resolver (`card_lookup`).
GPU_MAP: dict[str, str] = {
    "NVIDIA A100 80GB (form factor not stated)": "A100 PCIe 80 GB",  # the lower of the two bandwidths
    "NVIDIA A100 PCIe 80GB": "A100 PCIe 80 GB",
    "NVIDIA A100 SXM 80GB": "A100 SXM4 80 GB",
    "NVIDIA A30": "A30 PCIe",
    "NVIDIA A40 48GB": "A40 PCIe",
    "NVIDIA DGX Spark (GB10)": "GB10",
    "NVIDIA H100 PCIe 80GB": "H100 PCIe 80 GB",
    "NVIDIA L40": "L40",
    "NVIDIA L40S 48GB": "L40S",
    "NVIDIA Quadro RTX 6000": "Quadro RTX 6000",
    "NVIDIA Quadro RTX 8000": "Quadro RTX 8000",
    "NVIDIA RTX 4000 Ada 20GB": "RTX 4000 Ada Generation",
    "NVIDIA RTX 5000 Ada 32GB": "RTX 5000 Ada Generation",
    "NVIDIA RTX 6000 Ada 48GB": "RTX 6000 Ada Generation",
    "NVIDIA RTX A4000": "RTX A4000",
    "NVIDIA RTX A6000 48GB": "RTX A6000",
    "NVIDIA RTX PRO 4000 Blackwell": "RTX PRO 4000 Blackwell",
    "NVIDIA RTX PRO 6000 Blackwell Max-Q (300 W)": "RTX PRO 6000 Blackwell Max-Q",
    "NVIDIA Tesla K80 (one of two GPUs)": "Tesla K80",  # the catalog's K80 record is one GK210 die
    "NVIDIA Tesla M40 24GB": "Tesla M40 24 GB",
    "NVIDIA Tesla P40": "Tesla P40",
    "NVIDIA Tesla V100 32GB": "Tesla V100 PCIe 32 GB",  # PCIe vs SXM not stated; same bandwidth
    "NVIDIA GeForce RTX 3060 12GB": "GeForce RTX 3060 12 GB",
    "NVIDIA GeForce RTX 3070 8GB": "GeForce RTX 3070",
    "NVIDIA GeForce RTX 3080 10GB": "GeForce RTX 3080",
    "NVIDIA GeForce RTX 4070 Ti 12GB": "GeForce RTX 4070 Ti",
    "NVIDIA GeForce RTX 4080 16GB": "GeForce RTX 4080",
    "AMD Instinct MI60": "Radeon Instinct MI60",
    "AMD Radeon RX 7900 XT 20GB": "Radeon RX 7900 XT",
}
# Rows the setups score takes (benchmarks/setups_accuracy.py): hardware the single-card fit never saw.
SETUPS_HARDWARE = ("Apple ", "AMD Radeon 8060S", "Intel Arc Pro B70")

CardLookup = Callable[[str], "GpuRecord | None"]


def card_lookup(cards: Sequence[GpuRecord] | None = None) -> CardLookup:
    """A measured row's GPU name → the current catalog's card (None when it names none): `GPU_MAP`
    first, then the catalog's resolver (`Knowledge.gpu_resolver_for("measured")`), the faster of
    same-name variants as the engine answers."""
    from answers.knowledge.catalog_view import Knowledge, faster_variant
    from catalog.gpus import load_gpu_records

    kn = Knowledge(load_gpu_records(), [])
    current = list(cards) if cards is not None else kn.gpus_for("measured")
    by_name = _catalog_index(current)
    resolver = kn.gpu_resolver_for("measured")

    def lookup(gpu: str) -> GpuRecord | None:
        if gpu in GPU_MAP:
            return by_name.get(GPU_MAP[gpu])
        res = resolver.resolve(gpu)
        if res.best is None:
            return None
        card = faster_variant(list(res.best.payloads))
        return card if cards is None else by_name.get(card.name)

    return lookup


@dataclass(frozen=True)
class MeasuredRow:
    index: int  # 0-based data row in the CSV
    model: str
    params_b: float
    active_b: float | None
    quant_text: str
    quant: Quant
    native_mxfp4: bool  # gpt-oss files: experts stay MXFP4 whatever the label says
    gpu: str
    card: GpuRecord | None
    vendor: str
    backend: str
    tok_s: float
    notes: str
    excluded: str | None = None  # why the row is not scored

    @property
    def size(self) -> ModelSize:
        return ModelSize(self.params_b, self.active_b, name=self.model)

    @property
    def group_gpu(self) -> str:
        return self.card.name if self.card is not None else self.gpu

    @property
    def group_model(self) -> str:
        return re.sub(r"\s+(Instruct|v0\.3)$", "", self.model)


def parse_quant(text: str) -> tuple[Quant, bool]:
    head = text.split()[0].upper()
    native = "MXFP4" in text.upper()
    q = EXTRA_QUANTS.get(head) or BY_NAME[head]
    return q, native


def _catalog_index(cards: Iterable[GpuRecord]) -> dict[str, GpuRecord]:
    index: dict[str, GpuRecord] = {}
    for c in cards:
        index.setdefault(c.name, c)  # same-name records: the first (oldest)
    return index


def load_rows(csv_path: Path | str = DEFAULT_CSV, cards: Sequence[GpuRecord] | None = None) -> list[MeasuredRow]:
    """Every CSV row, mapped to a card of the current catalog (or of `cards`) where possible, with the
    reason it is left out if so."""
    lookup = card_lookup(cards)
    rows = []
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for i, r in enumerate(csv.DictReader(fh)):
            notes = r["notes"]
            q, native = parse_quant(r["quant"])
            card = None
            excluded = None
            if "MULTI-GPU" in notes.upper():
                excluded = "multi-GPU"
            elif "memory-starved" in notes and "8GB" in r["gpu"]:
                excluded = "memory-starved"
            elif "offload" in notes.lower() and "full gpu offload" not in notes.lower():
                excluded = "partly offloaded"
            card = lookup(r["gpu"])
            if card is None:
                excluded = excluded or f"unmapped ({r['gpu']})"
            elif r["gpu"].startswith(SETUPS_HARDWARE):
                excluded = excluded or "setups row (--setups)"
            rows.append(
                MeasuredRow(
                    index=i,
                    model=r["model"],
                    params_b=float(r["params_b_total"]),
                    active_b=float(r["params_b_active"]) if r["params_b_active"] else None,
                    quant_text=r["quant"],
                    quant=q,
                    native_mxfp4=native,
                    gpu=r["gpu"],
                    card=card,
                    vendor=r["vendor"],
                    backend=r["backend"],
                    tok_s=float(r["tg_tokens_per_s"]),
                    notes=notes,
                    excluded=excluded,
                )
            )
    return rows


def usable_rows(rows: Iterable[MeasuredRow]) -> list[MeasuredRow]:
    return [r for r in rows if r.excluded is None]


def csv_sha256(path: Path | str = DEFAULT_CSV) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# ---------------------------------------------------------------------------------------- scoring


@dataclass
class Scored:
    row: MeasuredRow
    est: float
    low: float
    high: float
    confidence: str

    @property
    def ratio(self) -> float:  # est / measured
        return self.est / self.row.tok_s

    @property
    def error_factor(self) -> float:
        return max(self.ratio, 1 / self.ratio)

    @property
    def inside(self) -> bool:
        return self.low <= self.row.tok_s <= self.high


def score_reference(rows: Sequence[MeasuredRow]) -> list[Scored]:
    from estimator.profile import REFERENCE

    out = []
    for r in rows:
        q = r.quant
        est = REFERENCE.tok_s(r.size, r.card, q)  # type: ignore[arg-type]
        low, high, conf = REFERENCE.tok_range(r.size, r.card, q, est)  # type: ignore[arg-type]
        out.append(Scored(r, est, low, high, conf))
    return out


def _groups(rows: Sequence[MeasuredRow], by: str) -> list[str]:
    key: Callable[[MeasuredRow], str] = {
        "gpu": lambda r: r.group_gpu,
        "model": lambda r: r.group_model,
        "row": lambda r: str(r.index),
    }[by]
    return [key(r) for r in rows]


@dataclass
class CrossValidation:
    scored: list[Scored]
    by: str
    folds: int
    residuals: list[float] = field(default_factory=list)  # held-out log(measured / estimate)


def cross_validate(
    csv_path: Path | str = DEFAULT_CSV,
    by: str = "gpu",
    rows: Sequence[MeasuredRow] | None = None,
    start: Sequence[float] | None = None,
) -> CrossValidation:
    """Leave-one-group-out: refit on every other group, predict the held-out group.

    The range of a held-out row is also built from held-out information only: its width comes from
    the cross-validated residuals of the OTHER groups, and its confidence from the training rows.
    """
    from benchmarks.fit_measured import fit_constants  # noqa: PLC0415 (fit code imports this module)
    from estimator.measured import MeasuredProfile

    if rows is None:
        rows = usable_rows(load_rows(csv_path))
    keys = _groups(rows, by)
    folds = sorted(set(keys))
    if start is None:  # warm start every fold from the fit on all rows (only speeds up convergence)
        start = fit_constants(rows, ranges=False)["theta"]
    est: dict[int, float] = {}
    profiles: dict[str, MeasuredProfile] = {}
    for g in folds:
        train = [r for r, k in zip(rows, keys) if k != g]
        consts = fit_constants(train, ranges=False, start=start)
        prof = MeasuredProfile(consts)
        profiles[g] = prof
        for i, (r, k) in enumerate(zip(rows, keys)):
            if k == g:
                est[i] = prof.row_tok_s(r)
    resid = [math.log(r.tok_s / est[i]) for i, r in enumerate(rows)]
    scored = []
    from benchmarks.fit_measured import confidence_caps, range_constants, uncapped  # noqa: PLC0415

    for g in folds:
        others = [e for e, k in zip(resid, keys) if k != g]
        other_rows = [r for r, k in zip(rows, keys) if k != g]
        prof = profiles[g]
        prof.confidence_caps = confidence_caps(other_rows, others)
        prof.ranges = range_constants(uncapped(other_rows, others, prof.confidence_caps))
        for i, (r, k) in enumerate(zip(rows, keys)):
            if k == g:
                low, high, conf = prof.row_range(r, est[i])
                scored.append(Scored(r, est[i], low, high, conf))
    scored.sort(key=lambda s: s.row.index)
    return CrossValidation(scored, by, len(folds), resid)


# ---------------------------------------------------------------------------------------- report


def summary(scored: Sequence[Scored]) -> dict[str, float]:
    if not scored:
        return {"n": 0}
    return {
        "n": len(scored),
        "median_error": statistics.median(s.error_factor for s in scored),
        "within_25": sum(1 for s in scored if 0.8 <= s.ratio <= 1.25) / len(scored),
        "inside_range": sum(1 for s in scored if s.inside) / len(scored),
        "bias": statistics.median(s.ratio for s in scored),
    }


def _breakdowns(scored: Sequence[Scored]) -> dict[str, dict[str, list[Scored]]]:
    out: dict[str, dict[str, list[Scored]]] = {"vendor": defaultdict(list), "dense/MoE": defaultdict(list),
                                               "quant kind": defaultdict(list), "card class": defaultdict(list)}
    from estimator.measured import card_class

    for s in scored:
        r = s.row
        out["vendor"][r.card.vendor].append(s)  # type: ignore[union-attr]
        out["dense/MoE"]["MoE" if r.size.is_moe else "dense"].append(s)
        out["quant kind"]["mxfp4" if r.native_mxfp4 else r.quant.kind].append(s)
        out["card class"][card_class(r.card)].append(s)  # type: ignore[arg-type]
    return out


def report(csv_path: Path | str = DEFAULT_CSV, by: str = "gpu", out=sys.stdout) -> dict[str, dict[str, float]]:
    all_rows = load_rows(csv_path)
    rows = usable_rows(all_rows)
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"data: {csv_path}")
    p(f"sha256 {csv_sha256(csv_path)[:16]}…  rows in file: {len(all_rows)}  rows used: {len(rows)}")
    left = [r for r in all_rows if r.excluded]
    reasons: dict[str, list[str]] = defaultdict(list)
    for r in left:
        reasons[r.excluded or ""].append(f"#{r.index} {r.gpu}")
    for why, items in sorted(reasons.items()):
        p(f"  left out ({why}): {len(items)}: " + "; ".join(items))
    p("  gpt-oss rows labelled F16/Q4_K_M keep MXFP4 experts: scored as native-MXFP4 files.")
    p("  Q4_1 rows: 5.0 bpw, legacy kind (reference: Q4_0 efficiency).")
    ref = score_reference(rows)
    cv = cross_validate(csv_path, by, rows)
    p(f"cross-validation for `measured`: leave-one-{by}-out ({cv.folds} folds); `reference` has nothing fitted")
    p("")
    header = f"{'':28} {'n':>3}  {'median err':>10}  {'within 25%':>10}  {'in range':>8}  {'bias est/meas':>13}"
    results = {}

    def line(label: str, t: dict[str, float]) -> str:
        return (f"{label:28} {t['n']:>3}  {t['median_error']:>9.2f}×  {t['within_25']:>10.0%}  "
                f"{t['inside_range']:>8.0%}  {t['bias']:>13.2f}")

    for name, scored in (("reference", ref), ("measured", cv.scored)):
        p(f"== {name}")
        p(header)
        results[name] = summary(scored)
        p(line("all", results[name]))
        for title, groups in _breakdowns(scored).items():
            for g, items in sorted(groups.items()):
                p(line(f"{title}: {g}", summary(items)))
        p("")
    conf = defaultdict(list)
    for s in cv.scored:
        conf[s.confidence].append(s)
    p("measured, by confidence label: " + ", ".join(
        f"{c}: n={len(v)}, median err {summary(v)['median_error']:.2f}×, in range {summary(v)['inside_range']:.0%}"
        for c, v in sorted(conf.items())))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="?", default=str(DEFAULT_CSV))
    ap.add_argument("--folds", choices=("gpu", "model", "row"), default="gpu")
    ap.add_argument("--rows", action="store_true", help="also print every scored row")
    ap.add_argument("--setups", action="store_true", help="also score setups by slice (multi-GPU, unified, offload, new hardware)")
    args = ap.parse_args(argv)
    report(args.csv, args.folds)
    if args.setups:
        from benchmarks.setups_accuracy import report as setups_report

        print()
        setups_report(rows=args.rows)
    if args.rows:
        cv = cross_validate(args.csv, args.folds)
        ref = {s.row.index: s for s in score_reference([s.row for s in cv.scored])}
        for s in cv.scored:
            r = s.row
            print(f"#{r.index:>3} {r.model[:22]:22} {r.quant_text[:8]:8} {r.group_gpu[:28]:28} {r.backend:6} "
                  f"meas {r.tok_s:7.1f}  meas-prof {s.est:7.1f} [{s.low:6.1f}–{s.high:6.1f}] {s.confidence:6} "
                  f"ref {ref[r.index].est:7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
