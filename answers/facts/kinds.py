""""What do I need" for a model with no hardware named ("kimi k2 what do i need"): the cheapest of each kind of
hardware that holds it at the usual minimum level (issue 28), each with its speed, so no answer says
"nothing can run it" while a setup can.

The kinds, each by the rules its own answer uses (estimator.setups):
- **one card**: the cheapest home card by launch price that runs it, else the smallest (answers/facts/picks.py);
- **several of one card** (2–8): needed only when one such card cannot hold it; the cheapest total launch
  price, else the least total memory (data-centre boards carry no launch price);
- **a unified-memory machine** (a Mac, a Ryzen AI Max, a DGX Spark): the least memory that holds it, with a
  Mac's GPU share raised (`sudo sysctl iogpu.wired_limit_mb`) when only that makes it fit;
- **a CPU with system RAM**: the smallest common RAM size that holds it (a capacity no desktop takes is a
  server's, with its channels: estimator.machine), at the RAM's speed.
Only hardware llama.cpp runs today (answers/knowledge/usable.py), for every profile: these are suggestions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from answers.facts import picks
from answers.knowledge.usable import usable
from estimator.cpu_only import cpu_row
from estimator.profile import READING_SPEED_TOK_S
from estimator.quants import ladder
from estimator.setups import Device, Hardware, Setup, rate_machines, rate_setup, unified_gpu_share
from estimator.wired_limit import raised_limit

if TYPE_CHECKING:
    from answers.facts.common import Estimates, EstimateSettings, Rated
    from catalog.records import GpuRecord
    from estimator.model import ModelSize
    from estimator.profile import Profile
    from estimator.setups import SetupConstants, SetupRow

MAX_CARDS = 8  # the most cards of one kind a machine takes (an 8-GPU server)
UNIFIED_BATCH = 8  # machines rated at a time, least memory first
CARD_SEGMENTS = frozenset({"consumer desktop", "workstation", "data centre"})


def _row(row: SetupRow) -> dict[str, Any]:
    return {"quant": row.quant.name if row.quant else None, "need_gb": row.need_gb, "tok_s": row.tok_s,
            "tok_s_low": row.tok_s_low, "tok_s_high": row.tok_s_high}


def _one_card(rated: Rated) -> dict[str, Any] | None:
    """The summary's own pick (answers/facts/picks.py): the cheapest home card by launch price, else the
    smallest home (or data-centre) card; a shared-memory machine is its own kind."""
    cheap = rated.summary.get("cheapest") or {}
    r = cheap.get("pick") if cheap.get("by") == "price" else (rated.summary.get("picks") or {}).get("smallest")
    if r is None or r["segment"] == "integrated":
        return None
    return {"kind": "card", "card": r["card"], "count": 1, "memory_gb": r["memory_gb"], "segment": r["segment"],
            "price_usd": r["launch_price_usd"], "quant": r["quant"], "need_gb": r["need_gb"], "tok_s": r["tok_s"]}


def _several(p: Profile, size: ModelSize, cards: list[GpuRecord], s: EstimateSettings, c: SetupConstants,
             floor_need: float) -> dict[str, Any] | None:
    """The cheapest N identical cards (2–8) that hold it where one of them cannot: the first, cheapest
    first, that reaches reading speed, else the cheapest that runs it."""
    found: list[tuple[tuple[bool, float, float], GpuRecord, int]] = []
    seen: set[str] = set()
    for card in cards:
        if card.unified_memory or card.segment not in CARD_SEGMENTS or not usable(card) or card.name in seen:
            continue
        seen.add(card.name)
        each = card.memory_gb - c.usable.reserve_gb  # the shared rule for several cards (setup_constants.json)
        n = next((k for k in range(2, MAX_CARDS + 1)
                  if k * each - (k - 1) * c.usable.extra_card_gb >= floor_need), None)
        if n is None or p.usable_gb(card) >= floor_need:
            continue  # eight do not hold it, or one already does
        price = card.launch_price_usd
        found.append(((price is None, n * price if price is not None else 0.0, n * card.memory_gb), card, n))
    chosen: tuple[GpuRecord, int, SetupRow] | None = None
    floor_q = ladder(p.levels, s.min_quality, p.default_min_quality)[-1]
    for _, card, n in sorted(found, key=lambda f: (f[0], f[1].name)):
        if chosen is not None and p.tok_s(size, card, floor_q) < READING_SPEED_TOK_S:
            continue  # a split runs at about one card's pace: this one cannot reach reading speed
        row = rate_setup(p, size, Setup((Device(card, n),)), s.context, s.min_quality, s.quant, constants=c)
        if row.runs and row.tok_s is not None:
            chosen = chosen or (card, n, row)
            if row.tok_s >= READING_SPEED_TOK_S:
                chosen = (card, n, row)
                break
    if chosen is None:
        return None
    card, n, row = chosen
    price = card.launch_price_usd
    return {"kind": "cards", "card": card.name, "count": n, "memory_gb": n * card.memory_gb,
            "segment": picks.segment(card), "price_usd": None if price is None else n * price, **_row(row)}


def _unified(p: Profile, size: ModelSize, cards: list[GpuRecord], s: EstimateSettings, c: SetupConstants,
             floor_need: float) -> dict | None:
    """The unified-memory machine with the least memory that holds it (a Mac's share raised if need be)."""
    def most(g: GpuRecord) -> float:  # the most its GPU may use: the default share, or a Mac's raised one
        share = unified_gpu_share(c, cast(Hardware, g), g.memory_gb) * g.memory_gb
        raised = g.memory_gb - min(c.unified_gpu_share_leave_gb) if g.vendor == "Apple" else 0.0
        return max(share, raised) - c.usable.reserve_gb

    machines = sorted((g for g in cards if g.unified_memory and usable(g) and picks.home_tier(g) is not None
                       and most(g) >= floor_need),
                      key=lambda g: (g.memory_gb, -g.bandwidth_gbps, g.name))
    for i in range(0, len(machines), UNIFIED_BATCH):  # least memory first: usually the first batch has it
        found = _first_machine(p, size, machines[i:i + UNIFIED_BATCH], s, c)
        if found is not None:
            return found
    return None


def _first_machine(p: Profile, size: ModelSize, machines: list[GpuRecord], s: EstimateSettings,
                   c: SetupConstants) -> dict | None:
    rows = rate_machines(p, size, [cast(Hardware, m) for m in machines], s.context, s.min_quality, s.quant,
                         constants=c)
    for m, row in zip(machines, rows, strict=True):
        out = {"kind": "unified", "card": m.name, "count": 1, "memory_gb": m.memory_gb,
               "segment": picks.segment(m), "price_usd": m.launch_price_usd, "wired_limit_mb": None}
        if row.runs and row.fit != "offload":
            return {**out, **_row(row)}
        raised = raised_limit(c, p, size, Setup((Device(cast(Hardware, m)),)), s.context, s.min_quality, s.quant)
        if raised is not None:
            return {**out, **_row(raised.row), "wired_limit_mb": raised.wired_limit_mb}
    return None


def _cpu(p: Profile, size: ModelSize, s: EstimateSettings, c: SetupConstants) -> dict[str, Any] | None:
    """System RAM alone: the smallest common size that holds it at the usual minimum level."""
    levels = ladder(p.levels, s.min_quality, p.default_min_quality) if s.quant is None else ()
    q = levels[-1] if levels else p.levels[-1]
    probe = cpu_row(c, p, size, q, s.context, cache_type=s.cache_type)
    if probe.ram_size_gb is None:
        return None
    row = cpu_row(c, p, size, q, s.context, probe.ram_size_gb, cache_type=s.cache_type)
    return {"kind": "cpu", "ram_gb": probe.ram_size_gb, "ram_type": row.ram_type,
            "ram_channels": row.ram.channels if row.ram else None, "quant": q.name, "need_gb": row.need_gb,
            "tok_s": row.tok_s, "tok_s_low": row.tok_s_low, "tok_s_high": row.tok_s_high}


def kinds_for(est: Estimates, rated: Rated, s: EstimateSettings) -> list[dict[str, Any]]:
    """"What do I need": the cheapest of every kind of hardware that holds the model, remembered per rated
    model. Under `reference` only when no single card runs it (the site's own lists otherwise, but never
    "nothing can run it" while a setup can)."""
    if s.profile == "reference" and rated.summary.get("cards_fit"):
        return []
    # `rated` is held with its list, so its id is not reused while the entry lives
    return cast(list[dict[str, Any]],
                est.kinds_memo.get_or((id(rated), s), lambda: (rated, hardware_kinds(est, rated, s)))[1])


def hardware_kinds(est: Estimates, rated: Rated, s: EstimateSettings) -> list[dict[str, Any]]:
    """The cheapest of each kind of hardware that holds the model (the module's rules), in that order."""
    p, size = rated.query.profile, rated.query.model
    c = est.profiles.setup_constants()
    cards = est.kn.gpus_for(s.profile)
    levels = rated.query.levels()
    floor_need = rated.query.need_gb(levels[-1])
    one = _one_card(rated)
    # several cards only when no home card with a known price holds it alone (2× GeForce RTX 3060 is never
    # the answer where one card at a price does)
    alone = one is not None and one["price_usd"] is not None and one["segment"] != picks.DATA_CENTRE
    several = None if alone else _several(p, size, cards, s, c, floor_need)
    found = [one, several, _unified(p, size, cards, s, c, floor_need), _cpu(p, size, s, c)]
    return [k for k in found if k is not None]
