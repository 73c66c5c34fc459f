"""A model neither the card nor the RAM holds, asked "even very slowly?": the honest figure from the SSD, not a
flat no. Golden arithmetic: llama.cpp maps the file, and what neither the card nor the RAM keeps is read from an
NVMe drive (~3.5 GB/s) every token: a 405B dense at Q4_K_M is ~230 GB off a 4 GB card, 32 GB of RAM keep ~25.6,
so ~205 GB a token, ~58 s a token, ~0.017 tok/s: well under 0.1. Questions written for these tests."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("llama 3.1 405b on a gtx 1050 ti 4gb, even if it is super slow?", "en"),
    ("llama 3.1 405b su una gtx 1050 ti da 4gb, anche lentissimo va bene?", "it"),
    ("llama 3.1 405b auf einer gtx 1050 ti mit 4gb, egal wie langsam?", "de"),
    ("llama 3.1 405b en una gtx 1050 ti de 4gb, aunque vaya lentísimo?", "es"),
])
def test_too_big_for_card_and_ram_gives_the_figure_from_disk(engine, question: str, lang: str) -> None:
    a = engine.ask(question, locale=lang)
    disk = a.facts["offload_assumed"]["from_disk"]
    assert disk is not None, a.text
    assert 0.005 < disk["tok_s"] < 0.1
    assert disk["seconds_per_token"] == pytest.approx(disk["from_disk_gb"] / 3.5)
    assert "SSD" in a.text


def test_a_model_that_runs_from_ram_has_no_disk_figure(engine) -> None:
    a = engine.ask("llama 3.1 70b on an rtx 3060 12gb with 64gb ddr4, speed?")
    assert (a.facts.get("offload_assumed") or {}).get("from_disk") is None
    assert "SSD" not in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("can llama 3.1 405b run on a gtx 1050 ti 4gb if i'm really patient?", "en"),
    ("posso far girare llama 3.1 405b su una gtx 1060 6gb se ho tanta pazienza?", "it"),
    ("kann ich llama 3.1 405b auf einer gtx 1050 ti mit 4gb laufen lassen, wenn ich sehr geduldig bin?", "de"),
])
def test_the_disk_figure_is_for_the_smallest_file_when_no_level_is_named(engine, question: str, lang: str) -> None:
    # read from the SSD every token, a smaller file is a faster one: 405B at IQ2_XXS (~104 GB) against 3.5 GB/s
    # with ~28 GB held by the RAM and the card is some 20 s a token, 0.03-0.1 tok/s (Q4_K_M would be ~0.02)
    a = engine.ask(question, locale=lang)
    disk = a.facts["offload_assumed"]["from_disk"]
    assert disk["quant"] == "IQ2_XXS"
    assert 0.03 <= disk["tok_s"] <= 0.1, disk
