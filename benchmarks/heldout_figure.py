"""Reading a decode figure and its range out of an answer's text, shared by the held-out scorers
(benchmarks/heldout_engines.py, heldout_setups.py, heldout_links.py, heldout_speculative.py)."""

from __future__ import annotations

import re

NUM = r"(\d[\d,]*(?:\.\d+)?)"
FIGURE = re.compile(NUM + r" tokens per second")
RANGE = re.compile(r"\((?:range )?" + NUM + r"\s*[–-]\s*" + NUM + r"\)")


def _num(x: str) -> float:
    return float(x.replace(",", ""))


def read_figure(text: str) -> tuple[float | None, float | None, float | None]:
    """(figure, low, high) of the first decode sentence: the number before "tokens per second" and the
    first parenthesised range after it in the same sentence (a prompt's speed is not a decode figure)."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if "tokens per second" not in sentence or "prompt" in sentence:
            continue
        m = FIGURE.search(sentence)
        if m is None:
            continue
        rng = RANGE.search(sentence, m.end())
        return _num(m.group(1)), (_num(rng.group(1)) if rng else None), (_num(rng.group(2)) if rng else None)
    return None, None, None
