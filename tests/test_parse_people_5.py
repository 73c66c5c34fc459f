"""The failure classes the fifth people's corpus (es, de, fr, it, pt-BR) found, asked with other words."""
from __future__ import annotations

import pytest

from answers.parse import parse
from tests.test_resolve import gpu_resolver, model_resolver


def ask(q: str):
    return parse(q, model_resolver(), gpu_resolver())


@pytest.mark.parametrize(("q", "intent"), [
    # Spanish: "me corre / le jala / me da la X" ask whether it runs; "la que compré" is not "which to buy".
    ("me jala qwen3 8b o no?", "can_run"),
    ("en la 3060 que compre el mes pasado corre phi 4?", "can_run"),
    ("en que fecha publicaron mistral nemo", "release"),
    ("qwen3 32b de cuantos billones es?", "parameters"),
    ("cuanto ctx aguanta qwen3 8b en 12gb", "longest_context"),
    ("de que sirve cuantizar un modelo?", "why_quant"),
    ("que es la cuantizacion", "why_quant"),
    ("los numeros son estimados o reales?", "accuracy"),
    # German: "Graka", "seit wann", training cost, why quantize, measured or guessed, how to use the bot.
    ("welche graka für gemma 3 27b", "what_gpu"),
    ("beste graka für qwen3 32b?", "fastest"),
    ("seit wann ist qwen3 8b draußen", "release"),
    ("wie viel hat das training von qwen3 32b verbraucht", "compute"),
    ("wozu quantisieren?", "why_quant"),
    ("sind eure werte gemessen?", "accuracy"),
    ("wie verwendet man den bot", "help"),
    # French: "tu sais faire quoi", "jetons par seconde", "quels llm".
    ("tu sais faire quoi ?", "help"),
    ("gemma 3 12b fait combien de jetons par seconde sur une 4070", "speed"),
    ("salut, quels llm avec 24 go de vram", "card_models"),
    # Italian: "una seconda/un'altra … serve", "che llm".
    ("un'altra 4090 servirebbe per qwen3 32b?", "two_gpus"),
    ("che llm uso con 24gb di vram?", "card_models"),
])
def test_wordings_found_by_the_fifth_corpus(q: str, intent: str) -> None:
    assert ask(q).intent == intent


def test_not_fitting_is_still_offloading_after_me_entra() -> None:
    # "me entra" asks whether it fits; "no me entra" says it does not: offload, not can_run.
    assert ask("no me entra qwen3 32b en la 3090, lo paso a la ram?").intent == "offload"


@pytest.mark.parametrize(("q", "lang"), [
    ("holis", "es"), ("buen dia", "es"), ("grüessech", "de"), ("griass di", "de"), ("servas", "de"),
    ("allo", "fr"), ("salve galera", "pt"), ("eai", "pt"),
])
def test_regional_greetings_are_a_hello_in_their_language(q: str, lang: str) -> None:
    p = ask(q)
    assert p.intent == "help" and p.language == lang


@pytest.mark.parametrize(("q", "lang"), [
    ("holaaa gente", "es"), ("ciaooo", "it"), ("moinnn", "de"), ("merciii", "fr"), ("oiii", "pt"),
])
def test_a_greeting_with_its_last_letter_held_is_still_a_greeting(q: str, lang: str) -> None:
    p = ask(q)
    assert p.intent == "help" and p.language == lang


@pytest.mark.parametrize(("q", "lang"), [
    ("kurze frage", "de"),
    ("una domanda", "it"),
    ("pouca vram?", "pt"),
    ("me conta do qwen3 8b", "pt"),
    ("oye bot", "es"),
])
def test_short_messages_with_jargon_keep_their_language(q: str, lang: str) -> None:
    assert ask(q).language == lang


def test_two_asks_in_german_keep_their_order() -> None:
    p = ask("wie viel speicher braucht gemma 3 12b und wie schnell läuft es auf der 4070")
    assert p.intent == "vram" and p.intents == ["vram", "speed"]
