"""Read Epoch AI's "Data on AI Models" CSV into validated model records (merged by catalog.epoch_merge).

Three published layouts are recognised (the columns were renamed over time):

- "2026": ``Model``, ``Task``, ``Country (of organization)``, ``Training dataset size (total)``…
- "2025-04": ``Model``, no ``Task``, ``Country (from Organization)``, ``… (datapoints)``
- "2024-10-notable": ``System`` instead of ``Model``, no ``Last modified``.

Reading is all-or-nothing: one malformed row raises `EpochFormatError` naming its line, so a
bad download can never half-replace the catalog. Everything here is standard library + msgspec;
`catalog/` must stay importable without discord.

This module builds the records from the rows; the pieces it stands on each have their own module:
the bytes (catalog.epoch_source), the CSV text and header (catalog.epoch_csv), one cell
(catalog.epoch_cells), the active parameters in a note (catalog.epoch_active). Merging the records
with the built-in ones is catalog.epoch_merge.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import msgspec

from estimator.model import MAX_PARAMS_B, MIN_PARAMS_B

from .epoch_active import parse_active_params
from .epoch_cells import (
    clean_name,
    dedupe_joined,
    first_link,
    parse_data_size,
    parse_date,
    parse_int,
    parse_list,
    parse_number,
)
from .epoch_csv import check_header, date_from_name, decode, layout, read_rows
from .epoch_source import DOWNLOAD_DEADLINE_S, EpochFormatError, check_ends_whole, read_source, redact, unzip
from .records import ModelRecord, Provenance, RecordError, checked, where

__all__ = ["EpochFormatError", "EpochSnapshot", "read_epoch", "epoch_provenance", "DATASET"]

# Import limits (README, "Guarantees"). Epoch's 2026 snapshot is 6 MB and 3,237 rows: the limits
# leave room to grow while keeping an import's memory and time bounded.
MAX_ROWS = 100_000  # refuse a file with more data rows than this
DATASET = "Epoch AI Data on AI Models"


class EpochSnapshot(msgspec.Struct):
    """One Epoch file, read whole: its identity (source, date, hash, layout) and its records."""

    source: str  # path or URL as given
    # Rule (first that applies): the `snapshot_date` argument; a date in the file name, or in
    # the CSV's name inside a zip ("…2025-04…" → 2025-04-01, "…2026-03-30…"); the zip entry's
    # timestamp; the newest "Last modified" among the rows; else None.
    snapshot_date: date | None
    sha256: str  # of the raw bytes read (the zip itself when a zip was given)
    rows: int  # non-blank data rows in the file, before skipping and de-duplication
    columns: str  # "2026", "2025-04" or "2024-10-notable"
    records: list[ModelRecord]
    skipped_nameless: int = 0  # rows without a model name
    duplicates: list[str] = []  # one line per duplicated name: which lines, which one was kept
    skipped_out_of_bounds: list[str] = []  # rows whose size is outside the estimator's bounds, by line


# --------------------------------------------------------------------------- column layouts

# ModelRecord field → the column names it can come from, newest layout first.
_TEXT_COLUMNS: dict[str, tuple[str, ...]] = {
    "organization": ("Organization",),
    "organization_type": ("Organization categorization",),
    "country": ("Country (of organization)", "Country (from Organization)"),
    "base_model": ("Base model",),
    "parameter_notes": ("Parameters notes",),
    "training_compute_method": ("Training compute estimation method",),
    "training_hardware": ("Training hardware",),
    "weights": ("Model accessibility",),
    "training_code": ("Training code accessibility",),
    "huggingface": ("Hugging Face developer id",),
    "confidence": ("Confidence",),
    "reference": ("Reference",),
}
_ROLLUP_FIELDS = ("country", "organization_type")  # comma-joined, may repeat per organization
_LIST_COLUMNS = {"domain": ("Domain",), "tasks": ("Task",)}
_FLOAT_COLUMNS = {
    "training_compute_flop": ("Training compute (FLOP)",),
    "finetune_compute_flop": ("Finetune compute (FLOP)",),
}
_DATA_SIZE_COLUMNS = ("Training dataset size (total)", "Training dataset size (datapoints)")


def _out_of_bounds(values: dict[str, Any], line: int) -> str | None:
    """Why a row is outside the bounds a user's --params has, or None. Such a row would make every
    answer that rates the catalog fail; real snapshots hold one (a 174-trillion-parameter model in
    the 2025-04 file), so the row is skipped and reported rather than the whole import refused."""
    for field, label in (("params_b", "Parameters"), ("active_params_b", "active parameters")):
        value = values.get(field)
        if value is not None and not MIN_PARAMS_B <= value <= MAX_PARAMS_B:
            return (f"line {line}: {values['name'] or 'unnamed'}: {label} {value * 1e9:g} is outside "
                    f"{MIN_PARAMS_B * 1e9:g} to {MAX_PARAMS_B * 1e9:g} (skipped)")
    return None


class _Row:
    """One CSV record addressed by column name, with the parsers bound to its line number."""

    def __init__(self, index: dict[str, int], fields: list[str], line: int) -> None:
        self.index, self.fields, self.line = index, fields, line

    def cell(self, *columns: str) -> tuple[str, str]:
        """(column, stripped value) of the first listed column present in this layout."""
        for column in columns:
            i = self.index.get(column)
            if i is not None:
                # CRLF files keep "\r\n" inside quoted cells; store plain "\n" line breaks.
                return column, self.fields[i].replace("\r\n", "\n").replace("\r", "\n").strip()
        return columns[0], ""

    def text(self, *columns: str) -> str | None:
        return self.cell(*columns)[1] or None

    def parsed(self, parser: Callable[[str, str, int], Any], *columns: str) -> Any:
        column, value = self.cell(*columns)
        return parser(value, column, self.line)


def _fields(row: _Row, name: str) -> dict[str, Any]:
    """ModelRecord fields (without provenance) for one row."""
    params = row.parsed(parse_number, "Parameters")
    params_b = params / 1e9 if params else None
    notes = row.text("Parameters notes")
    out: dict[str, Any] = {
        "name": name,
        "publication_date": row.parsed(parse_date, "Publication date"),
        "params_b": params_b,
        "active_params_b": parse_active_params(notes, params_b),
        "training_data_size": row.parsed(parse_data_size, *_DATA_SIZE_COLUMNS),
        "citations": row.parsed(parse_int, "Citations"),
        "link": first_link(row.cell("Link")[1]),
        "last_updated": row.parsed(parse_date, "Last modified"),
    }
    out.update({f: row.text(*cols) for f, cols in _TEXT_COLUMNS.items()})
    for field in _ROLLUP_FIELDS:
        out[field] = dedupe_joined(out[field])
    out.update({f: parse_list(row.cell(*cols)[1]) for f, cols in _LIST_COLUMNS.items()})
    out.update({f: row.parsed(parse_number, *cols) for f, cols in _FLOAT_COLUMNS.items()})
    return out


def epoch_provenance(snapshot_date: date | None, sha256: str) -> Provenance:
    """What a record's facts cite: the dataset, the snapshot's date and the start of its hash."""
    label = snapshot_date.isoformat() if snapshot_date else "undated"
    return Provenance(source="epoch", detail=f"{DATASET}, snapshot {label} (sha256 {sha256[:12]})")


def read_epoch(source: str | Path, *, snapshot_date: date | None = None,
               deadline_s: float = DOWNLOAD_DEADLINE_S) -> EpochSnapshot:
    """Read an Epoch CSV (file, .zip holding it, or http(s) URL) into validated records.

    Raises EpochFormatError for anything malformed, cut short or too large (catalog.epoch_source);
    nothing partial is ever returned. `deadline_s` bounds a whole download.
    """
    raw, file_name = read_source(source, deadline_s=deadline_s)
    sha256 = hashlib.sha256(raw).hexdigest()
    text, entry_name, zip_date = _csv_text(raw)
    del raw  # the decoded text is all that is needed from here on
    header_line, header, raw_rows = read_rows(text)
    name_column = check_header(header, header_line)
    kept = _keep_rows(raw_rows, header, name_column)
    if snapshot_date is None:
        snapshot_date = date_from_name(file_name) or date_from_name(entry_name) or zip_date or kept.newest()
    records = _records(kept, {"epoch": epoch_provenance(snapshot_date, sha256)})
    return EpochSnapshot(
        source=redact(source), snapshot_date=snapshot_date, sha256=sha256, rows=kept.rows,
        columns=layout(header), records=records, skipped_nameless=kept.nameless, duplicates=kept.duplicates(),
        skipped_out_of_bounds=kept.out_of_bounds,
    )


def _csv_text(raw: bytes) -> tuple[str, str, date | None]:
    """The CSV's text, checked to end whole, with the zip entry's name and date when it came zipped.
    Its own step so the raw bytes (and the unzipped copy) are let go before the rows are read."""
    zip_date: date | None = None
    entry_name = ""
    data = raw
    if raw[:4] == b"PK\x03\x04":  # sniff, not the extension: URLs often hide it
        data, entry_name, zip_date = unzip(raw)
    text = decode(data)
    check_ends_whole(text)
    return text, entry_name, zip_date


class _Kept:
    """What one pass over the rows keeps: one row per model name (the newest), and what was skipped
    or duplicated, for the import's report. A class so the pass and the report read the same tallies."""

    def __init__(self) -> None:
        self.by_name: dict[str, tuple[int, dict[str, Any]]] = {}  # name → (start line, fields), first-seen order
        self.seen_lines: dict[str, list[int]] = {}
        self.nameless = 0
        self.rows = 0
        self.out_of_bounds: list[str] = []

    def duplicates(self) -> list[str]:
        """One line per duplicated name: which lines, which one was kept."""
        return [
            f"{name}: lines {', '.join(map(str, lines))}; kept line {self.by_name[name][0]}"
            f" (last modified {self.by_name[name][1]['last_updated'] or 'unknown'})"
            for name, lines in self.seen_lines.items() if len(lines) > 1
        ]

    def newest(self) -> date | None:
        """The newest "Last modified" among the kept rows: the snapshot's date when nothing else says it."""
        return max((v["last_updated"] for _, v in self.by_name.values() if v["last_updated"]), default=None)


