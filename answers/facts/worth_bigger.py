"""Two models answered on the same hardware where the bigger one runs several times slower ("GLM-4.5-Air with the
experts in RAM, worth it over Qwen3-30B-A3B?"): the verdict an expert gives in one line, the bigger model's
quality against its speed. `facts.worth` on the joined answer; written by templates/_worth.md.j2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from answers.api import Answer
from answers.resolving.names import NameProblem

# A model with at least this many times the parameters is the clearly stronger one of the pair (a 106B against
# a 30B; a 32B against a 14B is not weighed so).
BIGGER = 2.0
# The smaller one at least this many times as fast: the speed is worth weighing against the quality.
SLOWER = 2.0
# Below this many tokens per second a reply of a few hundred tokens takes a minute or more: fine for hard
# questions, tiresome for chat and agents (the reading speed the answers use elsewhere is about 10).
PATIENT_TOK_S = 10.0


def _speed(facts: dict[str, Any]) -> float | None:
    row = facts.get("row")
    if not isinstance(row, dict) or not row.get("tok_s") or row.get("fit") not in ("offload", "comfortable", "tight"):
        return None
    return float(row["tok_s"])


def bigger_slower(first: dict[str, Any], second: dict[str, Any], names: tuple[str, str],
                  params_b: tuple[float | None, float | None]) -> dict[str, Any] | None:
    """The weighing of the bigger, slower model against the smaller, faster one, or None when the pair is not
    one (a speed missing, sizes too close, speeds too close)."""
    speeds = (_speed(first), _speed(second))
    if None in speeds or None in params_b:
        return None
    (s1, s2), (p1, p2) = speeds, params_b
    assert s1 is not None and s2 is not None and p1 is not None and p2 is not None
    big, small = (0, 1) if p1 >= p2 else (1, 0)
    pb, ps = (p1, p2)[big], (p1, p2)[small]
    sb, ss = (s1, s2)[big], (s1, s2)[small]
    if pb < BIGGER * ps or ss < SLOWER * sb:
        return None
    return {"big": names[big], "small": names[small], "big_params_b": pb, "small_params_b": ps,
            "big_tok_s": sb, "small_tok_s": ss, "ratio": ss / sb, "patient": sb < PATIENT_TOK_S}


def between(answers: Sequence[Answer], resolve: Callable[[str], Any]) -> dict[str, Any] | None:
    """The weighing for an answer joined from two parts that each rate one named model on the same hardware
    ("GLM-4.5-Air with experts in RAM, worth it over Qwen3-30B-A3B?"; `resolve`: a model's name to its catalog
    record, for its parameters), or None."""
    parts = [a.facts for a in answers]
    names = [a.entities.get("model") for a in answers]
    if len(parts) != 2 or not all(names) or parts[0].get("setup") != parts[1].get("setup"):
        return None
    params: list[float | None] = []
    for name in names:
        try:
            record = resolve(name or "")
        except NameProblem:
            return None
        params.append(getattr(record, "params_b", None))
    return bigger_slower(parts[0], parts[1], (names[0] or "", names[1] or ""), (params[0], params[1]))


__all__ = ["BIGGER", "PATIENT_TOK_S", "SLOWER", "between", "bigger_slower"]
