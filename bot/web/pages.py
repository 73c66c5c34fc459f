"""The figures of each page, from the command line's reports (answers/facts/reports.py): a model's page
(summary, every rated card, the FAQ's figures), a card's page (what it runs, best first), the search.
Numbers are formatted through answers.rendering.format (Babel, at the display rounding of ESTIMATOR.md
§6); words are the templates' (gettext). Rows are filtered and ordered on the server, so the page works
without JavaScript."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from answers.facts.reports import EstimateRequest
from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from bot.web import rows as html_rows
from bot.web import slugs
from bot.web.params import ENGINES, PageQuery
from bot.web.render import query_string
from bot.web.site import Catalog
from estimator.quants import BY_NAME

# The table's columns, in order, with their headings (msgids).
COLUMNS = (("card", N_("Card")), ("tok_s", N_("Speed (tok/s)")), ("range", N_("Range (tok/s)")), ("fit", N_("Fit")),
           ("quant", N_("Level")), ("need_gb", N_("Needs (GB)")), ("memory_gb", N_("Memory (GB)")),
           ("bandwidth_gbps", N_("Bandwidth (GB/s)")), ("release", N_("Released")), ("vendor", N_("Vendor")))
# Columns a reader can order the table by, and the order a first click gives (numbers: largest first).
FIRST_ORDER = {"tok_s": "desc", "memory_gb": "desc", "need_gb": "asc", "bandwidth_gbps": "desc",
               "release": "desc", "card": "asc"}
DEFAULTS = PageQuery()
# The chart's height for n bars (bot/chart.py: HEAD + FOOT + ROW × n), so the page keeps its room.
CHART_HEAD, CHART_ROW, CHART_ROWS = 44 + 40, 26, 15


def request(name: str, pq: PageQuery) -> EstimateRequest:
    engine = None if pq.engine == ENGINES[0] else pq.engine  # the default engine is no choice made
    return EstimateRequest(model=name, context=pq.context, quant=pq.quant, profile=pq.profile, engine=engine)


def json_table(catalog: Catalog, name: str, pq: PageQuery) -> dict[str, Any]:
    """`tpsbot table NAME --json` (with `--all` when the page shows the cards that cannot run it)."""
    return catalog.reports.table(request(name, pq), include_misses=pq.fit != "yes").data


def _wanted(r: dict[str, Any], pq: PageQuery) -> bool:
    if pq.fit == "yes" and r["fit"] == "no" or pq.fit == "no" and r["fit"] != "no":
        return False
    if pq.vendor and r["vendor"].casefold() != pq.vendor.casefold():
        return False
    if pq.memory is not None and r["memory_gb"] != pq.memory:
        return False
    return not pq.q or pq.q.casefold() in r["card"].casefold()


def _ordered(rows: list[dict[str, Any]], pq: PageQuery) -> list[int]:
    """The positions of the rows to show, in the estimator's order (fastest first, the newer card first at
    equal speed) unless asked otherwise; a card without the value (no speed: it cannot run the model)
    stays below those with one."""
    wanted = [i for i, r in enumerate(rows) if _wanted(r, pq)]
    if pq.sort == "tok_s" and pq.order == "desc":
        return wanted
    if pq.sort == "card":
        out = sorted(wanted, key=lambda i: rows[i]["card"].casefold())
        return out[::-1] if pq.order == "desc" else out
    present = [i for i in wanted if rows[i][pq.sort] is not None]
    missing = [i for i in wanted if rows[i][pq.sort] is None]
    present.sort(key=lambda i: rows[i][pq.sort], reverse=pq.order == "desc")
    return present + missing


def _links(pq: PageQuery, locale: str) -> str:
    """The query a row's link carries to the other page: the language and the figures' settings."""
    return query_string(DEFAULTS, locale, profile=pq.profile, context=pq.context)


def _figures(catalog: Catalog, name: str, pq: PageQuery) -> tuple[Any, dict[str, Any], Any]:
    """The model's table (every rated card), summary and record at the page's settings (kept a while)."""
    def build() -> tuple[Any, dict[str, Any], Any]:
        req = request(name, pq)
        return (catalog.reports.table(req, include_misses=True), catalog.reports.summary(req).data,
                catalog.reports.resolve_model(name))
    return catalog.memo(("figures", name, *pq.estimate_args().values()), build)


def model_page(catalog: Catalog, name: str, pq: PageQuery, locale: str) -> dict[str, Any]:
    """Everything a model's page shows; raises answers.api.ReportError for input the estimator refuses."""
    table, summary, record = _figures(catalog, name, pq)
    every = table.data["rows"]
    links = _links(pq, locale)
    cells = catalog.memo(("rows", name, *pq.estimate_args().values(), locale, links),
                         lambda: html_rows.card_rows(every, locale, links))
    shown = _ordered(every, pq)
    return {
        "name": name, "slug": slugs.slug(name), "record": record, "label": table.model,
        "context": table.context, "profile": table.profile, "keep": _kept(pq, locale),
        "summary": summary, "figures": summary_figures(summary, locale),
        "rows": Markup("\n".join(cells[i] for i in shown)), "shown": len(shown), "rated": len(every),
        "vendors": sorted({r["vendor"] for r in every}), "memories": sorted({r["memory_gb"] for r in every}),
        "published": fmt.month(record.publication_date, locale) if record.publication_date else None,
        "columns": [(col, i18n.gettext(locale, head)) for col, head in COLUMNS], "sortable": FIRST_ORDER,
        "quants": list(BY_NAME), "engines": ENGINES,
        "chart_height": CHART_HEAD + CHART_ROW * min(CHART_ROWS, summary["cards_fit"]),
    }


