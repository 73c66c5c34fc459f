"""Where tpsbot keeps its files, and how it creates folders nobody else can write.

Kept apart from the database code (no SQLite, no asyncio here) because the start-up cache
(answers.cache) needs the data folder before anything else is loaded.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import DatabasePathError

ENV_DB = "TPSBOT_DB"
APP = "tpsbot"


class NoHomeError(DatabasePathError):
    """No home folder to derive the default locations from (no HOME, no password entry)."""


def home_known() -> bool:
    """Whether the user has a home folder (HOME, or the password database when HOME is unset): in a
    container run under a bare user id there is none, and "~" would become a folder named "~"."""
    return not os.path.expanduser("~").startswith("~")


def default_db_path() -> Path:
    """`TPSBOT_DB` if set, else `catalog.db` in the user's data directory."""
    if env := os.environ.get(ENV_DB):
        return Path(env).expanduser()
    if not home_known():
        raise NoHomeError("there is no home folder to keep the catalog in (HOME is not set): "
                          f"set {ENV_DB} to the catalog file's path")
    return _user_data_path() / "catalog.db"


def data_dir() -> Path:
    """The folder of the catalog database: also home of per-installation secrets (the cache key)."""
    return default_db_path().parent


def make_private_dir(path: Path, *, ours: bool = False) -> None:
    """Create `path` (and missing parents) as 0o700 whatever the umask.

    A folder we create is ours and is set to 0o700 explicitly (mkdir's mode is filtered by the umask
    but never widened by it; parents made here get the same). An existing folder is left as it is,
    unless `ours` says it is a folder named for tpsbot alone (the platformdirs defaults): then, when
    we own it and others may write it (created by an older release under umask 000), it is narrowed.
    """
    missing = []
    probe = path
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            continue  # another process made it meanwhile: not ours to change
        os.chmod(folder, 0o700)
    if ours and not missing:
        st = path.lstat()
        if stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid() and st.st_mode & 0o022:
            os.chmod(path, 0o700)


def is_default_dir(path: Path) -> bool:
    """Whether `path` is tpsbot's own platformdirs data folder (safe to narrow)."""
    return home_known() and path == _user_data_path()


def _user_data_path() -> Path:
    # lazy: platformdirs (~4 ms) only when TPSBOT_DB does not name the database
    from platformdirs import user_data_path

    return user_data_path(APP, appauthor=False)
