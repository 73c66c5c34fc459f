"""The tables' rows as HTML, built here rather than in a template loop: a model's page holds up to 818
rows of ten cells, and a jinja2 loop with its per-value lookups and filters took most of the page's time
(benchmarks/web_pages.py). Each value is passed through the sanitiser (catalog.safe_text) and
HTML-escaped (markupsafe) exactly as the templates' autoescape would; numbers come from
answers.rendering.format (Babel, display rounding)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from markupsafe import escape

from answers.knowledge import i18n
from answers.rendering import format as fmt
from answers.rendering.report_text import FITS  # the fit words' one home (the command line's too)
from bot.web import slugs
from catalog.safe_text import clean

NONE = "—"


@lru_cache(maxsize=1 << 14)
def text(value: str) -> str:
    """A value for an element's text or a quoted attribute: sanitised, then escaped (kept: the same card
    names and words come back on every page)."""
    return str(escape(clean(value, joiners=False)))


@lru_cache(maxsize=4096)
def month(release: str | None, locale: str) -> str:
    """"2024-01" → "Jan 2024" in the locale (Babel); 818 rows share ~200 months."""
    if not release:
        return NONE
    return fmt.month(dt.date.fromisoformat(release + "-01"), locale)


@lru_cache(maxsize=64)
def fit_word(fit: str | None, locale: str) -> str:
    return i18n.gettext(locale, FITS.get(fit or "no", FITS["no"]))


@lru_cache(maxsize=1 << 14)
def _num(value: float | None) -> str:
    """A value for the enhancing script to sort by (data-v)."""
    return "" if value is None else repr(round(float(value), 4))


def _rating(r: dict[str, Any], locale: str) -> tuple[str, str]:
    """The cells every table shares, in two runs: speed, its range and the fit; then the level and the
    memory it needs."""
    runs = r["tok_s"] is not None
    speed = fmt.tok_s(r["tok_s"], locale) if runs else NONE
    spread = fmt.tok_range(r["tok_s_low"], r["tok_s_high"], locale) if runs else ""
    fit = r["fit"] if r["fit"] in FITS else "no"
    return (f'<td data-col="tok_s" data-v="{_num(r["tok_s"]) if runs else "0"}">{speed}</td>'
            f'<td data-col="range">{spread}</td>'
            f'<td data-col="fit" class="fit-{fit}">{text(fit_word(fit, locale))}</td>',
            f'<td data-col="quant">{text(r["quant"] or NONE)}</td>'
            f'<td data-col="need_gb" data-v="{_num(r["need_gb"])}">{fmt.gb(r["need_gb"], locale)}</td>')


def card_rows(rows: Iterable[dict[str, Any]], locale: str, link_query: str) -> list[str]:
    """A model's table: one <tr data-card="…"> per card, its cells marked data-col="…" (HTML, escaped)."""
    out = []
    for r in rows:
        name = text(r["card"])
        fit = r["fit"] if r["fit"] in FITS else "no"
        speed, level = _rating(r, locale)
        out.append(
            f'<tr data-card="{name}" data-fit="{fit}">'
            f'<th scope="row" data-col="card" data-v="{name}"><a href="/cards/{slugs.slug(r["card"])}{link_query}">'
            f'{name}</a></th>{speed}{level}'
            f'<td data-col="memory_gb" data-v="{_num(r["memory_gb"])}">{fmt.memory(r["memory_gb"], locale)}</td>'
            f'<td data-col="bandwidth_gbps" data-v="{_num(r["bandwidth_gbps"])}">'
            f'{fmt.integer(r["bandwidth_gbps"], locale)}</td>'
            f'<td data-col="release" data-v="{text(r["release"] or "")}">{text(month(r["release"], locale))}</td>'
            f'<td data-col="vendor">{text(r["vendor"])}</td></tr>')
    return out


def model_rows(models: Iterable[dict[str, Any]], locale: str, link_query: str, linked: dict[str, str]) -> list[str]:
    """A card's table: one <tr data-model="…"> per model; a link where the model has a page (`linked`:
    slug → name)."""
    out = []
    for m in models:
        raw = m["model"] or ""
        name = text(raw)
        slug = slugs.slug(raw)
        cell = f'<a href="/models/{slug}{link_query}">{name}</a>' if linked.get(slug) == raw else name
        fit = m["fit"] if m["fit"] in FITS else "no"
        speed, level = _rating(m, locale)
        out.append(f'<tr data-model="{name}" data-fit="{fit}"><th scope="row" data-col="model">{cell}</th>'
                   f'{speed}{level}</tr>')
    return out
