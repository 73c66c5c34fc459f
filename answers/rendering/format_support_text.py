"""The verdict of "does engine E run format F?" in words (answers/knowledge/format_support.json): yes, partly or
no, how, and what to take instead; one line per engine and format named together."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.format_support import support
from answers.knowledge.i18n import N_

YES = N_("Yes: %(engine)s runs %(format)s.")
YES_HOW = N_("Yes: %(engine)s runs %(format)s (%(how)s).")
PARTLY = N_("Partly: %(engine)s runs %(format)s (%(how)s).")
NO = N_("No: %(engine)s does not run %(format)s.")
NEAREST = N_("With %(engine)s take %(nearest)s of the same model instead.")
OTHER = N_("%(format)s runs in %(other)s.")
HOW = {
    "experimental": N_("experimental, and slower than its own formats"),
    "amd_triton": N_("Marlin kernels on NVIDIA from Ampere on; Triton kernels on AMD"),
    "fp8_weight_only": N_("FP8 compute on Ada, Hopper and Blackwell; weights only on Ampere"),
    "fp4_blackwell": N_("FP4 compute on Blackwell; some paths on RTX 50 and RTX PRO 6000 still run as 4-bit weights "
                        "without it"),
    "mxfp4_marlin": N_("FP4 compute on Hopper and Blackwell; 4-bit weights through Marlin on Ampere"),
    "fp8_ada": N_("on Ada, Hopper and Blackwell cards"),
    "fp4_sglang": N_("on B200; on RTX 50 and RTX PRO 6000 some models do not start yet"),
    "gpt_oss": N_("gpt-oss's own format, since Ollama 0.11"),
    "mlx_engine_mac": N_("only through its MLX engine on a Mac"),
    "fp4_any_card": N_("since February 2026, on any card; FP4 compute only on Blackwell"),
    "fp4_blackwell_trt": N_("FP4 compute on Blackwell"),
}


def pairs(named: list[str]) -> list[tuple[str, str]]:
    """Every engine named with every format named that the table has a row for, in the order named."""
    engines = [n for n in named if not n.isupper()]
    formats = [n for n in named if n.isupper()]
    return [(e, f) for e in engines for f in formats if support(e, f) is not None]


def lines(named: list[str], label: Any, lang: str) -> tuple[list[str], list[dict[str, str]]]:
    """(the verdict lines, their facts) for the engines and formats named together."""
    out: list[str] = []
    facts: list[dict[str, str]] = []
    for engine, fmt in pairs(named):
        row = support(engine, fmt)
        assert row is not None
        values = {"engine": label(engine), "format": fmt}
        how = i18n.gettext(lang, HOW[row.how]) if row.how else ""
        if row.verdict == "yes":
            text = i18n.gettext(lang, YES_HOW if how else YES) % {**values, "how": how}
        elif row.verdict == "partly":
            text = i18n.gettext(lang, PARTLY) % {**values, "how": how}
        else:
            text = i18n.gettext(lang, NO) % values
        if row.nearest and row.verdict != "yes":
            text += " " + i18n.gettext(lang, NEAREST) % {**values, "nearest": f"`{row.nearest}`"}
        if row.other and row.verdict == "no":
            text += " " + i18n.gettext(lang, OTHER) % {**values, "other": row.other}
        out.append(text)
        facts.append({"engine": engine, "format": fmt, "verdict": row.verdict, "source": row.source})
    return out, facts
