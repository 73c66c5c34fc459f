"""When a model does not fit at the level asked, the answer says what does: the largest level that fits (with
its need and speed), a quantized conversation cache at a long context, Unsloth's 1-bit files for the giant
MoE models on big Macs, never "ask again" and never a bare no. Phrasings in six languages."""

from __future__ import annotations

import re

import pytest

from answers.engine import Engine


def _plain(text: str) -> str:
    return text.replace("`", "").replace("**", "")


@pytest.mark.parametrize(("question", "lang", "sentence"), [
    ("can I run llama 3.3 70b at q8 on a 3090?", "en", r"The largest level that fits is (\S+): it needs about"),
    ("läuft llama 3.3 70b in q8 auf einer 3090?", "de", r"Die höchste Stufe, die passt, ist (\S+): sie braucht etwa"),
    ("est-ce que qwen3 32b en q8 tient sur une 4090 ?", "fr", r"Le niveau le plus élevé qui tient est (\S+) : il"),
    ("qwen3 32b q8 cabe en una rtx 4090?", "es", r"El nivel más alto que cabe es (\S+): necesita unos"),
    ("dá pra rodar qwen3 32b em q8 numa 4090?", "pt", r"O nível mais alto que cabe é (\S+): precisa de cerca de"),
    ("qwen3 32b a q8 ci sta su una 4090?", "it", r"Il livello più alto che ci sta è (\S+): richiede circa"),
])
def test_a_level_that_does_not_fit_names_the_largest_that_does(engine: Engine, question: str, lang: str,
                                                                sentence: str) -> None:
    a = engine.ask(question)
    text = _plain(a.text)
    assert a.locale == lang
    m = re.search(sentence, text)
    assert m is not None, text
    level = a.facts["smaller_level"]
    assert m.group(1) == level["quant"] and level["tok_s"] > 0
    # Independent bound: the level named is smaller than the asked Q8_0 (8.5 bits per weight) and its need
    # fits the card's 24 GB.
    assert level["quant"] != "Q8_0" and level["need_gb"] < 24
    assert "ask again" not in text and "richiedi senza" not in text


def test_the_level_named_is_the_largest_that_fits(engine: Engine) -> None:
    """Asked at the level named, the card runs it; asked one step less compressed (still below Q8_0), not."""
    ladder = ["Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "IQ3_M", "IQ3_XXS", "Q2_K"]
    named = engine.ask("qwen3 32b q8 on a 4090?").facts["smaller_level"]["quant"]
    assert engine.ask(f"qwen3 32b {named} on a 4090?").facts["row"]["quant"] == named
    above = ladder[ladder.index(named) - 1]
    if above != "Q8_0":
        assert engine.ask(f"qwen3 32b {above} on a 4090?").facts["row"]["quant"] is None


def test_a_level_with_no_smaller_fit_promises_none(engine: Engine) -> None:
    # Llama 3.1 405B needs ≈ 405e9 × 2.06 / 8 ≈ 104 GB even at IQ2_XXS: nothing fits a 24 GB card.
    a = engine.ask("llama 3.1 405b q4 on a 4090?")
    assert not a.facts.get("smaller_level_fits") and "The largest level that fits" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("deepseek r1 on a mac studio m2 ultra 192gb?", "en"),
    ("deepseek r1 en un mac studio m2 ultra de 192 gb", "es"),
    ("deepseek r1 auf einem mac studio m2 ultra mit 192 gb?", "de"),
])
def test_a_giant_moe_on_a_big_mac_is_offered_unsloths_one_bit_file(engine: Engine, question: str,
                                                                    lang: str) -> None:
    """DeepSeek-R1 (671 B) at UD-IQ1_S, 1.56 bits per weight: 671e9 × 1.56 / 8 ≈ 131 GB (Unsloth's own file is
    131 GB), under the ≈ 144 GB macOS lets the GPU of a 192 GB Mac use by default (Kimi K2's published 1-bit
    files, 245 GB and more, hold in no 256 GB Mac's share). Never a bare no: the level and its speed."""
    a = engine.ask(question)
    assert a.locale == lang
    lower = a.facts["lower"]
    assert lower["quant"] == "UD-IQ1_S" and lower["tok_s"] > 0
    assert lower["need_gb"] < a.facts["row"]["usable_gb"]
    assert "UD-IQ1_S" in a.text


def test_the_one_bit_levels_are_only_for_the_giants(engine: Engine) -> None:
    """A 235 B MoE on two 24 GB cards: a 2-bit level with offloading is the usual answer, not a 1-bit file."""
    a = engine.ask("qwen3 235b on 2x 3090?")
    assert "UD-IQ1" not in a.text


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("llama 3.1 8b q8 with 128k context on a 4090?", "en", "stored as q8_0"),
    ("llama 3.1 8b q8 a 128k di contesto su una 4090?", "it", "salvata come q8_0"),
    ("llama 3.1 8b q8 mit 128k kontext auf einer 4090?", "de", "q8_0"),
])
def test_a_long_context_that_misses_says_a_q8_cache_holds_it(engine: Engine, question: str, lang: str,
                                                             words: str) -> None:
    """Llama 3.1 8B's cache: 2 × 32 layers × 8 KV heads × 128 × 2 bytes = 128 KiB a token, 16 GiB at 128k in
    f16; q8_0 stores 34 bytes per 32 values (8.5 bits), about 8.5 GiB: Q8_0's ≈ 8 GB of weights then fit 24 GB."""
    a = engine.ask(question)
    assert a.locale == lang
    hint = a.facts["cache_hint"]
    assert hint["cache_type"] == "q8_0" and hint["quant"] == "Q8_0"
    saved = hint["need_f16_gb"] - hint["need_gb"]
    assert 16 * 1.073741824 * 0.40 < saved < 16 * 1.073741824 * 0.55  # about half of the f16 cache
    assert hint["need_gb"] < 24 < hint["need_f16_gb"]
    assert words in _plain(a.text)


@pytest.mark.parametrize(("question", "lang", "sentence"), [
    ("deepseek r1 q8 on a 512gb ram server, no gpu", "en", "The largest level that fits is Q5_K_M"),
    ("deepseek r1 q8 su un server da 512gb di ram senza gpu", "it", "Il livello più alto che ci sta è Q5_K_M"),
    ("DeepSeek R1 in Q8 auf einem Server mit 512 GB RAM ohne GPU?", "de", "Die höchste Stufe, die passt, ist Q5_K_M"),
])
def test_a_level_that_misses_the_ram_names_what_fits_there(engine: Engine, question: str, lang: str,
                                                           sentence: str) -> None:
    """DeepSeek-R1 (671 B) in 512 GB of RAM, of which all but the 24 GB the system keeps may hold the model
    (488 GB): Q8_0 (8.5 bits, ≈ 664 GiB) and Q6_K (≈ 6.56 bits, ≈ 512 GiB) do not fit, Q5_K_M (≈ 5.7 bits,
    ≈ 444 GiB) does, tightly."""
    a = engine.ask(question)
    text = _plain(a.text)
    assert a.locale == lang and "even at" not in text and "anche a" not in text
    assert sentence in text
    cpu = a.facts["cpu"]
    assert cpu["forced"] == "Q8_0" and cpu["smaller_level"]["quant"] == "Q5_K_M" and cpu["smaller_level"]["tok_s"] > 0
