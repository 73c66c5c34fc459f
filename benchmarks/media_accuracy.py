"""Fit and score the media and device rules on public measurements (benchmarks/data/media_measured.csv).

    python benchmarks/media_accuracy.py            # leave-one-out figures per kind
    python benchmarks/media_accuracy.py --rows     # … and every held-out row
    python benchmarks/media_accuracy.py --write    # refit on every row, write the `fit` sections

Kinds and what is fitted:
- image and video (estimator/diffusion.py): an efficiency and a per-step overhead per card class (gddr,
  hbm, legacy) and the share of the efficiency a UNet reaches, by least squared log error on a grid; a class with no
  training row takes the efficiency fitted on every training row together (`default`).
- speech (estimator/speech.py): per engine, the time per decoder layer per token that the measured time
  leaves above the physical floor (mean over rows); an engine with no other row takes the largest of the others.
- device (estimator/device.py): per efficiency class (phone, board on their CPU cores; phone_gpu where the app
  runs on the GPU), the geometric mean of the share of bandwidth reached; a class with no other row takes the
  mean over every other row.

Leave-one-out: each row is predicted with everything fitted without it. The ranges written are the 10th and
90th percentiles of the held-out ratios (measured ÷ estimate) of each family. Pure Python.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from msgspec.structs import replace

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.knowledge.media import (  # noqa: E402
    card_spec,
    diffusion_constants,
    diffusion_model,
    media_constants,
    speech_constants,
    speech_model,
)
from catalog.gpus import load_gpu_records  # noqa: E402
from catalog.media import device_named, media_named  # noqa: E402
from estimator.diffusion import DiffusionConstants, Job, timing  # noqa: E402
from estimator.speech import Processor, physical_s_per_audio_s  # noqa: E402

CSV_PATH = ROOT / "benchmarks" / "data" / "media_measured.csv"
CONSTANTS = ROOT / "estimator" / "data" / "media_constants.json"
# CPUs of the speech rows: cores × GHz × FP32 FLOPs a cycle; RAM channels × MT/s × 8 bytes.
CPUS = {"cpu:xeon-6226r-8t": Processor(8 * 2.9 * 64 / 1000, 6 * 2933 * 8 / 1000, "cpu"),  # Intel ARK: Gold 6226R
        # AMD: Ryzen 5 5600G, Zen 3 (AVX2, two 256-bit FMA units: 32 FP32 FLOPs a cycle), 4 threads used, 2 x DDR4-3200
        "cpu:ryzen5-5600g-4t": Processor(4 * 4.2 * 32 / 1000, 2 * 3200 * 8 / 1000, "cpu")}
EFF_GRID = tuple(i / 50 for i in range(1, 51))
OVERHEAD_GRID = (0.0, 0.005, 0.01, 0.02, 0.03, 0.04)
UNET_GRID = (0.4, 0.5, 0.6, 0.7, 0.8, 1.0)
CLASSES = ("gddr", "hbm", "legacy")


@dataclass(frozen=True)
class Row:
    index: int
    kind: str
    label: str
    measured: float  # in the unit compared: seconds (image, video: per step or per item), RTF, tok/s
    raw: dict[str, str]


def load_rows() -> list[Row]:
    with CSV_PATH.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    out = []
    for i, r in enumerate(rows):
        if not r["source"].strip():
            raise SystemExit(f"{CSV_PATH.name} row {i + 2}: no source")
        value = float(r["measured"])
        if r["unit"] == "it_per_s":
            value = 1 / value
        elif r["unit"] == "s_total":
            value = value / float(r["audio_s"])
        out.append(Row(i, r["kind"], f"{r['model']} on {r['hardware']}", value, r))
    return out


# ------------------------------------------------------------------------------------------ image, video
def _cards() -> dict[str, object]:
    return {c.name: c for c in load_gpu_records()}


def diffusion_estimate(row: Row, c: DiffusionConstants, cards: dict[str, object]) -> float:
    r = row.raw
    record = media_named(r["model"])
    assert record is not None, r["model"]
    m = diffusion_model(record)
    spec = card_spec(cards[r["hardware"]]).gpu
    job = Job(int(r["width"]), int(r["height"]), int(r["steps"]), int(r["frames"] or 1))
    bits = dict(c.levels)[r["precision"]]
    denoiser = m.denoiser_params_b * 1e9 * bits / 8 / 2**30
    streamed = max(0.0, denoiser + c.runtime_gb + 1.0 - spec.memory_gb * c.usable_share)
    t = timing(m, job, spec, c, streamed)
    return t.step_s if r["unit"] == "it_per_s" else t.seconds


def fit_diffusion(rows: Sequence[Row], c: DiffusionConstants, cards: dict[str, object]) -> DiffusionConstants:
    """Per card class, the efficiency and per-step overhead with the least squared log error, for each UNet
    factor on the grid; the UNet factor with the least total error wins. `default` is fitted on every row."""
    klass = {row.index: card_spec(cards[row.raw["hardware"]]).gpu.card_class for row in rows}
    best: tuple[float, DiffusionConstants] | None = None
    for unet in UNET_GRID:
        base = replace(c, unet_factor=unet)
        effs: dict[str, float] = {}
        overheads: dict[str, float] = {}
        total = 0.0
        for k in (*CLASSES, "default"):
            members = [row for row in rows if k == "default" or klass[row.index] == k]
            if not members:
                continue
            err, eff, overhead = min((_sq_err(members, base, cards, {"default": e, k: e}, {"default": o, k: o}), e, o)
                                     for e in EFF_GRID for o in OVERHEAD_GRID)
            effs[k], overheads[k] = eff, overhead
            total += err if k != "default" else 0.0
        if best is None or total < best[0]:
            best = (total, replace(base, efficiency=effs, step_overhead_s=overheads))
    assert best is not None
    return best[1]


def _sq_err(rows: Sequence[Row], c: DiffusionConstants, cards: dict[str, object], eff: dict[str, float],
            overhead: dict[str, float]) -> float:
    trial = replace(c, efficiency=eff, step_overhead_s=overhead)
    return sum(math.log(row.measured / diffusion_estimate(row, trial, cards)) ** 2 for row in rows)


# ------------------------------------------------------------------------------------------ speech
def speech_floor(row: Row) -> float:
    r = row.raw
    record = media_named(r["model"])
    assert record is not None, r["model"]
    proc = CPUS.get(r["hardware"])
    if proc is None:
        card = _cards()[r["hardware"]]
        proc = Processor(card_spec(card).gpu.tflops, card.bandwidth_gbps, "gpu")  # type: ignore[attr-defined]
    sc = speech_constants()
    return physical_s_per_audio_s(speech_model(record), proc, sc.bits[r["precision"]], sc)


def _layer_tokens(row: Row) -> float:
    record = media_named(row.raw["model"])
    assert record is not None and record.speech is not None
    return speech_constants().tokens_per_audio_s * record.speech.decoder_layers


def fit_speech(rows: Sequence[Row]) -> dict[str, float]:
    """Milliseconds per decoder layer per token, per engine: the mean of what each row leaves above the floor."""
    out: dict[str, float] = {}
    for engine in sorted({row.raw["engine"] for row in rows}):
        left = [max(0.0, row.measured - speech_floor(row)) / _layer_tokens(row) * 1000
                for row in rows if row.raw["engine"] == engine]
        out[engine] = statistics.fmean(left)
    return out


# ------------------------------------------------------------------------------------------ devices
def _device(row: Row) -> tuple[str, float]:
    """(efficiency class, bandwidth) of the row's device: its kind, or `<kind>_gpu` where its app runs on the GPU."""
    name = row.raw["hardware"].split(":")[0]
    record = device_named(name)
    assert record is not None, name
    return record.efficiency_class, record.bandwidth_gbps


