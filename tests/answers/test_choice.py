""""Which is better", "X or Y", "is it worth it": a comparison ends with one line that picks, and says why
(answers/facts/choice.py). Questions written for these tests, in the six languages."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.facts import choice
from catalog.records import ModelRecord

PICK_WORDS = {"en": "My pick", "it": "Il mio consiglio", "fr": "Mon choix", "de": "Meine Empfehlung",
              "es": "Mi elección", "pt": "Minha escolha"}


def _choice_line(text: str, lang: str) -> str:
    return next(x for x in text.splitlines() if PICK_WORDS[lang] in x)


# (question, language, why, pick, other)
ASKED = [
    # a dense model against a mixture of experts of the same line: the dense one for answers, the other for speed
    ("qwen3 32b o qwen3 30b a3b su una 3090, quale prendo?", "it", "trade", "Qwen3 32B", "Qwen3-30B-A3B"),
    # the larger does not fit: the one that runs well is the pick, whatever its size
    ("gemma 3 4b ou gemma 3 27b sur une rtx 3060 12 go, lequel ?", "fr", "onlyruns", "Gemma 3 4B", "Gemma 3 27B"),
    # a use stated: the model made for it beats a general one of the same size
    ("qwen2.5 coder 14b oder qwen3 14b zum programmieren auf einer 4070 super?", "de", "madefor",
     "Qwen2.5-Coder 14B", "Qwen3 14B"),
    # two cards of the same memory: the faster (its bandwidth)
    ("5060 ti 16gb o 4060 ti 16gb, cual compro para llms?", "es", "faster",
     "GeForce RTX 5060 Ti 16 GB", "GeForce RTX 4060 Ti 16 GB"),
    # more memory holds larger models at the usual quality: memory decides
    ("rx 7900 xtx ou rtx 4080 super pra rodar llm, qual vale mais a pena?", "pt", "memory",
     "Radeon RX 7900 XTX", "GeForce RTX 4080 SUPER"),
    # two cards against a shared-memory box for a 70B: only one reaches reading speed
    ("dgx spark o due 3090 per un 70b?", "it", "onlyruns", "2× GeForce RTX 3090", "GB10"),
    # a 24 GB card or a 128 GB Mac with no model named: the Mac holds a 70B, the card cannot
    ("is a 4090 worth it or should i get a mac studio m4 max 128gb instead?", "en", "memory",
     "Apple M4 Max 128 GB", "GeForce RTX 4090"),
    # same bandwidth, both hold a 32B at the same speed: the 96 GB card holds a 70B, the 32 GB one does not
    ("geld spielt keine rolle: rtx pro 6000 blackwell oder rtx 5090, welche nehme ich für lokale ki?", "de",
     "memory", "RTX PRO 6000 Blackwell", "GeForce RTX 5090"),
    ("une rtx 5090 ou une rtx pro 6000 blackwell pour faire tourner des llm, laquelle ?", "fr", "memory",
     "RTX PRO 6000 Blackwell", "GeForce RTX 5090"),
]


@pytest.mark.parametrize(("question", "lang", "why", "pick", "other"), ASKED)
def test_a_comparison_ends_with_a_pick_and_its_reason(engine, question, lang, why, pick, other) -> None:
    a = engine.ask(question, locale=lang)
    assert a.intent == "compare", question
    c = a.facts["choice"]
    assert (c["why"], c["pick"], c["other"]) == (why, pick, other), question
    line = _choice_line(a.text, lang)
    assert pick in line


def test_the_pick_is_said_in_the_askers_language_with_its_figure(engine) -> None:
    """The trade-off line names both models and how many times faster the lesser one is, in Babel's digits."""
    a = engine.ask("qwen3 32b o qwen3 30b a3b su una 3090, quale prendo?", locale="it")
    line = _choice_line(a.text, "it")
    ratio = a.facts["b"]["tok_s"] / a.facts["a"]["tok_s"]
    assert "Qwen3-30B-A3B" in line and f"{ratio:.1f}".replace(".", ",") in line


def test_a_faster_card_that_cost_more_says_so(engine) -> None:
    """Price where it is known and the cards are still sold new: the faster card's higher launch price."""
    a = engine.ask("rtx 5090 or rtx 4090 for qwen3 32b, which one?", locale="en")
    c = a.facts["choice"]
    assert c["pick"] == "GeForce RTX 5090" and c["price"] == 1999 and c["other_price"] == 1599
    assert "$1,999" in _choice_line(a.text, "en")


def test_an_old_cards_launch_price_is_not_its_price(engine) -> None:
    """A 3090 sells used today: its launch price would mislead, so no price is weighed or shown."""
    c = engine.ask("used 3090 or 4070 ti super for local llms?", locale="en").facts["choice"]
    assert "price" not in c and c["pick"] == "GeForce RTX 3090"


