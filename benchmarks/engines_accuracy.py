"""Engines other than llama.cpp: the decode model (estimator/engine_speed.py) against public rows.

    python benchmarks/engines_accuracy.py [--rows] [--write]

Rows: benchmarks/data/engines_measured.csv — single-request decode (and a few several-users rows) under
vLLM, SGLang, MLX and ExLlamaV2, each with its source. First the pair vLLM and SGLang share (a data-centre
card's factor on the fixed time, a mixture of experts' routing time per MoE layer) by a grid search on log error
over their rows, the engines refitted for each; then per engine `share` and `t0_ms` by least squares on relative
error; every row is predicted leave-one-out (fitted without it; the pair too for a data-centre or MoE row). An
engine with fewer than three single-card rows keeps its priors (the data file says `fitted: false`) and is
scored with them. Tensor-parallel rows are predicted with the engine's constants and the link's all-reduce
time. `--write` stores the fits (on all rows) in estimator/data/engine_constants.json, the pair and the
all-reduce times (one scale for every link, fitted on the tensor-parallel rows, each of those predicted with it
refitted without it) among them. Pure
Python, a few seconds.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from msgspec.structs import replace  # noqa: E402

from answers.facts.throughput import Ask, card_prefill, workload  # noqa: E402
from answers.knowledge.profiles import load_engine_constants, load_profile, load_setup_constants  # noqa: E402
from benchmarks.measured_rows import card_lookup  # noqa: E402
from estimator.engine_profile import EngineProfile  # noqa: E402
from estimator.engine_speed import bandwidth_bound_tok_s  # noqa: E402
from estimator.engines import DecodeConstants, EngineConstants  # noqa: E402
from estimator.measured import card_class  # noqa: E402
from estimator.model import ModelSize  # noqa: E402
from estimator.quants import quant  # noqa: E402
from estimator.users import concurrency  # noqa: E402

CSV_PATH = ROOT / "benchmarks" / "data" / "engines_measured.csv"
JSON_PATH = ROOT / "estimator" / "data" / "engine_constants.json"
MIN_ROWS = 3


def load_rows() -> list[dict[str, Any]]:
    lookup = card_lookup()
    rows = []
    with CSV_PATH.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            card = lookup(r["gpu"])
            if card is None:
                raise SystemExit(f"no catalog card for {r['gpu']!r}")
            model = ModelSize(float(r["params_b"]), float(r["active_b"]) if r["active_b"] else None, name=r["model"])
            rows.append({**r, "card": card, "size": model, "q": quant(r["quant"]), "n": int(r["gpu_count"]),
                         "users_n": int(r["users"]), "measured": float(r["tok_s"])})
    return rows


def _with(c: EngineConstants, engine: str, share: float, t0: float) -> EngineConstants:
    dec = dict(c.decode)
    dec[engine] = DecodeConstants(share, t0, True)
    return replace(c, decode=dec)


_BASE: list[Any] = []


def predict(c: EngineConstants, row: dict[str, Any]) -> float:
    if not _BASE:
        _BASE.append(load_profile("measured"))
    base = _BASE[0]
    p = EngineProfile(base, c, row["engine"], link=row["link"] or None)
    model, card, q = row["size"], row["card"], row["q"]
    if row["n"] > 1:
        t = p.pool_seconds(model, [card] * row["n"], q)
        tok = 1 / t if t else p.tok_s(model, card, q)
    else:
        tok = p.tok_s(model, card, q)
    if row["users_n"] > 1:
        # the row's own prompt and answer lengths where its source says them: the context each user's cache holds
        # on average, and the other users' prompts read between decode steps (continuous batching)
        prompt, answer = int(row.get("prompt_tokens") or 0), int(row.get("answer_tokens") or 0)
        ctx = prompt + answer // 2 if prompt and answer else 1536
        sc = load_setup_constants()
        w = workload(p, model, q, ctx, "f16", tok, p.usable_gb(card) * row["n"],
                     card_prefill(model, card, q, ctx, Ask()).tok_s * row["n"],
                     sc.moe_expert_share_active, sc.moe_batch_fixed_share, card.bandwidth_gbps * row["n"])
        if prompt and answer:
            w = replace(w, prompt_per_answer=prompt / answer)
        return concurrency(w, row["users_n"]).per_user_tok_s
    return tok


def fit_engine(c: EngineConstants, engine: str, rows: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """(share, t0_ms) from the rows' time per token, which is linear in them: s = F + x / share + t0 · z, with
    F the MoE routing (and all-reduce) time, x the streamed time at share 1 and z the fixed time per ms of
    t0 on the row's card (its class, its tensor-parallel group): least squares weighted by 1/s², i.e. on
    relative error; share ≤ 1, t0 ≥ 0."""
    def t(share: float, t0: float) -> list[float]:
        return [1 / predict(_with(c, engine, share, t0), r) for r in rows]

    one, half, fix = t(1.0, 0.0), t(0.5, 0.0), t(1.0, 1.0)  # differences: clear of the floor on time per token
    xs = [h - o for h, o in zip(half, one, strict=True)]
    zs = [f - o for f, o in zip(fix, one, strict=True)]
    fixed = [o - x for o, x in zip(one, xs, strict=True)]
    ss = [1 / r["measured"] - f for r, f in zip(rows, fixed, strict=True)]
    ws = [r["measured"] ** 2 for r in rows]
    a = sum(w * x * x for w, x in zip(ws, xs, strict=True))
    b = sum(w * x * z for w, x, z in zip(ws, xs, zs, strict=True))
    d = sum(w * z * z for w, z in zip(ws, zs, strict=True))
    sx = sum(w * x * s for w, x, s in zip(ws, xs, ss, strict=True))
    sz = sum(w * z * s for w, z, s in zip(ws, zs, ss, strict=True))
    det = a * d - b * b
    k, t0 = ((sx * d - sz * b) / det, (a * sz - b * sx) / det) if det > 0 else (sx / a, 0.0)
    if k < 1.0 or t0 < 0:  # on a bound: share 1 (no engine streams faster than the memory) or no fixed time
        options = [(1.0, max(0.0, (sz - b) / d))] if d > 0 else []
        options.append((max(1.0, sx / a), 0.0))
        k, t0 = min(options, key=lambda o: sum(w * (s - o[0] * x - o[1] * z) ** 2
                                              for w, x, z, s in zip(ws, xs, zs, ss, strict=True)))
    return round(1 / k, 3), round(t0, 3)


# The fixed time's factor on data-centre (HBM) cards and the MoE layer's routing time: one pair for every
# serving engine, fitted on their one-request rows (single card and tensor parallel) with the engines refitted.
HBM_FACTORS = [1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0]
MOE_US = [0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 80.0, 100.0, 120.0, 150.0]
SERVING = ("vllm", "sglang")  # TensorRT-LLM: two dense setups, too few; it keeps neither


def _fixed(c: EngineConstants, hbm: float, moe_us: float) -> EngineConstants:
    return replace(c, t0_card_class={**c.t0_card_class, "hbm": hbm}, moe_layer_us=moe_us, fixed_fitted=SERVING)


def _refit(c: EngineConstants, rows: Sequence[dict[str, Any]]) -> EngineConstants:
    for engine in SERVING:
        train = _fittable(rows, engine)
        if train:
            c = _with(c, engine, *fit_engine(c, engine, train))
    return c


def fit_fixed(c: EngineConstants, rows: Sequence[dict[str, Any]]) -> tuple[float, float]:
    """(hbm factor, MoE µs per layer) minimising the log error of the serving engines' rows."""
    own = [r for r in rows if r["engine"] in SERVING]  # several users too: the fixed part stays per step

    def err(pair: tuple[float, float]) -> float:
        cc = _refit(_fixed(c, *pair), rows)
        return sum(math.log(r["measured"] / predict(cc, r)) ** 2 for r in own)

    return min(((h, m) for h in HBM_FACTORS for m in MOE_US), key=err)


