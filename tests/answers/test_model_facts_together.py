"""Model facts asked together all get answered (issue 29, point 2): the parameters, experts, the native and
extended context, the licence and what the model takes as input (video, images), or one line saying a fact is
not known. The expected facts come from the model cards the catalog cites (catalog/data/models/*.json,
provenance "context" and "inputs"), never from the program's output."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from catalog.records import ModelRecord


def _ask(engine, q: str):  # noqa: ANN001, ANN202
    return engine.ask(q, options=AskOptions(profile="measured"))


@pytest.mark.parametrize(("q", "lang"), [
    ("qwen3-vl-30b-a3b: what context window, does it take video input, and what licence?", "en"),
    ("qwen3-vl-30b-a3b: quanto contesto ha, supporta i video e che licenza ha?", "it"),
    ("qwen3-vl-30b-a3b: ¿cuánto contexto tiene, soporta video y qué licencia tiene?", "es"),
    ("qwen3-vl-30b-a3b : combien de contexte, est-ce qu'il supporte la vidéo, et quelle licence ?", "fr"),
])
def test_context_video_and_licence_all_answered(engine, q: str, lang: str) -> None:  # noqa: ANN001
    a = _ask(engine, q)
    assert a.locale == lang
    text = a.text
    assert "262" in text, text  # 262,144 tokens (the card: "Native 256K context")
    assert "Apache-2.0" in text, text
    video = {"en": "video", "it": "video", "es": "vídeo", "fr": "vidéo"}[lang]
    line = next((ln for ln in text.splitlines() if video in ln and "Qwen3-VL" in ln), None)
    assert line is not None, text  # the video ask answered on a line of its own


@pytest.mark.parametrize("q", [
    "how many experts does qwen3-235b-a22b have, how many per token, and is the native context 32k or 128k?",
    "quanti esperti ha qwen3-235b-a22b e quanti per token? contesto nativo 32k o 128k?",
    "wie viele Experten hat qwen3-235b-a22b, wie viele pro Token, und ist der Kontext nativ 32k oder 128k?",
])
def test_experts_and_native_context_both_answered(engine, q: str) -> None:  # noqa: ANN001
    a = _ask(engine, q)
    assert "128" in a.text and "8" in a.text
    # the model card: 32,768 natively, 131,072 with YaRN
    lines = a.text.splitlines()
    assert any(("32.768" in ln or "32,768" in ln) and ("131.072" in ln or "131,072" in ln) for ln in lines), a.text


@pytest.mark.parametrize(("q", "word"), [
    ("does gpt-oss-120b take images as input?", "text only"),
    ("gpt-oss-120b legge le immagini?", "solo testo"),
    ("Versteht gpt-oss-120b auch Bilder als Eingabe?", "nur Text"),
])
def test_a_text_model_says_text_only(engine, q: str, word: str) -> None:  # noqa: ANN001
    a = _ask(engine, q)
    assert word in a.text, a.text


def test_a_fact_the_record_lacks_is_said_not_known(engine, monkeypatch) -> None:  # noqa: ANN001
    """A licence the record does not have is one line saying so, never dropped (a record without it, made here)."""
    from answers.facts import also
    from answers.facts.common import EstimateSettings

    rec = ModelRecord(name="Made Up 7B", params_b=7.0, domain=["Multimodal"])
    out = also._model_facts(None, ["license", "inputs", "params"], rec, None, EstimateSettings(), {})  # type: ignore[arg-type]
    assert out["not_known"] == ["license"]
    assert out["inputs"] == {"known": None}
    assert out["params"]["total_b"] == 7.0


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_the_not_known_lines_are_written(engine, lang: str) -> None:  # noqa: ANN001
    from answers.rendering.render import escaped, template

    facts = {"also": {"model": "Made Up 7B", "not_known": ["license", "context_window"], "inputs": {"known": None}}}
    text = template(lang, "_also.md.j2").render(f=escaped(facts), raw=facts)
    assert text.count("Made Up 7B") == 3, text
