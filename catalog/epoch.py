"""Import Epoch AI's "Data on AI Models" CSV and merge it with the built-in model records.

Three published layouts are recognised (the columns were renamed over time):

- "2026": ``Model``, ``Task``, ``Country (of organization)``, ``Training dataset size (total)``…
- "2025-04": ``Model``, no ``Task``, ``Country (from Organization)``, ``… (datapoints)``
- "2024-10-notable": ``System`` instead of ``Model``, no ``Last modified``.

Reading is all-or-nothing: one malformed row raises `EpochFormatError` naming its line, so a
bad download can never half-replace the catalog. Everything here is standard library + pydantic;
`catalog/` must stay importable without discord.
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from estimator.model import MAX_PARAMS_B, MIN_PARAMS_B

from .epoch_source import DOWNLOAD_DEADLINE_S, EpochFormatError, check_ends_whole, read_source, redact, unzip
from .records import ModelRecord, Provenance
from .resolve import normalize  # the resolver's key: merge and lookup agree on what "the same name" means

__all__ = [
    "EpochFormatError", "EpochSnapshot", "MergeReport", "read_epoch", "merge_models",
    "parse_active_params", "name_key",
]

# Import limits (README, "Guarantees"). Epoch's 2026 snapshot is 6 MB and 3,237 rows: the limits
# leave room to grow while keeping an import's memory and time bounded.
MAX_ROWS = 100_000  # refuse a file with more data rows than this
REQUIRED_COLUMNS = ("Parameters",)  # besides the name column ("Model" or "System")
_DATASET = "Epoch AI Data on AI Models"


class EpochSnapshot(BaseModel):
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


class MergeReport(BaseModel):
    """What a merge did, by model name, so a refresh can be reviewed before it is committed."""

    added: list[str]  # Epoch-only names, in file order
    updated: list[str]  # built-ins that gained facts
    unchanged: list[str]  # built-ins Epoch had nothing new for (matched or not)
    matched: dict[str, str] = {}  # built-in name → the Epoch name whose facts were used
    shadowed: list[str] = []  # Epoch names equal to a built-in's name/alias that another row filled


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
_NAME_COLUMNS = ("Model", "System")


def _layout(header: Sequence[str]) -> str:
    """Which published layout the header looks like (unknown extra/missing columns are tolerated)."""
    if "System" in header and "Model" not in header:
        return "2024-10-notable"
    if "Task" in header or "Country (of organization)" in header:
        return "2026"
    return "2025-04"


# --------------------------------------------------------------------------- cell parsers

_DATE_RE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[ T].*)?$")


def _parse_date(value: str, column: str, line: int) -> date | None:
    """ISO date, tolerating a bare year ("2023" → 2023-01-01), a month ("2023-04" → 04-01) and a
    trailing time ("2025-11-28 10:00:00+00:00" → the date part)."""
    if not value:
        return None
    m = _DATE_RE.match(value)
    if not m:
        raise EpochFormatError(line, f"{column} {value!r} is not a date (expected YYYY-MM-DD)")
    year, month, day = int(m.group(1)), int(m.group(2) or 1), int(m.group(3) or 1)
    try:
        return date(year, month, day)
    except ValueError as exc:
        raise EpochFormatError(line, f"{column} {value!r} is not a valid date ({exc})") from None


def _parse_float(value: str, column: str, line: int) -> float | None:
    """A non-negative finite number, or None for an empty cell."""
    if not value:
        return None
    try:
        number = float(value)
    except ValueError:
        raise EpochFormatError(line, f"{column} {value!r} is not a number") from None
    if not math.isfinite(number):
        raise EpochFormatError(line, f"{column} {value!r} is not a finite number")
    if number < 0:
        raise EpochFormatError(line, f"{column} {value!r} is negative")
    return number


def _parse_number(value: str, column: str, line: int) -> float | None:
    """Like _parse_float, but 0 means "none recorded" in Epoch's sheet (a finetune compute of 0,
    a dataset size of 0), and the record fields are strictly positive, so it maps to None."""
    return _parse_float(value, column, line) or None


_THOUSANDS_RE = re.compile(r"^\d{1,3}(?:,\d{3})+(?:\.\d+)?$")


def _parse_data_size(value: str, column: str, line: int) -> float | None:
    """Dataset size. Epoch's "(total)" column is a roll-up that sometimes lists one value per
    linked dataset ("4400000000000,4400000000000"); we take the largest, since the total is at
    least that and repeated entries are the common case."""
    if "," in value and not _THOUSANDS_RE.match(value):
        parts = [_parse_number(p.strip(), column, line) for p in value.split(",") if p.strip()]
        known = [p for p in parts if p is not None]
        return max(known) if known else None
    return _parse_number(value.replace(",", ""), column, line)


def _parse_int(value: str, column: str, line: int) -> int | None:
    """A whole number, tolerating the float spelling Epoch exports ("4327.0")."""
    number = _parse_float(value, column, line)
    if number is None:
        return None
    if number != int(number):
        raise EpochFormatError(line, f"{column} {value!r} is not a whole number")
    return int(number)


def _parse_list(value: str) -> list[str]:
    out: list[str] = []
    for item in value.split(","):
        item = item.strip()
        if item and item not in out:
            out.append(item)
    return out


def _dedupe_joined(value: str | None) -> str | None:
    """Epoch's roll-up columns repeat a value once per linked organization ("China,China")."""
    if not value:
        return None
    return ",".join(_parse_list(value)) or None