SCALES = [round(0.2 + 0.05 * i, 2) for i in range(27)]  # 0.2 … 1.5 times the data file's all-reduce times


def _scaled(c: EngineConstants, scale: float) -> EngineConstants:
    return replace(c, allreduce_us={k: round(v * scale, 1) for k, v in c.allreduce_us.items()})


def fit_allreduce(c: EngineConstants, rows: Sequence[dict[str, Any]]) -> float:
    """The all-reduce times' scale (every link alike, so their order stays the links' latencies) that best
    predicts the tensor-parallel rows, on log error, with the engines' fitted single-card constants."""
    tp = [r for r in rows if r["n"] > 1 and r["users_n"] == 1]
    if not tp:
        return 1.0
    return min(SCALES, key=lambda s: sum(math.log(r["measured"] / predict(_scaled(c, s), r)) ** 2 for r in tp))


def _fittable(rows: Sequence[dict[str, Any]], engine: str) -> list[dict[str, Any]]:
    """The engine's single-card, one-request rows, when they cover at least MIN_ROWS setups (model, card,
    format): two setups measured twice each fit a line through two points, not the engine."""
    own = [r for r in rows if r["engine"] == engine and r["n"] == 1 and r["users_n"] == 1]
    return own if len({(r["model"], r["gpu"], r["quant"]) for r in own}) >= MIN_ROWS else []


