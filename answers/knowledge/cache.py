"""A small on-disk cache for work that only depends on files shipped with tpsbot (compiled
templates, compiled message catalogues), so a short `tpsbot ask` does not redo it on every run.

Entries are keyed by a hash of their source, so a changed template or .po file is simply a new
entry. The cache is optional: `TPSBOT_CACHE_DIR=` (empty) turns it off, and a directory that
cannot be written is ignored.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

ENV_CACHE = "TPSBOT_CACHE_DIR"


@cache
def cache_dir() -> Path | None:
    env = os.environ.get(ENV_CACHE)
    if env is not None:
        return Path(env).expanduser() if env.strip() else None
    # lazy: only when no cache directory is set in the environment
    from platformdirs import user_cache_path

    return user_cache_path("tpsbot", appauthor=False)


def read(name: str) -> bytes | None:
    base = cache_dir()
    if base is None:
        return None
    try:
        return (base / name).read_bytes()
    except OSError:
        return None


def write(name: str, data: bytes) -> None:
    """Atomically (write then rename), so a concurrent reader never sees half an entry."""
    base = cache_dir()
    if base is None:
        return
    try:
        base.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=base, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, base / name)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return  # a read-only home or a full disk: work without the cache
