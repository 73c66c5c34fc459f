"""Readings found by paraphrase trials: wordings of a rating question that once gave other figures
than the rest of their group (tests/data/paraphrases.jsonl holds the groups themselves)."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine


def _ask(engine: Engine, q: str):
    return engine.ask(q, None, AskOptions())


@pytest.mark.parametrize(("q", "lang", "machine"), [
    ("gemma 3 12b on m4 pro with 48gb of memory", "en", "Apple M4 Pro 48 GB"),
    ("gemma 3 12b on m4 macbook air with 16 gigs of unified memory", "en", "Apple M4 16 GB"),
    ("gemma 3 12b en un m4 de 16 gb de memoria unificada", "es", "Apple M4 16 GB"),
    ("gemma 3 12b su m4 pro con 48gb di memoria", "it", "Apple M4 Pro 48 GB"),
    ("qwen3-30b-a3b auf mac mini m4 pro mit 48 gb unified memory", "de", "Apple M4 Pro 48 GB"),
    ("gemma 3 12b on dgx spark 128gb memory", "en", "GB10"),
])
def test_a_machines_memory_said_with_its_noun_is_no_memory_question(engine: Engine, q, lang, machine) -> None:
    """"48gb of memory" after a Mac names the machine's memory, as "16gb vram" after a card does: the
    question is still whether the model runs there, not how much memory it needs."""
    a = _ask(engine, q)
    assert (a.intent, a.entities.get("card"), a.locale) == ("can_run", machine, lang)
    assert a.facts.get("verdict") is not None


def test_how_much_memory_on_a_sized_mac_still_asks_the_need(engine: Engine) -> None:
    assert _ask(engine, "how much memory does gemma 3 12b need on m4 pro 48gb").intent == "vram"


@pytest.mark.parametrize(("q", "setup"), [
    ("devstral small 2x rtx3060 12gb", "2× GeForce RTX 3060 12 GB"),
    ("llama 3.1 70b on rtx3090 x2", "2× GeForce RTX 3090"),
    ("qwen3 8b on dual gtx1080ti", "2× GeForce GTX 1080 Ti"),
    ("qwen3 8b su due rx7900xtx", "2× Radeon RX 7900 XTX"),
    ("qwen2.5 coder 32b, drei RTX-3060-12GB", "3× GeForce RTX 3060 12 GB"),
])
def test_a_count_before_a_series_glued_to_its_number(engine: Engine, q, setup) -> None:
    """"rtx3060" is typed for "rtx 3060": the count said with it is kept (it was one card)."""
    assert _ask(engine, q).entities.get("setup") == setup


@pytest.mark.parametrize("q", ["qwen3 14b on a 3080 ctx 32k", "qwen3 14b on a 3080 ctx 32768",
                               "qwen3 14b su 3080 ctx 32k"])
def test_a_context_unit_before_its_amount_leaves_the_card(engine: Engine, q) -> None:
    """"3080 ctx 32k": "ctx" labels the 32k after it; the 3080 is the card, never a 3,080-token context."""
    a = _ask(engine, q)
    assert (a.entities.get("card"), a.entities.get("context")) == ("GeForce RTX 3080", 32768)


@pytest.mark.parametrize(("q", "lang"), [
    ("llama 4 scout sur ryzen ai max plus 395 128 go", "fr"),
    ("llama 4 scout on amd ai max plus 395 with 128gb", "en"),
])
def test_max_plus_in_words_is_the_max_plus(engine: Engine, q, lang) -> None:
    """"max plus 395" is the Ryzen AI Max+ 395 (it was read as a bare 128 GB and rated on a datacentre card)."""
    a = _ask(engine, q)
    assert (a.entities.get("setup"), a.locale) == ("Ryzen AI Max+ 395 128 GB", lang)


@pytest.mark.parametrize(("q", "lang"), [
    ("qwen3 coder 30b con una 3070 e 64 gb di memoria ddr4", "it"),
    ("qwen3 coder 30b sur une 3070 avec 64 go de mémoire DDR4", "fr"),
    ("qwen3 coder 30b en una 3070 con 64 gb de memoria ddr4", "es"),
    ("qwen3 coder 30b on a 3070 with 64gb memory ddr4", "en"),
])
def test_a_ram_type_after_a_memory_noun_makes_the_size_system_ram(engine: Engine, q, lang) -> None:
    """"64 gb di memoria ddr4" is 64 GB of system RAM beside the 3070, as "64gb ddr4" is (it was read as
    64 GB of graphics memory and the 3070's verdict said no)."""
    a = _ask(engine, q)
    assert (a.entities.get("ram_gb"), a.entities.get("memory_gb"), a.locale) == (64.0, None, lang)
    assert a.facts["verdict"]["outcome"] == "offload"


@pytest.mark.parametrize("q", ["glm-4.5-air:106b on a dgx spark", "glm-4.5-air:106b-a12b su dgx spark"])
def test_an_ollama_tag_whose_size_the_name_lacks(engine: Engine, q) -> None:
    """"glm-4.5-air:106b" is GLM-4.5-Air, as "glm-4.5-air 106b" is (it was a generic 106B dense model)."""
    assert _ask(engine, q).entities.get("model") == "GLM-4.5-Air"


@pytest.mark.parametrize(("q", "lang"), [
    ("gpt-oss-20b no macbook pro m4 max de 64 gigas", "pt"),
    ("con 24 gigas que le meto?", "es"),
])
def test_gigas_is_no_more_spanish_than_portuguese(engine: Engine, q, lang) -> None:
    """Brazilians say "64 gigas" too: the Portuguese "no" before the Mac decides (it was answered in Spanish)."""
    assert _ask(engine, q).locale == lang


@pytest.mark.parametrize(("q", "setup"), [
    ("llama 3.1 70b mit 2 karten 3090", "2× GeForce RTX 3090"),
    ("llama 3.1 70b mit zwei karten 3090", "2× GeForce RTX 3090"),
])
def test_a_count_word_inside_another_word_is_no_count(engine: Engine, q, setup) -> None:
    """"karten 3090" ends in "ten" and is no ten cards (it was 10× 3090)."""
    assert _ask(engine, q).entities.get("setup") == setup


def test_entre_is_no_three(engine: Engine) -> None:
    """"entre 3090 y 4090" ends in Italian "tre": two cards compared, not three 3090s and a 4090."""
    a = _ask(engine, "qwen3 32b: entre 3090 y 4090 cual es mejor")
    assert a.intent == "compare" and not a.entities.get("setups") and not a.entities.get("gpu_count")


@pytest.mark.parametrize("q", ["deepseek r1 distill llama 70b con un paio di 5090", "llama 3.1 70b su un paio di 5090"])
def test_un_paio_di_is_two(engine: Engine, q) -> None:
    """Italian "un paio di 5090" is two cards, as "a pair of", "une paire de" and "un par de" are."""
    assert _ask(engine, q).entities.get("setup") == "2× GeForce RTX 5090"


@pytest.mark.parametrize("q", ["gemma3 4b on my laptop's rtx 3050", "gemma 3 4b on my laptop’s 3050"])
def test_a_possessive_s_names_nothing(engine: Engine, q) -> None:
    """"my laptop's rtx 3050" is the laptop 3050 (the stray "s" once made "laptop s" a card and lost the model)."""
    a = _ask(engine, q)
    assert (a.entities.get("model"), a.entities.get("setup")) == ("Gemma 3 4B", "GeForce RTX 3050 Mobile")


@pytest.mark.parametrize("q", ["gpt-oss 120b on nvidia spark 128gb", "gpt-oss-120b sur une nvidia spark"])
def test_nvidia_spark_is_the_dgx_spark(engine: Engine, q) -> None:
    """"nvidia spark" is the DGX Spark (GB10); "128gb" alone was rated on a datacentre card of that memory."""
    assert _ask(engine, q).entities.get("setup") == "GB10"


@pytest.mark.parametrize("q", ["qwen2.5 coder 32b on 3060 12gb (x3)", "qwen2.5 coder 32b su rtx 3060 12gb(x3)"])
def test_a_count_in_brackets_after_the_card(engine: Engine, q) -> None:
    """"3060 12gb (x3)" is three of them, as "3060 12gb x3" is (it was one card)."""
    assert _ask(engine, q).entities.get("setup") == "3× GeForce RTX 3060 12 GB"


@pytest.mark.parametrize(("q", "mac"), [
    ("llama 3.3 70b on M3Max 64GB", "Apple M3 Max 64 GB"),
    ("llama 3.3 70b on m3-max 64gb", "Apple M3 Max 64 GB"),
    ("llama 3.3 70b su m2ultra 192gb", "Apple M2 Ultra 192 GB"),
])
def test_an_apple_chip_glued_to_its_tier(engine: Engine, q, mac) -> None:
    """"M3Max 64GB" is the Mac (it was a bare 64 GB rated on a 64 GB datacentre card)."""
    assert _ask(engine, q).entities.get("setup") == mac


@pytest.mark.parametrize(("q", "setup"), [
    ("llama 3.1 70b mit 2 stück 3090", "2× GeForce RTX 3090"),
    ("llama 3.1 70b mit 2 Stk. 3090", "2× GeForce RTX 3090"),
    ("qwen2.5 coder 32b on 3 pcs 3060 12gb", "3× GeForce RTX 3060 12 GB"),
    ("llama 3.1 70b con 2 unidades de 3090", "2× GeForce RTX 3090"),
])
def test_a_count_noun_before_the_card(engine: Engine, q, setup) -> None:
    """"2 Stück 3090", "3 pcs 3060" count the card named, as "2 cards 3090" does (it was one card)."""
    assert _ask(engine, q).entities.get("setup") == setup