def _first_link(value: str) -> str | None:
    """Epoch sometimes stacks several links in one cell, one per line; the first URL is the primary."""
    for token in value.split():
        if token.startswith(("http://", "https://")):
            return token
    lines = [line.strip() for line in value.splitlines() if line.strip()]
    return lines[0] if lines else None


def _clean_name(value: str) -> str:
    """Names carry stray newlines, tabs and NBSPs in the sheet; a line break after a hyphen is a
    wrapped word ("Cosmos-1.0-\\nDiffusion"), so it joins without a space."""
    value = re.sub(r"-[ \t]*\r?\n\s*", "-", value)
    return " ".join(value.split())


# --------------------------------------------------------------------------- active parameters

_UNIT_B = {"t": 1000.0, "trillion": 1000.0, "b": 1.0, "bn": 1.0, "billion": 1.0, "m": 0.001, "million": 0.001}
_QTY = r"(\d+(?:\.\d+)?)\s*(trillion|billion|million|bn|[tbm])\b"
_ACTIVE_WORD = r"(?:active|activated|activation|activations)"
_PARAMS = r"(?:parameters?|params?)"
# "12B active", "37B activated", "21B parameters activated", "1.4B are activated", "13B - activated"
_QTY_THEN_ACTIVE = re.compile(
    _QTY + r"\s*(?:-\s*)?(?:" + _PARAMS + r"\s+)?(?:(?:are|is)\s+)?(?:only\s+)?(" + _ACTIVE_WORD + r")\b", re.I
)
# "Active parameters: 10B", "Activated Parameters per Token: 45.9B", "active parameters - 47B",
# "activated parameters is 4.2 billion", "activates 14 billion parameters"
_ACTIVE_THEN_QTY = re.compile(
    r"(?:(" + _ACTIVE_WORD + r")\s+" + _PARAMS + r"(?:\s+per\s+token)?\s*(?:is|are|of|:|-|–)?|(activates))"
    + r"\s*(?:only\s+)?" + _QTY,
    re.I,
)
# Totals with a unit: "671B total", "1T total", "a total of 30.5B", "Total parameters: 100B".
_TOTAL = re.compile(
    _QTY + r"\s*(?:-\s*)?(?:" + _PARAMS + r"\s+)?(?:in\s+)?total\b"
    + r"|total(?:\s+of)?(?:\s+" + _PARAMS + r")?(?:\s+scale of the model is)?\s*[:\-–]?\s*" + _QTY,
    re.I,
)
# A note that hedges ("~3B active", "assumed", "rumored") is not a clear statement.
_HEDGE = re.compile(r"~|∼|\baround\b|\babout\b|approx|\broughly\b|assum|rumou?r|suspect|estimat|guess|\blikely\b|"
                    r"probabl|effectively|averag|\bup to\b", re.I)
_TOTAL_TOLERANCE = 0.10  # a stated total further than this from Parameters means the note is about something else


def _billions(number: str, unit: str) -> float:
    return float(number) * _UNIT_B[unit.lower()]


