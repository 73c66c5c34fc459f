"""Setup phrases (answers/reading/setup_words.py) in the five languages, and what parse() makes of them."""

from __future__ import annotations

import pytest

from answers.reading.parse import parse
from answers.reading.setup_words import lexicon, read


@pytest.mark.parametrize(("text", "cards", "ram"), [
    # en
    ("can I run llama 3 70b on 2x 3090?", [("3090", 2)], None),
    ("dual 4090s for qwen 72b", [("4090", 2)], None),
    ("two 3090s", [("3090", 2)], None),
    ("three 3090s", [("3090", 3)], None),
    ("4 × A100 80GB", [("a100 80gb", 4)], None),
    ("DeepSeek V3 on 8x H100", [("h100", 8)], None),
    ("3090 + 3060", [("3090", 1), ("3060", 1)], None),
    ("a 4090 and 64 GB DDR5", [("4090", 1)], 64.0),
    ("2x RTX 3090", [("rtx 3090", 2)], None),
    ("3090x2", [("3090", 2)], None),
    # it
    ("posso usare llama 3 70b su due 3090?", [("3090", 2)], None),
    ("doppia 3090 per qwen", [("3090", 2)], None),
    ("una 4090 con 64 GB di RAM", [("4090", 1)], 64.0),
    # fr
    ("deux 4090 suffisent ?", [("4090", 2)], None),
    ("une 3060 avec 32 Go de RAM", [("3060", 1)], 32.0),
    # de
    ("zwei 3090 und 64 GB Arbeitsspeicher", [("3090", 2)], 64.0),
    ("drei 3090er", [("3090", 3)], None),
    ("4 3090er für qwen3 235b", [("3090", 4)], None),
    # es
    ("dos 3090 y 128 GB de RAM DDR5", [("3090", 2)], 128.0),
    ("cuatro 4090", [("4090", 4)], None),
])
def test_cards_counts_and_ram(text: str, cards: list[tuple[str, int]], ram: float | None) -> None:
    words = read(text)
    assert words.cards == cards
    assert words.ram_gb == ram
    assert words.is_setup


@pytest.mark.parametrize(("text", "card"), [
    ("4070 laptop", "4070 Mobile"),
    ("RTX 4060 Laptop", "rtx 4060 Mobile"),
    ("portatile con 4070", "4070 Mobile"),
    ("4070 portable", "4070 Mobile"),
    ("4090 Laptop GPU", "4090 Mobile"),
    ("portátil 4060", "4060 Mobile"),
])
def test_laptop_words_name_the_mobile_part(text: str, card: str) -> None:
    words = read(text)
    assert words.cards == [(card, 1)] and words.laptop


@pytest.mark.parametrize(("text", "card"), [
    ("MacBook Pro M4 Max 128 GB", "m4 max 128 gb"),
    ("Mac Studio M2 Ultra", "m2 ultra"),
    ("Mac mini M4 16GB", "m4 16gb"),
    ("M4 Pro 48GB", "m4 pro 48gb"),
    ("M4 Max with 128 GB RAM", "m4 max 128 GB"),  # a Mac's RAM is its GPU's memory pool
    ("DGX Spark", "GB10"),
    ("Strix Halo 128GB", "Strix Halo 128gb"),
    ("Ryzen AI Max+ 395 with 128GB", "Strix Halo 128 GB"),
])
def test_unified_machines(text: str, card: str) -> None:
    words = read(text)
    assert words.cards == [(card, 1)] and words.unified and words.ram_gb is None


@pytest.mark.parametrize("text", [
    "can minimax m2 run on a 4090",  # a model called M2, not a Mac
    "tesla m4",  # the 4 GB Tesla card
    "can I run qwen 3 32b on 24 GB",  # a memory size, no card
    "gemma 3 27b at 2048 tokens",
    "is llama faster on a 4090 or a 3090",  # a comparison, not one machine
])
def test_not_a_setup(text: str) -> None:
    assert not read(text).is_setup


