"""A prompt shorter than the context asked: the request is rated at the context asked (the cache is
sized for the whole conversation), and only a longer prompt widens it — from a slash command's fields
and from a typed question alike."""

from __future__ import annotations

from answers.facts.reports import context_for


def test_a_short_prompt_keeps_the_context_asked(engine) -> None:
    short = engine.command("prefill", "en", model="Llama 3.1 8B", card="RTX 3090", prompt_tokens=2048,
                           context=32768)
    assert (short.facts["prompt_tokens"], short.facts["context"]) == (2048, 32768)
    # The 32k cache costs memory: more than the same prompt with no context said.
    bare = engine.command("prefill", "en", model="Llama 3.1 8B", card="RTX 3090", prompt_tokens=2048)
    assert bare.facts["context"] < 32768
    assert short.facts["row"]["need_gb"] > bare.facts["row"]["need_gb"]


def test_a_long_prompt_widens_the_context() -> None:
    assert context_for(32768, 2048, 512) == 32768  # prompt and answer fit: the context asked
    assert context_for(4096, 8192, None) == 8192  # a 8k prompt needs an 8k cache
    assert context_for(None, None, None) == 4096  # nothing said: the usual context
    assert context_for(8192, 8000, 500) == 8500  # prompt and answer together


def test_a_typed_question_with_a_short_prompt_keeps_its_context(engine) -> None:
    a = engine.ask("llama 3.1 8b on a 3090 with 32k context, how long to read a 2k prompt")
    assert a.intent == "prefill"
    assert (a.facts["prompt_tokens"], a.facts["context"]) == (2048, 32768)