# ------------------------------------------------------------------------------------ the rules as properties
def _record(name: str, params: float, year: int, active: float | None = None) -> ModelRecord:
    return ModelRecord(name=name, params_b=params, active_params_b=active, publication_date=dt.date(year, 6, 1),
                       domain=["Language"], tasks=["Chat"], weights="Open weights (unrestricted)")


def _side(model: str, tok: float | None) -> dict:
    return {"model": model, "quant": "Q4_K_M" if tok is not None else None, "tok_s": tok}


speeds = st.one_of(st.none(), st.floats(min_value=1.0, max_value=300.0))
sizes = st.floats(min_value=1.0, max_value=120.0)
years = st.integers(min_value=2023, max_value=2026)


@settings(max_examples=200, deadline=None)
@given(ta=speeds, tb=speeds, pa=sizes, pb=sizes, ya=years, yb=years,
       task=st.sampled_from([None, "coding", "reasoning"]))
def test_the_pick_does_not_depend_on_the_order_asked(ta, tb, pa, pb, ya, yb, task) -> None:
    """"A or B" and "B or A" get the same pick and the same reason."""
    ra, rb = _record("Alpha", pa, ya), _record("Beta Coder", pb, yb)
    one = choice.between_models(_side("Alpha", ta), _side("Beta Coder", tb), [ra, rb], task)
    two = choice.between_models(_side("Beta Coder", tb), _side("Alpha", ta), [rb, ra], task)
    assert (one["why"], one["pick"]) == (two["why"], two["pick"])


@settings(max_examples=200, deadline=None)
@given(ta=speeds, tb=speeds, pa=sizes, pb=sizes, ya=years, yb=years)
def test_a_model_that_runs_well_is_never_passed_over_for_one_that_does_not(ta, tb, pa, pb, ya, yb) -> None:
    a, b = _side("Alpha", ta), _side("Beta", tb)
    got = choice.between_models(a, b, [_record("Alpha", pa, ya), _record("Beta", pb, yb)], "coding")
    good = {s["model"] for s in (a, b) if choice.runs_well(s)}
    if len(good) == 1:
        assert got["pick"] in good and got["why"] == "onlyruns"
    if not good:  # neither reads fast enough: a pick is one that is held, and of two held the faster
        held = [s for s in (a, b) if s["quant"]]
        if got["pick"] is not None:
            assert got["pick"] in {s["model"] for s in held}
            if len(held) == 2:
                assert got["pick"] == max(held, key=lambda s: s["tok_s"])["model"]


def test_a_much_faster_peer_wins_and_a_much_larger_model_is_named_for_answers() -> None:
    """Peers (within one capability point): the faster. Far apart: the more capable, the faster named beside."""
    near = choice.between_models(_side("A", 30.0), _side("B", 60.0), [_record("A", 32, 2025), _record("B", 24, 2025)],
                                 None)
    assert (near["why"], near["pick"]) == ("faster", "B")
    far = choice.between_models(_side("A", 30.0), _side("B", 150.0),
                                [_record("A", 32, 2025), _record("B", 30, 2025, active=3)], None)
    assert (far["why"], far["pick"], far["other"]) == ("trade", "A", "B") and far["ratio"] == pytest.approx(5.0)


# ------------------------------------------------------------------------------------ phones and boards
@pytest.mark.parametrize(("question", "lang", "pick"), [
    ("gemma 3 12b or gemma 3 4b on a pixel 9 pro?", "en", "Gemma 3 4B"),
    ("qwen3 4b oder llama 3.2 3b auf dem raspberry pi 5?", "de", "Llama 3.2 3B"),
])
def test_two_models_on_a_device_are_both_rated_and_one_picked(engine, question, lang, pick) -> None:
    """Below reading speed both: the faster of the two (a phone's or a Pi's memory sets the pace)."""
    a = engine.ask(question, locale=lang)
    second = a.facts["second"]
    assert second["model"]["name"] in a.text
    c = a.facts["choice"]
    assert c["pick"] == pick and c["why"] == "slowfaster"
    assert pick in _choice_line(a.text, lang)


def test_no_pick_when_nothing_was_rated(engine) -> None:
    """Two models with no hardware named and no home card holding both: no figures to pick on, no pick."""
    a = engine.ask("llama 3.3 70b o deepseek v3, cuál es mejor?", locale="es")
    assert a.intent == "compare" and a.facts["choice"] is None
    assert PICK_WORDS["es"] not in a.text and "Ninguno" not in a.text
