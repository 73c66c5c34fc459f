"""A mixture of experts decoded by the processor alone, read as the bytes its file stores for the active
parameters (what a CPU streams) rather than the profile's GPU bytes per token (which carry a GPU MoE-kernel
factor, 1.5-2.6 times the stored bytes depending on the model): trained on the public held-out rows of rounds
4-9, tested on round 10, and leave-one-page-out (setup_constants.json `cpu_moe_stored`).

    python benchmarks/cpu_moe_bytes.py [--rows]

Rows: the CPU-only rows of docs/trials/2026-12-07-{second,...,eighth}/heldout/offload_cpu.csv (all seen by the
team, each with its source) that the answer rates as a mixture of experts on the processor alone, asked in chat
as the held-out scorer asks them. From each answer: the stream the shipped rule used (a desktop: the RAM's
effective bandwidth, or the cores'; a named server or workstation: the share of the theoretical bandwidth, the
NUMA share and the cores, with `cpu_moe_server.token_ms` per token), and the model's bytes per token both ways.
A rule is a factor on that stream (desktop: relative to the shipped `cpu_moe_desktop.factor`), the server's share
and its fixed cost per token.
"""

from __future__ import annotations

import asyncio
import csv
import math
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from answers.engine import Engine  # noqa: E402
from answers.knowledge.catalog_view import model_size  # noqa: E402
from answers.knowledge.cpus import find_cpu  # noqa: E402
from answers.knowledge.profiles import load_setup_constants  # noqa: E402
from benchmarks.heldout_setups import q_offload  # noqa: E402
from estimator.cpu_only import SERVER_SEGMENTS  # noqa: E402
from estimator.quants import quant  # noqa: E402
from estimator.setup_offload import stored_active_gb  # noqa: E402

ROUNDS = {4: "second", 5: "third", 6: "fourth", 7: "fifth", 8: "sixth", 9: "seventh", 10: "eighth"}
TEST_ROUND = 10
SHIPPED_SHARE = load_setup_constants().machine.cpu_moe_server_share  # the share the answers' stream carries


class Row:
    """One held-out row as the shipped answer rated it."""

    def __init__(self, rnd: int, page: str, real: float, shipped: float, server: bool, stream: float,
                 gb_profile: float, gb_stored: float, question: str) -> None:
        self.rnd, self.page, self.real, self.shipped, self.server = rnd, page, real, shipped, server
        self.stream, self.gb_profile, self.gb_stored, self.question = stream, gb_profile, gb_stored, question


async def rows() -> list[Row]:
    engine = await Engine.open()
    profile = engine.building.profiles.get("measured")
    token_s = load_setup_constants().machine.cpu_moe_token_ms / 1000.0
    out: list[Row] = []
    for rnd, name in ROUNDS.items():
        path = ROOT / "docs" / "trials" / f"2026-12-07-{name}" / "heldout" / "offload_cpu.csv"
        for r in csv.DictReader(path.open()):
            if (r["gpu_count"] or "0") != "0" or re.search(r"\b8x\b", r["cpu"]):
                continue  # a card's rows, and the 8-socket Xeon E7 (eight NUMA nodes: no rule of ours covers it)
            try:
                question, real = q_offload(r)
            except ValueError:
                continue
            a = engine.ask(question)
            cpu = a.facts.get("cpu") if a.facts.get("cpu_only") else None
            pick = (cpu or {}).get("pick") or {}
            name_ = (a.facts.get("model") or {}).get("name")
            if not pick.get("tok_s") or not cpu.get("moe") or not name_:
                continue
            record = engine.names.resolve_model(name_)
            size = model_size(record) if record is not None else None
            if size is None:
                continue
            q = quant(pick["quant"])
            gb_profile, gb_stored = profile.gb_per_token(size, q), stored_active_gb(profile, size, q)
            named = find_cpu(cpu.get("ram_cpu")) if cpu.get("ram_cpu") else None
            server = named is not None and named.segment in SERVER_SEGMENTS
            tok = pick["tok_s"]
            # the stream the shipped rule used: a named server's experts are read as stored, a desktop's at the
            # profile's bytes per token
            stream = gb_stored / (1 / tok - token_s) if server else gb_profile * tok
            out.append(Row(rnd, r["source"], real, tok, server, stream, gb_profile, gb_stored, question))
    return out


