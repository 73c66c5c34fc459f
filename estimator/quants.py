"""The llama.cpp quantization levels, ordered from least to most compressed.

`ref_bpw`/`ref_eff` are the reference calculator's figures (ESTIMATOR.md §1) for its five visible
levels. For the other levels the reference never showed, we use llama.cpp's real bits per weight
and the efficiency of the nearest reference level of the same family (our choice, documented in
the README), so `--quant`/`--min-quality` can reach them without changing any default figure.
`bpw` is llama.cpp's real average bits per weight (used by the measured profile).
"""

from __future__ import annotations

from functools import cache

from .formats import find_format
from .levels import BY_NAME, QUANTS, Quant

__all__ = ["BY_NAME", "DEFAULT_MIN_QUALITY", "MISS_QUANT", "QUANTS", "QUANT_ALIASES", "REFERENCE_LADDER", "Quant",
           "UnknownQuant", "floor", "ladder", "quant"]


# The reference calculator's ladder: its five visible levels, then the lower levels it would offer
# only once the minimum quality is lowered below its default (IQ4_XS).
REFERENCE_LADDER: tuple[Quant, ...] = tuple(
    BY_NAME[n] for n in ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "IQ3_XXS", "Q2_K", "IQ2_XXS")
)
DEFAULT_MIN_QUALITY = "IQ4_XS"
MISS_QUANT = "Q4_K_M"  # the level the reference measures the closest miss at


class UnknownQuant(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(f"unknown quantization level {text!r}; known: {', '.join(BY_NAME)}")
        self.text = text


# What people write for a level (casefolded) → its llama.cpp name: the one alias map, used by
# `quant()` and by the question parser.
QUANT_ALIASES: dict[str, str] = {
    "q2": "Q2_K", "q3": "Q3_K_M", "q4": "Q4_K_M", "q5": "Q5_K_M", "q6": "Q6_K", "q8": "Q8_0",
    "q3_k": "Q3_K_M", "q4_k": "Q4_K_M", "q5_k": "Q5_K_M",
    "iq2": "IQ2_M", "iq3": "IQ3_M", "iq4": "IQ4_XS",
    "f16": "F16", "fp16": "F16", "float16": "F16", "bf16": "BF16", "mxfp4": "MXFP4",
    "int8": "Q8_0", "int4": "Q4_K_M",
    # "Q1", "IQ1": the 1-bit files people run are Unsloth's dynamic ones (UD-IQ1_S, the 1.58-bit file of
    # unsloth.ai/blog/deepseekr1-dynamic; estimator.formats), the only 1-bit GGUFs of the giant MoEs
    "q1": "UD-IQ1_S", "iq1": "UD-IQ1_S",
}


@cache
def quant(name: str) -> Quant:
    """Look up a level by name, forgiving case, '-' for '_', and shorthands ("q4", "fp16": QUANT_ALIASES);
    then the formats people name beside llama.cpp's levels (estimator.formats: "AWQ", "FP8", "EXL2 4.0bpw",
    "MLX 4bit", "UD-Q4_K_XL")."""
    key = name.strip().upper().replace("-", "_")
    key = QUANT_ALIASES.get(key.lower(), key)
    try:
        return BY_NAME[key]
    except KeyError:
        pass
    found = find_format(QUANT_ALIASES.get(name.strip().lower(), name))  # "q1": a format's name (UD-IQ1_S)
    if found is None:
        raise UnknownQuant(name)
    return found


def floor(min_quality: str | None, default_min: str) -> Quant:
    """The least precise level allowed: the minimum quality asked, else the profile's default."""
    return quant(min_quality or default_min)


def ladder(levels: tuple[Quant, ...], min_quality: str | None, default_min: str) -> tuple[Quant, ...]:
    """The levels a card may choose from: `levels` minus those less precise than the minimum quality."""
    lowest = floor(min_quality, default_min).rank
    return tuple(q for q in levels if q.rank <= lowest)
