"""Several cards and several machines, asked in chat as people ask them, against the seen public rows.

    python -m benchmarks.several_cards_accuracy [--rows]

Rows: every several-card row of the held-out sets the team has seen (docs/trials/2026-12-07-{second,third,
fourth}/heldout: `setups.csv`, and the rows of `engines_decode.csv` with a count above one), each with its
source in those files. Each row becomes the question a person would type ("<model> <level> on 4x <card> with
vllm tensor parallel, how many tok/s?"), is answered by the engine under the default profile, and the figure
and range are read from the answer's text as a person reads it (the facts when the text says none); a row is
"inside" when its measured speed lies in the range said.

Leave-one-out: the figures these rows themselves set are refitted without the row they predict.
`setup_constants.json` machines.rpc_hop_ms comes from the rows measured on one host and on two (the notes
carry the one-host figure); `engine_constants.json` format_vendor_share.int4.AMD from the 4-bit/8-bit pairs on
the same four MI100. For each of those rows the answer is rescaled by the time the refitted constant changes
(printed per row), so no row predicts itself. The rest of the model never saw these rows.
"""

from __future__ import annotations

import argparse
import csv
import math
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

ROUNDS = ("2026-12-07-second", "2026-12-07-third", "2026-12-07-fourth")
_ENGINES = (("exllamav3", "exllamav3"), ("exllamav2", "exllamav2"), ("exllama", "exllamav2"), ("vllm", "vllm"),
            ("sglang", "sglang"), ("mlx", "mlx"), ("tensorrt", "tensorrt-llm"), ("ollama", "ollama"),
            ("llama.cpp", "llama.cpp"))
_ONE_HOST = re.compile(r"single-host \w+ [\d.]+ pp / ([\d.]+) tg")


@dataclass(frozen=True)
class Row:
    file: str
    question: str
    measured: float
    kind: str  # the class the row belongs to (engine, link, vendor)
    one_host: float | None = None  # the same model on one of the machines (the RPC pairs)


def _engine(text: str) -> str:
    low = text.lower()
    return next((name for key, name in _ENGINES if key in low), low)


def _bare(model: str) -> str:
    return re.sub(r"\s*\(.*?\)", "", model).strip()


def _kind(r: dict[str, str], engine: str) -> str:
    hw = r["hardware"].lower()
    if "host" in hw or "strix" in hw or "rpc" in (r.get("engine") or "").lower():
        return "several machines (RPC)"
    vendor = "AMD" if re.search(r"amd|radeon|instinct|mi\d", hw) else "Intel" if "arc" in hw else "NVIDIA"
    split = "tensor parallel" if engine in ("vllm", "sglang", "tensorrt-llm") or "tensor" in (
        r.get("split_mode") or "").lower() else "layer split"
    return f"{split}, {vendor}"


def load_rows(root: Path = ROOT) -> list[Row]:
    """The seen several-card rows, as questions (the held-out scorer's wording)."""
    out: list[Row] = []
    for rnd in ROUNDS:
        folder = root / "docs" / "trials" / rnd / "heldout"
        for name in ("setups.csv", "engines_decode.csv"):
            path = folder / name
            if not path.exists():
                continue
            with open(path, newline="", encoding="utf-8") as fh:
                for r in csv.DictReader(fh):
                    row = _row(f"{rnd}/{name}", r)
                    if row is not None:
                        out.append(row)
    return out


def _row(file: str, r: dict[str, str]) -> Row | None:
    try:
        n, users = int(float(r["count"] or 1)), int(float(r["users"] or 1))
        speed = r.get("decode_tok_s") or r.get("decode_tok_s_per_user") or ""
        if not speed and r.get("decode_tok_s_total"):
            speed = str(float(r["decode_tok_s_total"]) / users)
        measured = float(speed)
    except ValueError:
        return None
    if n < 2:
        return None
    engine = _engine(r["engine"])
    hw = f"{n}x {r['hardware']}" if "+" not in r["hardware"] else r["hardware"]
    q = f"{_bare(r['model'])} {r['quant']} on {hw} with {engine}"
    mode = (r.get("split_mode") or "").lower()
    q += " split mode row" if "row" in mode else " tensor parallel" if "tensor" in mode or mode == "tp" else ""
    q += f", {users} users" if users > 1 else ""
    m = _ONE_HOST.search(r.get("notes") or "")
    return Row(file, q + ", how many tok/s?", measured, _kind(r, engine), float(m.group(1)) if m else None)


