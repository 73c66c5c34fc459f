"""The lines of answers/facts/format_speed.py: each format's bits per weight and one user's generation speed
against the largest, what the engine's kernels do with them, and the models that ship in NVFP4."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt

HEAD = N_("Generation for one user reads every weight once per token, so its speed goes with the bytes per weight:")
ROW = N_("**%(name)s** (about %(bpw)s bits per weight): about %(ratio)s× the speed of the largest of them")
ROW_LARGEST = N_("**%(name)s** (about %(bpw)s bits per weight): the largest, the reference")
KERNEL = {
    "int4_marlin": N_("In vLLM, AWQ and GPTQ at 4 bits run the same Marlin kernels on Ampere cards and newer (RTX "
                      "30 series, A6000, and later), so they generate at about the same speed; take whichever the "
                      "model is published in."),
    "gguf_in_vllm": N_("GGUF in vLLM is experimental and not optimized (vLLM's own documentation says so): at about "
                       "the same size it runs clearly slower than AWQ or GPTQ there; run GGUF files in llama.cpp."),
    "fp8_ampere": N_("FP8 on cards before Ada (RTX 30 series, A6000, A100) runs as weights-only: stored in 8 bits, "
                     "computed in 16 (vLLM's FP8 Marlin), so it saves memory and reading time but has no FP8 "
                     "compute; Ada, Hopper and Blackwell compute in FP8."),
    "fp4_blackwell": N_("NVFP4 needs a Blackwell card (RTX 50 series, RTX PRO 6000, B200): its tensor cores compute "
                        "FP4 at twice their FP8 rate, so prompts and many users at once gain too, beyond the bytes."),
}
NVFP4_MODELS = N_("Models NVIDIA publishes in NVFP4 (%(where)s): %(models)s; others come from the community or "
                  "from quantizing yourself (NVIDIA's Model Optimizer, llm-compressor).")


def speed_lines(speed: dict[str, Any], lang: str) -> list[str]:
    lines = [i18n.gettext(lang, HEAD)]
    for f in speed["formats"]:
        name = f"GGUF `{f['level']}`" if f.get("level") else f["name"]
        values = {"name": name, "bpw": fmt.decimal(f["bpw"], 2, lang),
                  "ratio": fmt.decimal(f["decode_vs_slowest"], 1, lang)}
        if f["decode_vs_slowest"] <= 1.0001:
            lines.append("- " + i18n.gettext(lang, ROW_LARGEST) % values)
        else:
            lines.append("- " + i18n.gettext(lang, ROW) % values)
    lines.extend(i18n.gettext(lang, KERNEL[k]) for k in speed["kernels"] if k in KERNEL)
    ships = speed.get("nvfp4_models")
    if ships:
        lines.append(i18n.gettext(lang, NVFP4_MODELS) % {"where": ships["where"], "models": ", ".join(ships["models"])})
    return lines
