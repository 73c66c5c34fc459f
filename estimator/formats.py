"""Weight formats beyond llama.cpp's own levels, named as people name them.

Every format is a `Quant` (the estimator's one record for "how the weights are stored"), so every rule
that takes a level takes a format: `--quant AWQ`, `--quant UD-Q4_K_XL`, `--quant "EXL2 4.0bpw"`.

- `bpw`: bits per weight of real files (the row's `source`): a file's size × 8 ÷ its parameter count.
  Unsloth's dynamic levels (`UD-…`) keep some tensors wider and others narrower than the level they are
  named after, differently per model: the figure is one real file's, and a file of another model may sit
  some 5–10 % either side. It is the fallback only: for a model whose shape is on record, the per-tensor
  recipe (estimator.gguf_mix) is the one home of a dynamic level, for the file's size (estimator.gguf_size
  `file_gib`) and for the bytes decode reads per token (`read_bpw`, used by estimator.measured).
- `like`: the llama.cpp level of about the same quality; the format takes its rank, so a minimum quality
  and the ladders compare formats and levels on one scale (our choice: quality studies compare each of
  these with the GGUF level of similar size).
- `kind`: the measured profile's speed family when llama.cpp runs the format (UD levels are K/I-quant
  mixes; the others are never run by llama.cpp, and their kind is only a placeholder for its rules).
- `family`: which engines read it (estimator/data/engine_constants.json `formats`).

Pure data and lookups; which engine and card run which family is `estimator.engines`.
"""

from __future__ import annotations

import re
from functools import cache

from .levels import BY_NAME, Quant

