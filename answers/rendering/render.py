"""Facts → localized Discord-markdown text through jinja2 templates (answers/templates/<intent>.md.j2).

One jinja2 Environment per locale, built once: gettext callables bound to that locale's catalogue
(newstyle, so `%(name)s` placeholders are checked), and number/date filters bound to the locale
through `answers.format` (Babel), the one number formatter. Templates never see a raw catalog or user string:
`f` is the facts with every string escaped (`answers.markdown.escape`); the vocabulary filters escape what they return.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from answers.knowledge import cache as disk_cache
from answers.knowledge import i18n
from answers.knowledge.catalog_view import ACCESS
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import vocab
from answers.rendering.grammar import agree
from answers.rendering.markdown import escape

TEMPLATES = Path(__file__).parent.parent / "templates"
NOTES_LANGUAGE = "en"  # the language of the catalog's free-text notes (parameter notes)
# Keys whose values are our own codes (quant names, labels) and are shown in code spans or mapped.
_RAW_KEYS = ("quant", "quality", "fit", "kind", "mode", "profile", "vendor", "confidence", "release",
             "publication_date", "weights_kind", "cache_estimate", "reason", "cache_type", "outcome", "levels_named")
_HF = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)?$")


def escaped(value: Any, key: str = "") -> Any:
    if isinstance(value, str):
        return value if key.endswith(_RAW_KEYS) else escape(value)
    if isinstance(value, dict):
        return {k: escaped(v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [escaped(v, key) for v in value]
    return value


def _date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    text = str(value)
    try:
        if len(text) == 7:
            return dt.date.fromisoformat(text + "-01")
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        return None


def _filters(locale: str) -> dict[str, Any]:
    """The templates' filters for one locale: every number through Babel, every label through gettext or
    the vocabulary (answers/rendering/vocab.py), every catalog string escaped. Grouped by what they format
    so each group reads on one screen."""
    return {**_number_filters(locale), **_date_filters(locale), **_label_filters(locale)}


def _number_filters(locale: str) -> dict[str, Any]:
    """Speeds, sizes, counts, money: Babel's digits; "—" for a figure not on record."""

    def tok(v: float | None) -> str:
        return "—" if v is None else fmt.tok_s(v, locale)

    def tok_under(v: float | None, limit: float) -> str:
        return "—" if v is None else fmt.tok_s_below(v, limit, locale)

    def gb(v: float | None) -> str:
        return "—" if v is None else fmt.gb(v, locale)

    def mem(v: float | None) -> str:
        return "—" if v is None else fmt.memory(v, locale)

    def share(v: float | None) -> str:
        return "—" if v is None else fmt.share(v, locale)

    def num(v: float | None) -> str:
        return "—" if v is None else fmt.integer(v, locale)

    def dec(v: float | None, digits: int = 1) -> str:
        return "—" if v is None else fmt.decimal(v, digits, locale)

    def pct(v: float) -> str:
        return fmt.percent(v, locale)

    def rng(row: dict) -> str:
        if not row or row.get("tok_s_low") is None:
            return "—"
        return fmt.tok_range(row["tok_s_low"], row["tok_s_high"], locale)

    def flop(v: float | None) -> str:
        return "—" if v is None else fmt.flop(v, locale)

    def ctx(v: int | None) -> str:
        return "—" if v is None else fmt.integer(v, locale)

    def usd(v: float | None) -> str:
        return "—" if v is None else fmt.usd(v, locale)

    def money(v: float | None, currency: str = "USD") -> str:
        return "—" if v is None else fmt.money(v, currency, locale)

    def unit_price(v: float | None, currency: str = "USD") -> str:
        return "—" if v is None else fmt.unit_price(v, currency, locale)

    def currency_name(v: str) -> str:
        return escape(fmt.currency_name(v, locale))

    def language(v: str) -> str:
        return escape(fmt.language_name(v, locale))

    return {
        "tok": tok, "tok_under": tok_under, "gb": gb, "mem": mem, "share": share, "num": num, "dec": dec,
        "pct": pct, "range": rng,
        "flop": flop, "sci": flop,  # any huge count (training data points too) as 1.8 × 10²⁴
        "ctx": ctx, "usd": usd, "money": money, "unit_price": unit_price,
        "currency_name": currency_name, "language": language,
    }


def _date_filters(locale: str) -> dict[str, Any]:
    """Release dates as the catalog stores them ("2024-07" or a full date), in the locale's words."""

    def month(v: Any) -> str:
        return fmt.month(_date(v), locale)

    def day(v: Any) -> str:
        return fmt.day(_date(v), locale)

    return {"month": month, "day": day}


