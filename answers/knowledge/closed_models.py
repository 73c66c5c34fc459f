"""Model lines offered only as an online service (answers/knowledge/closed_models.json), checked at load.

A name the catalog does not have may be a model nobody can download ("Mistral Medium 3", "GPT-4o",
"Claude", "Gemini 2.5 Pro"): the answer then says it is closed, with its maker's page, instead of
guessing a near spelling ("did you mean Mistral Small 3") or calling it open.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct

from catalog.text import fold

KEYS = {"line", "maker", "names", "source"}
# the maker's own open-weight models in the catalog, offered instead of near spellings ("GPT-5" → gpt-oss, never
# GPT-2); an empty list offers none
OPTIONAL = {"open"}


class ClosedModelsError(ValueError):
    """closed_models.json is malformed; the message names the entry."""


class ClosedLine(Struct, frozen=True):
    """One closed line: its name, its maker, the typed names it covers, and the page that says so."""
    line: str
    maker: str
    names: re.Pattern[str]
    source: str
    open: tuple[str, ...] = ()  # the maker's open-weight models in the catalog


def parse(data: object) -> tuple[ClosedLine, ...]:
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise ClosedModelsError("closed_models.json: expected {\"entries\": [...]}")
    out = []
    for i, row in enumerate(data["entries"]):
        where = f"closed_models.json: entries[{i}]"
        if not isinstance(row, dict) or not KEYS <= set(row) <= KEYS | OPTIONAL \
                or not all(isinstance(row[k], str) for k in KEYS):
            raise ClosedModelsError(f"{where} must have line, maker, names and source, as text (and open)")
        instead = row.get("open", [])
        if not isinstance(instead, list) or not all(isinstance(n, str) for n in instead):
            raise ClosedModelsError(f"{where}: open must be a list of catalog model names")
        if not row["source"].startswith("https://"):
            raise ClosedModelsError(f"{where}: source must be an https address")
        try:
            names = re.compile(row["names"], re.IGNORECASE)
        except re.error as e:
            raise ClosedModelsError(f"{where}: names is not a regular expression ({e})") from e
        out.append(ClosedLine(row["line"], row["maker"], names, row["source"], tuple(instead)))
    return tuple(out)


@cache
def closed_lines() -> tuple[ClosedLine, ...]:
    text = resources.files("answers.knowledge").joinpath("closed_models.json").read_text(encoding="utf-8")
    return parse(json.loads(text))


def closed_line(typed: str) -> ClosedLine | None:
    """The closed line a typed model name belongs to, or None."""
    name = fold(typed).strip()
    return next((c for c in closed_lines() if c.names.search(name)), None)


# the words that go on a closed line's name ("gemini 2.5 pro", "claude 3.5 sonnet"): its version and tier
_TAIL = re.compile(r"(?:[ -](?:\d+(?:\.\d+)?|pro|flash|ultra|sonnet|opus|haiku|mini|max|turbo|advanced|preview))*")


def closed_in(text: str) -> str | None:
    """A closed line's name said anywhere in a question ("can I run claude sonnet locally"), as typed (folded),
    with its version and tier words; None when there is none. For a question whose model words the catalog
    does not know at all, so that it is answered as closed, not as a question without a model."""
    low = fold(text)
    for m in re.finditer(r"(?<![\w.-])\w", low):
        rest = low[m.start():]
        line = next((c for c in closed_lines() if c.names.match(rest)), None)
        if line is not None:
            head = line.names.match(rest)
            end = head.end() if head else 0
            tail = _TAIL.match(rest, end)
            return rest[:tail.end() if tail else end].strip()
    return None
