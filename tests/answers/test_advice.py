"""Advice rules: what a person can download and run, ranked by usefulness (answers/facts/advice.py), and the
"what can I run" answer on a card or a memory size alone."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from answers.engine import Engine
from answers.facts import advice
from answers.knowledge.profiles import load_profile as get_profile
from catalog.records import ModelRecord, Provenance
from estimator.model import ModelSize
from estimator.profile import MAX_TOK_S, REFERENCE
from estimator.quants import quant
from estimator.ranking import rate
from tests.conftest import FakeCard


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine


def record(name: str, params: float | None, date: str | None = "2025-01-01",
           weights: str | None = "Open weights (unrestricted)", domain: tuple[str, ...] = ("Language",),
           tasks: tuple[str, ...] = ("Chat",), active: float | None = None, builtin: bool = True) -> ModelRecord:
    prov = {"facts": Provenance(source="builtin")} if builtin else {"epoch": Provenance(source="epoch")}
    return ModelRecord(name=name, params_b=params, active_params_b=active, weights=weights, domain=list(domain),
                       tasks=list(tasks), publication_date=dt.date.fromisoformat(date) if date else None,
                       provenance=prov)


# Epoch's historical systems as the import stores them, and models people do run.
HISTORICAL = [
    record("Innervator", 1e-8, "1989-12-01", weights=None, domain=("Mathematics",), tasks=("Pattern classification",)),
    record("ADALINE", 1.7e-8, "1960-06-30", weights=None, domain=("Vision",), tasks=("Pattern recognition",)),
    record("Samuel Neural Checkers", 1.6e-8, "1959-07-01", weights=None, domain=("Games",), tasks=("Checkers",)),
]


@pytest.mark.parametrize("rec", HISTORICAL, ids=lambda r: r.name)
def test_historical_systems_are_not_runnable(rec: ModelRecord) -> None:
    assert not advice.runnable(rec)


def test_runnable_rule() -> None:
    assert advice.runnable(record("Some LLM 8B", 8.0))
    assert not advice.runnable(record("Closed 8B", 8.0, weights="API access"))
    assert not advice.runnable(record("Unsized", None))
    assert not advice.runnable(record("Image model", 3.5, domain=("Image generation",), tasks=("Text-to-image",)))
    assert not advice.runnable(record("Old LM", 1.0, date="2017-06-01"))
    assert advice.runnable(record("VLM", 8.0, domain=("Multimodal", "Language", "Vision")))


def test_family_keeps_one_line_per_family() -> None:
    assert advice.family_of("Qwen3 32B") == advice.family_of("Qwen3-30B-A3B") == "qwen3"
    assert advice.family_of("Llama 3.1 70B") == advice.family_of("Llama 3.3 70B")
    assert advice.family_of("gpt-oss-20b") == advice.family_of("gpt-oss-120b")
    assert advice.family_of("Qwen2.5-Coder 32B") != advice.family_of("Qwen2.5 32B")


def test_capability_score_is_size_and_recency() -> None:
    a = record("A 8B", 8.0, "2024-01-01")
    b = record("B 16B", 16.0, "2024-01-01")
    c = record("C 8B", 8.0, "2025-01-01")
    # Twice the parameters = one point; one year newer = one point (2024 is a leap year: 366 days).
    assert advice.capability_score(b) - advice.capability_score(a) == pytest.approx(1.0)
    assert advice.capability_score(c) - advice.capability_score(a) == pytest.approx(1.0, abs=0.01)
    moe = record("M", 30.0, "2024-01-01", active=3.0)
    assert advice.capability_score(moe) == pytest.approx(math.log2(math.sqrt(90.0)) + 1.0)


def _row(rec: ModelRecord, card: FakeCard):
    size = ModelSize(rec.params_b, rec.active_params_b)
    levels = REFERENCE.levels
    return rate(REFERENCE, size, card, levels, [REFERENCE.need_gb(size, q, 4096) for q in levels], 0.0)


def test_ranking_most_capable_first_and_filters() -> None:
    card = FakeCard(memory_gb=24.0, bandwidth_gbps=1000.0)
    recs = [
        record("Tiny 0.5B", 0.5, "2025-06-01"),          # fastest, least capable
        record("Mid 14B", 14.0, "2025-04-01"),
        record("Mid 8B", 8.0, "2025-04-01"),             # same family as Mid 14B: one line
        record("Big 32B", 32.0, "2025-04-01"),
        record("Huge 70B", 70.0, "2025-04-01"),          # only fits below 4-bit: not "runs well"
        record("Closed 14B", 14.0, "2025-04-01", weights="API access"),
        *HISTORICAL,
    ]
    picks = advice.rank_models([(r, _row(r, card)) for r in recs])
    assert [p.record.name for p in picks] == ["Big 32B", "Mid 14B", "Tiny 0.5B"]
    assert all(p.row.quant.rank <= quant("Q4_K_M").rank and p.row.tok_s >= 10 for p in picks)


def test_slow_card_drops_models_below_reading_speed() -> None:
    slow = FakeCard(memory_gb=24.0, bandwidth_gbps=100.0)
    rec = record("Big 32B", 32.0)
    # 100 GB/s · 0.55 / (32 · 4.5 / 8) = 3.1 tok/s at Q4_K_M: fits, but below reading speed.
    assert advice.rank_models([(rec, _row(rec, slow))]) == []


def test_task_filter() -> None:
    coder = record("Coder 14B", 14.0, tasks=("Code generation",))
    vlm = record("Seer 8B", 8.0, domain=("Multimodal", "Language", "Vision"), tasks=("Visual question answering",))
    assert advice.matches_task(coder, "coding") and not advice.matches_task(vlm, "coding")
    assert advice.matches_task(vlm, "vision") and not advice.matches_task(coder, "vision")
    with pytest.raises(ValueError):
        advice.matches_task(coder, "poetry")


def test_task_question_puts_models_made_for_it_first() -> None:
    """"Best coding model for 24 GB": a coder first, even when a general model that lists coding among
    its tasks is larger and newer (what a knowledgeable person recommends)."""
    card = FakeCard(memory_gb=24.0, bandwidth_gbps=1000.0)
    general = record("Generalist 32B", 32.0, "2025-11-01", tasks=("Chat", "Code generation"))
    coder = record("Acme-Coder 14B", 14.0, "2024-06-01", tasks=("Code generation",))
    assert advice.capability_score(general) > advice.capability_score(coder)
    picks = advice.rank_models([(r, _row(r, card)) for r in (general, coder)], task="coding")
    assert [p.record.name for p in picks] == ["Acme-Coder 14B", "Generalist 32B"]
    untasked = advice.rank_models([(r, _row(r, card)) for r in (general, coder)])
    assert [p.record.name for p in untasked] == ["Generalist 32B", "Acme-Coder 14B"]


def test_no_measured_speed_above_the_per_token_floor() -> None:
    """The floor is the measured profile's; the reference keeps the site's figure (test_reference_uncapped)."""
    p = get_profile("measured")
    fast = FakeCard(bandwidth_gbps=8000.0, memory_type="HBM3e")
    tiny = ModelSize(1e-8)  # Innervator-sized
    assert p.tok_s(tiny, fast, quant("Q8_0")) <= MAX_TOK_S == pytest.approx(4000.0)


def test_what_can_my_card_run_ranks_capable_models(engine: Engine) -> None:
    a = engine.command("card_models", "en", card="RTX 3060")
    rows = a.facts["rows"]
    assert rows and rows[0]["params_b"] >= 7  # not GPT-2 or SmolLM first
    assert all(r["tok_s"] >= 10 for r in rows)
    curated = [r["score"] for r in rows if r["curated"]]
    assert curated == sorted(curated, reverse=True)
    assert len({r["family"] for r in rows}) == len(rows)
    for key in ("family", "score", "params_b", "publication_date", "quant", "tok_s", "card", "need_gb"):
        assert key in rows[0]
    assert a.table and a.table[0]["model"] == rows[0]["model"]
    assert "Q4" in a.text and "10" in a.text  # the rule is stated in the footer


@pytest.mark.parametrize("question, lang", [
    ("good llm for 16gb vram?", "en"), ("quali modelli girano su 16 GB", "it"),
    ("quels modèles tournent sur 16 Go", "fr"), ("welche Modelle laufen auf 16 GB", "de"),
    ("qué modelos corren en 16 GB", "es"),
])
def test_memory_size_without_a_card(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.intent == "card_models" and a.facts["mode"] == "memory"
    assert a.facts["memory_gb"] == 16 and a.facts["typical_card"]
    rows = a.facts["rows"]
    assert rows and all(r["need_gb"] <= 0.9 * 16 for r in rows)
    assert a.title and "16" in a.title


def test_biggest_model_for_a_card(engine: Engine) -> None:
    a = engine.ask("biggest model for a 4090")
    big = a.facts["largest"]
    assert a.intent == "card_models" and a.facts["lead"] == "biggest"
    assert big["tok_s"] >= 10 and big["model"] in a.text.split("\n")[1]


def test_task_from_the_question(engine: Engine) -> None:
    a = engine.ask("best coding model for a 4090")
    assert a.intent == "card_models" and a.facts["task"] == "coding"
    by_name = {m.name: m for m in engine.knowledge.models}
    assert all(advice.matches_task(by_name[r["model"]], "coding") for r in a.facts["rows"])


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_card_models_in_both_profiles(engine: Engine, profile: str) -> None:
    from answers.api import AskOptions

    a = engine.command("card_models", "en", card="RTX 4090", options=AskOptions(profile=profile))
    assert a.profile == profile and a.facts["rows"]
    if profile == "measured":  # the reference keeps the site's uncapped figures
        assert max(r["tok_s"] for r in a.facts["rows"]) <= MAX_TOK_S


def test_which_level_fits_without_a_model(engine: Engine) -> None:
    a = engine.ask("which quant fits 48 GB?")
    assert a.intent == "card_models" and a.facts["lead"] == "levels"
    sizes = {x["quant"]: x["params_b"] for x in a.facts["level_sizes"]}

    def largest(bpw: float) -> float:  # reference memory rule, solved here by bisection
        lo, hi = 0.0, 1000.0
        for _ in range(100):
            mid = (lo + hi) / 2
            need = mid * 1e9 * bpw / 8 / 2**30 + 0.635 + 0.14443 * mid ** (2 / 3)
            lo, hi = (mid, hi) if need <= 0.9 * 48 else (lo, mid)
        return lo

    assert sizes["Q8_0"] == pytest.approx(largest(8.5), rel=1e-3)
    assert sizes["Q4_K_M"] == pytest.approx(largest(4.5), rel=1e-3)
    assert 40 < sizes["Q8_0"] < 42  # a 70B model needs 4-bit on 48 GB
    assert "`Q4_K_M`" in a.text