def device_share(row: Row) -> float:
    """The share of the device's bandwidth the measured speed reached (file read once per token)."""
    _, bw = _device(row)
    return row.measured * float(row.raw["file_gib"]) * 2**30 / 1e9 / bw


def fit_device(rows: Sequence[Row]) -> dict[str, float]:
    out = {"default": math.exp(statistics.fmean(math.log(device_share(r)) for r in rows))}
    for kind in sorted({_device(r)[0] for r in rows}):  # a class with no row keeps the default (estimator)
        members = [r for r in rows if _device(r)[0] == kind]
        if members:
            out[kind] = math.exp(statistics.fmean(math.log(device_share(r)) for r in members))
    return out


def device_estimate(row: Row, eff: dict[str, float]) -> float:
    kind, bw = _device(row)
    return bw * 1e9 * eff.get(kind, eff["default"]) / (float(row.raw["file_gib"]) * 2**30)


# ------------------------------------------------------------------------------------------ scoring
def held_out(rows: list[Row]) -> list[tuple[Row, float]]:
    """(row, estimate) with each row's estimate fitted without it."""
    cards, c = _cards(), diffusion_constants()
    out = []
    for row in rows:
        rest = [r for r in rows if r.index != row.index and r.kind in _family(row.kind)]
        out.append((row, _predict(row, rest, c, cards)))
    return out


