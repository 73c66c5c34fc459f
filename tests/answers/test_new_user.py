"""What a new user hits first (issue 11): the language of a message that is only a hardware name,
a bare size asked about as a model, and multi-word model names with a size."""

from __future__ import annotations

import pytest

from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver

LANGS = ("en", "it", "fr", "de", "es", "pt")


@pytest.fixture(scope="module")
def resolvers():  # noqa: ANN201
    return model_resolver(), gpu_resolver()


# --------------------------------------------------------------------------- language of name-only messages
NAME_ONLY = ("m2 pro 32gb", "m3 max 64gb", "macbook air m2", "mac mini m4 pro", "rtx 4070 ti super", "h100",
             "rtx 4090", "mi300x", "dgx spark", "m2 ultra 192gb", "4060 laptop", "rx 7900 xtx")


@pytest.mark.parametrize("text", NAME_ONLY)
def test_a_name_alone_carries_no_language(resolvers, text):
    assert parse(text, *resolvers).language is None  # the engine then answers in the default, English


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("text", NAME_ONLY)
def test_a_name_alone_is_answered_in_the_askers_discord_language(resolvers, text, lang):
    assert parse(text, *resolvers, locale=lang).language == lang


# A sentence in one language around product words that look like another's ("pro", "ti", "max").
AROUND_PRODUCT_WORDS = {
    "en": "does my m2 pro with 32gb handle gemma 3 12b",
    "it": "il mio m2 pro con 32gb regge gemma 3 12b",
    "fr": "mon m2 pro avec 32 go tient gemma 3 12b",
    "de": "schafft mein m2 pro mit 32gb gemma 3 12b",
    "es": "mi m2 pro con 32gb aguanta gemma 3 12b",
    "pt": "meu m2 pro com 32gb aguenta o gemma 3 12b",
}


@pytest.mark.parametrize("lang", LANGS)
def test_product_words_never_outvote_the_sentence(resolvers, lang):
    other = "pt" if lang != "pt" else "it"
    assert parse(AROUND_PRODUCT_WORDS[lang], *resolvers, locale=other).language == lang


def test_product_words_are_not_language_evidence():
    from answers.lexicon import lexicon

    assert {"pro", "max", "ultra", "mini", "air", "ti", "super", "laptop"} <= lexicon().product_words


@pytest.mark.parametrize("text", ["dgx spark", "strix halo 128gb"])
def test_a_machine_name_is_not_read_as_a_model(resolvers, text):
    p = parse(text, *resolvers)
    assert p.model is None and p.setup


