"""A model that fits a Mac or a Strix Halo once its GPU share is raised (iogpu.wired_limit_mb, the Linux TTM
limit) gets a yes first, with the speed once raised, then how to raise it: people run Qwen3-235B at 3 bits on a
128 GB M4 Max that way (mlx-community/Qwen3-235B-A22B-3bit: about 103 GB of files), so a flat "No" misleads."""

from __future__ import annotations

import pytest

# mlx-community/Qwen3-235B-A22B-3bit on Hugging Face: 103 GB of safetensors (1e9 bytes) → GiB, as sizes are shown
MLX_3BIT_235B_GIB = 103e9 / 2**30

YES_FIRST = [
    ("m4 max 128gb: qwen3 235b in mlx 3bit, how fast?", "en", "Yes, once you raise"),
    ("qwen3-235b a 3 bit con mlx su un m4 max 128, quanto va?", "it", "Sì, dopo aver alzato"),
    ("macbook pro m4 max 128 go, qwen3 235b mlx 3 bits, quelle vitesse ?", "fr", "Oui, une fois"),
    ("läuft qwen3 235b mlx 3bit auf dem m4 max mit 128gb?", "de", "Ja, sobald"),
    ("framework desktop 128gb con qwen3 235b q3_k_m, cuántos tok/s?", "es", "Sí, en cuanto"),
]


@pytest.mark.parametrize(("question", "lang", "opening"), YES_FIRST)
def test_fits_once_raised_is_a_yes_with_its_speed(engine, question, lang, opening) -> None:
    a = engine.ask(question, locale=lang)
    raised = a.facts["raise_wired_limit"]
    assert raised["row"]["tok_s"] > 3
    first = a.text.splitlines()[0].replace("*", "")
    assert first.startswith(opening), a.text
    assert ("wired_limit_mb" in a.text) != ("amd-ttm" in a.text)  # the machine's own way, once


def test_the_speed_once_raised_is_said_once(engine) -> None:
    a = engine.ask("m4 max 128gb: qwen3 235b in mlx 3bit, how fast?", locale="en")
    assert a.text.count("tokens per second") == 1


def test_a_yes_once_raised_offers_no_other_machine_or_model(engine) -> None:
    # it runs there: no "a smaller model of the same line" nor "the smallest card that runs it" after a yes
    a = engine.ask("qwen3 235b in mlx 3bit on an m4 max with 128gb: how fast?", locale="en")
    assert "raise_wired_limit" in a.facts and a.text.replace("*", "").startswith("Yes, once")
    assert "smaller model of the same line" not in a.text and "smallest card" not in a.text


def test_mlx_3bit_of_qwen3_235b_is_its_published_size(engine) -> None:
    a = engine.ask("m4 max 128gb: qwen3 235b in mlx 3bit, how fast?", locale="en")
    need = a.facts["raise_wired_limit"]["row"]["need_gb"]
    assert MLX_3BIT_235B_GIB <= need <= MLX_3BIT_235B_GIB * 1.1  # the files, plus the cache and the runtime


@pytest.mark.parametrize(("question", "lang"), [
    ("glm 4.6 ud-q4_k_xl on two strix halo boxes over rpc, tok/s?", "en"),
    ("glm-4.6 ud-q4_k_xl su due framework desktop 128gb collegati, quanti token al secondo?", "it"),
])
def test_two_machines_short_only_of_their_default_share_are_told_to_raise_it_on_each(engine, question, lang) -> None:
    # GLM-4.6 UD-Q4_K_XL is a 190 GiB file (unsloth/GLM-4.6-GGUF): more than two 128 GB machines' default GPU share
    # (3/4 of 256 GB), less than what Linux lets them map once the TTM limit is raised; people run it so at ~9 tok/s
    a = engine.ask(question, locale=lang)
    raised = a.facts["raise_wired_limit"]
    assert raised["os"] == "linux" and raised["row"]["gpu_count"] == 2
    assert raised["row"]["tok_s_low"] <= 8.7 <= raised["row"]["tok_s_high"]
    assert "amd-ttm" in a.text
