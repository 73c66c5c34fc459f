"""The failure classes the third people's corpus found, each asked with other words than the corpus."""
from __future__ import annotations

import pytest

from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver


def ask(q: str):
    return parse(q, model_resolver(), gpu_resolver())


@pytest.mark.parametrize(("q", "intent"), [
    ("when did phi 4 drop?", "release"),
    ("who is the creator of yi 34b", "maker"),
    ("decent card for mistral nemo?", "what_gpu"),
    ("context window for qwen3 8b on a 4070", "longest_context"),
    ("se puede pasar qwen3 32b a la ram? tengo 32gb", "offload"),
])
def test_wordings_found_by_the_third_corpus(q: str, intent: str) -> None:
    assert ask(q).intent == intent


@pytest.mark.parametrize("q", [
    "i'd like to offload qwen3 32b to ram, got 48gb",
    "posso mettere qwen3 32b nella ram? ne ho 48gb",
])
def test_a_size_after_the_word_ram_in_an_offload_question_is_system_ram(q: str) -> None:
    p = ask(q)
    assert p.intent == "offload" and p.ram_gb == 48.0 and p.memory_gb is None


def test_a_cards_own_memory_said_later_describes_the_card() -> None:
    p = ask("my 4060 ti is the 16gb one, what llms run ok on it")
    assert p.card is not None and "4060 Ti" in p.card and p.memory_gb is None
    # A different amount is still read: the card's own is 8 GB.
    assert ask("my 3070 can use 24gb? what runs").memory_gb == 24.0


def test_portuguese_pro_after_a_card_tells_the_language() -> None:
    assert ask("4070 ou 3080 pro gemma 3 12b?").language == "pt"
    assert ask("can a mac mini m4 pro run gemma 3 12b").language == "en"


def test_steam_deck_is_the_catalogs_handheld() -> None:
    assert ask("gemma 3 1b on the steam deck how fast").card == "Steam Deck GPU"


@pytest.mark.parametrize("q", [
    "can i push some of qwen3 32b into ram",
    "je peux mettre une partie de qwen3 32b dans la ram ?",
    "kann ich qwen3 32b teilweise in den ram packen",
    "dá pra colocar parte do qwen3 32b na ram?",
    "posso spostare parte di qwen3 32b nella ram?",
])
def test_moving_a_model_into_ram_is_offloading(q: str) -> None:
    assert ask(q).intent == "offload"


@pytest.mark.parametrize(("q", "intent"), [
    ("qwen3 8b on a 4070, real world speeds?", "speed"),
    ("who put out granite 3.3 8b", "maker"),
    ("huggingface link for smollm3 please", "download"),
    ("phi 3 mini, what is it good for", "purpose"),
    ("how are the numbers measured, is it real benchmarks", "accuracy"),
    ("como sacan esos numeros", "accuracy"),
    ("es muy viejo yi 34b?", "release"),
    ("que hace falta para correr qwen3 32b", "what_gpu"),
    ("una tarjeta barata para phi 4?", "smallest"),
    ("tengo una 4060, que modelos instalo", "card_models"),
])
def test_wordings_found_by_the_third_batch(q: str, intent: str) -> None:
    assert ask(q).intent == intent