def rpc_hop_loo(rows: Sequence[Row]) -> dict[str, float]:
    """The machine-boundary time each paired row implies, and the value fitted without it (the others' mean)."""
    implied = {r.question: (1 / r.measured - 1 / r.one_host) * 1000 for r in rows if r.one_host}
    out = {}
    for q in implied:
        rest = [v for k, v in implied.items() if k != q]
        out[q] = statistics.mean(rest) if rest else math.nan
    return out


@dataclass
class Scored:
    row: Row
    est: float | None
    low: float | None
    high: float | None

    @property
    def ratio(self) -> float | None:
        return None if self.est is None else self.est / self.row.measured

    @property
    def inside(self) -> bool:
        return self.low is not None and self.high is not None and self.low <= self.row.measured <= self.high


def _figure(facts: dict) -> tuple[float | None, float | None, float | None]:  # type: ignore[type-arg]
    row = facts.get("row") or {}
    users = facts.get("users") if isinstance(facts.get("users"), dict) else {}
    for src, keys in ((users, ("per_user_tok_s", "per_user_tok_s_low", "per_user_tok_s_high")),
                      (row, ("tok_s", "tok_s_low", "tok_s_high"))):
        if isinstance(src.get(keys[0]), (int, float)):
            return src[keys[0]], src.get(keys[1]), src.get(keys[2])
    return None, None, None


_NUM = r"(\d[\d,]*(?:\.\d+)?)"
_SAID = re.compile(_NUM + r" tokens per second(?: \((?:range )?" + _NUM + r"[–-]" + _NUM + r"\))?")


def _from_text(text: str) -> tuple[float | None, float | None, float | None]:
    """The decode figure and range as the answer says them (the first sentence with "tokens per second" that
    is not about the prompt): what the person reads, as the held-out scorer reads it."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if "tokens per second" not in sentence or "prompt" in sentence:
            continue
        m = _SAID.search(sentence)
        if m:
            def num(x: str | None) -> float | None:
                return float(x.replace(",", "")) if x else None
            return num(m.group(1)), num(m.group(2)), num(m.group(3))
    return None, None, None


def score(rows: Sequence[Row]) -> list[Scored]:
    import asyncio

    from answers.engine import Engine
    from answers.knowledge.profiles import load_setup_constants

    engine = asyncio.run(Engine.open())
    hop_ms = getattr(load_setup_constants(), "rpc_hop_ms", 0.0)
    loo = rpc_hop_loo(rows)
    out = []
    for r in rows:
        answer = engine.ask(r.question)
        est, low, high = _from_text(answer.text)
        if est is None:
            est, low, high = _figure(answer.facts)
        if est is not None and r.question in loo and not math.isnan(loo[r.question]):
            # one machine boundary: the time per token with the hop refitted without this row
            f = 1 / (1 + est * (loo[r.question] - hop_ms) / 1000)
            est, low, high = est * f, (low or 0) * f, (high or 0) * f
        out.append(Scored(r, est, low, high))
    return out


def summary(scored: Sequence[Scored]) -> str:
    got = [s for s in scored if s.ratio is not None]
    if not got:
        return f"n={len(scored)}, answered 0"
    err = statistics.median(math.exp(abs(math.log(s.ratio or 1))) for s in got)
    inside = sum(s.inside for s in got)
    return (f"n={len(scored)}, answered {len(got)}, median error ×{err:.2f}, "
            f"inside the range {inside}/{len(got)} ({inside / len(got):.0%})")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", action="store_true", help="print every row with its estimate")
    args = ap.parse_args(argv)
    scored = score(load_rows())
    print(f"several cards, every seen row: {summary(scored)}")
    groups: dict[str, list[Scored]] = defaultdict(list)
    for s in scored:
        groups[s.row.kind].append(s)
    for kind in sorted(groups):
        print(f"  {kind}: {summary(groups[kind])}")
    if args.rows:
        for s in scored:
            est = "—" if s.est is None else f"{s.est:7.1f} [{s.low or 0:6.1f}–{s.high or 0:6.1f}]"
            print(f"  {s.row.measured:8.2f}  {est}  {s.row.question}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