def predict(r: Row, desktop: float, share: float, ms: float, stored: bool) -> float:
    """A rule: a desktop's stream times `desktop` over the profile's bytes; a named server's theoretical
    bandwidth times `share` (× NUMA, cores) over the stored bytes (`stored`) or the profile's, plus `ms`."""
    if r.server:
        gb = r.gb_stored if stored else r.gb_profile
        return 1.0 / (gb / (r.stream * share / SHIPPED_SHARE) + ms / 1000.0)
    return r.stream * desktop / r.gb_profile


def err(rs: list[Row], rule: tuple[float, float, float, bool]) -> float:
    return math.exp(statistics.median(abs(math.log(r.real / predict(r, *rule))) for r in rs)) if rs else math.nan


GRID_D = tuple(x / 100 for x in range(40, 161, 5))
GRID_S = tuple(x / 100 for x in range(40, 121, 3))
GRID_MS = tuple(range(0, 61, 5))


def fit(rs: list[Row], stored: bool) -> tuple[float, float, float, bool]:
    """The desktop factor, server share and fixed cost with the smallest median error on `rs`."""
    desk = [r for r in rs if not r.server]
    serv = [r for r in rs if r.server]
    d = min(GRID_D, key=lambda k: err(desk, (k, SHIPPED_SHARE, 0.0, stored))) if desk else 1.0
    s, ms = min(((k, m) for k in GRID_S for m in GRID_MS),
                key=lambda km: err(serv, (1.0, km[0], km[1], stored))) if serv else (SHIPPED_SHARE, 0.0)
    return d, s, float(ms), stored


def loo(rs: list[Row], stored: bool, low: float, high: float) -> tuple[float, float]:
    logs, hits = [], 0
    for page in {r.page for r in rs}:
        rule = fit([r for r in rs if r.page != page], stored)
        for r in rs:
            if r.page == page:
                x = predict(r, *rule) / r.real
                logs.append(abs(math.log(x)))
                hits += low <= 1 / x <= high
    return math.exp(statistics.median(logs)), hits / len(logs)


def main() -> None:
    rs = asyncio.run(rows())
    m = load_setup_constants().machine
    low, high = load_setup_constants().speed_range("cpu_only")
    train, test = [r for r in rs if r.rnd < TEST_ROUND], [r for r in rs if r.rnd == TEST_ROUND]
    if "--rows" in sys.argv:
        for r in rs:
            print(f"round {r.rnd}\t{'server' if r.server else 'desktop'}\t{r.shipped / r.real:5.2f}x\t{r.real}\t"
                  f"{r.shipped:.1f}\tbytes x{r.gb_profile / r.gb_stored:.2f}\t{r.question}")
    rules = {"0.20.0 (desktop x1, servers: profile bytes, 0.75, 30 ms)":
                 (1 / m.cpu_moe_desktop_factor, 0.75, 30.0, False),
             f"shipped (desktop x{m.cpu_moe_desktop_factor}, servers: stored bytes, {m.cpu_moe_server_share}, "
             f"{m.cpu_moe_token_ms:g} ms)": (1.0, m.cpu_moe_server_share, m.cpu_moe_token_ms, True)}
    print(f"{len(rs)} rows ({sum(r.server for r in rs)} on named server or workstation CPUs); answer range "
          f"{low}-{high} of the figure")
    def within(part: list[Row], rule: tuple[float, float, float, bool]) -> float:
        return sum(low <= r.real / predict(r, *rule) <= high for r in part) / len(part)

    for name, rule in rules.items():
        print(f"{name}: " + "; ".join(f"{label} ({len(part)}) x{err(part, rule):.2f}, {within(part, rule):.0%} inside"
                                      for label, part in (("rounds 4-9", train), (f"round {TEST_ROUND}", test),
                                                          ("all", rs))))
    for stored in (False, True):
        rule = fit(train, stored)
        lo_err, lo_in = loo(rs, stored, low, high)
        print(f"refit on rounds 4-9 with {'stored' if stored else 'profile'} bytes on servers: desktop x{rule[0]}, "
              f"share {rule[1]}, {rule[2]:g} ms: rounds 4-9 x{err(train, rule):.2f}, round {TEST_ROUND} "
              f"x{err(test, rule):.2f}; leave-one-page-out x{lo_err:.2f} ({lo_in:.0%} inside)")


if __name__ == "__main__":
    main()
