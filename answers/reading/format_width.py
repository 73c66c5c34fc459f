"""The width a weight format is made at ("exl2 4.65bpw", "mlx 6bit", "a 70b at ~3bpw"), for the conditions
reader (answers/reading/conditions.py): the estimate uses the format's file at that width (estimator.quants).
"""

from __future__ import annotations

from answers.knowledge.pickled import compile_cached
from answers.reading.engine_versus_words import gguf_near as _gguf_near
from estimator.quants import UnknownQuant
from estimator.quants import quant as level_of

_BPW = compile_cached(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?(?:bpw|bits? per weight)\b")
# "mlx 6bit", "6-bit mlx", "MLX-3bit": mlx-lm's --q-bits beside the word (4 when none is said)
_MLX_BITS = compile_cached(r"\bmlx[\s_-]?([2-8])[\s_-]?bits?\b|\b([2-8])[\s_-]?bits?[\s_-]?mlx\b")


def with_width(text: str, fmt: str | None) -> str | None:
    """"exl2 4.65bpw", "6.0 bpw exl3": a format made at any width names its width, which the estimate uses (the
    format's file at that width, estimator.quants), instead of the format's usual one."""
    said = _BPW.search(text)
    bits = _MLX_BITS.search(text) if fmt == "MLX" else None
    if bits is not None:
        try:
            return level_of(f"MLX-{bits.group(1) or bits.group(2)}bit").name
        except UnknownQuant:
            return fmt  # a width mlx-lm does not write (7 bits): the format at its usual width
    if said is None:
        return fmt
    if fmt is None:  # "a 70b at ~3bpw": no format named, so the llama.cpp level of about that width
        return _gguf_near(float(said.group(1).replace(",", ".")))
    try:
        return level_of(f"{fmt} {said.group(1).replace(',', '.')}bpw").name
    except UnknownQuant:
        return fmt  # a format whose files have no width in bits per weight (AWQ, MLX): the format alone
