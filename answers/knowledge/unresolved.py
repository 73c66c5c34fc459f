"""The error a setup's name resolution raises, apart from answers.setups so the engine can catch it
without importing the setup code (and estimator.setups) on every start."""

from __future__ import annotations

from collections.abc import Sequence


class UnresolvedName(LookupError):
    """A name a resolver could not pin down (the engine's and the reports' resolution errors derive
    from it); `candidates` are the closest names, best first."""

    candidates: Sequence[str] = ()
