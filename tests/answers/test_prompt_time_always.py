"""A prompt length said gets its time to the first token (issue 29, point 2): also when the model holds the
prompt only with a smaller conversation cache (q4_0 after q8_0, as the fit answer says), and when the question
asks it as "how long before it starts answering". Phrasings are this file's own, in several languages."""

from __future__ import annotations

import re

import pytest

from answers.api import AskOptions

# A prompt of about 50k tokens with a 14B model on a 12 GB card: the f16 cache (~8 GB) does not fit beside the
# weights, and neither does q8_0; q4_0 does (answers/facts/quant_advice.py CACHE_ALTERNATIVES).
SMALL_CACHE = [
    ("a 50k-token report into qwen3 14b on a 4070 super, how long before it starts answering?", "en"),
    ("quiero pasarle un informe de unos 50k tokens a qwen3 14b en una 4070 super, ¿cuánto tarda en empezar a "
     "contestar?", "es"),
    ("un documento da circa 50k token a qwen3 14b su una 4070 super: quanto ci mette a iniziare a rispondere?", "it"),
    ("ein Bericht mit 50k Tokens an Qwen3 14B auf einer 4070 Super: wie lange, bis es anfängt zu antworten?", "de"),
    ("um relatório de uns 50k tokens no qwen3 14b numa 4070 super, quanto tempo até começar a responder?", "pt"),
    ("un rapport de 50k tokens à qwen3 14b sur une 4070 super, combien de temps avant qu'il commence à répondre ?",
     "fr"),
]

SECONDS = re.compile(r"\d+(?:[.,]\d+)?\s?s\b")


@pytest.mark.parametrize(("q", "lang"), SMALL_CACHE)
def test_the_prompt_time_is_given_with_the_cache_that_makes_room(engine, q: str, lang: str) -> None:  # noqa: ANN001
    a = engine.ask(q, options=AskOptions(profile="measured"))
    assert a.locale == lang
    line = next((ln for ln in a.text.splitlines() if "q4_0" in ln), None)
    assert line is not None, a.text
    assert SECONDS.search(line), line  # the prompt's time, on the line of the cache that makes room
    assert "prompt" in line.casefold()


@pytest.mark.parametrize("q", [
    "qwen3 14b on a 4070 super with a 50k prompt: does it fit, and what's the time to first token?",
    "qwen3 14b su una 4070 super con un prompt di 50k token: ci sta? e il tempo al primo token?",
    "qwen3 14b en una 4070 super con un prompt de 50k tokens: ¿cabe? ¿y el tiempo hasta el primer token?",
])
def test_fit_and_time_asked_together_get_both(engine, q: str) -> None:  # noqa: ANN001
    a = engine.ask(q, options=AskOptions(profile="measured"))
    assert "q4_0" in a.text, a.text  # the fit: what makes room
    assert any(SECONDS.search(ln) and "q4_0" in ln for ln in a.text.splitlines()), a.text  # and the time there
