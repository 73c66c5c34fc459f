"""The one line that says which engine and format the figures assumed when the question named none: llama.cpp
and its GGUF files by default, or the engine a named format is run with ("fp8 on a 3090": vLLM)."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_

DEFAULT = N_("Figures for llama.cpp with a GGUF file, the default engine; name another (%(others)s) for its "
             "figures.")
BY_FORMAT = N_("Figures for %(engine)s, the engine %(format)s files are usually run with.")
# The engines worth naming beside llama.cpp on each maker's hardware (estimator/data/engine_constants.json).
OTHERS = {"Apple": "MLX", "NVIDIA": "vLLM, SGLang, ExLlamaV2", "AMD": "vLLM, SGLang"}
OTHERS_ANY = "vLLM, MLX, ExLlamaV2"


def assumed_line(lang: str, assumed: dict[str, Any], said: dict[str, Any], facts: dict[str, Any]) -> str | None:
    """The line, for an answer about one machine (its `row`) whose engine the question did not name."""
    engine = assumed.get("engine")
    row = facts.get("row")
    if engine is None or not isinstance(row, dict) or facts.get("engine_versus"):
        return None
    if engine in ("llama.cpp", "ollama", "lm-studio"):
        return i18n.gettext(lang, DEFAULT) % {"others": OTHERS.get(row.get("vendor") or "", OTHERS_ANY)}
    level = said.get("quant") or row.get("quant")
    if not level:
        return None
    return i18n.gettext(lang, BY_FORMAT) % {"engine": facts.get("engine_label") or engine, "format": f"`{level}`"}
