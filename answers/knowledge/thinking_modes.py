"""Whether a model reasons before it answers, and how that is switched (thinking_modes.json, sources there),
checked at load: "does qwen3 have a thinking mode?", "kann man bei GLM-4.5 das Denken abschalten?"."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct

from catalog.text import fold

MODES = frozenset({"hybrid", "thinking", "instruct", "separate", "effort"})


class ThinkingModesDataError(ValueError):
    """thinking_modes.json is malformed; the message says what."""


class ThinkingMode(Struct, frozen=True):
    label: str
    match: re.Pattern[str]
    mode: str
    switch: str | None
    source: str


def parse(data: object) -> tuple[ThinkingMode, ...]:
    families = data.get("families") if isinstance(data, dict) else None
    if not isinstance(families, list) or not families:
        raise ThinkingModesDataError("thinking_modes.json: 'families' must be a non-empty list")
    out = []
    for i, f in enumerate(families):
        if not isinstance(f, dict) or not all(f.get(k) for k in ("label", "match", "mode", "source")):
            raise ThinkingModesDataError(f"thinking_modes.json: families[{i}] needs label, match, mode, source")
        if f["mode"] not in MODES:
            raise ThinkingModesDataError(f"thinking_modes.json: families[{i}]: mode must be among {sorted(MODES)}")
        if f["mode"] in ("hybrid", "effort") and not f.get("switch"):
            raise ThinkingModesDataError(f"thinking_modes.json: families[{i}]: a {f['mode']} mode names its switch")
        try:
            pattern = re.compile(f["match"])
        except re.error as exc:
            raise ThinkingModesDataError(f"thinking_modes.json: families[{i}]: {exc}") from exc
        out.append(ThinkingMode(str(f["label"]), pattern, f["mode"], f.get("switch"), str(f["source"])))
    return tuple(out)


@cache
def families() -> tuple[ThinkingMode, ...]:
    text = (resources.files("answers.knowledge") / "thinking_modes.json").read_text("utf-8")
    return parse(json.loads(text))


def mode_of(name: str) -> ThinkingMode | None:
    """The thinking mode of a catalog model (the first family whose pattern matches its folded name), or None."""
    folded = fold(name)
    return next((f for f in families() if f.match.search(folded)), None)
