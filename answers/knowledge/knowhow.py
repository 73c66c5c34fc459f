"""The know-how table (knowhow.json): short practical facts with the hardware, engine or model each applies to and
its sources, checked at load. The words that call each entry are in answers/lexicon/knowhow.toml; its sentence is
in answers/templates/_knowhow.md.j2, through gettext."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from importlib import resources

from msgspec import Struct


class KnowhowDataError(ValueError):
    """knowhow.json is malformed; the message says which entry and what."""


class Entry(Struct, frozen=True):
    id: str
    applies: str
    facts: str
    source: str  # one or more addresses, each with what it says
    checked: str  # the day the sources were read (ISO date)
    # a side-note kind or a fact key that, when the answer has it, already says this entry (not said twice)
    covered_by: str = ""
    # an engine side note (side_notes.json kind) this entry says better, left out when the entry is asked: cards of
    # two makers are not "one CUDA build for both generations"
    replaces: str = ""
    # the question itself is this problem ("lm studio ignores my radeon", "ollama from another pc"): the line is said
    # before whatever figures the message also got, not after them
    leads: bool = False


def parse(data: object) -> tuple[Entry, ...]:
    """The entries, in the file's order; every one with an id, what it applies to, its facts, a source with an
    https address and an ISO check date; no id twice."""
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise KnowhowDataError("knowhow.json: 'entries' must be a non-empty list")
    out: list[Entry] = []
    for i, e in enumerate(entries):
        fields = ("id", "applies", "facts", "source", "checked")
        if not isinstance(e, dict) or not all(isinstance(e.get(k), str) and e[k].strip() for k in fields):
            raise KnowhowDataError(f"knowhow.json: entries[{i}] needs {', '.join(fields)}")
        if "https://" not in e["source"]:
            raise KnowhowDataError(f"knowhow.json: {e['id']}: the source needs an https address")
        try:
            dt.date.fromisoformat(e["checked"])
        except ValueError as exc:
            raise KnowhowDataError(f"knowhow.json: {e['id']}: 'checked' is no ISO date") from exc
        if any(x.id == e["id"] for x in out):
            raise KnowhowDataError(f"knowhow.json: {e['id']} listed twice")
        optional = {k: e.get(k, "") for k in ("covered_by", "replaces")}
        if not all(isinstance(v, str) for v in optional.values()):
            raise KnowhowDataError(f"knowhow.json: {e['id']}: 'covered_by' and 'replaces' must be strings")
        if not isinstance(e.get("leads", False), bool):
            raise KnowhowDataError(f"knowhow.json: {e['id']}: 'leads' must be true or false")
        out.append(Entry(**{k: e[k] for k in fields}, **optional, leads=e.get("leads", False)))
    return tuple(out)


@cache
def entries() -> tuple[Entry, ...]:
    return parse(json.loads((resources.files("answers.knowledge") / "knowhow.json").read_text("utf-8")))


@cache
def ids() -> tuple[str, ...]:
    return tuple(e.id for e in entries())


def entry(key: str) -> Entry:
    return next(e for e in entries() if e.id == key)


def replaced_notes(ids_asked: tuple[str, ...]) -> frozenset[str]:
    """The side-note kinds the know-how entries `ids_asked` say better (their `replaces`), left out of the answer."""
    known = set(ids())
    return frozenset(entry(k).replaces for k in ids_asked if k in known) - {""}
