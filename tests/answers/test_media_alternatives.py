""""Is it the only one that runs on my card?" beside an image or video model: the other catalog models of that kind
that run on the card named are listed with their times, in the asker's language. Wan 2.1 T2V 1.3B needs about
8 GB (its README: 8.19 GB of VRAM for a 480P clip), so a 12 GB card runs it: the list can never be empty there."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "lang"), [
    ("ltx video 2b on my rtx 3060 12gb: is that the only video model that fits?", "en"),
    ("ltx-video en mi rtx 3060 de 12 gb, ¿es el único que corre o hay otros?", "es"),
    ("ltx-video auf der rtx 3060 12 gb, ist das das einzige videomodell, das läuft?", "de"),
    ("ltx video su una rtx 3060 12gb, è l'unico che gira?", "it"),
])
def test_other_video_models_that_run_on_the_card_are_listed(engine, question, lang) -> None:
    answer = engine.ask(question)
    assert answer.locale == lang
    alt = answer.facts.get("alternatives") or {}
    names = [r["model"] for r in alt.get("models", [])]
    assert "Wan 2.1 T2V 1.3B" in names and "LTX-Video 2B" not in names, answer.text
    seconds = [r["seconds"] for r in alt["models"]]
    assert seconds == sorted(seconds)
    assert "Wan 2.1 T2V 1.3B" in answer.text


def test_no_list_without_the_ask(engine) -> None:
    answer = engine.ask("ltx video 2b on an rtx 3060 12gb, how long per clip?")
    assert "alternatives" not in answer.facts
