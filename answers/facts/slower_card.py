""""Does the slower card drag the faster one down?" ("a 3060 beside my 3090 in llama.cpp"): with llama.cpp's layer
split each card holds a share of the layers (by the memory it offers) and reads them at its own speed, one card
after the other, so the slower card's share costs more time than its size. The facts say how much: the slower
card's share of the layers and of each token's time, the pair's speed against the same split run at the faster
card's pace, and the faster card alone where it holds the model (estimator/setup_pool.py split_seconds is the
rule the setup's own speed comes from; this only takes it apart).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from answers.facts.common import Entities, Estimates, EstimateSettings
from estimator.quants import quant
from estimator.setup_hardware import Device, Setup
from estimator.setup_pool import pool_of
from estimator.setups import rate_setup


def slower_card(est: Estimates, e: Entities, s: EstimateSettings, level: str | None) -> dict[str, Any] | None:
    """The slower card's cost in a split of two or more different discrete cards, at `level`; None when the
    setup has one kind of card, a unified machine, no model, or no level the cards hold."""
    setup, rec = e.setup, e.model
    if setup is None or rec is None or level is None or setup.gpu_count < 2:
        return None
    if any(d.card.unified_memory for d in setup.devices) or len({d.card.name for d in setup.devices}) < 2:
        return None
    size = est.size_of(rec)
    if size is None:
        return None
    q = quant(level)
    p = est.profiles.get(s.profile, s.engine, s.split, s.link)
    pool = pool_of(est.profiles.setup_constants(), p, setup)
    total = sum(pool.usable)
    speeds = [p.tok_s(size, d.card, q) for d in pool.devices]
    if total <= 0 or not all(speeds):
        return None
    times = [u / total / v for u, v in zip(pool.usable, speeds, strict=True)]
    fast_i = max(range(len(speeds)), key=speeds.__getitem__)
    slow_i = min(range(len(speeds)), key=speeds.__getitem__)
    slow, fast = pool.devices[slow_i].card, pool.devices[fast_i].card
    slow_share = sum(u for d, u in zip(pool.devices, pool.usable, strict=True) if d.card is slow) / total
    slow_time = sum(t for d, t in zip(pool.devices, times, strict=True) if d.card is slow) / sum(times)
    # the same layers, every share read at the faster card's pace: what the pair would do with no slower card
    pace = (1 / speeds[fast_i]) / sum(times)
    need = p.need_gb(size, q, s.context)
    if need > total:
        return None  # the cards do not hold it at that level: it spills into RAM (offload_drag weighs that)
    fast_usable = max(u for d, u in zip(pool.devices, pool.usable, strict=True) if d.card is fast)
    return {"slow": slow.name, "fast": fast.name, "slow_bandwidth_gbps": slow.bandwidth_gbps,
            "fast_bandwidth_gbps": fast.bandwidth_gbps, "quant": q.name, "slow_share": slow_share,
            "slow_time_share": slow_time, "pace": pace, "split_tok_s": 1 / sum(times),
            "fast_alone_tok_s": speeds[fast_i] if need <= fast_usable else None}


def offload_drag(est: Estimates, e: Entities, s: EstimateSettings, row: dict[str, Any]) -> dict[str, Any] | None:
    """The slower card's worth when the model spills into system RAM (`row`: the answer's offload figure, with the
    RAM it assumed): the pair against the faster card alone with the same RAM at the same level. Here the RAM sets
    the pace, and every GB the slower card holds is a GB not read from RAM each token, so it helps more than it
    drags. None without two unlike discrete cards, a model, or a figure for the faster card alone."""
    setup, rec = e.setup, e.model
    if setup is None or rec is None or setup.gpu_count < 2 or setup.unified or row.get("fit") != "offload":
        return None
    if len({d.card.name for d in setup.devices}) < 2 or not row.get("quant") or not row.get("tok_s"):
        return None
    size = est.size_of(rec)
    if size is None:
        return None
    fast = max((d.card for d in setup.devices), key=lambda c: c.bandwidth_gbps)
    slow = min((d.card for d in setup.devices), key=lambda c: c.bandwidth_gbps)
    alone = replace(setup, devices=(Device(fast),), ram_gb=row.get("ram_gb") or setup.ram_gb,
                    ram_type=row.get("ram_type") or setup.ram_type, ram_mts=row.get("ram_mts") or setup.ram_mts,
                    ram_channels=row.get("ram_channels") or setup.ram_channels)
    try:
        p = est.profiles.get(s.profile, s.engine, s.split, s.link)
        r = rate_setup(p, size, alone, s.context, None, row["quant"], constants=est.profiles.setup_constants())
    except Exception:  # noqa: BLE001 — without the faster card's own figure there is nothing to weigh
        return None
    # a crawl below the usable floor is still the figure to weigh the pair against (2.4 tok/s alone, 6.5 together)
    alone_tok = (r.tok_s if r.fit == "offload" else None) or r.slow_tok_s
    out = {"slow": slow.name, "fast": fast.name, "quant": row["quant"], "offload": True,
           "split_tok_s": row["tok_s"], "split_offload_gb": row.get("offload_gb"),
           "fast_alone_tok_s": alone_tok, "fast_alone_offload_gb": r.offload_gb,
           "fast_alone_fit": "offload" if alone_tok else r.fit}
    if not alone_tok:  # the faster card alone needs more RAM than the pair: its figure with the RAM that holds it
        more = _alone_with_more_ram(est, s, size, alone, row["quant"])
        if more is not None:
            out["fast_alone_more_ram"] = {**more, "ratio": row["tok_s"] / more["tok_s"]}
    return out


# The RAM sizes people build with (two or four modules of a desktop board), tried in turn for the faster card alone.
RAM_SIZES_GB = (64, 96, 128, 192, 256)


def _alone_with_more_ram(est: Estimates, s: EstimateSettings, size: Any, alone: Setup,
                         level: str) -> dict[str, Any] | None:
    """The faster card alone at `level` with the least of the usual RAM sizes above its own that holds the rest."""
    p = est.profiles.get(s.profile, s.engine, s.split, s.link)
    for gb in RAM_SIZES_GB:
        if gb <= (alone.ram_gb or 0):
            continue
        try:
            r = rate_setup(p, size, replace(alone, ram_gb=gb), s.context, None, level,
                           constants=est.profiles.setup_constants())
        except Exception:  # noqa: BLE001 — no figure for that RAM: try the next size
            continue
        if r.fit == "offload" and r.tok_s:
            return {"ram_gb": gb, "tok_s": r.tok_s, "offload_gb": r.offload_gb}
    return None
