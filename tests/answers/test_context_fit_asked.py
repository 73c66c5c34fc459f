""""With how much context?" beside a fit on a card: the tokens that fit at the answer's level, with the f16 and
the q8_0 cache, not only the model's maximum."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("does qwen3 14b fit my 4060 ti 16gb and how much context would i get?", "en"),
    ("passt qwen3 14b auf meine 4060 ti 16gb, und mit wie viel kontext?", "de"),
    ("qwen3 14b entra nella mia 4060 ti da 16gb? e quanto contesto ci sta?", "it"),
    ("qwen3 14b rentre sur ma 4060 ti 16 go ? avec combien de contexte ?", "fr"),
    ("¿qwen3 14b entra en mi 4060 ti de 16gb? ¿con cuánto contexto?", "es"),
    ("o qwen3 14b cabe na minha 4060 ti 16gb? com quanto de contexto?", "pt"),
])
def test_the_context_that_fits_is_said_in_tokens(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    fit = a.facts.get("also", {}).get("context_fit")
    if fit is None:  # answered as a second ask of its own (the longest-context answer), which says both caches
        assert a.intent == "longest_context" or "longest_context" in a.text or "q8_0" in a.text, a.text
        assert "q8_0" in a.text, a.text
        return
    assert fit["memory_gb"] == 16.0
    # a q8_0 cache is 8.5 bits a value against 16: the same memory holds nearly twice the context
    assert 1.5 * fit["f16"] <= fit["q8_0"] <= 2.1 * fit["f16"] + 256
    assert 0 < fit["f16"] < fit["ceiling"]
    for n in (fit["f16"], fit["q8_0"]):
        assert format_decimal(n, locale=lang) in a.text, a.text


def test_the_fit_is_the_longest_that_holds(engine: Engine) -> None:
    from answers.knowledge.catalog_view import model_size
    from answers.knowledge.profiles import load_profile, load_setup_constants
    from catalog.builtin import load_builtin_models
    from estimator.quants import quant

    a = engine.ask("¿corre qwen3 14b en una 4060 ti de 16gb? ¿con cuánto contexto?")
    fit = a.facts["also"]["context_fit"]
    size = next(model_size(r) for r in load_builtin_models() if r.name == "Qwen3 14B")
    p, lv = load_profile("measured", load_setup_constants()), quant(fit["quant"])
    assert size is not None
    for kind in ("f16", "q8_0"):
        assert p.need_gb(size, lv, fit[kind], kind) <= fit["usable_gb"] < p.need_gb(size, lv, fit[kind] + 256, kind)


@pytest.mark.parametrize(("question", "lang"), [
    ("gemma 3 27b or mistral small 3.2 on a 3090, which one leaves room for the most context?", "en"),
    ("gemma 3 27b oder mistral small 3.2 auf einer 3090: welches schafft mehr kontext?", "de"),
    ("gemma 3 27b o mistral small 3.2 su una 3090, quale tiene più contesto?", "it"),
    ("gemma 3 27b ou mistral small 3.2 sur une 3090, lequel garde le plus de contexte ?", "fr"),
    ("gemma 3 27b o mistral small 3.2 en una 3090, ¿cuál aguanta más contexto?", "es"),
    ("gemma 3 27b ou mistral small 3.2 numa 3090, qual cabe mais contexto?", "pt"),
])
def test_each_compared_model_gets_its_context_fit(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    fits = a.facts["also"]["context_fits"]
    assert [f["model"] for f in fits] == ["Gemma 3 27B", "Mistral Small 3.2"]
    for f in fits:
        assert f["memory_gb"] == 24.0 and 0 < f["f16"] <= f["q8_0"] <= f["ceiling"]
        assert format_decimal(f["f16"], locale=lang) in a.text, a.text
