"""Every figure of the three reference pages, reproduced at display rounding."""

from __future__ import annotations

import pytest

from answers.facts.describe import summary_facts
from estimator.display import round_gb, round_range, round_tok_s
from estimator.model import ModelSize
from estimator.ranking import Query, rate_all, table
from tests.conftest import FIXTURES, read_csv

ROWS = read_csv(FIXTURES / "reference_rows.csv")
FACTS = read_csv(FIXTURES / "reference_facts.csv")


def _size(rec: dict[str, str]) -> ModelSize:
    active = rec["active_params_b"]
    return ModelSize(float(rec["params_b"]), float(active) if active else None)


@pytest.fixture(scope="module")
def pages(gpus):
    out = {}
    for f in FACTS:
        q = Query(_size(f))
        rows = rate_all(q, gpus)
        out[f["model"]] = (q, rows, table(rows))
    return out


@pytest.mark.parametrize("expected", ROWS, ids=lambda r: f"{r['model']}-{r['card']}")
def test_table_row(pages, expected):
    q, rows, ordered = pages[expected["model"]]
    position = [r for r in ROWS if r["model"] == expected["model"]].index(expected)
    got = ordered[position]  # the fixture lists the top of the page in page order
    assert got.card.name == expected["card"]
    assert got.card.vendor == expected["vendor"]
    assert got.card.memory_gb == float(expected["memory_gb"])
    assert round(got.card.bandwidth_gbps) == float(expected["bandwidth_gbps"])
    assert got.card.release_label == expected["release"]
    assert round_gb(got.need_gb) == float(expected["need_gb"])
    assert got.quant.name == expected["quant"]
    assert got.fit == expected["fit"]
    assert round_tok_s(got.tok_s) == float(expected["tok_s"])
    assert round_range(got.tok_s_low) == float(expected["tok_s_low"])
    assert round_range(got.tok_s_high) == float(expected["tok_s_high"])
    assert got.confidence == expected["confidence"]


def _opt(value: str) -> float | None:
    return float(value) if value else None


@pytest.mark.parametrize("expected", FACTS, ids=lambda r: r["model"])
def test_page_figures(pages, expected):
    q, rows, _ = pages[expected["model"]]
    s = summary_facts(q, rows)
    assert s["cards_fit"] == int(expected["cards_fit"])
    assert s["cards_total"] == int(expected["cards_total"]) == 818
    assert s["smallest"]["card"] == expected["smallest_card"]
    assert s["smallest"]["memory_gb"] == float(expected["smallest_mem_gb"])
    assert s["smallest"]["quant"] == expected["smallest_quant"]
    assert round_tok_s(s["smallest"]["tok_s"]) == float(expected["smallest_tok_s"])
    assert round_gb(s["smallest"]["need_gb"]) == float(expected["smallest_need_gb"])
    assert s["fastest"]["card"] == expected["fastest_card"]
    assert round_tok_s(s["fastest"]["tok_s"]) == float(expected["fastest_tok_s"])
    assert s["fastest"]["memory_gb"] == float(expected["fastest_mem_gb"])
    assert round_gb(s["median_tok_s"]) == float(expected["median_tok_s"])
    assert s["above_reading_speed"] == int(expected["above_reading_speed"])
    for n in ("8", "12", "16", "24"):
        got = s["by_memory"][n]
        if not expected[f"faq{n}_card"]:
            assert got is None
            continue
        assert got["card"] == expected[f"faq{n}_card"]
        assert got["quant"] == expected[f"faq{n}_quant"]
        assert round_gb(got["need_gb"]) == float(expected[f"faq{n}_need_gb"])
        assert round_tok_s(got["tok_s"]) == float(expected[f"faq{n}_tok_s"])
        assert got["fit"] == expected[f"faq{n}_fit"]
    miss = s["closest_miss_gb"]
    assert (round_gb(miss) if miss is not None else None) == _opt(expected["closest_miss_gb"])
    assert s["distinct_quant_levels"] == int(expected["distinct_quant_levels"])
    rng, card = expected["range_example"].split("@")
    low, high = (int(x.replace(",", "")) for x in rng.split("-"))
    ex = s["range_example"]
    assert (ex["card"], round_range(ex["tok_s_low"]), round_range(ex["tok_s_high"])) == (card, low, high)


def test_glm45v_need_from_the_formula():
    # Independent arithmetic (ESTIMATOR.md §2): 108e9·8.5/8/2^30 + 0.635 + 0.14443·108^(2/3) = 110.79
    from estimator.memory import RUNTIME_ALLOWANCE_GB, size_cache_gb, weights_gb

    need = weights_gb(108, 8.5) + RUNTIME_ALLOWANCE_GB + size_cache_gb(108)
    assert need == pytest.approx(106.8693 + 0.635 + 3.2755, abs=1e-3)


def test_context_scales_size_cache_linearly():
    from estimator.memory import size_cache_gb

    assert size_cache_gb(7, 8192) == pytest.approx(2 * size_cache_gb(7, 4096))
    assert size_cache_gb(7, 32768) == pytest.approx(8 * 0.14443 * 7 ** (2 / 3))


def test_min_quality_hides_lower_levels_and_lower_floor_reveals_more(gpus):
    big = ModelSize(108, 12)
    default = table(rate_all(Query(big), gpus))
    strict = table(rate_all(Query(big, min_quality="Q6_K"), gpus))
    loose = table(rate_all(Query(big, min_quality="Q2_K"), gpus))
    assert {r.quant.name for r in strict} <= {"Q8_0", "Q6_K"}
    assert len(strict) < len(default) < len(loose)
    assert any(r.quant.name in {"Q3_K_M", "IQ3_XXS", "Q2_K"} for r in loose)


def test_forced_quant_uses_only_that_level(gpus):
    rows = table(rate_all(Query(ModelSize(8), forced_quant="Q4_K_M"), gpus))
    assert rows and {r.quant.name for r in rows} == {"Q4_K_M"}
