"""Published GGUF files' sizes (catalog/data/gguf_files.json), checked at load.

Each row is one real file: the model (a catalog name), the level, its size as the listing gives it (GB = 10^9
bytes, as Hugging Face and Ollama list files; GiB = 2^30 bytes, as llama.cpp and some model cards print them),
the repository that publishes it and where the size was read. The estimator works in GiB: `gib` converts.
"""

from __future__ import annotations

import json
import statistics
from functools import cache
from importlib import resources
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from estimator.quants import UnknownQuant, quant

GIB = 2**30


class GgufFile(Struct, frozen=True, kw_only=True):
    """One published file (a msgspec Struct: `load_gguf_files` checks each row with `msgspec.convert`)."""

    model: Annotated[str, Meta(min_length=1)]  # the catalog's model name
    level: str  # a level the estimator knows ("Q4_K_M", "UD-Q2_K_XL", "MXFP4", "BF16")
    size: Annotated[float, Meta(gt=0, lt=5000)]
    unit: Literal["GB", "GiB"]
    repo: Annotated[str, Meta(pattern=r"^[\w.-]+/[\w.-]+$")]
    source: Annotated[str, Meta(min_length=8)]  # where the size was read
    note: str | None = None
    # Made by a llama.cpp whose quantization rules gave the level other tensor types than today's (the size
    # model follows today's rules): still a real file people download, scored apart from the goal.
    older_rules: bool = False
    # A dynamic file whose maker tailored the per-tensor mix to this model beyond the typical mixes of
    # estimator.gguf_mix (Unsloth's Llama 4 1- to 4-bit files: its guide lists the experts' bits per level, and
    # Maverick's files are 15–28 % bigger than that mix): its size is what answers use, scored apart as well.
    model_tailored: bool = False

    @property
    def scored_apart(self) -> bool:
        """Not a test of the size model's rules: made under older rules or to a model's own mix."""
        return self.older_rules or self.model_tailored

    def __post_init__(self) -> None:
        try:  # the level as the estimator names it ("ud-q2_k_xl" → "UD-Q2_K_XL")
            msgspec.structs.force_setattr(self, "level", quant(self.level).name)
        except UnknownQuant as exc:
            raise ValueError(f"unknown level {self.level!r}") from exc

    @classmethod
    def checked(cls, row: object) -> GgufFile:
        """One row of the file, checked (msgspec.ValidationError names the field on a bad one)."""
        return msgspec.convert(row, cls)

    @property
    def gib(self) -> float:
        return self.size if self.unit == "GiB" else self.size * 1e9 / GIB

    @property
    def gb(self) -> float:
        """The size in GB of 10^9 bytes, as Hugging Face lists files."""
        return self.size if self.unit == "GB" else self.size * GIB / 1e9


@cache
def load_gguf_files() -> tuple[GgufFile, ...]:
    """Every row of catalog/data/gguf_files.json, validated."""
    text = (resources.files("catalog") / "data" / "gguf_files.json").read_text("utf-8")
    return tuple(GgufFile.checked(row) for row in json.loads(text)["files"])


@cache
def files_by_model() -> dict[str, tuple[GgufFile, ...]]:
    out: dict[str, list[GgufFile]] = {}
    for f in load_gguf_files():
        out.setdefault(f.model, []).append(f)
    return {name: tuple(rows) for name, rows in out.items()}


def file_sizes(model: str) -> tuple[tuple[str, float], ...]:
    """(level, GiB) for each level with a published file of `model`: the median where several are listed."""
    by_level: dict[str, list[float]] = {}
    for f in files_by_model().get(model, ()):
        by_level.setdefault(f.level, []).append(f.gib)
    return tuple((level, statistics.median(sizes)) for level, sizes in by_level.items())


def published(model: str, level: str) -> tuple[GgufFile, ...]:
    """The published files of `model` at `level`."""
    return tuple(f for f in files_by_model().get(model, ()) if f.level == level)


__all__ = ["GgufFile", "file_sizes", "files_by_model", "load_gguf_files", "published"]