def cross_validate(c: EngineConstants, rows: Sequence[dict[str, Any]]) -> list[tuple[dict[str, Any], float, bool]]:
    """Each row predicted with its engine refitted without it (priors when too few rows remain)."""
    out = []
    for i, r in enumerate(rows):
        others = [x for j, x in enumerate(rows) if j != i]
        train = _fittable(others, r["engine"])
        if train:
            cc = c
            if r["engine"] in SERVING and (r["size"].is_moe or card_class(r["card"]) == "hbm"):
                cc = _fixed(c, *fit_fixed(c, others))  # the pair it informs refitted without it
                cc = _refit(cc, others)
            cc = _with(cc, r["engine"], *fit_engine(cc, r["engine"], train))
            if r["n"] > 1:  # the all-reduce times refitted without this row too
                cc = _scaled(cc, fit_allreduce(cc, others))
            out.append((r, predict(cc, r), True))
        else:
            out.append((r, predict(c, r), False))
    return out


Scored = Sequence[tuple[dict[str, Any], float, bool]]
COVER = 0.85  # the central share of an engine's leave-one-out ratios (measured / estimate) its range holds
MIN_RANGE_ROWS = 8  # fewer rows of an engine: its range is every engine's ("pooled")


def _quantile(xs: Sequence[float], p: float) -> float:
    """The p-quantile of xs, linear between order statistics."""
    v = sorted(xs)
    i = p * (len(v) - 1)
    lo = math.floor(i)
    return v[lo] + (v[min(lo + 1, len(v) - 1)] - v[lo]) * (i - lo)


def spread(ratios: Sequence[float]) -> tuple[float, float]:
    """(low, high) factors holding the central COVER of the ratios, widened to hold 1 (the figure itself),
    rounded outwards to 0.01."""
    tail = (1 - COVER) / 2
    lo, hi = min(1.0, _quantile(ratios, tail)), max(1.0, _quantile(ratios, 1 - tail))
    return math.floor(lo * 100) / 100, math.ceil(hi * 100) / 100


def _ratio(s: tuple[dict[str, Any], float, bool]) -> float:
    return float(s[0]["measured"] / s[1])


def range_key(row: dict[str, Any], have: Any) -> str:
    """Which range states a row's figure: several users, several cards, else its engine's (or pooled)."""
    if row["users_n"] > 1:
        return "several users"
    if row["n"] > 1:
        return "several cards"
    return row["engine"] if row["engine"] in have else "pooled"


