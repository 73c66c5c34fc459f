"""An Epoch AI snapshot's bytes → its header and a stream of rows, with the header checked.

Split from the record building (catalog.epoch) because this part knows only CSV: the text encoding,
quoting, line numbers as an editor shows them, and which published layout a header is. It never
looks inside a cell. Every problem raises `EpochFormatError` naming its line.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from datetime import date

from .epoch_source import EpochFormatError

REQUIRED_COLUMNS = ("Parameters",)  # besides the name column ("Model" or "System")
NAME_COLUMNS = ("Model", "System")


def layout(header: Sequence[str]) -> str:
    """Which published layout the header looks like (unknown extra/missing columns are tolerated)."""
    if "System" in header and "Model" not in header:
        return "2024-10-notable"
    if "Task" in header or "Country (of organization)" in header:
        return "2026"
    return "2025-04"


def decode(raw: bytes) -> str:
    """UTF-8 text (a BOM is dropped); binary junk is reported at the line where it starts."""
    if not raw.strip():
        raise EpochFormatError(None, "the file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise EpochFormatError(line, f"binary or non-UTF-8 data (byte 0x{raw[exc.start]:02x}): "
                                     "not a CSV text file") from None
    nul = raw.find(b"\x00")  # valid UTF-8, but no spreadsheet export contains NUL
    if nul >= 0:
        raise EpochFormatError(raw.count(b"\n", 0, nul) + 1, "binary data (NUL byte): not a CSV text file")
    return text


_FILE_DATE_RE = re.compile(r"(?<!\d)((?:19|20)\d\d)-(\d\d)(?:-(\d\d))?(?!\d)")


def date_from_name(name: str) -> date | None:
    """The snapshot date a file name carries ("…2025-04…" → 2025-04-01), or None."""
    m = _FILE_DATE_RE.search(name)
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1))
    except ValueError:
        return None


def read_rows(text: str) -> tuple[int, list[str], Iterator[tuple[int, list[str]]]]:
    """Header line, header and a lazy stream of (start line, fields) per non-empty record; a start
    line is what an editor shows for the record's first line (csv's line_num counts physical lines).
    Records are streamed, so memory does not grow with the file beyond what is kept per model."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)

    def next_row() -> tuple[int, list[str]] | None:
        while True:
            start = reader.line_num + 1
            try:
                row = next(reader)
            except StopIteration:
                return None
            except csv.Error as exc:
                raise EpochFormatError(start, f"malformed CSV ({exc})") from None
            if row:  # an empty line carries no record
                return start, row

    first = next_row()
    if first is None:
        raise EpochFormatError(None, "the file is empty")
    header_line, header = first[0], [cell.strip() for cell in first[1]]

    def records() -> Iterator[tuple[int, list[str]]]:
        while (item := next_row()) is not None:
            start, row = item
            if len(row) != len(header):
                extra_blank = len(row) > len(header) and not any(c.strip() for c in row[len(header):])
                if not extra_blank:
                    raise EpochFormatError(start, f"{len(row)} fields, but the header has {len(header)}")
                row = row[: len(header)]
            yield start, row

    return header_line, header, records()


def check_header(header: list[str], line: int) -> str:
    """The name column; refuses a header that would silently mis-assign cells (a duplicated
    column: csv would read the second "Model" as the name) or that lacks a required column."""
    name_column = next((c for c in NAME_COLUMNS if c in header), None)
    if name_column is None:
        if header[0].lstrip().lower().startswith(("<!doctype", "<html")):
            raise EpochFormatError(line, "this is an HTML page, not a CSV")
        raise EpochFormatError(line, "no 'Model' or 'System' column: not an Epoch AI models CSV")
    seen: set[str] = set()
    for column in header:
        if column and column in seen:
            raise EpochFormatError(line, f"the column {column!r} appears twice in the header")
        seen.add(column)
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise EpochFormatError(line, f"required column {missing[0]!r} is missing from the header")
    return name_column