def parse_active_params(notes: str | None, total_b: float | None) -> float | None:
    """Active (per-token) parameters in billions when the notes state them plainly, else None.

    Accepted only when: exactly one active figure is stated, with a unit; nothing is hedged;
    it is below the total (`total_b`, Epoch's Parameters); and any total stated in the note
    agrees with Parameters within 10%.
    """
    if not notes or total_b is None or _HEDGE.search(notes):
        return None
    values: set[float] = set()
    claimed: list[int] = []  # where an "active" word was already used by an active-then-number match
    for m in _ACTIVE_THEN_QTY.finditer(notes):
        claimed.append(m.start())
        values.add(_billions(m.group(3), m.group(4)))
    for m in _QTY_THEN_ACTIVE.finditer(notes):
        # "Total parameters 1T Activated Parameters 32B": the "Activated" belongs to the 32B.
        if m.start(3) not in claimed:
            values.add(_billions(m.group(1), m.group(2)))
    if len(values) != 1:
        return None
    active = values.pop()
    if not 0 < active < total_b:
        return None
    totals = [_billions(m.group(1) or m.group(3), m.group(2) or m.group(4)) for m in _TOTAL.finditer(notes)]
    if totals and not any(abs(t - total_b) <= _TOTAL_TOLERANCE * total_b for t in totals):
        return None
    return round(active, 6)


# --------------------------------------------------------------------------- reading the bytes


def _decode(raw: bytes) -> str:
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


def _date_from_name(name: str) -> date | None:
    m = _FILE_DATE_RE.search(name)
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1))
    except ValueError:
        return None


# --------------------------------------------------------------------------- rows → records


def _rows(text: str) -> tuple[int, list[str], Iterator[tuple[int, list[str]]]]:
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


def _check_header(header: list[str], line: int) -> str:
    """The name column; refuses a header that would silently mis-assign cells (a duplicated
    column: csv would read the second "Model" as the name) or that lacks a required column."""
    name_column = next((c for c in _NAME_COLUMNS if c in header), None)
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
    params = row.parsed(_parse_number, "Parameters")
    params_b = params / 1e9 if params else None
    notes = row.text("Parameters notes")
    out: dict[str, Any] = {
        "name": name,
        "publication_date": row.parsed(_parse_date, "Publication date"),
        "params_b": params_b,
        "active_params_b": parse_active_params(notes, params_b),
        "training_data_size": row.parsed(_parse_data_size, *_DATA_SIZE_COLUMNS),
        "citations": row.parsed(_parse_int, "Citations"),
        "link": _first_link(row.cell("Link")[1]),
        "last_updated": row.parsed(_parse_date, "Last modified"),
    }
    out.update({f: row.text(*cols) for f, cols in _TEXT_COLUMNS.items()})
    for field in _ROLLUP_FIELDS:
        out[field] = _dedupe_joined(out[field])
    out.update({f: _parse_list(row.cell(*cols)[1]) for f, cols in _LIST_COLUMNS.items()})
    out.update({f: row.parsed(_parse_number, *cols) for f, cols in _FLOAT_COLUMNS.items()})
    return out


def _provenance(snapshot_date: date | None, sha256: str) -> Provenance:
    label = snapshot_date.isoformat() if snapshot_date else "undated"
    return Provenance(source="epoch", detail=f"{_DATASET}, snapshot {label} (sha256 {sha256[:12]})")