# --------------------------------------------------------------------------- a bare size as the model
SIZE_ONLY = {  # language → (question, billions, a word of the one-sentence note in that language)
    "en": ("would dual 3090s handle a 70b?", 70.0, "generic"),
    "it": ("quanta vram serve per un 32b?", 32.0, "generico"),
    "fr": ("un 14b tourne sur une 4060 ti ?", 14.0, "générique"),
    "de": ("reicht eine 4090 für ein 32b?", 32.0, "generisches"),
    "es": ("¿qué tarjeta necesito para un 70b?", 70.0, "genérico"),
    "pt": ("um 8b roda numa 3060?", 8.0, "genérico"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_size_is_parsed_as_a_size_not_a_model(resolvers, lang):
    question, size, _ = SIZE_ONLY[lang]
    p = parse(question, *resolvers)
    assert p.model is None and p.model_size_b == size and p.language == lang


@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_size_is_answered_for_a_generic_dense_model(engine, lang):
    question, size, word = SIZE_ONLY[lang]
    a = engine.ask(question)
    assert a.intent not in ("not_found", "ambiguous", "fallback", "invalid"), a.text
    assert a.locale == lang and a.entities["model_size_b"] == size and a.facts["generic_model_b"] == size
    assert word in a.text.casefold()  # the one sentence that says what was assumed
    assert "70b'" not in a.text and "did you mean" not in a.text.casefold()


def test_the_generic_model_is_a_dense_estimate_caching_like_its_size(engine):
    """Same weights as a hand-made record of 70 billion parameters with no experts; its cache is that of
    today's dense 70B models (grouped-query attention, tests/answers/test_generic_cache_layout.py), smaller
    than the size-only rule's."""
    from catalog.records import ModelRecord

    generic = engine.ask("how much vram for a 70b?")
    plain = engine.command("vram", "en", model=ModelRecord(name="x", params_b=70.0))
    assert generic.intent == plain.intent == "vram"
    assert [lv["weights_gb"] for lv in generic.facts["levels"]] == [lv["weights_gb"] for lv in plain.facts["levels"]]
    assert generic.facts["cache_kind"] == "layout" and plain.facts["cache_kind"] == "size"
    assert generic.facts["cache_gb"] < plain.facts["cache_gb"]


@pytest.mark.parametrize("text", ["llama 70b on a 4090", "qwen 2.5 32b on a 4090", "mixtral 8x7b on 24gb"])
def test_a_size_inside_a_name_stays_part_of_the_name(resolvers, text):
    p = parse(text, *resolvers)
    assert p.model_size_b is None and p.model is not None


# --------------------------------------------------------------------------- multi-word names with a size
SIZED_NAMES = [
    ("deepseek r1 distill 32b", "DeepSeek-R1-Distill-Qwen-32B"),
    ("r1 distill llama 70b", "DeepSeek-R1-Distill-Llama-70B"),
    ("r1 distill qwen 14b", "DeepSeek-R1-Distill-Qwen-14B"),
    ("qwen 2.5 coder 32b", "Qwen2.5-Coder 32B"),
    ("llama 3.1 nemotron 70b", "Llama-3.1-Nemotron-70B-Instruct"),
    ("gemma 3 27b qat", "Gemma 3 QAT 27B"),
]


@pytest.mark.parametrize(("typed", "name"), SIZED_NAMES)
def test_the_resolver_keeps_the_size_of_a_multi_word_name(resolvers, typed, name):
    assert resolvers[0].resolve(typed).best.name == name


SIZED_QUESTIONS = {  # language → a question around the name
    "en": "does {} fit on a 4090",
    "it": "{} ci sta su una 4090?",
    "fr": "est-ce que {} rentre sur une 4090 ?",
    "de": "passt {} auf eine 4090?",
    "es": "¿{} cabe en una 4090?",
    "pt": "o {} cabe numa 4090?",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("typed", "name"), SIZED_NAMES)
def test_a_size_in_a_typed_name_is_never_ignored(resolvers, lang, typed, name):
    p = parse(SIZED_QUESTIONS[lang].format(typed), *resolvers)
    assert p.model == name and p.card == "GeForce RTX 4090"


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_only_message_is_answered_in_the_hint_or_in_english(engine, lang):
    assert engine.ask("m2 pro 32gb").locale == "en"
    assert engine.ask("m2 pro 32gb", hint=lang).locale == lang
    assert engine.ask("rtx 4090", hint=lang).locale == lang


# --------------------------------------------------------------------------- setup words from the lexicon, pt included
@pytest.mark.parametrize(("text", "count", "laptop"), [
    ("duas 3090 rodam o llama 3 70b?", 2, False),
    ("tres 3060 dao conta do mixtral 8x7b?", 3, False),
    ("o qwen3 14b roda numa 4070 notebook?", None, True),
])
def test_portuguese_setup_words(resolvers, text, count, laptop):
    p = parse(text, *resolvers)
    assert p.gpu_count == count and p.language == "pt"
    assert any("Mobile" in name for name, _ in (p.setup or [])) == laptop


def test_two_bare_sizes_are_answered_for_the_larger(resolvers):
    p = parse("would 8b or 13b fit on a 3060", *resolvers)
    assert p.model is None and p.model_size_b == 13.0
