"""Two image or video models named together ("flux schnell or sdxl on my card") are both rated on the same
hardware, and the answer says which makes an image sooner and by how much — or that they are about as fast
when the gap is inside the figures' own uncertainty. Phrasings in several languages, none from a trial."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.media import CLOSE_RATIO, faster_of


@pytest.mark.parametrize(("question", "lang"), [
    ("sdxl or flux schnell on my rtx 4070, which one is quicker per image?", "en"),
    ("meglio sdxl o flux schnell su una rtx 4070? quale è più veloce", "it"),
    ("SDXL oder Flux Schnell auf einer RTX 4070, was ist schneller pro Bild?", "de"),
])
def test_both_models_are_rated_on_the_same_card_and_one_is_called_faster(engine: Engine, question: str,
                                                                          lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("media") == "image"
    second = a.facts["second"]
    names = {a.facts["model"]["name"], second["model"]["name"]}
    assert names == {"Stable Diffusion XL 1.0", "FLUX.1 [schnell]"}
    assert second["card"] == a.facts["card"] == "GeForce RTX 4070"
    c = a.facts["choice"]
    times = {a.facts["model"]["name"]: a.facts["seconds_per_image"],
             second["model"]["name"]: second["seconds_per_image"]}
    assert c["seconds"] == min(times.values()) and times[c["faster"]] == c["seconds"]
    assert c["ratio"] == pytest.approx(max(times.values()) / min(times.values()), abs=0.01)
    assert "Stable Diffusion XL 1.0" in a.text and "FLUX.1 \\[schnell\\]" in a.text  # as Discord markdown writes it
    assert not a.unused


def test_a_gap_inside_the_uncertainty_is_called_about_as_fast() -> None:
    one = {"media": "image", "model": {"name": "A"}, "seconds_per_image": 10.0}
    two = {"media": "image", "model": {"name": "B"}, "seconds_per_image": 10.0 * (CLOSE_RATIO - 0.05)}
    assert faster_of(one, two)["close"] is True and faster_of(one, two)["faster"] == "A"
    far = {"media": "image", "model": {"name": "C"}, "seconds_per_image": 30.0}
    assert faster_of(far, one) == {"faster": "A", "slower": "C", "seconds": 10.0, "other_seconds": 30.0, "ratio": 3.0,
                                   "close": False}
    assert faster_of(one, {"media": "image", "model": {"name": "D"}}) is None  # does not run there: no pick
