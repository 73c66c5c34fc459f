"""A family and a size that name several generations ("llama 70b") → the newest general model of them.

The resolver calls "llama 70b" ambiguous: Llama 2, 3, 3.1 and 3.3 70B and Code Llama 70B all fit. A quiz
there stops most people, who mean the current model; so, like a card name that fits several variants,
the answer uses a default and names the others in one line. The default is the newest of the
candidates whose name is the typed words plus version numbers only (Code Llama, Nemotron, Tulu
fine-tunes carry words the asker did not type, so they are never picked), with the typed size.
No size typed: only releases of one line without sizes in their names ("mistral small" → Small 3.2).
No such candidate, or two newest on the same day: no default, the quiz stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from catalog.records import ModelRecord
from catalog.resolve import Match
from catalog.text import fold

_TOKEN_RE = re.compile(r"\d+(?:\.\d+)?x\d+(?:\.\d+)?b|\d+(?:\.\d+)?[bm]\b|\d+(?:\.\d+)?|[a-z]+")
_SIZE_RE = re.compile(r"^\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?[bm]$")  # "70b", "1.5b", "8x7b", "135m"
_VERSION_RE = re.compile(r"^\d+(?:\.\d+)?$")
# Words people add to a model name that say nothing about which one ("llama 70b instruct").
_NOISE = frozenset({"instruct", "it", "chat", "hf", "gguf", "model", "the", "base"})


@dataclass(frozen=True)
class ModelDefault:
    pick: ModelRecord
    others: list[str]  # the other candidates' names, best ranked first


def _words(text: str) -> tuple[set[str], list[str], list[str]]:
    """(plain words, sizes, version numbers) of a name as typed or as the catalog writes it."""
    words: set[str] = set()
    sizes: list[str] = []
    versions: list[str] = []
    for tok in _TOKEN_RE.findall(fold(text).replace("-", " ").replace("_", " ")):
        if _SIZE_RE.match(tok):
            sizes.append(tok)
        elif _VERSION_RE.match(tok):
            versions.append(tok)
        else:
            words.add(tok)
    return words, sizes, versions


def default_model(typed: str, candidates: Sequence[Match]) -> ModelDefault | None:
    """The newest general model among an ambiguous name's candidates, when the typed name has a size."""
    words, sizes, versions = _words(typed)
    words -= _NOISE
    if not sizes and words:
        return _newest_version(words, versions, candidates)
    if len(sizes) != 1 or not words:
        return None
    general: list[ModelRecord] = []
    for cand in candidates:
        record = cand.key
        if not isinstance(record, ModelRecord) or record.publication_date is None:
            continue
        c_words, c_sizes, c_versions = _words(cand.name)
        c_words -= _NOISE
        if c_sizes != sizes or not c_words or not c_words <= words or not words & c_words:
            continue
        if any(v not in c_versions for v in versions):
            continue  # a version typed ("llama 3 70b") keeps only the names that carry it
        general.append(record)
    if not general:
        return None
    general.sort(key=lambda r: r.publication_date, reverse=True)  # type: ignore[arg-type, return-value]
    if len(general) > 1 and general[0].publication_date == general[1].publication_date:
        return None  # two of the same day: nothing tells which one is meant
    pick = general[0]
    return ModelDefault(pick, [c.name for c in candidates if c.name != pick.name])


def _newest_version(words: set[str], versions: list[str], candidates: Sequence[Match]) -> ModelDefault | None:
    """No size typed: only names that are exactly the typed words plus a version and carry no size of
    their own ("mistral small" → Mistral Small 3, 3.1, 3.2, not Small 22B) — releases of one line, so the
    newest is the one meant. A family of sizes ("llama", "qwen3") keeps its quiz."""
    line: list[ModelRecord] = []
    for cand in candidates:
        record = cand.key
        if not isinstance(record, ModelRecord) or record.publication_date is None:
            continue
        c_words, c_sizes, c_versions = _words(cand.name)
        if c_sizes or c_words - _NOISE != words or not c_versions or any(v not in c_versions for v in versions):
            continue
        line.append(record)
    if len(line) < 2:
        return None
    line.sort(key=lambda r: r.publication_date, reverse=True)  # type: ignore[arg-type, return-value]
    if line[0].publication_date == line[1].publication_date:
        return None
    return ModelDefault(line[0], [c.name for c in candidates if c.name != line[0].name])