def test_lexicon_covers_the_five_languages() -> None:
    lx = lexicon()
    for word, n in (("two", 2), ("due", 2), ("deux", 2), ("zwei", 2), ("dos", 2), ("doppia", 2), ("dual", 2)):
        assert lx.counts[word] == n
    for word in ("laptop", "portatile", "portable", "portatil"):
        assert word in lx.laptop


@pytest.fixture(scope="module")
def resolvers():  # noqa: ANN201
    from answers.knowledge.catalog_view import Knowledge
    from catalog.builtin import load_builtin_models
    from catalog.gpus import load_gpu_records

    kn = Knowledge(load_gpu_records(), list(load_builtin_models()))
    return kn.model_resolver, kn.gpu_resolver


@pytest.mark.parametrize(("question", "count", "ram"), [
    ("can I run llama 3 70b on 2x 3090?", 2, None),
    ("quanto va veloce llama 3 70b su due 3090?", 2, None),
    ("peut-on faire tourner llama 3 70b sur deux 4090 ?", 2, None),
    ("läuft Llama 3 70B auf zwei 3090?", 2, None),
    ("¿puedo correr llama 3 70b en dos 3090?", 2, None),
    ("can llama 3 70b run on a 4090 and 64 GB DDR5?", None, 64.0),
])
def test_parse_reports_the_setup(resolvers, question: str, count: int | None, ram: float | None) -> None:  # noqa: ANN001
    p = parse(question, *resolvers)
    assert p.model == "Llama 3 70B"
    assert p.setup
    assert p.gpu_count == count
    assert p.ram_gb == ram
    assert p.memory_gb is None  # "64 GB DDR5" is RAM, not a card's memory
    assert p.intent in ("can_run", "speed", "two_gpus", "offload")


def test_parse_keeps_comparisons_and_plain_cards(resolvers) -> None:  # noqa: ANN001
    p = parse("is llama 3 70b faster on a 4090 or a 3090?", *resolvers)
    assert p.setup is None and p.gpu_count is None and p.intent == "compare"
    p = parse("can llama 3 8b run on a 3090?", *resolvers)
    assert p.setup is None and p.card == "GeForce RTX 3090"


@pytest.mark.parametrize("question", ["what can I run on a Mac Studio M2 Ultra?",
                                      "cosa gira su un MacBook Pro M4 Max 128 GB?", "what runs on a DGX Spark?"])
def test_a_machine_nothing_matched_is_not_taken_for_a_model(resolvers, question: str) -> None:  # noqa: ANN001
    p = parse(question, *resolvers)
    assert p.model is None and p.setup and p.intent == "card_models"


@pytest.mark.parametrize(("text", "cards"), [
    # the same card talked about again, by the end of its name, after a comma or a sentence's end
    ("4x rtx 3070 vs 2x 3090 for a 70b? the 3070s are cheaper though", [("rtx 3070", 4), ("3090", 2)]),
    ("rtx 4090 and rtx 3060, would the 3060 hold it back", [("rtx 4090", 1), ("rtx 3060", 1)]),
    ("due 3090 o una 4090 + 3060? la 3060 costa poco", [("3090", 2), ("4090", 1), ("3060", 1)]),
    ("zwei rtx 4070 oder eine 3090. die 4070 ist neuer", [("rtx 4070", 2), ("3090", 1)]),
    ("quatre 3060 ou deux 3090 ? les 3090 chauffent", [("3060", 4), ("3090", 2)]),
    # and named twice in a row they are two cards
    ("3060, 3060 and a 3090", [("3060", 1), ("3060", 1), ("3090", 1)]),
    ("3060 + 3060", [("3060", 1), ("3060", 1)]),
])
def test_a_card_named_again_is_the_same_card(text: str, cards: list[tuple[str, int]]) -> None:
    assert read(text).cards == cards
