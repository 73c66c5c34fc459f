"""A shared-memory machine named with a memory size it is not sold with ("Strix Halo, 31 GiB board", "M2 Max
31GB", "Strix Halo 96GB"): the variant of that machine with the nearest memory, instead of "I do not know".

People write the memory their system reports (31 GiB of a 32 GB board), the share they gave the GPU (96 GB
of a 128 GB Strix Halo) or a file's size next to the machine's name; the machine itself is the one named.
A tie goes to the larger variant (96 between 64 and 128: the GPU share of a 128 GB machine). Only the
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


def split_size(text: str) -> tuple[str, float] | None:
    """("m2 max", 31.0) for "m2 max 31 GB"; None when the name ends in no memory size."""
    m = _TRAILING_SIZE.search(text)
    if m is None or not text[:m.start()].strip():
        return None
    return text[:m.start()].strip(), float(m.group(1).replace(",", "."))


def nearest_variant(text: str, candidates_of: Callable[[str], Sequence[GpuRecord]]) -> GpuRecord | None:
    """The variant of the machine `text` names whose memory is nearest the size it writes (ties: the larger);
    None when the text writes no size or the name alone pins down no machine. `candidates_of` gives the
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
    return min(same, key=lambda g: (abs(g.memory_gb - gb), -g.memory_gb))


__all__ = ["nearest_variant", "split_size"]