def _keep_rows(raw_rows: Iterator[tuple[int, list[str]]], header: list[str], name_column: str) -> _Kept:
    """Parse every row (a malformed one is an error even when it would be skipped), skip the nameless
    and out-of-bounds ones, keep the newest row per name; refuse more than MAX_ROWS or no rows."""
    index = {column: i for i, column in enumerate(header) if column}
    kept = _Kept()
    for line, fields in raw_rows:
        kept.rows += 1
        if kept.rows > MAX_ROWS:
            raise EpochFormatError(line, f"more than {MAX_ROWS:,} data rows: not an Epoch AI snapshot (limit)")
        row = _Row(index, fields, line)
        name = clean_name(row.cell(name_column)[1])
        values = _fields(row, name)  # parsed even when skipped: a malformed row is an error regardless
        if (why := _out_of_bounds(values, line)) is not None:
            kept.out_of_bounds.append(why)
            continue
        if not name:
            kept.nameless += 1
            continue
        kept.seen_lines.setdefault(name, []).append(line)
        previous = kept.by_name.get(name)
        if previous is None or _newer(values, previous[1]):
            kept.by_name[name] = (line, values)
    if not kept.rows:
        raise EpochFormatError(None, "the file has a header but no data rows")
    return kept


def _records(kept: _Kept, provenance: dict[str, Provenance]) -> list[ModelRecord]:
    """The kept rows as validated records; the first that fails validation refuses the file, by line."""
    records: list[ModelRecord] = []
    for line, values in kept.by_name.values():
        try:
            records.append(checked(ModelRecord, {**values, "provenance": provenance}))
        except RecordError as exc:
            field, problem = where(exc)
            raise EpochFormatError(line, f"{field or 'record'}: {problem}") from None
    return records


def _newer(candidate: dict[str, Any], current: dict[str, Any]) -> bool:
    """Strictly newer "Last modified" wins; on a tie (or no dates) the earlier row stays."""
    new, old = candidate["last_updated"], current["last_updated"]
    return new is not None and (old is None or new > old)

