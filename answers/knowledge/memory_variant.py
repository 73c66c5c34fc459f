"""A shared-memory machine named with a memory size it is not sold with ("Strix Halo, 31 GiB board", "M2 Max
31GB", "Strix Halo 96GB"): the variant of that machine with the nearest memory, instead of "I do not know".

People write the memory their system reports (31 GiB of a 32 GB board) or a file's size next to the machine's
name; the machine itself is the one named.
A size within a tenth of a variant's is that variant; a size far below every variant is a file's, and the name
alone is read; a size between two variants ("M4 Max 96 GB") stays a "did you mean". Only the
machines the reference pages lack are taken this way (answers.knowledge.catalog_view.added_card): a card of
the pages named with a memory it never had stays unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from catalog.records import GpuRecord

# a memory size at the end of a typed name: "31 GB", "31gb", "7.95 GiB", "(31 GiB"
_TRAILING_SIZE = re.compile(r"[\s(]*(\d+(?:[.,]\d+)?)\s*(?:gb|gib|go|g)\)?\s*$", re.IGNORECASE)
_VARIANT = re.compile(r"\s+\d+(?:\.\d+)?\s*GB$")
NEAR_SHARE = 0.1  # a reported memory within this share of a variant's is that variant (31 GiB → 32 GB)
SIZE_FLOOR = 0.5  # below this share of the smallest variant a size is a file's, not the machine's


def split_size(text: str) -> tuple[str, float] | None:
    """("m2 max", 31.0) for "m2 max 31 GB"; None when the name ends in no memory size."""
    m = _TRAILING_SIZE.search(text)
    if m is None or not text[:m.start()].strip():
        return None
    return text[:m.start()].strip(), float(m.group(1).replace(",", "."))


def nearest_variant(text: str, candidates_of: Callable[[str], Sequence[GpuRecord]]) -> GpuRecord | None:
    """The variant of the machine `text` names whose memory is within `NEAR_SHARE` of the size it writes (the
    name's own pick when the size is a file's); None when the text writes no size, the size sits between two
    variants or the name alone pins down no machine. `candidates_of` gives the
    records a name resolves to, best first."""
    split = split_size(text)
    if split is None:
        return None
    name, gb = split
    found = candidates_of(name)
    if not found:
        return None
    base = _VARIANT.sub("", found[0].name)
    same = [g for g in found if _VARIANT.sub("", g.name) == base and g.memory_gb]
    if not same:
        return None
    smallest = min(g.memory_gb for g in same)
    if gb < SIZE_FLOOR * smallest:  # a file's size beside the name ("M2 Max (7.95 GiB)"), not the machine's
        return found[0]
    nearest = min(same, key=lambda g: abs(g.memory_gb - gb))
    # the memory a system reports (31 GiB of a 32 GB board) is close to one sold; a size between two ("M4 Max
    # 96 GB": 64 or 128?) is left to the asker's "did you mean"
    return nearest if abs(nearest.memory_gb - gb) <= NEAR_SHARE * nearest.memory_gb else None


__all__ = ["nearest_variant", "split_size"]
