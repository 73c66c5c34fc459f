"""Names in URLs: a model's or card's slug is its lower-case name with every run of other characters
as one `-` ("GLM-4.5V" → "glm-4-5v", "GeForce RTX 3060 12 GB" → "geforce-rtx-3060-12-gb")."""

from __future__ import annotations

import re
from collections.abc import Iterable

_OTHER = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 120  # longer than any catalog name's slug; a longer path is refused before any lookup


def slug(name: str) -> str:
    return _OTHER.sub("-", name.lower()).strip("-")


def index(names: Iterable[str]) -> dict[str, str]:
    """slug → name. Two names with one slug ("gLM", "GLM"): the first in catalog order keeps it, as
    the catalog's own order decides a same-name lookup (answers/knowledge/names.py find_model)."""
    out: dict[str, str] = {}
    for name in names:
        out.setdefault(slug(name), name)
    return out
