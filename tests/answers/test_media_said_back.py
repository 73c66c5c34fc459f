"""A media or device answer that rates the card, phone or video length asked never ends by calling that same
thing "not used": the phone is the device (not an unknown model), the seconds of video are the clip's length
(not a model), and a laptop's card is the laptop part both for the figures and for what is said back.
Phrasings in several languages, none from a trial."""

from __future__ import annotations

import pytest

from answers.engine import Engine


@pytest.mark.parametrize(("question", "lang"), [
    ("what llm can I run on my pixel 9 pro xl?", "en"),
    ("quale modello gira sul mio pixel 9 pro?", "it"),
    ("welches Sprachmodell läuft auf meinem Pixel 9 Pro?", "de"),
])
def test_a_phone_named_is_the_device_never_an_unused_model(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "device"
    assert not a.unused, a.unused
    assert "pixel" not in a.asked.get("models", []) and not a.asked.get("models")


@pytest.mark.parametrize(("question", "lang"), [
    ("how long does wan 2.2 take for 8 seconds of video on a 4090?", "en"),
    ("wan 2.2 sur une 4090, combien de temps pour 5 secondes de vidéo ?", "fr"),
    ("quanto ci mette wan 2.2 per 6 secondi di video su una 4090?", "it"),
])
def test_the_seconds_of_video_asked_are_the_clip_never_an_unused_model(engine: Engine, question: str,
                                                                        lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "video"
    assert a.asked.get("models") == ["Wan 2.2 T2V A14B"]
    assert not a.unused, a.unused


@pytest.mark.parametrize(("question", "lang"), [
    ("sdxl on my laptop with an rtx 3050 4gb, seconds per image?", "en"),
    ("sdxl auf meinem Laptop mit RTX 3050 4GB, wie lange pro Bild?", "de"),
    ("sdxl en mi portátil con una rtx 3050 de 4gb, cuánto tarda por imagen?", "es"),
])
def test_a_laptop_card_is_rated_as_the_laptop_part_and_said_back_as_used(engine: Engine, question: str,
                                                                          lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "image"
    assert a.facts["card"] == a.asked["cards"][0]["name"]
    assert "Mobile" in a.facts["card"] or "Laptop" in a.facts["card"]
    assert not a.unused, a.unused
