"""answers/reading/parse.py: every corpus question (tests/data/questions.jsonl) plus unit tests for numbers,
units, context and quant parsing, and robustness (mentions, code blocks, huge or random input)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.api import INTENTS
from answers.lexicon import lexicon
from answers.reading.intent import detect_language
from answers.reading.numbers import parse_context, parse_memory
from answers.reading.parse import parse
from answers.reading.units import canonical_quant
from answers.records.asked import Asked
from catalog.text import fold
from tests.catalog.test_resolve import gpu_resolver, model_resolver
from tests.conftest import DATA_DIR

CORPUS = DATA_DIR / "questions.jsonl"
ROWS = [json.loads(line) for line in CORPUS.read_text("utf-8").splitlines() if line.strip()]
ENTITY_FIELDS = ("model", "card", "card2", "memory_gb", "context", "quant")
PARSER_INTENTS = set(INTENTS) - {"not_found", "ambiguous", "invalid", "family_fit", "off_topic"}  # not read


def _parse(q: str) -> Asked:
    return parse(q, model_resolver(), gpu_resolver())


def _need_models(row: dict[str, object]) -> None:
    have = set(model_resolver().names)
    assert not row.get("model") or row["model"] in have, f"corpus names a model the catalog lacks: {row['model']}"


# --------------------------------------------------------------------------- the corpus
def test_corpus_shape() -> None:
    assert len(ROWS) >= 200
    for lang in ("en", "it", "fr", "de", "es"):
        assert sum(r["lang"] == lang for r in ROWS) >= 30, lang
    assert {r["intent"] for r in ROWS} <= PARSER_INTENTS
    assert len({r["intent"] for r in ROWS}) == len(PARSER_INTENTS)  # every intent is exercised


@pytest.mark.parametrize("row", ROWS, ids=[r["q"][:60] for r in ROWS])
def test_corpus_question(row: dict[str, object]) -> None:
    _need_models(row)
    got = _parse(str(row["q"]))
    assert got.intent == row["intent"]
    for field in ENTITY_FIELDS:
        assert getattr(got, field) == row.get(field), field
    if row.get("lang_detectable", True):
        assert got.language == row["lang"]
    else:  # no wording to go by ("llama 3 8b"): unclear, never a wrong guess
        assert got.language is None


# --------------------------------------------------------------------------- numbers and units
@pytest.mark.parametrize(
    ("text", "gb"),
    [("12 GB", 12.0), ("12gb", 12.0), ("12 Go", 12.0), ("12GiB", 12.0), ("12 G", 12.0), ("12,5 GB", 12.5),
     ("12.5 gb", 12.5), ("on 8 go please", 8.0), ("with 24 GB VRAM", 24.0), ("16 gigs", 16.0),
     ("96 Go de mémoire", 96.0)],
)
def test_parse_memory(text: str, gb: float) -> None:
    assert parse_memory(text) == gb


@pytest.mark.parametrize("text", ["rtx 3060", "llama 3 8b", "32k context", "12", "Q4"])
def test_parse_memory_none(text: str) -> None:
    assert parse_memory(text) is None


@pytest.mark.parametrize(
    ("text", "tokens"),
    [("at 32k context", 32768), ("con 32k di contesto", 32768), ("32768 tokens", 32768), ("128K", 131072),
     ("8k", 8192), ("contexte de 16k", 16384), ("bei 4096 Token Kontext", 4096), ("contexto de 8192", 8192),
     ("1M context", 1048576), ("32 k ctx", 32768), ("2048 ctx", 2048),
     # a thousand word is the spoken "k": "32 mil tokens" is the 32k a reader means
     ("32 mil tokens de contexto", 32768), ("contesto di 32 mila token", 32768), ("32 tausend Token Kontext", 32768),
     ("contexte de 32 mille tokens", 32768), ("32 thousand tokens of context", 32768),
     ("contesto di 32mila token", 32768), ("32mil tokens de contexto", 32768),
     # thousands written in groups of three: a comma, a dot or a space between them
     ("with 32,768 tokens of context", 32768), ("128.000 Token Kontext", 128000), ("32 768 tokens de contexte", 32768),
     ("contexto de 32.768", 32768), ("128,000 tokens", 128000)],
)
def test_parse_context(text: str, tokens: int) -> None:
    assert parse_context(text) == tokens


@pytest.mark.parametrize("text", ["llama 3 70b", "12 GB", "rtx 4090", "8192", "kimi k2", "gastar 2 mil reais"])
def test_parse_context_none(text: str) -> None:
    assert parse_context(text) is None


@pytest.mark.parametrize(
    ("text", "quant"),
    [("Q4", "Q4_K_M"), ("q4", "Q4_K_M"), ("q8", "Q8_0"), ("Q5_K_S", "Q5_K_S"), ("q5_k_s", "Q5_K_S"),
     ("IQ4_XS", "IQ4_XS"), ("F16", "F16"), ("fp16", "F16"), ("bf16", "BF16"), ("4-bit", "Q4_K_M"),
     ("8bit", "Q8_0"), ("Q6", "Q6_K"), ("q3_k_l", "Q3_K_L"), ("mxfp4", "MXFP4"), ("Q7", "Q7")],
)
def test_canonical_quant(text: str, quant: str) -> None:
    assert canonical_quant(text) == quant


@pytest.mark.parametrize("text", ["qwen3", "q", "4090", "k2", "fp"])
def test_canonical_quant_none(text: str) -> None:
    assert canonical_quant(text) is None


@pytest.mark.parametrize(
    ("q", "quant"),
    [("llama 3 8b at 4 bit on 8gb", "Q4_K_M"), ("qwen3:8b-q4_K_M on a 3060", "Q4_K_M"),
     ("llama 3 8b in fp16", "F16"), ("mistral 7b q8 on 12 GB", "Q8_0")],
)
def test_quant_in_questions(q: str, quant: str) -> None:
    assert _parse(q).quant == quant


def test_memory_is_never_a_card() -> None:
    for q in ("can llama 3 8b run on 12 GB", "llama 3 8b 12gb", "gLM tourne sur 12 Go ?", "12 G"):
        got = _parse(q)
        assert got.card is None and got.memory_gb == 12.0, q


def test_memory_after_a_card_is_its_name_when_that_card_exists() -> None:
    got = _parse("what can my rtx 3060 8gb run")
    assert got.card == "GeForce RTX 3060 8 GB" and got.memory_gb is None


def test_card_number_near_the_word_context_is_a_card() -> None:
    got = _parse("max context for qwen3 8b on a 4090")
    assert got.card == "GeForce RTX 4090" and got.context is None
    assert got.intent == "longest_context"


def test_two_entities_in_one_run_of_words() -> None:
    got = _parse("compare lama 3 70b 4090 3090")
    assert (got.model, got.card, got.card2) == ("Llama 3 70B", "GeForce RTX 4090", "GeForce RTX 3090")


def test_unknown_model_name_is_handed_on() -> None:
    got = _parse("can i run llama 9 on 12gb")  # the engine answers "not found" with suggestions
    assert (got.intent, got.model, got.memory_gb) == ("can_run", "llama 9", 12.0)
    assert _parse("asdf qwerty zxcv").model is None


def test_ordinary_words_are_not_model_names() -> None:
    for q in ("que modelos corren en una 4090", "can i switch to a 4090 for llama 3 70b",
              "Tengo una 3060 de 12 GB, ¿qué modelos puedo usar?"):
        got = _parse(q)
        assert got.model in (None, "Llama 3 70B"), (q, got.model)


def test_unresolved_names_come_back_as_typed() -> None:
    got = _parse("can llama 3 run on 24 GB")  # ambiguous: the engine asks "did you mean"
    assert got.model_span == "llama 3" and got.model == "llama 3"
    assert got.intent == "can_run" and got.memory_gb == 24.0


# --------------------------------------------------------------------------- language
@pytest.mark.parametrize(
    ("q", "lang"),
    [("can glide run on 12 gb", "en"), ("glide gira su 12 gb", "it"), ("glide tourne sur 12 go", "fr"),
     ("läuft glide auf 12 gb", "de"), ("¿glide funciona en 12 gb?", "es"), ("llama 3 8b", None), ("", None),
     # a thousand word two languages share is evidence for neither, whatever greeting it is part of
     ("glide numa 3080 com contexto de 32 mil tokens", "pt"), ("glide sur 3080, 32 mille tokens", "fr")],
)
def test_detect_language(q: str, lang: str | None) -> None:
    assert detect_language(fold(q), q) == lang


# --------------------------------------------------------------------------- robustness
def test_discord_mentions_and_code_blocks() -> None:
    got = _parse("<@!123456789012345678> ```can GLIDE run on 12 GB?``` <:blob:12345>")
    assert (got.intent, got.model, got.memory_gb) == ("can_run", "GLIDE", 12.0)
    got = _parse("<@123> `what can my rtx 3060 run`")
    assert (got.intent, got.card) == ("card_models", "GeForce RTX 3060 12 GB")


def test_huge_input_is_capped() -> None:
    # Only the first MAX_INPUT characters are read (speed is measured by benchmarks/, not here).
    from answers.reading.tokens import MAX_INPUT

    head = "can GLIDE run on 12 GB? "
    got = _parse(head + "blah " * 50_000)
    assert got.model == "GLIDE" and got.memory_gb == 12.0
    assert _parse(head + "x" * MAX_INPUT + " on a rtx 4090").card is None  # beyond the cap: never read


@pytest.mark.parametrize("q", ["", "   ", "???", "🙂🙂🙂", "<@123>", "```\n```", "0 GB", "9999999999999999999999 GB"])
def test_degenerate_inputs(q: str) -> None:
    got = _parse(q)
    assert got.intent in PARSER_INTENTS


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_raises(q: str) -> None:
    got = _parse(q)
    assert got.intent in PARSER_INTENTS
    assert got.language in (None, *lexicon().codes)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["can", "llama", "3", "8b", "run", "on", "12", "gb", "4090", "vs", "3090", "q4",
                                 "32k", "gira", "su", "wie", "viel", "¿qué", "gpu", "?", "glm-4.5v", "de"]),
                max_size=15))
def test_word_salad_never_raises(words: list[str]) -> None:
    got = _parse(" ".join(words))
    assert got.intent in PARSER_INTENTS