# name, bits per weight, like (llama.cpp level of similar quality), kind, family, source of the bpw
_FORMATS: tuple[tuple[str, float, str, str, str, str], ...] = (
    # Unsloth dynamic GGUFs: llama.cpp files, levels mixed per tensor.
    ("UD-IQ1_S", 1.56, "IQ2_XXS", "iq", "gguf",
     "unsloth.ai/blog/deepseekr1-dynamic: DeepSeek-R1 (671 B) UD-IQ1_S 131 GB"),
    ("UD-IQ1_M", 1.88, "IQ2_XXS", "iq", "gguf",
     "unsloth.ai/blog/deepseekr1-dynamic: DeepSeek-R1 (671 B) UD-IQ1_M 158 GB"),
    ("UD-IQ2_XXS", 2.18, "IQ2_XXS", "iq", "gguf",
     "unsloth.ai/blog/deepseekr1-dynamic: DeepSeek-R1 (671 B) UD-IQ2_XXS 183 GB"),
    ("UD-Q2_K_XL", 2.53, "Q2_K", "k", "gguf",
     "unsloth.ai/blog/deepseekr1-dynamic: DeepSeek-R1 (671 B) UD-Q2_K_XL 212 GB"),
    ("UD-Q3_K_XL", 3.60, "Q3_K_M", "k", "gguf",
     "unsloth/Qwen3-Coder-Next-GGUF Qwen3-Coder-Next-UD-Q3_K_XL.gguf 36 GB (80 B; its UD-Q4_K_XL is 46 GB, 4.6 "
     "bpw), as listed in a public setup guide; unsloth/LFM2-8B-A1B-GGUF's is 3,676,339,264 bytes (8.3 B: 3.5 bpw)"),
    ("UD-IQ4_XS", 4.23, "IQ4_XS", "iq", "gguf",
     "github.com/Niko1221/Strata docs/QUANTS.md: unsloth UD-IQ4_XS 93.7 GB beside its Q8_0 (8.5 bpw) 188.2 GB"),
    ("UD-Q4_K_XL", 4.58, "Q4_K_M", "k", "gguf",
     "huggingface.co/unsloth/MiniMax-M2.1-GGUF/discussions/7: UD-Q4_K_XL 131 GB (Q4_K_M 138 GB), 229 B"),
    ("UD-Q5_K_XL", 5.37, "Q5_K_M", "k", "gguf",
     "unsloth Qwen3-8B-UD-Q5_K_XL.gguf 5.5 GB (8.19 B), as quoted in a public install script; "
     "Qwen3.6-35B-A3B-UD-Q5_K_XL.gguf is 26.6 GB (35 B: 6.1 bpw)"),
    ("UD-Q6_K_XL", 6.52, "Q6_K", "k", "gguf",
     "unsloth/Qwen3.6-27B-GGUF Qwen3.6-27B-UD-Q6_K_XL.gguf ~22 GB (27 B), as quoted in a DGX Spark setup guide"),
    ("UD-Q8_K_XL", 10.46, "Q8_0", "q8", "gguf",
     "unsloth/Qwen3.6-27B-GGUF Qwen3.6-27B-UD-Q8_K_XL.gguf ~35.3 GB (27 B), as quoted in a DGX Spark setup guide"),
    ("UD-TQ1_0", 1.91, "IQ2_XXS", "iq", "gguf",
     "docs.unsloth.ai/basics/kimi-k2-how-to-run-locally: Kimi K2 (1,026 B) UD-TQ1_0 245 GB; the ternary TQ1_0 "
     "experts with attention and shared experts kept wider"),
    # Unsloth's first DeepSeek-V3 files (README 'Q2 everything, Q4 embed, Q6 lm_head'): 221.3 GB for 671 B
    ("Q2_K_XS", 2.64, "Q2_K", "k", "gguf",
     "huggingface.co/unsloth/DeepSeek-V3-GGUF (commit e250f0a): Q2_K_XS 'Q2 everything, Q4 embed, Q6 lm_head', "
     "five shards of 44.1-44.8 GB, 221.3 GB for 671 B"),
    # llama.cpp's ternary types (ggml/src/ggml-common.h block_tq1_0: 54 bytes per 256 weights; block_tq2_0: 66)
    ("TQ1_0", 1.6875, "IQ2_XXS", "iq", "gguf", "ggml-common.h block_tq1_0: 54 bytes per 256 weights"),
    ("TQ2_0", 2.0625, "IQ2_XXS", "iq", "gguf", "ggml-common.h block_tq2_0: 66 bytes per 256 weights"),
    # Q1_0 (PrismML's Bonsai files, also written Q1_0_g128): one sign bit per weight and one FP16 scale per 128
    # weights, 18 bytes per 128 (1.125 bpw); Bonsai-1.7B's file is 231 MiB. Its kernels are plain dequantize-and-
    # multiply ones like Q4_0's, hence the legacy kind.
    ("Q1_0", 1.125, "IQ1_S", "legacy", "gguf",
     "PrismML Bonsai model cards: Q1_0 with group size 128 (Q1_0_g128), one sign bit per weight and an FP16 "
     "scale per 128 weights; Bonsai-1.7B Q1_0_g128 231 MiB on disk"),
    # IQ3_XS: a llama.cpp mix of IQ3_XXS and IQ3_S tensors (llama-quantize: "IQ3_XS : 3.3 bpw quantization")
    ("IQ3_XS", 3.3, "IQ3_XXS", "iq", "gguf", "llama.cpp tools/quantize: 'IQ3_XS : 3.3 bpw quantization'"),
    # ik_llama.cpp's own types (github.com/ikawrakow/ik_llama.cpp; its files run on ik_llama.cpp only). Their
    # block widths as its pull requests give them; a file named for one keeps attention and shared parts wider
    # (ubergarm's mixes), so the figure is the routed experts' and the file's size is the published one.
    ("IQ1_KT", 1.75, "IQ1_M", "iq", "gguf", "ik_llama.cpp PR #616: IQ1_KT 1.75 bpw trellis type"),
    ("IQ2_KS", 2.1875, "IQ2_XXS", "iq", "gguf", "ik_llama.cpp PR #85: IQ2_KS 2.1875 bpw"),
    ("IQ2_KT", 2.125, "IQ2_XXS", "iq", "gguf", "ik_llama.cpp PR #511: IQ2_KT (8B: 2.41 GiB for 8.03 B)"),
    ("IQ2_K", 2.375, "IQ2_XS", "iq", "gguf", "ik_llama.cpp PR #602: IQ2_K beside IQ2_S about 2.4 bpw"),
    ("IQ2_KL", 2.6875, "IQ2_M", "iq", "gguf", "ik_llama.cpp PR #602: 'IQ2_KL, a 2.6875 bpw quantization type'"),
    ("IQ3_KT", 3.125, "IQ3_XXS", "iq", "gguf", "ik_llama.cpp PR #602: IQ3_KT 3.125 bpw"),
    ("IQ3_KS", 3.1875, "IQ3_XXS", "iq", "gguf", "ik_llama.cpp PR #624 (IQ3_KS): 3.1875 bpw"),
    ("IQ3_K", 3.4375, "IQ3_S", "iq", "gguf", "ik_llama.cpp README: IQ3_K 3.44 bpw (block of 256: 110 bytes)"),
    ("IQ4_KT", 4.0, "IQ4_XS", "iq", "gguf", "ik_llama.cpp PR #511: IQ4_KT 4.0 bpw"),
    ("IQ4_KSS", 4.0, "IQ4_XS", "iq", "gguf", "ik_llama.cpp PR #89: IQ4_KSS 4.0 bpw"),
    ("IQ4_KS", 4.25, "IQ4_XS", "iq", "gguf", "ik_llama.cpp PR #83: IQ4_KS 4.25 bpw"),
    ("IQ4_K", 4.5, "Q4_K_M", "iq", "gguf", "ik_llama.cpp README: IQ4_K 4.5 bpw"),
    ("IQ5_KS", 5.25, "Q5_K_S", "iq", "gguf", "ik_llama.cpp PR #422: IQ5_KS 5.25 bpw"),
    ("IQ5_K", 5.5, "Q5_K_M", "iq", "gguf", "ik_llama.cpp README: IQ5_K 5.5 bpw"),
    ("IQ6_K", 6.625, "Q6_K", "iq", "gguf", "ik_llama.cpp README: IQ6_K 6.625 bpw"),
    # Formats of the serving engines (safetensors).
    ("BF16", 16.0, "BF16", "f16", "bf16", "2 bytes per weight"),
    ("FP8", 8.0, "Q8_0", "q8", "fp8",
     "1 byte per weight (E4M3) plus per-channel scales: docs.vllm.ai features/quantization/fp8"),
    ("AWQ", 4.25, "Q4_K_M", "k", "int4",
     "4-bit weights, one FP16 scale and a 4-bit zero per 128 weights (group size 128): "
     "github.com/mit-han-lab/llm-awq; AutoAWQ's default"),
    ("GPTQ", 4.25, "Q4_K_M", "k", "int4",
     "4-bit weights, group size 128 with FP16 scales (AutoGPTQ/GPTQModel default)"),
    ("NVFP4", 4.5, "Q4_K_M", "mxfp4", "nvfp4",
     "4-bit E2M1 values, one FP8 scale per 16 (NVIDIA, Blackwell NVFP4 format): 4 + 8/16"),
    ("MXFP4", 4.25, "IQ4_XS", "mxfp4", "mxfp4",
     "OCP microscaling: 4-bit E2M1 values, one 8-bit scale per 32: 4 + 8/32 (gpt-oss' native format)"),
    ("MLX-4bit", 4.5, "Q4_0", "legacy", "mlx",
     "mlx-lm's default: group size 64, an FP16 scale and bias per group: 4 + 32/64 (ml-explore/mlx-lm convert)"),
    ("MLX-8bit", 8.5, "Q8_0", "q8", "mlx", "mlx-lm --q-bits 8, group size 64, FP16 scale and bias: 8 + 32/64"),
    ("MLX-6bit", 6.5, "Q6_K", "k", "mlx", "mlx-lm --q-bits 6, group size 64, FP16 scale and bias: 6 + 32/64"),
    ("MLX-5bit", 5.5, "Q5_K_M", "k", "mlx", "mlx-lm --q-bits 5, group size 64, FP16 scale and bias: 5 + 32/64"),
    ("MLX-3bit", 3.5, "Q3_K_M", "k", "mlx", "mlx-lm --q-bits 3, group size 64, FP16 scale and bias: 3 + 32/64"),
)

