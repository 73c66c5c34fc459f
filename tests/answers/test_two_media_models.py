"""Two image or embedding models named in one question are both answered, with one pick between them
(answers/facts/choice.py `between_media`): a question about two models never answers only the first."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.facts.choice import between_media


def _parts(a) -> list[dict]:  # noqa: ANN001
    return [a.facts, *(p["facts"] for p in a.facts.get("parts", []))]


@pytest.mark.parametrize(("question", "lang", "fast", "slow"), [
    # SD 1.5's 0.86B UNet at 512 px against FLUX.1 dev's 12B transformer at 1024 px: many times the work
    ("sd 1.5 vs flux dev on a 4090, which one makes a picture quicker?", "en", "Stable Diffusion 1.5", "FLUX.1 [dev]"),
    ("flux dev o sdxl su una rtx 4070 super, quale fa prima un'immagine?", "it", "Stable Diffusion XL 1.0",
     "FLUX.1 [dev]"),
    ("sdxl ou flux schnell numa rtx 4080, qual gera mais rápido?", "pt", "FLUX.1 [schnell]",
     "Stable Diffusion XL 1.0"),
])
def test_two_image_models_are_both_timed_and_the_faster_picked(engine: Engine, question: str, lang: str, fast: str,
                                                               slow: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    named = {p["model"]["name"]: p for p in _parts(a)}
    assert set(named) == {fast, slow}
    assert named[fast]["seconds_per_image"] < named[slow]["seconds_per_image"]
    assert a.facts["choice"]["pick"] == fast and a.facts["choice"]["why"] == "mediafaster"
    assert fast.split(" ")[0] in a.text.splitlines()[-1]  # the pick is said last (markdown escapes its brackets)


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("¿bge-m3 o qwen3 embedding 8b para buscar en documentos? ¿cuánta memoria?", "es", "Mi elección"),
    ("nomic embed vs qwen3 embedding 4b : lequel pour du RAG, et combien de mémoire ?", "fr", "Mon choix"),
])
def test_two_embedding_models_are_both_sized_and_one_picked(engine: Engine, question: str, lang: str,
                                                            words: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    parts = _parts(a)
    assert len(parts) == 2 and all(p["need_gb"] > 0 for p in parts)
    big = max(parts, key=lambda p: p["model"]["params_b"])
    small = min(parts, key=lambda p: p["model"]["params_b"])
    c = a.facts["choice"]
    assert (c["why"], c["pick"], c["other"]) == ("mediatrade", big["model"]["name"], small["model"]["name"])
    assert c["other_need_gb"] < c["need_gb"]
    assert words in a.text


def test_the_media_pick_rules() -> None:
    """Within 15% two images take the same time to a person: no winner; a different kind: no pick."""
    img = {"media": "image", "seconds_per_image": 10.0}
    assert between_media(img, {**img, "seconds_per_image": 11.0}, ["A", "B"])["why"] == "either"
    assert between_media(img, {**img, "seconds_per_image": 20.0}, ["A", "B"])["pick"] == "A"
    assert between_media({**img, "seconds_per_image": 30.0}, img, ["A", "B"])["pick"] == "B"
    assert between_media(img, {"media": "embedding"}, ["A", "B"]) is None
    emb = {"media": "embedding", "need_gb": 1.0, "model": {"params_b": 0.5, "publication_date": "2024-01-01"}}
    newer = {"media": "embedding", "need_gb": 1.2, "model": {"params_b": 0.6, "publication_date": "2025-01-01"}}
    assert between_media(emb, newer, ["A", "B"]) == {"why": "medianewer", "pick": "B", "other": "A"}


@pytest.mark.parametrize(("question", "lang"), [
    ("whisper large-v3 o whisper turbo su una rtx 3060, quale trascrive prima?", "it"),
    ("Whisper large-v3 oder Whisper Turbo auf einer RTX 4070 – was ist schneller?", "de"),
])
def test_two_speech_models_are_both_rated_and_the_faster_picked(engine: Engine, question: str, lang: str) -> None:
    """Whisper turbo has 4 decoder layers against large-v3's 32 (same encoder): it transcribes several times faster."""
    a = engine.ask(question)
    assert a.locale == lang
    parts = _parts(a)
    assert len(parts) == 2 and all(p["times_realtime"] > 0 for p in parts)
    fast = max(parts, key=lambda p: p["times_realtime"])
    assert a.facts["choice"]["why"] == "mediafaster" and a.facts["choice"]["pick"] == fast["model"]["name"]
    assert "turbo" in a.facts["choice"]["pick"].lower()
