"""The measured llama.cpp decode speeds as the benchmarks read them: the rows, the cards they ran on
(looked up in the current catalog), their levels, and a scored estimate of one row.

Shared by accuracy.py (scoring), fit_measured.py (fitting) and setups_accuracy.py (setups), which
import it and never each other in a loop.
"""

from __future__ import annotations

import csv
import hashlib
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from estimator.model import ModelSize  # noqa: E402
from estimator.quants import BY_NAME, Quant  # noqa: E402

if TYPE_CHECKING:
    from catalog.records import GpuRecord

DEFAULT_CSV = ROOT / "benchmarks" / "data" / "measured" / "llama_cpp_decode.csv"

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


class RatioScore:
    """An estimate against a measured tok/s: the ratio and the error factor every benchmark reports."""

    est: float

    @property
    def measured(self) -> float:
        raise NotImplementedError

    @property
    def ratio(self) -> float:  # est / measured
        return self.est / self.measured

    @property
    def error(self) -> float:
        return max(self.ratio, 1 / self.ratio)


@dataclass
class Scored(RatioScore):
    row: MeasuredRow
    est: float
    low: float
    high: float
    confidence: str

    @property
    def measured(self) -> float:
        return self.row.tok_s

    @property
    def error_factor(self) -> float:  # the name benchmarks/accuracy.py reports under
        return self.error

    @property
    def inside(self) -> bool:
        return self.low <= self.row.tok_s <= self.high
