"""The bytes of an Epoch AI snapshot: a local file, a zip holding it, or an http(s) download, each
either complete or refused.

What tells a complete snapshot from one cut short (the CSV itself carries no row count or trailer):
- HTTP: the body must be exactly `Content-Length` bytes, or end with the terminating chunk of a
  chunked response; a response with neither (delimited only by the connection closing) cannot be
  told apart from a dropped connection and is refused. A compressed response is refused (its length
  would not be the file's).
- Zip: the central directory at the end (a cut zip does not open) and each entry's CRC-32, checked
  while the entry is streamed with a cap on its real decompressed size (its header's size is not
  trusted).
- CSV: its last record must end with a line break, as every Epoch export does: a cut inside a row
  is refused even when the cut leaves the right number of fields.
A local file cut exactly at a row boundary has no evidence left in it: the catalog side asks for
`--replace` before an import removes many of the models imported before (catalog.build).

Also bounded: a whole-download deadline (not per read: a server dripping a byte at a time is cut
off), a size cap on files, downloads and decompressed entries, and special files (/dev/zero, FIFOs,
devices) refused before anything is read. URLs are shown without passwords or query strings.
"""

from __future__ import annotations

import base64
import http.client
import io
import os
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from datetime import date
from pathlib import Path, PurePosixPath

MAX_BYTES = 64 * 1024 * 1024  # refuse files, downloads and zip entries larger than this
DOWNLOAD_DEADLINE_S = 300.0  # a whole download (6 MB today): minutes even on a slow line
IDLE_TIMEOUT_S = 30.0  # longest wait for the next bytes; the deadline still bounds the whole
CHUNK = 1 << 16
PREFERRED_ZIP_ENTRY = "all_ai_models.csv"


class EpochFormatError(ValueError):
    """The input is not a usable Epoch CSV; `line` is the physical line where the bad record starts."""

    def __init__(self, line: int | None, problem: str) -> None:
        self.line = line
        self.problem = problem
        super().__init__(f"line {line}: {problem}" if line is not None else problem)


def is_url(source: object) -> bool:
    return isinstance(source, str) and source[:8].lower().startswith(("http://", "https://"))


def _valid_text(text: str) -> str:
    """A file name's bytes that are not UTF-8 (kept by Python as lone surrogates) as U+FFFD: the
    name is printed and stored in the catalog's history, which both need valid text."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that does not stand for a byte
        return text.encode("utf-8", "replace").decode("utf-8")


def redact(source: object) -> str:
    """`source` as it may be shown or stored: a URL without user, password, query or fragment
    (`https://user:pw@host/f.csv?token=x` → `https://host/f.csv?…`)."""
    text = _valid_text(str(source))
    if not is_url(text):
        return text
    try:
        parts = urllib.parse.urlsplit(text)
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        netloc = host + (f":{parts.port}" if parts.port else "")
    except ValueError:
        return "(a URL that cannot be read)"
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, "", "")) + ("?…" if parts.query else "")


def read_source(source: str | Path, *, deadline_s: float = DOWNLOAD_DEADLINE_S,
                clock: Callable[[], float] = time.monotonic) -> tuple[bytes, str]:
    """Raw bytes and the file name (for the date rule)."""
    if is_url(source):
        parts = check_url(str(source))
        return download(str(source), deadline_s=deadline_s, clock=clock), PurePosixPath(parts.path).name
    return read_file(Path(source)), Path(source).name


def check_url(url: str) -> urllib.parse.SplitResult:
    """The URL's parts, or EpochFormatError in one line when it cannot name a server (a [ never
    closed, a port out of range, no host): urllib would raise from deep inside."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number from 0 to 65535
    except ValueError as exc:
        hint = ": an IPv6 address goes in [ ]" if "IPv6" in str(exc) else ""
        raise EpochFormatError(None, f"the URL cannot be read ({exc}{hint})") from None
    if not parts.hostname:
        raise EpochFormatError(None, f"the URL {redact(url)} names no server")
    return parts