def _kept(pq: PageQuery, locale: str) -> list[tuple[str, str]]:
    """The settings the table's filter form carries along (hidden fields): language, figures, order."""
    out = [("lang", locale)]
    for key in ("profile", "context", "quant", "engine", "sort", "order"):
        value = getattr(pq, key)
        if value is not None and value != getattr(DEFAULTS, key):
            out.append((key, str(value)))
    return out


def summary_figures(d: dict[str, Any], locale: str) -> dict[str, str]:
    """The summary's and FAQ's figures, localized, under the reference fixtures' names
    (tests/data/reference/reference_facts.csv): the page writes each in an element data-fact="<name>"."""
    n = lambda v: fmt.integer(v, locale)  # noqa: E731
    out = {"cards_fit": n(d["cards_fit"]), "cards_total": n(d["cards_total"]),
           "above_reading_speed": n(d["above_reading_speed"]),
           "distinct_quant_levels": n(d["distinct_quant_levels"])}
    if d["median_tok_s"] is not None:
        out["median_tok_s"] = fmt.gb(d["median_tok_s"], locale)
    if s := d["smallest"]:
        out |= {"smallest_card": s["card"], "smallest_mem_gb": fmt.memory(s["memory_gb"], locale),
                "smallest_quant": s["quant"], "smallest_tok_s": fmt.tok_s(s["tok_s"], locale),
                "smallest_need_gb": fmt.gb(s["need_gb"], locale)}
    if f := d["fastest"]:
        out |= {"fastest_card": f["card"], "fastest_tok_s": fmt.tok_s(f["tok_s"], locale),
                "fastest_mem_gb": fmt.memory(f["memory_gb"], locale)}
    for size, best in d["by_memory"].items():
        if best:
            out |= {f"faq{size}_card": best["card"], f"faq{size}_quant": best["quant"],
                    f"faq{size}_need_gb": fmt.gb(best["need_gb"], locale),
                    f"faq{size}_tok_s": fmt.tok_s(best["tok_s"], locale), f"faq{size}_fit": best["fit"]}
    if d["closest_miss_gb"] is not None:
        out["closest_miss_gb"] = fmt.gb(d["closest_miss_gb"], locale)
    if e := d["range_example"]:
        out |= {"range_card": e["card"], "range_low": n(e["tok_s_low"]), "range_high": n(e["tok_s_high"])}
    return out


def card_page(catalog: Catalog, name: str, pq: PageQuery, locale: str) -> dict[str, Any]:
    """What one card runs, best (fastest) first, as `tpsbot card NAME` lists it."""
    report = catalog.reports.card(name, pq.context, None, pq.profile)
    card = report.card
    return {"name": name, "card": card, "report": report,
            "rows": Markup("\n".join(html_rows.model_rows(report.data["models"], locale, _links(pq, locale),
                                                           catalog.models))),
            "memory_text": fmt.memory(card.memory_gb, locale), "bandwidth": fmt.integer(card.bandwidth_gbps, locale),
            "release": fmt.month(card.release, locale) if card.release else None,
            "fit": fmt.integer(report.models_fit, locale), "total": fmt.integer(report.models_total, locale),
            "context": fmt.integer(report.context, locale)}


def search(catalog: Catalog, text: str) -> dict[str, Any]:
    """The search box's results: the nearest model and card names (the catalog's resolvers)."""
    if not text:
        return {"q": "", "models": [], "cards": []}
    return {"q": text, "models": [(n, slugs.slug(n)) for n in catalog.model_suggestions(text, 12)],
            "cards": [(n, slugs.slug(n)) for n in catalog.card_suggestions(text, 12)]}