# EXL2/EXL3: any average bits per weight the converter was asked for (ExLlamaV2: 2–8, mixed per layer;
# github.com/turboderp/exllamav2 README "EXL2 quantization"). The head layer adds little on big models.
EXL_FAMILIES = ("EXL2", "EXL3")
EXL_MIN_BPW, EXL_MAX_BPW = 1.5, 8.0
EXL_LADDER_BPW = (8.0, 6.0, 5.0, 4.0, 3.0, 2.5)  # the sizes people publish (LoneStriker, bartowski, turboderp)
DEFAULT_EXL_BPW = 4.0  # "exl2" said without a size: the size published for nearly every model
MLX_DEFAULT = "MLX-4bit"

# Unsloth's dynamic levels by the bit count its guides name them with ("Dynamic 1-bit", "Dynamic 2-bit"), and
# the one a bare "dynamic" means: the 2-bit file, the smallest its guides recommend for everyday use
# (unsloth.ai/docs: GLM-4.7 "Dynamic 2-bit" 134 GB, Kimi K2.6 "Dynamic 2-bit" 340 GB).
UD_BY_BITS: dict[int, str] = {1: "UD-IQ1_S", 2: "UD-Q2_K_XL", 3: "UD-Q3_K_XL", 4: "UD-Q4_K_XL", 5: "UD-Q5_K_XL",
                              6: "UD-Q6_K_XL", 8: "UD-Q8_K_XL"}