def read_file(path: Path) -> bytes:
    """A regular file's bytes, at most MAX_BYTES; /dev/zero, a FIFO or a device is refused unread
    (opened without blocking, checked with fstat, read with a cap whatever its size claims)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise EpochFormatError(None, f"could not read {path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise EpochFormatError(None, f"{path} is not a regular file (a device, a FIFO?): nothing read")
        try:
            data = fh.read(MAX_BYTES + 1)
        except OSError as exc:
            raise EpochFormatError(None, f"could not read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise EpochFormatError(None, f"{path} is larger than {MAX_BYTES // 2**20} MB")
    return data


def download(url: str, *, deadline_s: float = DOWNLOAD_DEADLINE_S,
             clock: Callable[[], float] = time.monotonic) -> bytes:
    """The whole body of `url`, checked complete (see the module's docstring), within `deadline_s`."""
    shown = redact(url)
    check_url(url)
    start = clock()
    request = _request(url)
    try:
        with urllib.request.urlopen(request, timeout=min(IDLE_TIMEOUT_S, deadline_s)) as response:  # noqa: S310
            encoding = (response.headers.get("Content-Encoding") or "identity").strip().lower()
            if encoding != "identity":
                raise EpochFormatError(None, f"could not download {shown}: the server sent it compressed "
                                             f"({encoding}); download it and import the file")
            length = _content_length(response, shown)
            chunks, size = [], 0
            while chunk := response.read1(CHUNK):
                size += len(chunk)
                if size > MAX_BYTES:
                    raise EpochFormatError(None, f"could not download {shown}: larger than {MAX_BYTES // 2**20} MB")
                if clock() - start > deadline_s:
                    raise EpochFormatError(None, f"could not download {shown}: not complete after "
                                                 f"{deadline_s:g} s (nothing imported)")
                chunks.append(chunk)
    except EpochFormatError:
        raise
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or exc.__class__.__name__
        if isinstance(exc, http.client.IncompleteRead):
            reason = "the connection closed before the end of the file"
        raise EpochFormatError(None, f"could not download {shown}: {redact(reason)}") from None
    if length is not None and size != length:
        raise EpochFormatError(None, f"could not download {shown}: cut short ({size:,} of {length:,} bytes "
                                     "announced); nothing imported")
    return b"".join(chunks)


def _request(url: str) -> urllib.request.Request:
    """A GET for `url`; a `user:password@` in it becomes HTTP Basic authentication (urllib would
    otherwise take it for part of the host name)."""
    parts = urllib.parse.urlsplit(url)
    if parts.username is None and parts.password is None:
        return urllib.request.Request(url, headers={"Accept-Encoding": "identity"})
    user = urllib.parse.unquote(parts.username or "")
    password = urllib.parse.unquote(parts.password or "")
    host = parts.hostname or ""
    netloc = (f"[{host}]" if ":" in host else host) + (f":{parts.port}" if parts.port else "")
    request = urllib.request.Request(urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, "")),
                                     headers={"Accept-Encoding": "identity"})
    # Unredirected: a redirect to another server does not carry the password along.
    request.add_unredirected_header(
        "Authorization", "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode("ascii"))
    return request


def _content_length(response: http.client.HTTPResponse, shown: str) -> int | None:
    """The announced length; None for a chunked body (its end is marked); refused when neither."""
    if response.headers.get("Transfer-Encoding", "").strip().lower() == "chunked":
        return None
    raw = response.headers.get("Content-Length")
    try:
        length = int(raw) if raw is not None else -1
    except ValueError:
        length = -1
    if length < 0:
        raise EpochFormatError(None, f"could not download {shown}: the server did not say how long the file is "
                                     "(no valid Content-Length), so a cut-short download could not be noticed; "
                                     "download it and import the file")
    if length > MAX_BYTES:
        raise EpochFormatError(None, f"could not download {shown}: larger than {MAX_BYTES // 2**20} MB")
    return length


def unzip(raw: bytes) -> tuple[bytes, str, date | None]:
    """The CSV inside an Epoch zip (all_ai_models.csv if present, else the only CSV), its name and date."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise EpochFormatError(None, f"not a readable zip file ({exc})") from None
    with archive:
        entry = _csv_entry(archive)
        data = _extract(archive, entry)
        y, m, d = entry.date_time[:3]
        try:
            when = date(y, m, d)
        except ValueError:
            raise EpochFormatError(None, f"{entry.filename} in the zip has an impossible date ({y:04}-{m:02}-{d:02}): "
                                         "a damaged zip; nothing imported") from None
        return data, PurePosixPath(entry.filename).name, when


def _csv_entry(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    csvs = [i for i in archive.infolist()
            if not i.is_dir() and i.filename.lower().endswith(".csv") and not i.filename.startswith("__MACOSX/")]
    preferred = [i for i in csvs if PurePosixPath(i.filename).name.lower() == PREFERRED_ZIP_ENTRY]
    if preferred:
        return preferred[0]
    if len(csvs) == 1:
        return csvs[0]
    if not csvs:
        raise EpochFormatError(None, "the zip file contains no CSV file")
    names = ", ".join(i.filename for i in csvs)
    raise EpochFormatError(None, f"the zip holds several CSV files and no {PREFERRED_ZIP_ENTRY}: {names}")


def _extract(archive: zipfile.ZipFile, entry: zipfile.ZipInfo) -> bytes:
    """The entry's bytes, counted as they are decompressed (its header may lie about its size);
    zipfile checks the CRC-32 when the stream ends."""
    too_big = EpochFormatError(None, f"{entry.filename} in the zip is larger than {MAX_BYTES // 2**20} MB")
    if entry.file_size > MAX_BYTES:
        raise too_big
    chunks, size = [], 0
    try:
        with archive.open(entry) as stream:
            while chunk := stream.read(CHUNK):
                size += len(chunk)
                if size > MAX_BYTES:
                    raise too_big
                chunks.append(chunk)
    except EpochFormatError:
        raise
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError, EOFError, NotImplementedError) as exc:
        raise EpochFormatError(None, f"could not extract {entry.filename} from the zip ({exc})") from None
    return b"".join(chunks)


def check_ends_whole(text: str) -> None:
    """The last record ends with a line break, as in every Epoch export: else it may be cut short."""
    if text and not text.endswith(("\n", "\r")):
        raise EpochFormatError(text.count("\n") + 1, "the file does not end with a line break: its last row "
                                                      "may be cut short (an interrupted download or copy); "
                                                      "nothing imported")
