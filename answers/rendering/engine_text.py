"""The one line that says which engine and format the figures assumed when the question named none: llama.cpp
and its GGUF files by default, or the engine a named format is run with ("fp8 on a 3090": vLLM)."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering.report_text import check_line

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
    refused = not (facts.get("engine_check") or {}).get("runs", True)
    if engine is None or not isinstance(row, dict) or facts.get("engine_versus") or refused:
        return None
    if engine in ("llama.cpp", "ollama", "lm-studio"):
        return i18n.gettext(lang, DEFAULT) % {"others": OTHERS.get(row.get("vendor") or "", OTHERS_ANY)}
    level = said.get("quant") or row.get("quant")
    if not level:
        return None
    return i18n.gettext(lang, BY_FORMAT) % {"engine": facts.get("engine_label") or engine, "format": f"`{level}`"}


# An answer about one machine whose engine cannot run the asked format there: the refusal and the nearest that
# works stand instead of a memory figure for a file that machine never loads (MLX on a GeForce, NVFP4 before
# Blackwell, EXL2 on a Mac, FP8 under SGLang on Ampere).
ONE_MACHINE = frozenset({"can_run", "speed", "users", "prefill"})
ASK_NEAREST = N_("Ask again with the nearest, or without naming a format, for its figures.")


def refused_text(intent: str, facts: dict[str, Any], lang: str) -> str | None:
    """The answer's whole text when the engine does not run the asked format on that machine, else None."""
    check = facts.get("engine_check")
    if intent not in ONE_MACHINE or not isinstance(check, dict) or check.get("runs", True):
        return None
    return "\n".join([*_check_sentence(facts, lang), _nearest_line(check, facts, lang)])


# The nearest that works, with its figures on that machine (answers/facts/completing.py `nearest_row`).
NEAREST_FIGURES = N_("With %(engine)s at %(quant)s it needs about %(need)s GB and generates about %(tok_s)s tokens "
                     "per second.")
NEAREST_NEED = N_("With %(engine)s at %(quant)s it needs about %(need)s GB.")
NEAREST_FIGURES_RANGE = N_("With %(engine)s at %(quant)s it needs about %(need)s GB and generates about %(tok_s)s "
                           "tokens per second (range %(range)s).")


def _nearest_line(check: dict[str, Any], facts: dict[str, Any], lang: str) -> str:
    row = check.get("nearest_row")
    if not isinstance(row, dict):
        return i18n.gettext(lang, ASK_NEAREST)
    values = {"engine": check.get("nearest_engine_label") or facts.get("engine_label") or "llama.cpp",
              "quant": f"`{row['quant']}`", "need": fmt.gb(row["need_gb"], lang)}
    if row.get("tok_s") and row.get("tok_s_low") and row.get("tok_s_high"):
        span = fmt.tok_range(row["tok_s_low"], row["tok_s_high"], lang)
        return i18n.gettext(lang, NEAREST_FIGURES_RANGE) % {**values, "tok_s": fmt.tok_s(row["tok_s"], lang),
                                                            "range": span}
    if row.get("tok_s"):
        return i18n.gettext(lang, NEAREST_FIGURES) % {**values, "tok_s": fmt.tok_s(row["tok_s"], lang)}
    return i18n.gettext(lang, NEAREST_NEED) % values


def weight_only_line(intent: str, facts: dict[str, Any], lang: str) -> str | None:
    """"vLLM runs FP8 on GeForce RTX 3090 as weight-only FP8 (W8A16…)": said after the figures."""
    check = facts.get("engine_check")
    if intent not in ONE_MACHINE or not isinstance(check, dict) or check.get("mode") != "weight_only":
        return None
    return next(iter(_check_sentence(facts, lang)), None)


def _check_sentence(facts: dict[str, Any], lang: str) -> list[str]:
    """report_text's check line as a sentence of a Discord answer: levels in code spans, a full stop."""
    check = dict(facts["engine_check"])
    for key in ("quant", "nearest_quant"):
        if check.get(key):
            check[key] = f"`{check[key]}`"
    return [line.rstrip(".") + "." for line in check_line({**facts, "engine_check": check}, lang)]


# "How many people at 20 tok/s each": the several-users answer's count at the speed asked for (the template's own
# line gives the count at reading speed, 10 tok/s).
AT_TARGET = N_("At %(target)s tokens per second or more each: up to %(count)s people at once.")
NONE_AT_TARGET = N_("Not even one person gets %(target)s tokens per second here.")


def users_target_line(intent: str, facts: dict[str, Any], lang: str) -> str | None:
    row = facts.get("row")
    if intent != "users" or not isinstance(row, dict) or row.get("users_at_target") is None:
        return None
    wanted = row["target_tok_s"]
    target = fmt.integer(wanted, lang) if float(wanted).is_integer() else fmt.tok_s(wanted, lang)
    if not row["users_at_target"]:
        return i18n.gettext(lang, NONE_AT_TARGET) % {"target": target}
    return i18n.gettext(lang, AT_TARGET) % {"target": target, "count": fmt.integer(row["users_at_target"], lang)}


SPECULATIVE = N_("Speculative decoding (MTP, DFlash, EAGLE, n-gram or a draft model): the figures include its gain "
                 "for one request, about %(factor)s× the plain speed, the median of public runs with it (%(low)s× to "
                 "%(high)s×); the gain follows how many drafted tokens are accepted, so it is larger on code and "
                 "predictable text, and it shrinks with many requests at once.")


def speculative_line(facts: dict[str, Any], lang: str) -> str | None:
    """The gain applied when the question said speculative decoding (answers/facts/speculative.py)."""
    g = facts.get("speculative")
    if not isinstance(g, dict):
        return None
    return i18n.gettext(lang, SPECULATIVE) % {"factor": fmt.decimal(g["factor"], 1, lang),
                                              "low": fmt.decimal(g["low"], 1, lang),
                                              "high": fmt.decimal(g["high"], 1, lang)}

