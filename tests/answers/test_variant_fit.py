"""A Mac chip named without its memory is rated at its most common size; when that size cannot hold the model at
the level the question names, the answer is for the smallest of the chip's sizes that can, and says so (before:
"No" for a machine the asker may well have with more memory, and public MLX rows went unanswered)."""

from __future__ import annotations

import pytest


# The size expected, by independent arithmetic: weights = parameters × bits / 8, against macOS's default GPU share
# of a Mac's memory (3/4 above 36 GB); the sizes each chip is sold with (Apple's specifications).
@pytest.mark.parametrize(("question", "lang", "default", "expected"), [
    # Gemma 3 27B at 16 bits: 27.4 × 2 = 55 GB > 64 × 3/4 = 48; the M2 Ultra's next size is 128 GB
    ("gemma 3 27b in bf16 on a mac studio m2 ultra with mlx, tok/s?", "en", "Apple M2 Ultra 64 GB",
     "Apple M2 Ultra 128 GB"),
    # Qwen2.5 72B at MLX 8-bit (8.5 bits): 72.7 × 8.5 / 8 = 77 GB > 96 × 3/4 = 72; next: 128 GB
    ("qwen 2.5 72b mlx 8bit su un M3 Max, quanti token al secondo?", "it", "Apple M3 Max 36 GB",
     "Apple M3 Max 128 GB"),
    # Llama 3.3 70B at MLX 6-bit (6.5 bits): 70.6 × 6.5 / 8 = 57 GB > 64 × 3/4 = 48; next: 128 GB
    ("llama 3.3 70b en MLX 6bit sur un M4 Max : combien de tokens par seconde ?", "fr", "Apple M4 Max 36 GB",
     "Apple M4 Max 128 GB"),
])
def test_the_smallest_size_of_the_chip_that_holds_the_level_named(engine, question, lang, default,
                                                                    expected) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts["variant_holds"] == {"default": default, "card": expected, "quant": a.facts["quant"]}
    row = a.facts["row"]
    assert row["fit"] != "no" and row["tok_s"] and row["card"] == expected
    assert expected in a.text and default in a.text  # the answer says which size it rated, and why


@pytest.mark.parametrize("question", [
    "qwen 2.5 72b mlx 8bit on an M3 Max 36GB",  # the size said is the asker's: "no" stays
    "llama 3 70b q8 on a 3090",  # a graphics card keeps its most common variant
])
def test_a_size_said_or_no_level_named_keeps_the_machine(engine, question) -> None:
    a = engine.ask(question)
    assert "variant_holds" not in a.facts


# No level named: the smallest size that holds the model at a usual level (IQ4_XS, 4.25 bits, at the least).
@pytest.mark.parametrize(("question", "lang", "default", "expected"), [
    # Qwen2.5 72B: 72.7 × 4.25 / 8 = 38.6 GB; the M3 Max's 48 GB gives 36 to the GPU, its 64 GB gives 48
    ("qwen 2.5 72b on an M3 Max, how fast?", "en", "Apple M3 Max 36 GB", "Apple M3 Max 64 GB"),
    # DeepSeek-R1: 671 × 4.25 / 8 = 356 GB; the M3 Ultra's 256 GB gives 192, its 512 GB gives 384
    # a prompt's time takes the best level that fits, as that intent does everywhere: IQ2_XXS (2.06 bits),
    # 671 × 2.06 / 8 = 173 GB, within the 256 GB size's 192 but not the 96 GB's 72
    ("wie lange bis zum ersten token mit 20k prompt, deepseek r1 auf einem m3 ultra?", "de", "Apple M3 Ultra 96 GB",
     "Apple M3 Ultra 256 GB"),
    ("deepseek r1 su un m3 ultra, quanti token al secondo?", "it", "Apple M3 Ultra 96 GB", "Apple M3 Ultra 512 GB"),
])
def test_no_level_named_moves_to_the_size_that_holds_a_usual_level(engine, question, lang, default,
                                                                   expected) -> None:
    a = engine.ask(question, locale=lang)
    assert a.facts["variant_holds"] == {"default": default, "card": expected, "quant": None}
    assert a.facts["row"]["card"] == expected and a.facts["row"]["fit"] != "no"
    assert expected in a.text and default in a.text
