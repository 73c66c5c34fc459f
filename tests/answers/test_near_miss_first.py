"""A card that misses a model by a little: the answer first offers what fits on the card whole (a smaller level, the
conversation cache at q8_0/q4_0, a shorter context), each with its speed, and only then the offload figure."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from answers.engine import Engine


@pytest.mark.parametrize(("question", "offload_words"), [
    ("qwen3 32b q4_k_m on an rtx 4090 with a 32k context, will it fit and how fast?", "system memory"),
    ("qwen3 32b q4_k_m en una rtx 4090 con contexto de 32k, cabe? qué velocidad?", "memoria del sistema"),
    ("qwen3 32b q4_k_m numa rtx 4090 com contexto de 32k, cabe? que velocidade?", "memória do sistema"),
])
def test_what_fits_on_the_card_comes_before_offload(engine: Engine, question: str, offload_words: str) -> None:
    a = engine.ask(question)
    f = a.facts
    assert f["row"]["fit"] == "no" or not f["row"].get("tok_s")  # Q4_K_M at 32k misses a 24 GB card
    hint, shorter = f["cache_hint"], f["shorter_context"]
    # the cache at q8_0 (about half of f16) or a shorter context holds Q4_K_M whole, each with a speed
    assert hint["quant"] == "Q4_K_M" and hint["need_gb"] < hint["need_f16_gb"] and hint["tok_s"] > 10
    assert shorter["quant"] == "Q4_K_M" and shorter["context"] in (8192, 16384) and shorter["tok_s"] > 10
    assert shorter["need_gb"] < f["row"]["need_gb"]
    lines = a.text.splitlines()
    said = format_decimal(shorter["context"], locale=a.locale)  # "16,384", "16.384"
    on_card = next(i for i, line in enumerate(lines) if said in line)
    offload = next(i for i, line in enumerate(lines) if offload_words in line)
    assert on_card < offload  # in-VRAM options first, then offload


def test_no_shorter_context_when_the_context_is_the_default(engine: Engine) -> None:
    f = engine.ask("llama 3.3 70b q4_k_m on an rtx 4090, tok/s?").facts
    assert not f.get("shorter_context")  # 4,096 tokens said or assumed: nothing shorter to offer


@pytest.mark.parametrize(("question", "words"), [
    ("llama 3.3 70b q5_k_m on a 3090 plus a 3060 with 64gb of ddr4, usable?", "The largest level that fits is"),
    ("llama 3.3 70b q5_k_m numa 3090 mais uma 3060 com 64gb de ddr4, dá para usar?", "Q3_K_M"),
])
def test_two_cards_that_crawl_with_offload_name_the_level_they_hold_whole(engine: Engine, question: str,
                                                                         words: str) -> None:
    # 24 + 12 GB: Q5_K_M (about 50 GB of weights) spills ~13 GB to RAM and crawls; Q3_K_M (about 34 GB) fits whole
    a = engine.ask(question)
    row, smaller = a.facts["row"], a.facts["smaller_level"]
    assert row["fit"] == "no" and row["slow_tok_s"] and smaller["quant"] == "Q3_K_M" and smaller["tok_s"] > 10
    assert words in a.text
