"""A small on-disk cache for work that only depends on files shipped with tpsbot (compiled
templates, compiled message catalogues, the checked lexicon, number symbols), so a short
`tpsbot ask` does not redo it on every run.

Entries are keyed by a hash of their source, so a changed template or .po file is simply a new
entry. The cache is optional: `TPSBOT_CACHE_DIR=` (empty) turns it off, and a directory that
cannot be written is ignored.

Some entries are code (jinja2's marshalled bytecode) or pickles, and loading them runs whatever
they say. So nothing is loaded that someone else could have written or changed:

- Authenticated: every entry carries a MAC over its name and content (keyed BLAKE2b-256, RFC 7693's
  keyed mode, which is a MAC by design and three times faster than HMAC-SHA256 on the ~0.7 MB a start
  reads without OpenSSL), made with a per-installation secret key (`cache.key`, 32 random bytes, 0o600,
  in the data folder beside the catalog database, not in the cache folder). A format that cannot
  carry code was not an option: jinja2's bytecode cache *is* code, and the lexicon's compiled
  patterns are what saves the time.
  Names are computable from public facts; the key is not, so a planted or edited entry fails the
  check and is rebuilt. The key is used only if it is a regular file owned by us and private.
- Ours: an entry is opened without following links and without blocking (O_NOFOLLOW|O_NONBLOCK),
  then used only if fstat says it is a regular file owned by the current user, not writable by
  group or others, and at most MAX_ENTRY bytes; a FIFO, a device, a link to /dev/zero or a
  directory in its place is ignored, never waited on.
- Private: folders we create are 0o700 and entries 0o600, set explicitly whatever the umask.

Anything that fails a check reads as "not cached": the caller rebuilds and writes a fresh entry
(atomically, over the bad one when it can be replaced). Never an error, never a hang.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from functools import cache
from pathlib import Path

from catalog.paths import NoHomeError, data_dir, home_known, is_default_dir, make_private_dir

ENV_CACHE = "TPSBOT_CACHE_DIR"
KEY_NAME = "cache.key"
KEY_BYTES = 32
# Entries of an older format (HMAC-SHA256) lack this header: read as "not cached" and rewritten.
MAGIC = b"tpsbot-cache/blake2b-mac\n"
MAC_BYTES = 32  # keyed BLAKE2b-256
# The largest entry is the lexicon (~1 MB); anything far bigger is not ours.
MAX_ENTRY = 64 << 20

@cache
def cache_dir() -> Path | None:
    env = os.environ.get(ENV_CACHE)
    if env is not None:
        return Path(env).expanduser() if env.strip() else None
    if not home_known():
        return None  # no home folder: work without the cache
    # lazy: platformdirs (~4 ms) only when TPSBOT_CACHE_DIR does not name the folder
    from platformdirs import user_cache_path

    return user_cache_path("tpsbot", appauthor=False)


def _read_private(path: Path, limit: int, deny: int = 0o022) -> bytes | None:
    """The bytes of `path` if it is a regular file of ours that nobody else can write, else None.

    O_NOFOLLOW refuses a symbolic link (to /dev/zero or another user's file); O_NONBLOCK makes
    opening a FIFO return at once, and fstat then refuses it; reading stops after `limit` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if (not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & deny
                or st.st_size > limit):
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _write_private(folder: Path, name: str, data: bytes) -> None:
    """Write `folder/name` atomically (temp file, then rename) as a 0o600 file."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        os.fchmod(fd, 0o600)  # mkstemp already makes 0o600; said explicitly, whatever the platform
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, folder / name)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def key_dir() -> Path:
    """Where the key lives: the data folder (the catalog database's), never the cache folder."""
    return data_dir()


@cache
def _key() -> bytes | None:
    """The installation's cache key, created on first use; None (no cache) when it cannot be had
    safely: a key file someone else owns or could read is never used, nor replaced."""
    try:
        folder = key_dir()
    except NoHomeError:
        return None
    path = folder / KEY_NAME
    key = _read_private(path, KEY_BYTES, deny=0o077)
    if key is None and not os.path.lexists(path):
        try:
            make_private_dir(folder, ours=is_default_dir(folder))
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-key-")
            try:
                os.fchmod(fd, 0o600)
                os.write(fd, os.urandom(KEY_BYTES))  # what secrets.token_bytes does (secrets imports hmac)
                os.close(fd)
                with contextlib.suppress(FileExistsError):  # another process made one first: use that
                    os.link(tmp, path)
            finally:
                Path(tmp).unlink(missing_ok=True)
        except OSError:
            return None  # a read-only home: work without the cache
        key = _read_private(path, KEY_BYTES, deny=0o077)
    if key is None or len(key) != KEY_BYTES:
        import logging  # lazy: only to warn (~4 ms and ~0.5 MiB a short command otherwise spends on it)

        logging.getLogger(__name__).warning("start-up cache off: the key %s is not a private file of this user", path)
        return None
    return key


def _mac(key: bytes, name: str, data: bytes) -> bytes:
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli), and this
    # module is imported while the command line is still being parsed
    import hashlib

    mac = hashlib.blake2b(name.encode() + b"\0", digest_size=MAC_BYTES, key=key)
    mac.update(data)  # not concatenated: an entry is up to ~1 MB
    return mac.digest()


def _entry_path(name: str) -> Path | None:
    base = cache_dir()
    if base is None or not name or "/" in name or name in (".", ".."):
        return None
    return base / name


def read(name: str) -> bytes | None:
    """The content written under `name`, or None when there is none we can trust."""
    path = _entry_path(name)
    if path is None:
        return None
    raw = _read_private(path, MAX_ENTRY + len(MAGIC) + MAC_BYTES)
    if raw is None or not raw.startswith(MAGIC):
        return None
    key = _key()
    if key is None:
        return None
    mac, data = raw[len(MAGIC):len(MAGIC) + MAC_BYTES], raw[len(MAGIC) + MAC_BYTES:]
    import hmac  # lazy: see _mac

    return data if hmac.compare_digest(mac, _mac(key, name, data)) else None


def write(name: str, data: bytes) -> None:
    """Atomically (write then rename), so a concurrent reader never sees half an entry."""
    path = _entry_path(name)
    key = _key() if path is not None else None
    if path is None or key is None or len(data) > MAX_ENTRY:
        return
    try:
        make_private_dir(path.parent, ours=os.environ.get(ENV_CACHE) is None)
        _write_private(path.parent, name, MAGIC + _mac(key, name, data) + data)
    except OSError:
        return  # a read-only home, a full disk, a directory in the entry's place: work without the cache
