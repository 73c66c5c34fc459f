"""The setups rules against measured multi-GPU, unified-memory, offload and new-hardware rows
(benchmarks/setups_accuracy.py, leave-one-out): the goal the README reports."""

from __future__ import annotations

import statistics

from benchmarks.setups_accuracy import SLICES, cross_validate, load_cases


def test_every_slice_has_measured_rows() -> None:
    cases = load_cases()
    for s in SLICES:
        assert sum(s in c.slices for c in cases) >= 3, s


def test_measured_profile_meets_the_goal_on_setups() -> None:
    scored = cross_validate("measured")
    median = statistics.median(s.error for s in scored)
    inside = sum(s.inside for s in scored) / len(scored)
    assert median <= 1.2
    assert inside >= 0.85
    multi = [s for s in scored if "multi-GPU" in s.case.slices]
    # N cards run at about one card's speed: every multi-GPU estimate within 1.3× of the measurement
    assert max(s.error for s in multi) <= 1.3
