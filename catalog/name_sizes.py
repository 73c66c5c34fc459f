"""Parameter sizes written in model names ("Qwen3-30B-A3B" → 30, "SmolLM2-360M" → 0.36) and whether a
size someone typed agrees with a model's.

A typed name that carries a size says which model it means: "nemotron super 49b" is not the 70B
Nemotron, however close the words are. Names round their size ("Qwen2.5 7B" has 7.6 billion
parameters, "Gemma 2 2B" 2.6), so a typed size agrees when it is one the model's names write, or
when it is within rounding of the recorded parameter count. For a mixture of experts the total counts
("30b a3b" → 30): the active size is written after a letter ("a3b", "e4b") and a layout as "8x7b",
neither of which is read as a size here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .text import fold

# A size: digits then "b" (billions) or "m" (millions), not glued to a letter, "x" or "." before it
# ("a3b", "8x7b", "v0.1b" are not sizes) nor to a letter or digit after it.
_SIZE_RE = re.compile(r"(?<![a-z0-9.])(\d+(?:\.\d+)?)([bm])(?![a-z0-9])")
# Recorded parameter counts round to the size a name writes within this share (7.6 → "7b", 14.7 → "14b").
PARAMS_TOLERANCE = 0.12
PARAMS_TOLERANCE_WRITTEN = 0.03  # …and within this share when the names write another size
PARAMS_TOLERANCE_ABS_B = 0.7  # …or this many billions, for small models (1.24 → "1b", 2.6 → "2b")


def _number(digits: str) -> float:
    # "06b" is how "0.6b" is typed without its dot (names normalize the dot away too): a leading zero
    # before more digits starts a decimal.
    if len(digits) > 1 and digits[0] == "0" and "." not in digits:
        digits = "0." + digits[1:]
    return float(digits)


def sizes_in(text: str) -> list[float]:
    """Sizes written in a name, in billions, in reading order: "Llama-4-Scout-17B-16E" → [17.0]."""
    out = []
    for m in _SIZE_RE.finditer(fold(text).replace("_", "-")):
        value = _number(m.group(1))
        out.append(value if m.group(2) == "b" else value / 1000)
    return out


def typed_size(text: str) -> float | None:
    """The billions-size typed in `text` (the last one, "b" only: "360m" names, it does not size), or None."""
    found = [_number(m.group(1)) for m in _SIZE_RE.finditer(fold(text).replace("_", "-")) if m.group(2) == "b"]
    return found[-1] if found else None


_ACTIVE_RE = re.compile(r"(?<![a-z0-9.])a(\d+(?:\.\d+)?)b(?![a-z0-9])")


def typed_active_size(text: str) -> float | None:
    """The active size a mixture of experts' name writes after its total ("Qwen3.5-35B-A3B" → 3.0), or None."""
    found = [_number(m.group(1)) for m in _ACTIVE_RE.finditer(fold(text).replace("_", "-"))]
    return found[-1] if found else None


def size_agrees(typed_b: float, names: Iterable[str], params_b: float | None) -> bool:
    """Whether a typed size fits a model: one of its names writes that size, or its parameter count rounds
    to it. A model with neither on record cannot contradict it."""
    return size_fits(typed_b, [s for name in names for s in sizes_in(name)], params_b)


def size_fits(typed_b: float, written: Sequence[float], params_b: float | None) -> bool:
    """`size_agrees` with the sizes the names write already read (`sizes_in`)."""
    if any(abs(typed_b - s) <= 1e-6 + 0.01 * s for s in written):
        return True
    if params_b is None:
        return not written
    # A name that writes its size rounds to it; the count then only confirms a size the names leave out
    # (the total of "Llama-4-Scout-17B-16E" is 109B), so it has to be close: 72 is not "Qwen3-Next-80B".
    share = PARAMS_TOLERANCE_WRITTEN if written else PARAMS_TOLERANCE
    return abs(typed_b - params_b) <= max(PARAMS_TOLERANCE_ABS_B, share * params_b)
