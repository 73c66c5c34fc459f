"""Which engine runs which weight format (format_support.json, sources there), checked at load: the verdict of
"does vLLM run GGUF?", "can Ollama load AWQ?", "llama.cpp and NVFP4?" with what to take instead. The sentences are
in answers/rendering/format_support_text.py; the estimator's own engine rules rate the figures."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from importlib import resources

from msgspec import Struct

VERDICTS = frozenset({"yes", "partly", "no"})
# the qualifiers a row may carry (each worded in answers/rendering/format_support_text.py HOW)
HOWS = frozenset({"experimental", "amd_triton", "fp8_weight_only", "fp4_blackwell", "mxfp4_marlin", "fp8_ada",
                  "fp4_sglang", "gpt_oss", "mlx_engine_mac", "fp4_any_card", "fp4_blackwell_trt"})


class FormatSupportDataError(ValueError):
    """format_support.json is malformed; the message says which row and what."""


class Support(Struct, frozen=True):
    engine: str
    format: str
    verdict: str
    source: str
    checked: str
    how: str = ""
    nearest: str = ""  # what to take with that engine instead (a file or level name)
    other: str = ""  # an engine that runs the format


def parse(data: object) -> dict[tuple[str, str], Support]:
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not rows:
        raise FormatSupportDataError("format_support.json: 'rows' must be a non-empty list")
    out: dict[tuple[str, str], Support] = {}
    for i, r in enumerate(rows):
        if not isinstance(r, dict) or not all(r.get(k) for k in ("engine", "format", "verdict", "source", "checked")):
            raise FormatSupportDataError(f"format_support.json: rows[{i}] needs engine, format, verdict, source, "
                                         "checked")
        if r["verdict"] not in VERDICTS or r.get("how", "") not in HOWS | {""}:
            raise FormatSupportDataError(f"format_support.json: rows[{i}]: unknown verdict or how")
        if "https://" not in r["source"]:
            raise FormatSupportDataError(f"format_support.json: rows[{i}]: the source needs an https address")
        if r["verdict"] == "partly" and not r.get("how"):
            raise FormatSupportDataError(f"format_support.json: rows[{i}]: 'partly' says how")
        try:
            dt.date.fromisoformat(r["checked"])
        except ValueError as exc:
            raise FormatSupportDataError(f"format_support.json: rows[{i}]: 'checked' is no ISO date") from exc
        key = (r["engine"], r["format"])
        if key in out:
            raise FormatSupportDataError(f"format_support.json: {key} listed twice")
        out[key] = Support(**{k: r[k] for k in r if k in Support.__struct_fields__})
    return out


@cache
def table() -> dict[tuple[str, str], Support]:
    return parse(json.loads((resources.files("answers.knowledge") / "format_support.json").read_text("utf-8")))


def support(engine: str, fmt: str) -> Support | None:
    """The row for `engine` running `fmt` (names as answers/rendering/format_notes.py holds them), or None."""
    return table().get((engine, fmt))