def engine_ranges(scored: Scored) -> dict[str, tuple[float, float, int]]:
    """(low, high, rows) per engine with MIN_RANGE_ROWS single-card, one-request rows or more; "pooled" over
    every engine's such rows; "several cards" and "several users" over every engine's rows of that kind
    (the answers state those figures with these ranges, whatever the engine)."""
    single = [s for s in scored if s[0]["n"] == 1 and s[0]["users_n"] == 1]
    groups: dict[str, list[float]] = {}
    for engine in sorted({s[0]["engine"] for s in single}):
        own = [_ratio(s) for s in single if s[0]["engine"] == engine]
        if len(own) >= MIN_RANGE_ROWS:
            groups[engine] = own
    groups["pooled"] = [_ratio(s) for s in single]
    groups["several cards"] = [_ratio(s) for s in scored if s[0]["n"] > 1 and s[0]["users_n"] == 1]
    groups["several users"] = [_ratio(s) for s in scored if s[0]["users_n"] > 1]
    return {k: (*spread(v), len(v)) for k, v in groups.items() if v}


def range_held_out(scored: Scored) -> list[bool]:
    """Whether each row falls inside the range it is stated with, made from the OTHER rows (the range comes
    from the residuals, so scoring a row against a range it helped make would flatter it)."""
    inside = []
    for i, s in enumerate(scored):
        ranges = engine_ranges([x for j, x in enumerate(scored) if j != i])
        lo, hi, _ = ranges.get(range_key(s[0], ranges), ranges["pooled"])
        inside.append(lo <= _ratio(s) <= hi)
    return inside


def summary(scored: Scored, inside: Sequence[bool]) -> dict[str, float]:
    errs = [max(x, 1 / x) for x in map(_ratio, scored)]
    return {"n": len(scored), "median_error": statistics.median(errs) if errs else math.nan,
            "in_range": sum(inside) / len(inside) if inside else math.nan}


def report(scored: Scored, engines: Sequence[str]) -> None:
    """Median error and the share inside the engine's range (held out), per part and per engine."""
    inside = range_held_out(scored)
    flagged = list(zip(scored, inside, strict=True))
    single = [(s, ok) for s, ok in flagged if s[0]["n"] == 1 and s[0]["users_n"] == 1]
    for label, part in (("single-card, one user (leave-one-out)", single),
                        *((f"  {e}", [x for x in single if x[0][0]["engine"] == e]) for e in engines),
                        ("tensor parallel or several cards", [x for x in flagged if x[0][0]["n"] > 1]),
                        ("several users (per user)", [x for x in flagged if x[0][0]["users_n"] > 1]),
                        ("every row", flagged),
                        *((f"  every row, {e}", [x for x in flagged if x[0][0]["engine"] == e]) for e in engines)):
        m = summary([s for s, _ in part], [ok for _, ok in part])
        if m["n"]:
            print(f"{label}: n={m['n']}, median error {m['median_error']:.2f}x, inside range {m['in_range']:.0%}")
    for name, (lo, hi, n) in engine_ranges(scored).items():
        print(f"range {name}: x{lo:.2f}-x{hi:.2f} of the figure ({n} rows)")


