"""The released versions of a model line (model_versions.json, sources there), checked at load: its base, instruct,
thinking and dated checkpoints with their day, context and repository (answers/facts/model_versions.py)."""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache
from importlib import resources

from msgspec import Struct

KINDS = frozenset({"base", "instruct", "hybrid", "thinking", "update"})
NOTES = frozenset({"nosynthetic", "yarn", "effort"})  # the notes the template words


class Version(Struct, frozen=True):
    name: str
    kind: str
    released: str  # YYYY-MM-DD
    context: int
    repo: str
    note: str | None = None


class Line(Struct, frozen=True):
    model: str  # the catalog name
    versions: tuple[Version, ...]
    source: str


class ModelVersionsDataError(ValueError):
    """model_versions.json is malformed; the message says what."""


def parse(data: object) -> tuple[Line, ...]:
    models = data.get("models") if isinstance(data, dict) else None
    if not isinstance(models, list) or not models:
        raise ModelVersionsDataError("model_versions.json: 'models' must be a non-empty list")
    out = []
    for i, m in enumerate(models):
        if not isinstance(m, dict) or not all(m.get(k) for k in ("model", "source", "versions")):
            raise ModelVersionsDataError(f"model_versions.json: models[{i}] needs model, source, versions")
        versions = []
        for v in m["versions"]:
            if not all(v.get(k) for k in ("name", "kind", "released", "context", "repo")) or v["kind"] not in KINDS \
                    or v.get("note", "effort") not in NOTES:
                raise ModelVersionsDataError(f"model_versions.json: models[{i}]: a version lacks a field or has "
                                             f"an unknown kind or note: {v.get('name')}")
            try:
                dt.date.fromisoformat(v["released"])
            except ValueError as exc:
                raise ModelVersionsDataError(f"model_versions.json: {v['name']}: {exc}") from exc
            versions.append(Version(str(v["name"]), str(v["kind"]), str(v["released"]), int(v["context"]),
                                    str(v["repo"]), v.get("note")))
        out.append(Line(str(m["model"]), tuple(versions), str(m["source"])))
    return tuple(out)


@cache
def lines() -> tuple[Line, ...]:
    text = (resources.files("answers.knowledge") / "model_versions.json").read_text("utf-8")
    return parse(json.loads(text))


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z.]", "", name.casefold())


def line_of(model: str) -> Line | None:
    """The versions of a catalog model (its name in any case, spaces and hyphens aside), or None."""
    key = _key(model)
    return next((x for x in lines() if _key(x.model) == key), None)
