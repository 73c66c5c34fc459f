"""The three reference pages under ?profile=reference: every row of the fixtures (in the page's order),
the summary's figures and the FAQ's, on the rendered page, in the page's own language and in every other.
Expected text is formatted here from the fixture with Babel directly (CLDR patterns), not by tpsbot."""

from __future__ import annotations

import datetime as dt

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal

from answers.knowledge.i18n import SUPPORTED, gettext
from tests.conftest import DATA_DIR, read_csv

from .conftest import fetch
from .html_reader import Page

REFERENCE = DATA_DIR / "reference"
ROWS = read_csv(REFERENCE / "reference_rows.csv")
FACTS = read_csv(REFERENCE / "reference_facts.csv")
SLUGS = {"GLIDE": "glide", "gLM": "glm", "GLM-4.5V": "glm-4-5v"}


def tok(value: str, locale: str) -> str:
    """A speed as the pages print it: one decimal below 100 tok/s, whole numbers from 100 (ESTIMATOR.md §6)."""
    v = float(value)
    return format_decimal(v, "#,##0" if v >= 100 else "#,##0.0", locale=locale)


def gb(value: str, locale: str) -> str:
    return format_decimal(float(value), "#,##0.0", locale=locale)


def mem(value: str, locale: str) -> str:
    return format_decimal(float(value), "#,##0.##", locale=locale)


def whole(value: str, locale: str) -> str:
    return format_decimal(float(value), "#,##0", locale=locale)


def page_language(fact: dict[str, str]) -> str:
    return fact["lang"]


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f["model"])
@pytest.mark.parametrize("locale", SUPPORTED)
async def test_every_row_of_the_reference_page(client, fact, locale):
    status, page = await fetch(client, f"/models/{SLUGS[fact['model']]}?profile=reference&lang={locale}")
    assert status == 200
    check_rows(page, fact, locale)


def check_rows(page: Page, fact: dict[str, str], locale: str) -> None:
    """Every fixture row of the model on `page`, in order, at display rounding in `locale`."""
    model = fact["model"]
    assert page.lang == locale
    expected = [r for r in ROWS if r["model"] == model]
    assert page.row_order[: len(expected)] == [r["card"] for r in expected]  # the page's order
    for r in expected:
        cells = page.rows[r["card"]]
        assert cells["memory_gb"] == mem(r["memory_gb"], locale), r["card"]
        assert cells["need_gb"] == gb(r["need_gb"], locale), r["card"]
        assert cells["quant"] == r["quant"], r["card"]
        assert cells["fit"] == gettext(locale, r["fit"]), r["card"]
        assert page.row_attrs[r["card"]]["data-fit"] == r["fit"]
        assert cells["tok_s"] == tok(r["tok_s"], locale), r["card"]
        assert cells["range"] == f"{whole(r['tok_s_low'], locale)}–{whole(r['tok_s_high'], locale)}"
        assert cells["vendor"] == r["vendor"]
        assert cells["bandwidth_gbps"] == whole(r["bandwidth_gbps"], locale)
        assert cells["release"] == format_date(dt.date.fromisoformat(r["release"] + "-01"), "MMM y", locale=locale)
    # every rated card that runs it, one row each (the default filter)
    assert len(page.row_order) == int(fact["cards_fit"])


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f["model"])
async def test_summary_and_faq_figures(client, fact):
    locale = page_language(fact)
    status, page = await fetch(client, f"/models/{SLUGS[fact['model']]}?profile=reference&lang={locale}")
    assert status == 200
    check_facts(page, fact, locale)


def check_facts(page: Page, fact: dict[str, str], locale: str) -> None:
    """The summary's and the FAQ's figures of the fixture on `page`, in `locale`."""
    f = page.facts
    assert f["cards_fit"] == whole(fact["cards_fit"], locale)
    assert f["cards_total"] == whole(fact["cards_total"], locale)
    assert f["smallest_card"] == fact["smallest_card"]
    assert f["smallest_mem_gb"] == mem(fact["smallest_mem_gb"], locale)
    assert f["smallest_quant"] == fact["smallest_quant"]
    assert f["smallest_tok_s"] == tok(fact["smallest_tok_s"], locale)
    assert f["smallest_need_gb"] == gb(fact["smallest_need_gb"], locale)
    assert f["fastest_card"] == fact["fastest_card"]
    assert f["fastest_tok_s"] == tok(fact["fastest_tok_s"], locale)
    assert f["fastest_mem_gb"] == mem(fact["fastest_mem_gb"], locale)
    assert f["median_tok_s"] == gb(fact["median_tok_s"], locale)
    assert f["above_reading_speed"] == whole(fact["above_reading_speed"], locale)
    assert f["distinct_quant_levels"] == fact["distinct_quant_levels"]
    for size in ("8", "12", "16", "24"):
        if not fact[f"faq{size}_card"]:
            assert f"faq{size}_card" not in f  # the page says no card of that size runs it
            continue
        assert f[f"faq{size}_card"] == fact[f"faq{size}_card"]
        assert f[f"faq{size}_quant"] == fact[f"faq{size}_quant"]
        assert f[f"faq{size}_need_gb"] == gb(fact[f"faq{size}_need_gb"], locale)
        assert f[f"faq{size}_tok_s"] == tok(fact[f"faq{size}_tok_s"], locale)
        assert f[f"faq{size}_fit"] == gettext(locale, fact[f"faq{size}_fit"])
    if fact["closest_miss_gb"]:
        assert f["closest_miss_gb"] == gb(fact["closest_miss_gb"], locale)
    else:
        assert "closest_miss_gb" not in f
    spread, card = fact["range_example"].split("@")
    low, high = spread.replace(",", "").split("-")
    assert (f["range_card"], f["range_low"], f["range_high"]) == (card, whole(low, locale), whole(high, locale))
    assert all(n == 1 for n in page.fact_counts.values())  # each figure once, where a reader finds it
