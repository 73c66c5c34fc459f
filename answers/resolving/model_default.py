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

from collections.abc import Iterator, Sequence

from msgspec import Struct

from answers.knowledge.pickled import compile_cached
from answers.reading.sizes import NAME_SIZE_TOKEN_RE
from catalog.records import ModelRecord
from catalog.resolve import Match
from catalog.text import fold

_TOKEN_RE = compile_cached(r"\d+(?:\.\d+)?x\d+(?:\.\d+)?b|\d+(?:\.\d+)?[bm]\b|\d+(?:\.\d+)?|[a-z]+")
_VERSION_RE = compile_cached(r"^\d+(?:\.\d+)?$")
# Words people add to a model name that say nothing about which one ("llama 70b instruct").
_NOISE = frozenset({"instruct", "it", "chat", "hf", "gguf", "model", "the", "base"})


class ModelDefault(Struct, frozen=True):
    """The variant a family name stands for (`pick`) and the next most common ones (`others`)."""
    pick: ModelRecord
    others: list[str]  # the other candidates' names, best ranked first


def _words(text: str) -> tuple[set[str], list[str], list[str]]:
    """(plain words, sizes, version numbers) of a name as typed or as the catalog writes it."""
    words: set[str] = set()
    sizes: list[str] = []
    versions: list[str] = []
    for tok in _TOKEN_RE.findall(fold(text).replace("-", " ").replace("_", " ")):
        if NAME_SIZE_TOKEN_RE.match(tok):
            sizes.append(tok)
        elif _VERSION_RE.match(tok):
            versions.append(tok)
        else:
            words.add(tok)
    return words, sizes, versions


def _dated(candidates: Sequence[Match]) -> Iterator[tuple[ModelRecord, set[str], list[str], list[str]]]:
    """Each dated catalog record among the candidates, with its name's (words less noise, sizes, versions)."""
    for cand in candidates:
        record = cand.key
        if isinstance(record, ModelRecord) and record.publication_date is not None:
            c_words, c_sizes, c_versions = _words(cand.name)
            yield record, c_words - _NOISE, c_sizes, c_versions


def _newest(records: list[ModelRecord], candidates: Sequence[Match], at_least: int = 1) -> ModelDefault | None:
    """The newest of `records`, the other candidates named; None with fewer than `at_least` or a tie."""
    if len(records) < at_least or not records:
        return None
    records = sorted(records, key=lambda r: r.publication_date, reverse=True)  # type: ignore[arg-type, return-value]
    if len(records) > 1 and records[0].publication_date == records[1].publication_date:
        return None  # two of the same day: nothing tells which one is meant
    pick = records[0]
    return ModelDefault(pick, [c.name for c in candidates if c.name != pick.name])


def default_model(typed: str, candidates: Sequence[Match]) -> ModelDefault | None:
    """The newest general model among an ambiguous name's candidates, when the typed name has a size."""
    words, sizes, versions = _words(typed)
    words -= _NOISE
    if not sizes and words:
        return _newest_version(words, versions, candidates) or (
            _flagship(candidates) if not versions and len(words) == 1 else None)
    if len(sizes) != 1 or not words:
        return None
    same = _one_architecture(sizes[0], candidates)
    if same is not None:
        return same
    general = [record for record, c_words, c_sizes, c_versions in _dated(candidates)
               if c_sizes == sizes and c_words and c_words <= words and words & c_words
               # a version typed ("llama 3 70b") keeps only the names that carry it
               and all(v in c_versions for v in versions)]
    return _newest(general, candidates)


def _one_architecture(size: str, candidates: Sequence[Match]) -> ModelDefault | None:
    """"deepseek 671b": releases of one architecture (DeepSeek-V3 and R1: 671 B, 37 B active) under names that
    carry no size. The figures are the same for each, so the newest stands for them and the others are named;
    the typed size must be theirs (within 3 %)."""
    dated = list(_dated(candidates))
    if len(dated) < 2 or len(dated) != len(candidates) or any(c_sizes for _, _, c_sizes, _ in dated):
        return None
    shapes = {(r.params_b, r.active_params_b) for r, _, _, _ in dated}
    params = next(iter(shapes))[0] if len(shapes) == 1 else None
    typed = float(size[:-1]) * (1e-3 if size.endswith("m") else 1.0) if "x" not in size else None
    if params is None or typed is None or abs(typed / params - 1) > 0.03:
        return None
    return _newest([r for r, _, _, _ in dated], candidates)


def _newest_version(words: set[str], versions: list[str], candidates: Sequence[Match]) -> ModelDefault | None:
    """No size typed: only names that are exactly the typed words plus a version and carry no size of
    their own ("mistral small" → Mistral Small 3, 3.1, 3.2, not Small 22B) — releases of one line, so the
    newest is the one meant. A family of sizes ("llama", "qwen3") keeps its quiz."""
    line = [record for record, c_words, c_sizes, c_versions in _dated(candidates)
            if not c_sizes and c_words == words and c_versions and all(v in c_versions for v in versions)]
    return _newest(line, candidates, at_least=2)


FLAGSHIP_RELEASES = 3  # releases of one architecture that make a maker's line ("deepseek": V3, V3.1, V3.2, R1)


def _flagship(candidates: Sequence[Match]) -> ModelDefault | None:
    """A maker's name alone ("deepseek"): when several releases share one architecture under names without a size
    (DeepSeek V3, V3.1, V3.2 and R1: 671 B, 37 B active), that line is what the name stands for, and its newest
    is the default, the others named. A family of sizes ("llama", "qwen3") has sizes in its names: quiz kept."""
    groups: dict[tuple[float | None, float | None], list[ModelRecord]] = {}
    for record, _, c_sizes, _ in _dated(candidates):
        if not c_sizes:
            groups.setdefault((record.params_b, record.active_params_b), []).append(record)
    lines = [g for g in groups.values() if len(g) >= FLAGSHIP_RELEASES]
    return _newest(lines[0], candidates) if len(lines) == 1 else None