def read_epoch(source: str | Path, *, snapshot_date: date | None = None,
               deadline_s: float = DOWNLOAD_DEADLINE_S) -> EpochSnapshot:
    """Read an Epoch CSV (file, .zip holding it, or http(s) URL) into validated records.

    Raises EpochFormatError for anything malformed, cut short or too large (catalog.epoch_source);
    nothing partial is ever returned. `deadline_s` bounds a whole download.
    """
    raw, file_name = read_source(source, deadline_s=deadline_s)
    sha256 = hashlib.sha256(raw).hexdigest()
    zip_date: date | None = None
    entry_name = ""
    data = raw
    if raw[:4] == b"PK\x03\x04":  # sniff, not the extension: URLs often hide it
        data, entry_name, zip_date = unzip(raw)
    text = _decode(data)
    check_ends_whole(text)
    header_line, header, raw_rows = _rows(text)
    del data, raw  # the decoded text is all that is needed from here on
    name_column = _check_header(header, header_line)

    index = {column: i for i, column in enumerate(header) if column}
    kept: dict[str, tuple[int, dict[str, Any]]] = {}  # name → (start line, fields), first-seen order
    seen_lines: dict[str, list[int]] = {}
    nameless = 0
    rows = 0
    out_of_bounds: list[str] = []
    for line, fields in raw_rows:
        rows += 1
        if rows > MAX_ROWS:
            raise EpochFormatError(line, f"more than {MAX_ROWS:,} data rows: not an Epoch AI snapshot (limit)")
        row = _Row(index, fields, line)
        name = _clean_name(row.cell(name_column)[1])
        values = _fields(row, name)  # parsed even when skipped: a malformed row is an error regardless
        if (why := _out_of_bounds(values, line)) is not None:
            out_of_bounds.append(why)
            continue
        if not name:
            nameless += 1
            continue
        seen_lines.setdefault(name, []).append(line)
        previous = kept.get(name)
        if previous is None or _newer(values, previous[1]):
            kept[name] = (line, values)
    if not rows:
        raise EpochFormatError(None, "the file has a header but no data rows")

    duplicates = [
        f"{name}: lines {', '.join(map(str, lines))}; kept line {kept[name][0]}"
        f" (last modified {kept[name][1]['last_updated'] or 'unknown'})"
        for name, lines in seen_lines.items() if len(lines) > 1
    ]
    if snapshot_date is None:
        snapshot_date = _date_from_name(file_name) or _date_from_name(entry_name) or zip_date or max(
            (v["last_updated"] for _, v in kept.values() if v["last_updated"]), default=None)
    provenance = {"epoch": _provenance(snapshot_date, sha256)}
    records: list[ModelRecord] = []
    for line, values in kept.values():
        try:
            records.append(ModelRecord(**values, provenance=provenance))
        except ValidationError as exc:
            problem = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'record'}: {e['msg']}" for e in exc.errors())
            raise EpochFormatError(line, problem) from None
    return EpochSnapshot(
        source=redact(source), snapshot_date=snapshot_date, sha256=sha256, rows=rows,
        columns=_layout(header), records=records, skipped_nameless=nameless, duplicates=duplicates,
        skipped_out_of_bounds=out_of_bounds,
    )


def _newer(candidate: dict[str, Any], current: dict[str, Any]) -> bool:
    """Strictly newer "Last modified" wins; on a tie (or no dates) the earlier row stays."""
    new, old = candidate["last_updated"], current["last_updated"]
    return new is not None and (old is None or new > old)


# --------------------------------------------------------------------------- merging

_NUMBER_RE = re.compile(r"\d+(?:\.\d+)*")
_PAREN_RE = re.compile(r"\(([^()]*)\)")
_SIZE_ONLY_RE = re.compile(r"^\s*\d+(?:\.\d+)?\s*[bmk]\s*$", re.I)
_SIZE_TOKEN_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*[bm]\b", re.I)
# Words that name a packaging of the same weights, not a different model.
_LOOSE_NOISE = frozenset({"instruct", "chat", "it", "base", "hf", "model"})
_SIZE_TOLERANCE = 0.10  # a size-less name match also needs Parameters within this of ours


def name_key(text: str) -> tuple[str, tuple[str, ...]]:
    """Exact-match key: the resolver's normalized form plus the numbers as written, because the
    normalized form alone makes "OPT-1.3B" and "OPT-13B" (or "Odyssey 12B"/"1.2B") the same."""
    return normalize(text), tuple(_NUMBER_RE.findall(text.replace(",", ".")))


def _loose_tokens(text: str, *, drop_sizes: bool = False) -> tuple[str, ...]:
    """Order-free words, ignoring packaging words and non-size parentheticals:
    "Qwen2.5 Instruct (7B)" ~ "Qwen2.5 7B", "DeepSeek-V2 (MoE-236B)" ~ "DeepSeek-V2"."""
    text = _PAREN_RE.sub(lambda m: f" {m.group(1)} " if _SIZE_ONLY_RE.match(m.group(1)) else " ", text.casefold())
    if drop_sizes:
        text = _SIZE_TOKEN_RE.sub(" ", text)
    return tuple(sorted(w for w in re.findall(r"[^\W_]+", text) if w not in _LOOSE_NOISE))


def _index(builtin: Sequence[ModelRecord]) -> tuple[dict, dict, dict, dict]:
    names: dict[tuple, int] = {}
    aliases: dict[tuple, int] = {}
    loose: dict[tuple, set[int]] = {}
    sizeless: dict[tuple, set[int]] = {}
    for i, record in enumerate(builtin):
        names.setdefault(name_key(record.name), i)
        for text in (record.name, *record.aliases):
            aliases.setdefault(name_key(text), i)
            loose.setdefault(_loose_tokens(text), set()).add(i)
            sizeless.setdefault(_loose_tokens(text, drop_sizes=True), set()).add(i)
    return names, aliases, loose, sizeless


