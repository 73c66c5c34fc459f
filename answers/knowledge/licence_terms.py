"""What each model licence allows for commercial use (licence_terms.json, sources there), checked at load, and the
terms that apply to one catalog model: "is the modified MIT licence ok for commercial use?" answered with the
conditions, not the licence's name alone."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from msgspec import Struct

VERDICTS = frozenset({"yes", "conditional", "no", "unknown"})
# Each condition kind and the figures it needs (answers/templates/_sheet.md.j2 words each one).
CONDITIONS: dict[str, tuple[str, ...]] = {
    "notice": (), "use_policy": (), "name_display": (), "eu_multimodal": (), "application": (), "hosting": (),
    "mau_licence": ("mau",), "attribution_above": ("mau", "monthly_usd", "shown"),
    "revenue_cap_monthly": ("monthly_usd",), "revenue_cap_annual": ("annual_usd",), "regions_excluded": ("regions",),
}


class LicenceTermsDataError(ValueError):
    """licence_terms.json is malformed; the message says what."""


class Terms(Struct, frozen=True):
    licenses: tuple[str, ...]
    models: tuple[str, ...]
    commercial: str
    conditions: tuple[dict[str, Any], ...]
    url: str
    source: str


def _condition(i: int, c: object) -> dict[str, Any]:
    if not isinstance(c, dict) or c.get("kind") not in CONDITIONS:
        raise LicenceTermsDataError(f"licence_terms.json: terms[{i}]: a condition's kind must be among "
                                    f"{sorted(CONDITIONS)}")
    missing = [k for k in CONDITIONS[c["kind"]] if not c.get(k)]
    if missing:
        raise LicenceTermsDataError(f"licence_terms.json: terms[{i}]: {c['kind']} needs {', '.join(missing)}")
    return dict(c)


def parse(data: object) -> tuple[Terms, ...]:
    terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(terms, list) or not terms:
        raise LicenceTermsDataError("licence_terms.json: 'terms' must be a non-empty list")
    out = []
    for i, t in enumerate(terms):
        if not isinstance(t, dict) or not all(t.get(k) for k in ("licenses", "commercial", "url", "source")):
            raise LicenceTermsDataError(f"licence_terms.json: terms[{i}] needs licenses, commercial, url, source")
        if t["commercial"] not in VERDICTS:
            raise LicenceTermsDataError(f"licence_terms.json: terms[{i}]: commercial must be among {sorted(VERDICTS)}")
        conditions = tuple(_condition(i, c) for c in t.get("conditions", ()))
        if t["commercial"] == "conditional" and not conditions:
            raise LicenceTermsDataError(f"licence_terms.json: terms[{i}]: a conditional licence lists its conditions")
        out.append(Terms(tuple(t["licenses"]), tuple(t.get("models", ())), t["commercial"], conditions,
                         str(t["url"]), str(t["source"])))
    return tuple(out)


@cache
def all_terms() -> tuple[Terms, ...]:
    text = (resources.files("answers.knowledge") / "licence_terms.json").read_text("utf-8")
    return parse(json.loads(text))


def terms_of(model: str, licence: str | None) -> Terms | None:
    """The terms of `licence` as they apply to the catalog model `model`: an entry naming the model first, then
    the licence's general entry; None when the licence is not in the table."""
    if not licence:
        return None
    for t in all_terms():
        if licence in t.licenses and model in t.models:
            return t
    return next((t for t in all_terms() if licence in t.licenses and not t.models), None)


def terms_facts(model: str, licence: str | None) -> dict[str, Any]:
    """JSON-ready: the licence, what it allows commercially and on what conditions, and where the text is."""
    t = terms_of(model, licence)
    if t is None:
        return {"license": licence, "commercial": "unknown", "conditions": [], "url": None, "source": None}
    return {"license": licence, "commercial": t.commercial, "conditions": [dict(c) for c in t.conditions],
            "url": t.url, "source": t.source}
