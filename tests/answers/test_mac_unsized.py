"""A Mac named with neither chip nor memory is never left out silently: the answer says which current Macs
hold the asked model (smallest and fastest, at Q4_K_M), or that it needs the chip and memory for a figure."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("a 70b on two 3090s, or is a mac studio the smarter buy?", "en", "Mac Studio"),
    ("un 70b su due 3090 oppure mi conviene un mac studio?", "it", "Mac Studio"),
    ("qwen3 32b sur une 4090, ou alors un macbook ?", "fr", "MacBook"),
    ("ein 70b auf zwei 3090 oder doch lieber ein mac mini?", "de", "Mac Mini"),
])
def test_an_unsized_mac_beside_a_model_gets_its_configurations(engine: Engine, question: str, lang: str,
                                                              said: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    mac = a.facts.get("mac_unsized")
    assert mac is not None and mac["said"] == said and mac["model_asked"]
    small = mac["smallest"]
    assert small["chip"].startswith("Apple ") and small["quant"] == "Q4_K_M"
    assert small["chip"] in a.text and said in a.text
    # a dense 70B at Q4_K_M needs ~40 GB: no 32 GB Mac holds it; a 32B (~20 GB) fits in less than 64 GB
    assert small["memory_gb"] >= (48 if "70b" in question else 24)
    if "fastest" in mac:
        assert mac["fastest"]["tok_s"] > small["tok_s"] and mac["fastest"]["chip"] in a.text


def test_an_unsized_mac_without_a_model_is_said_not_dropped(engine: Engine) -> None:
    a = engine.ask("what can i run on a 4090, or should i just buy a mac?")
    mac = a.facts.get("mac_unsized")
    assert mac is not None and not mac["model_asked"] and "smallest" not in mac
    assert "Mac" in a.text.split("\n", 3)[-1] and "M4 Max 64 GB" in a.text


def test_a_mac_with_its_chip_or_memory_is_no_unsized_mac(engine: Engine) -> None:
    for q in ("a 70b on a mac studio m4 max 128gb?", "what runs on a mac mini with 64gb", "qwen3 32b on a 3090"):
        assert "mac_unsized" not in engine.ask(q).facts, q


def test_a_mac_with_its_chip_as_the_second_side_is_no_unsized_mac(engine: Engine) -> None:
    a = engine.ask("3000 euros: a 70b on a 5090 or a mac studio m4 max 128gb?")
    assert "mac_unsized" not in a.facts, a.text
