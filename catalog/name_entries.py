"""The entries a resolver is built from: catalog records with their names and aliases, in catalog order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from .hardware import laptop_aliases
from .name_keys import normalize


class Named(Protocol):
    @property
    def name(self) -> str: ...


class NamedModel(Named, Protocol):
    @property
    def aliases(self) -> Sequence[str]: ...


M = TypeVar("M", bound=NamedModel)
G = TypeVar("G", bound=Named)


def model_entries(records: Iterable[M], extra_names: Iterable[str] = ()) -> list[tuple[str, list[str], M | str]]:
    """Resolver entries for ModelRecords (key = the record), then bare names (key = the name).

    A bare name (e.g. from an Epoch import) whose normalized form is already a record's name or
    alias is dropped: it is the same model, and keeping it would make that name ambiguous.
    """
    entries: list[tuple[str, list[str], M | str]] = []
    taken: set[str] = set()
    for rec in records:
        aliases = [a for a in rec.aliases if a]
        entries.append((rec.name, aliases, rec))
        taken.add(normalize(rec.name))
        taken.update(normalize(a) for a in aliases)
    for raw in extra_names:
        name = raw.strip()
        if name and normalize(name) not in taken:
            entries.append((name, [], name))
    return entries


def gpu_entries(records: Iterable[G], aliases: dict[str, list[str]] | None = None) -> list[tuple[str, list[str], G]]:
    """Resolver entries for GpuRecords, in the order given (catalog order: oldest first), with the
    data files' aliases and the laptop names derived from "… Mobile" records."""
    aliases = aliases or {}
    return [(r.name, [*aliases.get(r.name, []), *laptop_aliases(r.name)], r) for r in records]
