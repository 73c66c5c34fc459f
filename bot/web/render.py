"""Page templates (bot/web/templates/*.html.j2) → HTML, one jinja2 Environment per language.

Every printed value is HTML-escaped (autoescape) after passing the one sanitiser, catalog.safe_text (the
`finalize` hook): imported catalog names are hostile text. Words come from the gettext catalogues through
jinja2's i18n extension (newstyle: `%(name)s` placeholders, values escaped too)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
from markupsafe import Markup

from answers.knowledge import i18n
from answers.knowledge.credits import credit_lines
from answers.rendering import format as fmt
from answers.rendering.report_text import PROFILES
from bot.web import rows, static
from bot.web.params import PageQuery
from catalog.safe_text import clean

TEMPLATES = Path(__file__).parent / "templates"
_DEFAULTS = PageQuery()


def _finalize(value: Any) -> Any:
    """Every value a template prints: safe markup as it is, anything else through the sanitiser."""
    if value is None:
        return ""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    return clean(value, joiners=False)


def query_string(pq: PageQuery, locale: str, **changes: Any) -> str:
    """`?lang=…&…`: the page's settings that differ from the defaults, with `changes` applied (`lang` too)."""
    values = {"lang": changes.pop("lang", locale)}
    for key in ("profile", "context", "quant", "fit", "sort", "order", "vendor", "memory", "q"):
        value = changes[key] if key in changes else getattr(pq, key)
        if value is not None and value != getattr(_DEFAULTS, key) and value != "":
            values[key] = f"{value:g}" if isinstance(value, float) else str(value)
    return "?" + urlencode(values)


@jinja2.pass_context
def fact(context: jinja2.runtime.Context, name: str, shown: str | None = None) -> Markup:
    """A figure of the page's summary or FAQ (pages.summary_figures) in an element tests and scripts find:
    <span data-fact="cards_fit">43</span>; `shown` replaces the text (a fit's word for its code)."""
    value = context["figures"].get(name, "")
    return Markup('<span data-fact="{}">{}</span>').format(name, clean(shown if shown is not None else value))


@cache
def environment(locale: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, finalize=_finalize,
        extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.install_gettext_translations(i18n.translations(locale), newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(
        locale=locale, static=static.url, qs=lambda pq, **kw: query_string(pq, locale, **kw),
        languages=[(code, i18n.display_name(code)) for code in i18n.SUPPORTED],
        fit_word=lambda fit: rows.fit_word(fit, locale),
        profile_word=lambda p: i18n.gettext(locale, PROFILES.get(p) or p),
        integer=lambda v: fmt.integer(v, locale), memory=lambda v: fmt.memory(v, locale),
        credits=credit_lines(("gpus", "epoch"), locale), defaults=_DEFAULTS, fact=fact,
    )
    return env


def page(template: str, locale: str, /, **context: Any) -> str:
    return environment(locale).get_template(template).render(**context)
