"""The published GGUF file behind a figure (catalog/data/gguf_files.json), as facts: the answers say when the
weights they count are a real file's size rather than the size model's (estimator.gguf_size)."""

from __future__ import annotations

from typing import Any

from catalog.gguf_files import published


def file_facts(model: str | None, level: str | None) -> dict[str, Any] | None:
    """The file of `model` at `level` the weights are taken from (the median one where several are listed):
    its repository, its size as listed (GB of 10^9 bytes) and in GiB (the unit of every memory figure);
    None when no file of that level is on record."""
    if not model or not level:
        return None
    files = sorted(published(model, level), key=lambda f: f.gib)
    if not files:
        return None
    f = files[len(files) // 2]
    return {"level": f.level, "repo": f.repo, "gb": f.gb, "gib": f.gib, "source": f.source, "count": len(files)}


__all__ = ["file_facts"]
