"""What a new user hits first (issue 11): the language of a message that is only a hardware name,
a bare size asked about as a model, and multi-word model names with a size."""

from __future__ import annotations

import pytest

from answers.parse import parse
from tests.test_resolve import gpu_resolver, model_resolver

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
