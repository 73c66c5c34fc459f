""""Does the slower card drag the faster one down?" ("a 3060 beside my 3090 in llama.cpp"): with llama.cpp's layer
split each card holds a share of the layers (by the memory it offers) and reads them at its own speed, one card
after the other, so the slower card's share costs more time than its size. The facts say how much: the slower
card's share of the layers and of each token's time, the pair's speed against the same split run at the faster
card's pace, and the faster card alone where it holds the model (estimator/setup_pool.py split_seconds is the
rule the setup's own speed comes from; this only takes it apart).
"""

from __future__ import annotations

from typing import Any

from answers.facts.common import Entities, Estimates, EstimateSettings
from estimator.quants import quant
from estimator.setup_pool import pool_of


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
    fast_usable = max(u for d, u in zip(pool.devices, pool.usable, strict=True) if d.card is fast)
    return {"slow": slow.name, "fast": fast.name, "slow_bandwidth_gbps": slow.bandwidth_gbps,
            "fast_bandwidth_gbps": fast.bandwidth_gbps, "quant": q.name, "slow_share": slow_share,
            "slow_time_share": slow_time, "pace": pace, "split_tok_s": 1 / sum(times),
            "fast_alone_tok_s": speeds[fast_i] if need <= fast_usable else None}