UD_DEFAULT = UD_BY_BITS[2]

SOURCES: dict[str, str] = {name: src for name, _, _, _, _, src in _FORMATS}


def _make(name: str, bpw: float, like: str, kind: str, family: str) -> Quant:
    base = BY_NAME[like]
    return Quant(name, base.rank, bpw, bpw, base.ref_eff, kind, family)


FORMATS: dict[str, Quant] = {name: _make(name, bpw, like, kind, fam) for name, bpw, like, kind, fam, _ in _FORMATS
                             if name not in BY_NAME}

_EXL = re.compile(r"^(exl[23])[\s_-]*(?:(\d+(?:[.,]\d+)?)\s*(?:bpw|b|bit|bits)?)?$", re.IGNORECASE)
_MLX = re.compile(r"^mlx[\s_-]*(?:([3-68])[\s_-]*(?:bit|bits|b)?)?$", re.IGNORECASE)  # mlx-lm --q-bits
_UD = re.compile(r"^(?:ud|unsloth)[\s_-]+", re.IGNORECASE)
_ALIASES = {"awq": "AWQ", "gptq": "GPTQ", "int4-awq": "AWQ", "w4a16": "GPTQ", "fp8": "FP8", "w8a8-fp8": "FP8",
            "nvfp4": "NVFP4", "mxfp4": "MXFP4", "bf16": "BF16", "safetensors": "BF16", "q1_0_g128": "Q1_0"}


def exl(family: str, bpw: float) -> Quant:
    """An EXL2/EXL3 file at `bpw` (rounded to 0.05): ranked with the llama.cpp level of about that size."""
    family = family.upper()
    bpw = round(min(max(bpw, EXL_MIN_BPW), EXL_MAX_BPW) * 20) / 20
    like = min((q for q in BY_NAME.values() if q.kind in ("q8", "k", "iq")), key=lambda q: abs(q.bpw - bpw))
    label = f"{bpw:.2f}".rstrip("0") + ("0" if f"{bpw:.2f}".rstrip("0").endswith(".") else "")
    return Quant(f"{family}-{label}bpw", like.rank, bpw, bpw, like.ref_eff, "k", family.lower())


@cache
def find_format(text: str) -> Quant | None:
    """A format by what people write ("AWQ", "exl2 4.0bpw", "EXL3-3.5", "mlx 4bit", "UD-Q4_K_XL",
    "unsloth q4_k_xl"); None when it names none of them (llama.cpp's own levels are `quants.quant`)."""
    t = " ".join(str(text).strip().split())
    if not t:
        return None
    low = t.lower()
    if low in _ALIASES:
        return FORMATS.get(_ALIASES[low]) or BY_NAME.get(_ALIASES[low])
    m = _EXL.match(t)
    if m:
        return exl(m.group(1), float(m.group(2).replace(",", ".")) if m.group(2) else DEFAULT_EXL_BPW)
    m = _MLX.match(t)
    if m:
        return FORMATS[f"MLX-{m.group(1) or '4'}bit"]
    key = _UD.sub("UD-", t).upper().replace(" ", "_")
    if key.endswith("_XL") and not key.startswith("UD-"):
        key = "UD-" + key
    key = key.replace("UD_", "UD-")
    return FORMATS.get(key) or _variant(key)


# "IQ1_S_R4", "Q4_K_R8": ik_llama.cpp's rows repacked 4 or 8 at a time, the same bits as the type they repack;
# "Q6_K_L", "Q2_K_L": bartowski's (and Unsloth's) files of that level with the embeddings and output at Q8_0,
# the level's size give or take a few percent. Both are rated as the level they are made of.
_VARIANT = re.compile(r"^((?:UD-)?I?Q\d(?:_[A-Z0-9]+?)*?)_(?:R4|R8|L)$")


def _variant(key: str) -> Quant | None:
    m = _VARIANT.match(key)
    if m is None:
        return None
    base = m.group(1)
    return FORMATS.get(base) or BY_NAME.get(base) or BY_NAME.get(f"{base}_M")  # Q4_K_R8: a Q4_K (as Q4_K_M)


def family_of(q: Quant) -> str:
    """The file family a level belongs to: gguf (llama.cpp's levels and Unsloth's), bf16, fp8, int4, nvfp4,
    mxfp4, mlx, exl2, exl3."""
    return q.family


__all__ = ["DEFAULT_EXL_BPW", "EXL_FAMILIES", "EXL_LADDER_BPW", "FORMATS", "MLX_DEFAULT", "SOURCES", "UD_BY_BITS",
           "UD_DEFAULT", "exl", "family_of", "find_format"]