def _label_filters(locale: str) -> dict[str, Any]:
    """Words: fit and confidence labels through gettext, catalog vocabularies translated, the rest escaped."""

    def q(v: str | None) -> str:
        return f"`{v}`" if v else "—"

    def fit(v: str | None) -> str:
        labels = {"comfortable": "comfortable", "tight": "tight", "no": "does not fit"}
        return i18n.gettext(locale, labels.get(v or "no", "does not fit"))

    def confidence(v: str | None) -> str:
        return i18n.gettext(locale, CONFIDENCE[v]) if v in CONFIDENCE else escape(v or "")

    def country(v: str | None) -> str:
        return escape(vocab.country(locale, v) or "")

    def orgs(v: str | None) -> str:
        return escape(re.sub(r",(?=\S)", ", ", v or ""))

    def org_type(v: str | None) -> str:
        return escape(", ".join(vocab.translate_list(locale, vocab.ORGANIZATION_TYPES, v)))

    def domains(v: list[str] | None) -> str:
        return escape(", ".join(vocab.translate_list(locale, vocab.DOMAINS, v)))

    def tasks(v: list[str] | None) -> str:
        return escape(", ".join(vocab.translate_list(locale, vocab.TASKS, v)))

    def access(v: str | None) -> str:
        return escape(vocab.translate(locale, ACCESS, v) or "")

    def code(v: str | None) -> str:
        return escape(vocab.translate(locale, vocab.TRAINING_CODE, v) or "")

    def method(v: str | None) -> str:
        return escape(vocab.translate(locale, vocab.COMPUTE_METHODS, v) or "")

    def listing(v: list[str] | None) -> str:
        return ", ".join(v or [])

    def inputs(v: list[str] | None) -> str:
        return escape(", ".join(vocab.translate_list(locale, vocab.INPUTS, v)))

    def language_names(v: list[str] | None) -> str:
        """ISO 639-1 codes as the answer's language names them (Babel's CLDR data), in a locale's list form."""
        return escape(fmt.language_names(v or [], locale))

    def hf_url(v: str | None) -> str | None:
        if not v or not _HF.match(v.strip()):
            return None
        return f"https://huggingface.co/{v.strip()}"

    return {
        "q": q, "fit": fit, "confidence": confidence, "country": country, "orgs": orgs, "org_type": org_type,
        "domains": domains, "tasks": tasks, "access": access, "code": code, "method": method, "listing": listing,
        "inputs": inputs, "hf_url": hf_url, "language_names": language_names,
    }


# Labels looked up at run time in the `fit` and `confidence` filters; marked here for extraction.
_FIT_LABELS = (N_("comfortable"), N_("tight"), N_("does not fit"))
CONFIDENCE = {"high": N_("high"), "medium": N_("medium"), "low": N_("low")}


class _CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates in answers.cache (compiling one costs more than answering): jinja2 checks
    each entry against its template's checksum, and the key carries the jinja2 version and the locale.
    The locale matters: jinja2 folds a filter over a constant at compile time (`100000000|num` becomes
    "100.000.000" in German), so a template compiled for one language must never serve another."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = disk_cache.read(self._name(bucket))
        if data is not None:
            try:
                bucket.bytecode_from_string(data)
            except Exception:  # noqa: BLE001 — an unreadable entry: compile the template again
                bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        disk_cache.write(self._name(bucket), bucket.bytecode_to_string())

    def _name(self, bucket: jinja2.bccache.Bucket) -> str:
        return f"jinja2-{jinja2.__version__}-{self.locale}-{bucket.key}.cache"


@cache
def environment(locale: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        bytecode_cache=_CompiledTemplates(locale),
        extensions=["jinja2.ext.i18n"],
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,  # shipped files: no stat of each imported template (the macros) at every answer
    )
    translations = i18n.translations(locale)
    env.install_gettext_callables(translations.gettext, translations.ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(_filters(locale))
    env.globals["locale"] = locale
    # The catalog's free-text notes (Epoch's and the curated model files') are written in English and have
    # no translation: an answer in another language leaves them out rather than quote English in it.
    env.globals["notes_readable"] = locale.split("_")[0] == NOTES_LANGUAGE
    return env


@cache
def template(locale: str, name: str) -> jinja2.Template:
    return environment(locale).get_template(name)


def render(locale: str, intent: str, facts: dict[str, Any], **extra: Any) -> str:
    return agree(locale, template(locale, f"{intent}.md.j2").render(f=escaped(facts), raw=facts, **extra))


def gettext(locale: str, msgid: str, **values: Any) -> str:
    text = i18n.gettext(locale, msgid)
    return agree(locale, text % values) if values else text


def ngettext(locale: str, singular: str, plural: str, n: int, **values: Any) -> str:
    text = i18n.ngettext(locale, singular, plural, n)
    return agree(locale, text % values) if values else text
