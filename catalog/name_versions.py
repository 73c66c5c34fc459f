"""Versions written in model names: "gemma 9" typed is a release of its own, never Gemma 2's 9B size.

A loose match of a family word and a number ("gemma 9", "llama 7") may land on a name whose number is another
version or a size ("Gemma 2 9B", "Llama 2 7B"); answering for it would silently swap the model asked about. The
name found is kept only when its first number after the family word begins with the version typed ("llama 3" →
"Llama 3.1 8B", "mistral 7" → "Mistral 7B", "gemma 3" → "Gemma 3n E4B", "gemma 4" → "Gemma 4 31B").
"""

from __future__ import annotations

import re

from .text import fold

_VERSION_RE = re.compile(r"v?\d{1,2}(\.\d{1,2})?")


def version_clash(text: str, name: str) -> bool:
    """A family word then a version typed ("gemma 9", "glm 9") that a loose match reads as another version's
    size ("Gemma 2 9B") or another version ("GLM-4.6"): the question names a release the catalog lacks."""
    typed = fold(text).replace("-", " ").split()
    found = fold(name).replace("-", " ").split()
    if len(typed) != 2 or len(found) < 2 or not typed[0].isalpha() or typed[0] != found[0]:
        return False
    if _VERSION_RE.fullmatch(typed[1]) is None:
        return False
    said, theirs = typed[1].lstrip("v"), found[1].lstrip("v")
    return re.fullmatch(r"\d+(?:\.\d+)?[a-z]?", theirs) is not None and not theirs.startswith(said)
