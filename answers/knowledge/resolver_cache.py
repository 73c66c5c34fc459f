"""The GPU name index, kept in the start-up cache (answers.cache).

Building it normalizes every name, alias, laptop name and word-order key of ~830 cards (~20 ms, on
every start, before the first answer). What it derives depends only on the cards' names and aliases
and on the code that normalizes them, so those are the key: a changed catalog, alias file or
normalization rule is a new entry. The payloads (the cards themselves) are never stored, they are
attached again from the entries given.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import catalog.name_keys as name_keys
import catalog.resolve as resolve
import catalog.text as text
from answers.knowledge import cache as disk_cache

T = TypeVar("T")


def _key(entries: Sequence[tuple[str, Sequence[str], object]]) -> str:
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    digest = hashlib.blake2b(sys.version.encode(), digest_size=12)  # BLAKE2b: 3x SHA-256 without OpenSSL
    for module in (resolve, name_keys, text):  # the normalization rules
        digest.update(Path(module.__file__).read_bytes())  # type: ignore[arg-type]
    digest.update(repr([(name, list(aliases)) for name, aliases, _ in entries]).encode())
    return f"gpu-index-{digest.hexdigest()}.pickle"


def gpu_resolver(entries: Sequence[tuple[str, Sequence[str], T]]) -> resolve.Resolver[T]:
    """`Resolver(entries, kind="gpu")`, from the cache when these names and aliases were indexed before."""
    key = _key(entries)
    data = disk_cache.read(key)
    if data is not None:
        try:
            return resolve.Resolver.from_index_state(pickle.loads(data), entries)
        except Exception:  # noqa: BLE001 — a damaged entry is rebuilt, never an error
            pass
    fresh = resolve.Resolver(entries, kind="gpu")
    disk_cache.write(key, pickle.dumps(fresh.index_state(), protocol=pickle.HIGHEST_PROTOCOL))
    return fresh
