"""Quantization levels as people type them ("q4", "Q4-K-M", "4-bit", "fp16") and the number and
unit shapes the tokenizer keeps whole.
"""

from __future__ import annotations

from answers.knowledge.pickled import compile_cached
from catalog.text import fold
from estimator.quants import BY_NAME, QUANT_ALIASES

# --------------------------------------------------------------------------- numbers and units
_NUM = r"\d+(?:\.\d+)?"


_CTX_GLUED_RE = compile_cached(rf"^({_NUM})k$")
_CTX_MEGA_RE = compile_cached(rf"^({_NUM})m$")
_NUMBER_RE = compile_cached(rf"^{_NUM}$")
_TOKEN_UNITS = frozenset({"token", "tokens", "tok", "ctx"})

_BITS_TO_QUANT = {2: "Q2_K", 3: "Q3_K_M", 4: "Q4_K_M", 5: "Q5_K_M", 6: "Q6_K", 8: "Q8_0", 16: "F16"}
_QUANT_RE = compile_cached(r"^([it]?q\d(?:_[a-z0-9]+)*|b?fp?16|float16|mxfp4|int[48])$")  # tq1_0: ternary
# "4-bit", "4bit", "4 bit" (the last as two tokens), "8 bits", "4-bits"
_BITS_RE = compile_cached(r"^(\d{1,2})-?bits?$")




# "q4km", "Q4-K-M", "q4_km", "q6k", "iq4xs": the same levels typed without (or with other) separators.
_QUANT_LOOSE_RE = compile_cached(r"^(q\d)[_-]?k(?:[_-]?(xs|s|m|l))?$|^(iq\d)[_-]?(xxs|xs|s|m|nl)$|^(q\d)[_-](0|1)$")


def _quant_spelling(low: str) -> str:
    m = _QUANT_LOOSE_RE.match(low)
    if not m:
        return low
    if m.group(1):
        return f"{m.group(1)}_k" + (f"_{m.group(2)}" if m.group(2) else "")
    if m.group(3):
        return f"{m.group(3)}_{m.group(4)}"
    return f"{m.group(5)}_{m.group(6)}"


def canonical_quant(text: str) -> str | None:
    """"q4" → "Q4_K_M", "Q5_K_S" → "Q5_K_S", "fp16" → "F16", "4-bit" → "Q4_K_M", "q4km"/"Q4-K-M" →
    "Q4_K_M"; None if not a quant."""
    low = _quant_spelling(fold(text).strip())
    bits = _BITS_RE.match(low)
    if bits:
        return _BITS_TO_QUANT.get(int(bits.group(1)))
    if low in QUANT_ALIASES:  # shorthands → level names: the estimator's one alias map
        return QUANT_ALIASES[low]
    if not _QUANT_RE.match(low):
        return None
    upper = low.upper()
    # Unknown but quant-shaped ("Q7") stays as typed (uppercased): the engine reports it invalid.
    return upper if upper in BY_NAME or upper.startswith(("Q", "IQ", "TQ")) else None
