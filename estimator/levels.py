"""llama.cpp's quantization levels as records (`Quant`), least compressed first: the table every other
module reads (estimator.quants looks names up, estimator.formats adds the other engines' formats beside it).

`ref_bpw`/`ref_eff` are the reference calculator's figures (ESTIMATOR.md §1) for its five visible levels;
`bpw` is llama.cpp's real average bits per weight (used by the measured profile).
"""

from __future__ import annotations

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
    ("Q5_1", 6.0, 6.0, 0.52, "legacy"),
    ("Q5_K_M", 5.69, 5.5, 0.52, "k"),
    ("Q5_K_S", 5.54, 5.54, 0.52, "k"),
    ("Q5_0", 5.5, 5.5, 0.52, "legacy"),
    ("Q4_1", 5.0, 5.0, 0.55, "legacy"),
    ("Q4_K_M", 4.85, 4.5, 0.55, "k"),
    ("Q4_K_S", 4.58, 4.58, 0.55, "k"),
    ("Q4_0", 4.5, 4.5, 0.55, "legacy"),
    ("IQ4_NL", 4.5, 4.5, 0.52, "iq"),
    ("MXFP4", 4.25, 4.25, 0.55, "mxfp4"),
    ("IQ4_XS", 4.25, 4.0, 0.52, "iq"),
    ("Q3_K_L", 4.27, 4.27, 0.52, "k"),
    ("Q3_K_M", 3.91, 3.91, 0.52, "k"),
    ("IQ3_M", 3.66, 3.66, 0.52, "iq"),
    ("IQ3_S", 3.44, 3.44, 0.52, "iq"),
    ("Q3_K_S", 3.5, 3.5, 0.52, "k"),
    ("IQ3_XXS", 3.06, 3.06, 0.52, "iq"),
    ("Q2_K", 2.96, 2.96, 0.52, "k"),
    ("IQ2_M", 2.7, 2.7, 0.52, "iq"),
    ("IQ2_S", 2.56, 2.56, 0.52, "iq"),
    ("IQ2_XS", 2.31, 2.31, 0.52, "iq"),
    ("IQ2_XXS", 2.06, 2.06, 0.52, "iq"),
    ("IQ1_M", 1.75, 1.75, 0.52, "iq"),
    ("IQ1_S", 1.56, 1.56, 0.52, "iq"),
)
# Q5_1, Q4_1, IQ3_S, IQ2_S, IQ2_XS, IQ1_M and IQ1_S (public files and llama-bench rows use them): their ggml
# block widths (ggml/src/ggml-common.h), as for IQ2_XXS and IQ3_XXS above; a model whose shape is on record
# is sized tensor by tensor (estimator.gguf_mix) whatever this figure says.

_FAMILY = {"f16": "bf16", "mxfp4": "mxfp4"}  # unquantized weights and MXFP4 are read by other engines too
QUANTS: tuple[Quant, ...] = tuple(
    Quant(name, rank, bpw, ref_bpw, ref_eff, kind, _FAMILY.get(kind, "gguf"))
    for rank, (name, bpw, ref_bpw, ref_eff, kind) in enumerate(_TABLE)
)
BY_NAME: dict[str, Quant] = {q.name: q for q in QUANTS}