def _match(builtin: Sequence[ModelRecord], epoch: Sequence[ModelRecord]) -> tuple[dict[int, int], set[int]]:
    """built-in index → Epoch index, and the Epoch indexes shadowed by a built-in name/alias.

    Tiers: exact normalized name, then exact alias (a clash with a built-in's key means the
    resolver would answer with the built-in anyway, so a losing row is shadowed, not added),
    then a loose match, taken only when unique on both sides.
    """
    names, aliases, loose, sizeless = _index(builtin)
    chosen: dict[int, tuple[int, int]] = {}  # built-in → (tier, epoch index)
    shadowed: set[int] = set()
    unmatched: list[int] = []
    for j, record in enumerate(epoch):
        key = name_key(record.name)
        hit = (0, names[key]) if key in names else (1, aliases[key]) if key in aliases else None
        if hit is None:
            unmatched.append(j)
            continue
        tier, i = hit
        if i not in chosen or tier < chosen[i][0]:
            if i in chosen:
                shadowed.add(chosen[i][1])
            chosen[i] = (tier, j)
        else:
            shadowed.add(j)

    claims: dict[int, list[int]] = {}
    for j in unmatched:
        record = epoch[j]
        candidates = loose.get(_loose_tokens(record.name), set())
        if not candidates and record.params_b:
            candidates = {i for i in sizeless.get(_loose_tokens(record.name, drop_sizes=True), set())
                          if builtin[i].params_b and
                          abs(builtin[i].params_b - record.params_b) <= _SIZE_TOLERANCE * builtin[i].params_b}
        if len(candidates) == 1:
            claims.setdefault(next(iter(candidates)), []).append(j)
    for i, js in claims.items():
        if i not in chosen and len(js) == 1:
            chosen[i] = (2, js[0])
    return {i: j for i, (_, j) in chosen.items()}, shadowed


# Fields where the curated record is authoritative even when Epoch disagrees.
_BUILTIN_WINS = frozenset({"name", "aliases", "params_b", "active_params_b", "architecture", "license", "provenance"})


def _empty(value: object) -> bool:
    return value is None or value == [] or value == ""


def _fill(base: ModelRecord, extra: ModelRecord, provenance: Provenance) -> ModelRecord | None:
    """The built-in with Epoch's facts filled into its empty fields; None when nothing is new."""
    update: dict[str, Any] = {}
    for field in ModelRecord.model_fields:
        if field not in _BUILTIN_WINS and _empty(getattr(base, field)) and not _empty(getattr(extra, field)):
            update[field] = getattr(extra, field)
    if base.params_b is None and extra.params_b is not None:
        # Total and active are one fact: take Epoch's pair only when we have neither.
        update["params_b"], update["active_params_b"] = extra.params_b, extra.active_params_b
    if not update:
        return None
    data = base.model_dump()
    data.update(update)
    data["provenance"] = {**base.provenance, "epoch": provenance}
    return ModelRecord.model_validate(data)


def merge_models(
    builtin: Sequence[ModelRecord],
    epoch: Sequence[ModelRecord],
    snapshot: EpochSnapshot | None = None,
) -> tuple[list[ModelRecord], MergeReport]:
    """Built-ins (in their order, enriched from Epoch) followed by Epoch-only records (file order)."""
    matches, shadowed = _match(builtin, epoch)
    fallback = _provenance(snapshot.snapshot_date, snapshot.sha256) if snapshot else None
    report = MergeReport(added=[], updated=[], unchanged=[])
    merged: list[ModelRecord] = []
    for i, base in enumerate(builtin):
        j = matches.get(i)
        filled = None
        if j is not None:
            extra = epoch[j]
            report.matched[base.name] = extra.name
            provenance = fallback or extra.provenance.get("epoch") or Provenance(source="epoch", detail=_DATASET)
            filled = _fill(base, extra, provenance)
        merged.append(filled or base)
        (report.updated if filled else report.unchanged).append(base.name)

    used = set(matches.values())
    seen = {r.name for r in builtin}
    for j, record in enumerate(epoch):
        if j in used:
            continue
        if j in shadowed:
            report.shadowed.append(record.name)
            continue
        if not record.name or record.name in seen:
            continue
        seen.add(record.name)
        if "epoch" not in record.provenance:
            provenance = fallback or Provenance(source="epoch", detail=_DATASET)
            record = record.model_copy(update={"provenance": {**record.provenance, "epoch": provenance}})
        merged.append(record)
        report.added.append(record.name)
    return merged, report
