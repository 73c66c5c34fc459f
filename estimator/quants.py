"""The llama.cpp quantization levels, ordered from least to most compressed.

`ref_bpw`/`ref_eff` are the reference calculator's figures (ESTIMATOR.md §1) for its five visible
levels. For the other levels the reference never showed, we use llama.cpp's real bits per weight
and the efficiency of the nearest reference level of the same family (our choice, documented in
the README), so `--quant`/`--min-quality` can reach them without changing any default figure.
`bpw` is llama.cpp's real average bits per weight (used by the measured profile).
"""

from __future__ import annotations

from functools import cache

from msgspec import Struct


class Quant(Struct, frozen=True):
    """One quantization level: its rank, bits per weight and the reference efficiency."""
    name: str
    rank: int  # 0 = least compressed; the order of "quality"
    bpw: float  # llama.cpp's real bits per weight (llama-quantize's reported sizes on 7-8B models)
    ref_bpw: float  # bits per weight the reference profile uses
    ref_eff: float  # bandwidth efficiency the reference profile uses
    kind: str  # family for calibration: f16, q8, k, iq, legacy, mxfp4
    # The file family engines read (estimator.formats, estimator.engines): gguf for llama.cpp's levels,
    # bf16 for unquantized weights (every engine), mxfp4, and the serving engines' own formats.
    family: str = "gguf"


# name, real bpw, reference bpw, reference efficiency, kind
_TABLE: tuple[tuple[str, float, float, float, str], ...] = (
    ("F16", 16.0, 16.0, 0.45, "f16"),
    ("BF16", 16.0, 16.0, 0.45, "f16"),
    ("Q8_0", 8.5, 8.5, 0.45, "q8"),
    ("Q6_K", 6.5625, 6.5, 0.50, "k"),
    ("Q5_K_M", 5.69, 5.5, 0.52, "k"),
    ("Q5_K_S", 5.54, 5.54, 0.52, "k"),
    ("Q5_0", 5.5, 5.5, 0.52, "legacy"),
    ("Q4_K_M", 4.85, 4.5, 0.55, "k"),
    ("Q4_K_S", 4.58, 4.58, 0.55, "k"),
    ("Q4_0", 4.5, 4.5, 0.55, "legacy"),
    ("IQ4_NL", 4.5, 4.5, 0.52, "iq"),
    ("MXFP4", 4.25, 4.25, 0.55, "mxfp4"),
    ("IQ4_XS", 4.25, 4.0, 0.52, "iq"),
    ("Q3_K_L", 4.27, 4.27, 0.52, "k"),
    ("Q3_K_M", 3.91, 3.91, 0.52, "k"),
    ("IQ3_M", 3.66, 3.66, 0.52, "iq"),
    ("Q3_K_S", 3.5, 3.5, 0.52, "k"),
    ("IQ3_XXS", 3.06, 3.06, 0.52, "iq"),
    ("Q2_K", 2.96, 2.96, 0.52, "k"),
    ("IQ2_M", 2.7, 2.7, 0.52, "iq"),
    ("IQ2_XXS", 2.06, 2.06, 0.52, "iq"),
)

_FAMILY = {"f16": "bf16", "mxfp4": "mxfp4"}  # unquantized weights and MXFP4 are read by other engines too
QUANTS: tuple[Quant, ...] = tuple(
    Quant(name, rank, bpw, ref_bpw, ref_eff, kind, _FAMILY.get(kind, "gguf"))
    for rank, (name, bpw, ref_bpw, ref_eff, kind) in enumerate(_TABLE)
)
BY_NAME: dict[str, Quant] = {q.name: q for q in QUANTS}

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
    from .formats import find_format  # formats builds on this module's table

    found = find_format(name)
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
