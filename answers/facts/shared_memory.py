"""Shared-memory machines (a Mac, a Ryzen AI Max, a DGX Spark) in the home picks: rated as the machine.

A catalog record of such a machine is a card row in every list; its own answer ("can my DGX Spark run
X") rates it as a setup, with the share of memory its GPU may use (estimator.setups' rule, one place).
The picks a line names — "among cards you can buy and use at home", the smallest or fastest home card,
the cheapest — come from these rows, so a pick never offers a machine a level its own answer says it
cannot hold. Under `reference` the table and the page's summary keep the site's own figures; only the
picks, which are this program's, are re-rated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from estimator.ranking import Query, Row
from estimator.setups import Hardware, SetupConstants, rate_machines


def as_machines(q: Query, rows: Sequence[Row], constants: SetupConstants) -> list[Row]:
    """`rows` with every unified-memory card re-rated as the machine (the others unchanged)."""
    out = list(rows)
    at = [i for i, r in enumerate(out) if getattr(r.card, "unified_memory", False)]
    # Each says it shares memory with the CPU: a catalog record, rated as that machine alone.
    machines = [cast(Hardware, out[i].card) for i in at]
    rated = rate_machines(q.profile, q.model, machines, q.context, q.min_quality, q.forced_quant, constants=constants)
    for i, m in zip(at, rated, strict=True):
        r = out[i]
        out[i] = Row(r.card, m.quant if m.runs else None, m.need_gb, m.fit if m.runs else "no", m.tok_s,
                     m.tok_s_low, m.tok_s_high, m.confidence)
    return out