def _family(kind: str) -> tuple[str, ...]:
    return ("image", "video") if kind in ("image", "video") else (kind,)


def _predict(row: Row, rest: list[Row], c: DiffusionConstants, cards: dict[str, object]) -> float:
    if row.kind in ("image", "video"):
        fitted = fit_diffusion(rest, c, cards)
        return diffusion_estimate(row, fitted, cards)
    if row.kind == "speech":
        layer_ms = fit_speech(rest)
        ms = layer_ms.get(row.raw["engine"], max(layer_ms.values()))
        return speech_floor(row) + _layer_tokens(row) * ms / 1000
    return device_estimate(row, fit_device(rest))


def summary(pairs: Sequence[tuple[Row, float]]) -> dict[str, float]:
    errs = [max(r.measured / e, e / r.measured) for r, e in pairs]
    return {"n": len(errs), "median": statistics.median(errs), "within_1_5": sum(e <= 1.5 for e in errs) / len(errs)}


def ratio_range(pairs: Sequence[tuple[Row, float]]) -> tuple[float, float]:
    ratios = sorted(r.measured / e for r, e in pairs)
    if len(ratios) < 3:
        return 0.7, 1.45
    q = statistics.quantiles(ratios, n=10, method="inclusive")
    return min(1.0, round(q[0], 3)), max(1.0, round(q[-1], 3))


def write(rows: list[Row], pairs: list[tuple[Row, float]]) -> None:
    data = json.loads(CONSTANTS.read_text("utf-8"))
    cards, c = _cards(), diffusion_constants()
    fam: Callable[[str], list[tuple[Row, float]]] = lambda k: [p for p in pairs if p[0].kind in _family(k)]  # noqa: E731
    d = fit_diffusion([r for r in rows if r.kind in ("image", "video")], c, cards)
    low, high = ratio_range(fam("image"))
    data["fit"].update(efficiency={k: round(v, 3) for k, v in d.efficiency.items()},
                       step_overhead_s=dict(d.step_overhead_s), unet_factor=d.unet_factor,
                       range={"low": low, "high": high})
    low, high = ratio_range(fam("speech"))
    data["speech"]["fit"].pop("factor", None)
    layer_ms = fit_speech([r for r in rows if r.kind == "speech"])
    data["speech"]["fit"].update(layer_ms={k: round(v, 3) for k, v in layer_ms.items()},
                                 range={"low": low, "high": high})
    low, high = ratio_range(fam("device"))
    effs = fit_device([r for r in rows if r.kind == "device"])
    data["device"]["fit"].update(efficiency={k: round(v, 3) for k, v in effs.items()}, range={"low": low, "high": high})
    CONSTANTS.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", action="store_true")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    rows = load_rows()
    pairs = held_out(rows)
    if args.rows:
        for row, est in pairs:
            print(f"{row.kind:7} {row.label:58} measured {row.measured:9.4f}  held-out {est:9.4f}  "
                  f"ratio {row.measured / est:5.2f}")
    for name, kinds in (("image+video", ("image", "video")), ("speech", ("speech",)), ("device", ("device",)),
                        ("all", ("image", "video", "speech", "device"))):
        s = summary([p for p in pairs if p[0].kind in kinds])
        print(f"{name:12} n={s['n']:3.0f}  median error {s['median']:.2f}x  within 1.5x {s['within_1_5']:.0%}")
    if args.write:
        write(rows, pairs)
        media_constants.cache_clear()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
