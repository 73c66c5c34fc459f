"""The catalog's cards as one process loaded them, kept in the start-up cache (answers.knowledge.cache) for the next.

Opening the catalog for one question costs a `tpsbot ask` about a sixth of its time: the event loop and aiosqlite
to open the database, its staleness checks, 818 card records, then the current catalog (catalog/hardware.py:
the hardware data files validated, the corrections applied, ~900 records copied). What comes out depends only
on the database file and on the code and data that built and read it, so those are the key:

- the database file as the system sees it (device, inode, size, modification and change times): a rebuild, an
  import or a chmod is a new file state, so a new key;
- what decides whether that database is current (catalog/database.py stale_reason: the name-matching rules'
  fingerprint and the built-in data's hash, which covers catalog/data and the modules that read it);
- the module that turns rows into records (catalog/store.py; catalog/hardware.py is in the built-in data's
  hash), this one, the records library's version (the records are pickled) and the interpreter.

A snapshot is written only after a load that opened the database the ordinary way (every check passed and
nothing had to be rebuilt: the file kept one state from before it was opened until its rows were read) and built
the current catalog without an error, so a database or data file that
fails a check is never skipped: it fails the same way on every start. The models are not in it: they stay in
the database's index, read on demand (catalog/model_index.py).
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path
from typing import Any, NamedTuple

import catalog
from answers.knowledge import cache as disk_cache
from catalog.builtin import builtin_data_hash
from catalog.hardware import HardwareData
from catalog.model_index import keys_fingerprint
from catalog.records import RECORDS_LIBRARY, GpuRecord


class Snapshot(NamedTuple):
    gpus: list[GpuRecord]  # the reference cards, as CatalogStore.gpus() read them
    imports: list[dict[str, Any]]  # CatalogStore.imports()
    current: tuple[list[GpuRecord], dict[str, list[str]]]  # catalog.hardware.current_catalog(gpus)
    hardware: HardwareData  # catalog.hardware.load_hardware_data(): the name rules read it for every card named


FileState = tuple[str, int, int, int, int, int, int, int]


def file_state(path: Path) -> FileState | None:
    """The database file as the system sees it now, or None when there is none (the ordinary load builds it)."""
    try:
        st = os.stat(path)
        return (str(path.resolve()), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_mode,
                st.st_uid)
    except OSError:
        return None


def _key(state: FileState) -> str:
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    digest = hashlib.blake2b(f"{sys.version}|{RECORDS_LIBRARY}".encode(), digest_size=12)
    digest.update(repr(state).encode())
    digest.update(f"{keys_fingerprint()}|{builtin_data_hash()}".encode())
    # catalog/store.py read as a file, not imported: importing it loads aiosqlite and asyncio, which a kept
    # snapshot spares
    for code in (Path(catalog.__file__).with_name("store.py"), Path(__file__)):
        digest.update(code.read_bytes())
    return f"catalog-{digest.hexdigest()}.pickle"


def read(path: Path) -> Snapshot | None:
    """What the last ordinary load of the database at `path` kept, or None (then load it the ordinary way)."""
    state = file_state(path)
    data = disk_cache.read(_key(state)) if state else None
    if data is None:
        return None
    try:
        saved = pickle.loads(data)
    except Exception:  # noqa: BLE001 — a damaged or outdated entry is rebuilt, never an error
        return None
    return saved if isinstance(saved, Snapshot) else None


def write(state: FileState, snapshot: Snapshot) -> None:
    """Keep `snapshot`, read from the database file in `state`: the caller checked that the file kept that state
    from before it was opened until after it was read (no rebuild or import in between, by it or anyone)."""
    disk_cache.write(_key(state), pickle.dumps(snapshot, protocol=pickle.HIGHEST_PROTOCOL))
