"""Two image models named with a card and "which is faster" ("sdxl or flux schnell on my card, which is quicker")
are both rated on that same card, and the one pick between them is said (answers/facts/choice.py
`between_media`, the one home of that verdict). Phrasings in several languages, none from a trial."""

from __future__ import annotations

import pytest

from answers.engine import Engine


def _parts(a) -> list[dict]:  # noqa: ANN001
    return [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]


@pytest.mark.parametrize(("question", "lang"), [
    ("sdxl or flux schnell on my rtx 4070, which one is quicker per image?", "en"),
    ("meglio sdxl o flux schnell su una rtx 4070? quale è più veloce", "it"),
    ("SDXL oder Flux Schnell auf einer RTX 4070, was ist schneller pro Bild?", "de"),
])
def test_both_models_are_rated_on_the_same_card_and_one_is_picked(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    parts = {p["model"]["name"]: p for p in _parts(a) if p.get("media") == "image"}
    assert set(parts) == {"Stable Diffusion XL 1.0", "FLUX.1 [schnell]"}
    assert {p.get("card") for p in parts.values()} == {"GeForce RTX 4070"}  # the card asked, for both
    c = a.facts["choice"]
    times = {name: p["seconds_per_image"] for name, p in parts.items()}
    if c["why"] == "mediafaster":
        assert times[c["pick"]] == min(times.values())
    else:
        assert c["why"] == "either"
    assert "Stable Diffusion XL 1.0" in a.text and "FLUX.1 \\[schnell\\]" in a.text  # as Discord markdown writes it
    assert not a.unused