def write(rows: Sequence[dict[str, Any]], fits: dict[str, tuple[float, float]], fitted: EngineConstants,
          scored: Scored) -> None:
    data = json.loads(JSON_PATH.read_text("utf-8"))
    for engine, (share, t0) in fits.items():
        n = len(_fittable(rows, engine))
        data["decode"]["engines"][engine] = {
            "share": share, "t0_ms": t0, "fitted": True, "rows": n,
            "source": f"fitted by benchmarks/engines_accuracy.py on {n} single-card rows of "
                      "benchmarks/data/engines_measured.csv (each row's source there)"}
    data["decode"]["allreduce_us"] = dict(fitted.allreduce_us)
    data["decode"]["t0_card_class"] = {
        **fitted.t0_card_class,
        "source": "benchmarks/engines_accuracy.py --write: vLLM's and SGLang's fixed "
                  "time per token on a data-centre HBM card over a GeForce's, fitted with moe_layer_us on their "
                  "one-request rows of benchmarks/data/engines_measured.csv (the measured llama.cpp profile finds "
                  "the same: its t0_ms is 2.5x larger on HBM cards)"}
    data["decode"]["moe_layer_us"] = fitted.moe_layer_us
    data["decode"]["fixed_fitted"] = list(SERVING)
    data["decode"]["moe_layer_source"] = (
        "benchmarks/engines_accuracy.py --write: the router, top-k and fused-MoE dispatch of one MoE layer for "
        "one token at one request (not divided over a tensor-parallel group), fitted with t0_card_class on the "
        "serving engines' one-request rows (gpt-oss-120b on A100, Qwen3 30B-A3B, Qwen3.6 35B-A3B, Qwen3.5 "
        "397B-A17B, DeepSeek-V3.2 on 8x H20, each with its source in benchmarks/data/engines_measured.csv)")
    data["decode"]["engine_ranges"] = {name: {"low": lo, "high": hi, "rows": n}
                                       for name, (lo, hi, n) in engine_ranges(scored).items()}
    data["decode"]["engine_ranges_source"] = (
        f"benchmarks/engines_accuracy.py --write: the central {COVER:.0%} of the leave-one-out ratios (measured / "
        f"estimate) of benchmarks/data/engines_measured.csv, widened to hold 1: per engine on its single-card, "
        f"one-request rows (fewer than {MIN_RANGE_ROWS}: 'pooled', every engine's), and over every engine's "
        f"rows on several cards and with several users")
    JSON_PATH.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"wrote {JSON_PATH}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", action="store_true", help="list every row with its estimate")
    ap.add_argument("--write", action="store_true", help="store the fits and ranges in engine_constants.json")
    args = ap.parse_args(argv)
    c = load_engine_constants()
    rows = load_rows()
    hbm, moe_us = fit_fixed(c, rows)
    c = _fixed(c, hbm, moe_us)
    print(f"fixed time x{hbm:.2f} on data-centre (HBM) cards; MoE routing {moe_us:.0f} us per layer and token")
    fits = {}
    for engine in sorted({r["engine"] for r in rows}):
        train = _fittable(rows, engine)
        if train:
            fits[engine] = fit_engine(c, engine, train)
            print(f"{engine}: share {fits[engine][0]:.2f}, t0 {fits[engine][1]:.2f} ms (fitted on {len(train)} rows)")
    fitted = c
    for engine, (share, t0) in fits.items():
        fitted = _with(fitted, engine, share, t0)
    scale = fit_allreduce(fitted, rows)
    print(f"all-reduce times x{scale:.2f} of the data file's (fitted on the tensor-parallel rows)")
    scored = cross_validate(fitted, rows)  # each tensor-parallel row with the scale refitted without it
    fitted = _scaled(fitted, scale)
    report(scored, sorted({r["engine"] for r in rows}))
    bound_ok = all(est <= bandwidth_bound_tok_s(r["card"], r["size"].params_b, r["size"], r["q"], r["n"]) * 1.0001
                   for r, est, _ in scored if not r["size"].is_moe)
    print(f"every estimate within the bandwidth bound: {bound_ok}")
    if args.rows:
        for r, est, loo in scored:
            print(f"  {r['engine']:10} {r['model'][:18]:18} {r['quant']:12} {r['n']}x {r['gpu'][:22]:22} "
                  f"u={r['users_n']:<3} measured {r['measured']:7.1f} est {est:7.1f} x{r['measured'] / est:5.2f}"
                  f"{'' if loo else ' (priors)'}")
    if args.write:
        write(rows, fits, fitted, scored)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
